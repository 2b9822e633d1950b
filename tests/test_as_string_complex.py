"""tf.strings.as_string and tf.complex: as_string_complex_program.py prints under varrt what it
printed under TensorFlow 2.21 (recorded in fixtures/as_string_complex/; re-record:
`$VARRT_TF_PYTHON tests/as_string_complex_program.py tf > tests/fixtures/as_string_complex/tensorflow.out`),
and live against TensorFlow in CI."""
import sys

import numpy as np

import varrt as tf
from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "as_string_complex" / "tensorflow.out"


def recorded():
    return [line for line in RECORDED.read_text().splitlines() if line.strip()]


def test_the_program_prints_what_tensorflow_printed():
    assert printed_lines(sys.executable, "as_string_complex_program.py", "varrt") == recorded()


def test_the_recorded_output_is_what_tensorflow_prints():
    assert printed_lines(required_tf_python(), "as_string_complex_program.py", "tf") == recorded()


def test_as_string_formats_each_value_as_printf_at_sizes_no_example_used():
    values = np.random.default_rng(3).standard_normal(1001).astype(np.float32) * 1e3
    got = tf.strings.as_string(values, precision=2, width=12, fill="0").numpy()
    assert got.tolist() == [("%012.2f" % float(v)).encode() for v in values]
    parts = tf.complex(values[:500], values[500:1000]).numpy()
    np.testing.assert_array_equal(parts.real, values[:500])
    np.testing.assert_array_equal(parts.imag, values[500:1000])
