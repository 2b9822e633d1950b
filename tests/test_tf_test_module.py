"""tf.test: a user's test module (tf_test_module_program.py: a tf.test.TestCase with TensorFlow's
array assertions passing and failing, seeded draws after setUp, evaluate, compute_gradient) prints
under varrt what it printed under TensorFlow 2.21 (recorded in fixtures/tf_test/tensorflow.out;
re-record: `$VARRT_TF_PYTHON tests/tf_test_module_program.py tf | grep ' | ' >
tests/fixtures/tf_test/tensorflow.out`), and live against TensorFlow in CI."""
import sys

from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "tf_test" / "tensorflow.out"


def run_program(python, which):
    return dict(line.split(" | ", 1) for line in printed_lines(python, "tf_test_module_program.py", which)
                if " | " in line)


def recorded():
    return dict(line.split(" | ", 1) for line in RECORDED.read_text().splitlines() if line)


def test_a_test_module_prints_what_it_printed_under_tensorflow():
    expected = recorded()
    got = run_program(sys.executable, "varrt")
    assert got.keys() == expected.keys()
    for label, line in expected.items():
        assert got[label] == line, label


def test_the_recorded_output_is_what_tensorflow_prints():
    assert run_program(required_tf_python(), "tf") == recorded()
