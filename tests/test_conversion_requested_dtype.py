"""Python values converted to a requested dtype (csrc/varrt/tf/conversion_rules.h): one program
(tests/conversion_dtype_program.py) run under varrt is compared, case by case, with what
TensorFlow 2.21 gave for it (tests/fixtures/conversion_dtype/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): every dtype x
bools, ints in and beyond int64 and double, floats that overflow, complex numbers, strings,
mixed lists with either kind first, nested lists, NumPy scalars alone and in lists, through
tf.constant, tf.convert_to_tensor, Variable.assign and v[i].assign; and the same values and more
mixed lists inferred (no dtype), where TensorFlow's first element picks the dtype."""
import re

import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("conversion_dtype")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("conversion_dtype_program.py", TF,
                                                                "conversion_dtype")


# --- varrt alone: where varrt departs from TensorFlow on purpose ---------------------------------

@pytest.mark.parametrize("value", [-1, 2**64, 2**70, 10**400, [-1, 2], [1, 2**64], [[1], [-2**63]]])
def test_uint64_refuses_negative_and_too_large_ints_with_a_value_error(value):
    """TensorFlow ignores PyLong_AsUnsignedLongLong's error there and ends in SystemError (its
    bug); varrt raises the out-of-range ValueError TensorFlow raises for every other dtype."""
    with pytest.raises(ValueError, match=r"^Can't convert Python sequence with out-of-range integer to Tensor\.$"):
        tf.constant(value, dtype=tf.uint64)
    v = tf.Variable(tf.zeros(np.shape(np.array(value, dtype=object)), tf.uint64))
    with pytest.raises(ValueError, match="out-of-range integer"):
        v.assign(value)


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64, tf.int32, tf.int64])
@pytest.mark.parametrize("value", [True, 2**24 + 1, 2**53 + 1, 2**63, 2**64, 1e40, -2**31 - 1, 3.25])
def test_element_assign_fast_path_agrees_with_the_general_conversion(dtype, value):
    """v[i].assign(number) writes exact numbers in place and defers the rest: same as a constant."""
    try:
        expected = tf.constant(value, dtype=dtype).numpy()
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e), match="^" + re.escape(str(e)) + "$"):
            tf.Variable(tf.zeros([2], dtype))[1].assign(value)
        return
    v = tf.Variable(tf.zeros([2], dtype))
    v[1].assign(value)
    assert v.numpy()[1] == expected and v.numpy()[0] == 0
