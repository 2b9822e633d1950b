"""TensorFlow's auto dtype conversion (`tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=
"all" | "safe")`): tests/weak_tensor_program.py (its own process: the mode is process-wide) against
TensorFlow 2.21's recording (tests/fixtures/weak_tensor/results.json) and live: weak tensors from
Python values, the promotion lattice through Tensor's operators and TensorFlow's wrapped functions,
SAFE mode's errors, variables, tf.function arguments and results, gradients, printing, and the
tf_numpy_type_promotion guide's mode switches. In this process the mode stays off: the wrappers are
not installed and nothing is weak."""
import varrt as tf
from keras_programs import comparison_tests, recorded
from varrt.ops import math_ops

PROGRAM = "weak_tensor_program.py"
TF = recorded("weak_tensor")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "weak_tensor")


def test_the_recording_covers_the_lattice_and_the_guide():
    """The fixture holds weak results, SAFE's refusals, and the guide's examples as TensorFlow
    printed them (so the comparison can fail on each kind)."""
    assert TF["all: i8 + py_f"] == "float64 weak 3.5"  # int8 + a Python float: weak float64
    assert TF["all: i8 + i16"] == "int16 6"
    assert TF["safe: i32 + f32"].startswith("TypeError: In promotion mode PromoMode.SAFE")
    assert TF["make: tf.constant(5)"] == "<tf.Tensor: shape=(), dtype=int32, numpy=5, weak=True>"
    assert TF["all: (a + b) + c"] == "float16 3.0"
    assert TF["legacy: (a + b) + c"].startswith("InvalidArgumentError")


def test_other_modes_make_no_weak_tensors():
    """Without the auto modes a Python value's tensor is a plain Tensor and tf.add is the op itself."""
    five = tf.constant(5)
    assert type(five) is tf.Tensor and repr(five) == "<tf.Tensor: shape=(), dtype=int32, numpy=5>"
    assert tf.add is math_ops.add
    assert (tf.constant(1, tf.int8) + 2).dtype == tf.int8
