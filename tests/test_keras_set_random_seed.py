"""tf.keras.utils.set_random_seed makes a Keras program draw TensorFlow's numbers:
keras_set_random_seed_program.py prints under varrt what it printed under TensorFlow 2.21 (recorded
in fixtures/keras_set_random_seed/; re-record: `$VARRT_TF_PYTHON
tests/keras_set_random_seed_program.py tf > tests/fixtures/keras_set_random_seed/tensorflow.out`),
and live against TensorFlow in CI."""
import sys

from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "keras_set_random_seed" / "tensorflow.out"


def recorded():
    return [line for line in RECORDED.read_text().splitlines() if line.strip()]


def test_the_program_prints_what_tensorflow_printed():
    assert printed_lines(sys.executable, "keras_set_random_seed_program.py", "varrt") == recorded()


def test_the_recorded_output_is_what_tensorflow_prints():
    assert printed_lines(required_tf_python(), "keras_set_random_seed_program.py", "tf") == recorded()
