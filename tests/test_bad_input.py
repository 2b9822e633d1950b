"""Bad input to updates: the right exception, and the stored value never changes."""
import numpy as np
import pytest

import varrt as tf

from op_checks import wrapped

SHAPE_MSG = ("Cannot assign value to variable ' Variable:0': Shape mismatch.The variable shape (2,), "
             "and the assigned value shape {} are incompatible.")


def kernel_msg(op, shape):
    return wrapped(op, f"Cannot update variable with shape [2] using a Tensor with shape {shape}, "
                       "shapes must be equal.")


BAD = [
    ([1.0, 2.0, 3.0], ValueError, tf.errors.InvalidArgumentError),
    ([[1.0, 2.0]], ValueError, tf.errors.InvalidArgumentError),
    (1.0, ValueError, tf.errors.InvalidArgumentError),
    ([], ValueError, tf.errors.InvalidArgumentError),
    (np.zeros(3, np.float32), ValueError, tf.errors.InvalidArgumentError),
    (None, ValueError, ValueError),
    (object(), ValueError, ValueError),
    ("abc", TypeError, TypeError),
    (1 + 2j, TypeError, TypeError),
    ([[1, 2], [3]], ValueError, ValueError),
    ([1, "a"], ValueError, ValueError),
    (tf.constant([1, 2]), ValueError, ValueError),
    (tf.Variable([1, 2]), ValueError, ValueError),
    (np.array(["a", "b"]), ValueError, ValueError),  # NumPy casts, as in TensorFlow: "could not convert string to float"
]


@pytest.mark.parametrize("value, assign_exc, update_exc", BAD, ids=[repr(b[0])[:30] for b in BAD])
def test_failed_updates_leave_value_unchanged(value, assign_exc, update_exc):
    v = tf.Variable([10.0, 20.0])
    with pytest.raises(assign_exc):
        v.assign(value)
    with pytest.raises(update_exc):
        v.assign_add(value)
    with pytest.raises(update_exc):
        v.assign_sub(value)
    assert v.numpy().tolist() == [10.0, 20.0]


def test_messages_match_tensorflow():
    v = tf.Variable([10.0, 20.0])
    with pytest.raises(ValueError) as info:
        v.assign([1.0, 2.0, 3.0])
    assert str(info.value) == SHAPE_MSG.format("(3,)")
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        v.assign_add([1.0, 2.0, 3.0])
    assert str(info.value) == kernel_msg("AssignAddVariableOp", "[3]")
    assert isinstance(info.value, tf.errors.OpError) and info.value.error_code == tf.errors.INVALID_ARGUMENT
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        v.assign_sub(1.0)
    assert str(info.value) == kernel_msg("AssignSubVariableOp", "[]")
    with pytest.raises(ValueError) as info:
        v.assign(tf.Variable([1, 2]))
    assert str(info.value).startswith("Incompatible type conversion requested to type float32 for `tf.Variable of type int32.")


def test_int_variable_rejects_python_floats_but_casts_numpy():
    v = tf.Variable([1, 2])
    with pytest.raises(TypeError, match=r"Cannot convert \[1.5, 2.5\] to EagerTensor of dtype int32"):
        v.assign([1.5, 2.5])
    v.assign(np.array([1.7, -1.7]))
    assert v.numpy().tolist() == [1, -1]


def test_bool_variable_has_no_arithmetic():
    b = tf.Variable([True, False])
    with pytest.raises(tf.errors.InvalidArgumentError, match="No OpKernel was registered to support Op 'AssignAddVariableOp'"):
        b.assign_add([True, True])
    with pytest.raises(TypeError):
        b.assign([1, 0])
    assert b.numpy().tolist() == [True, False]


def test_legal_but_unusual_arrays_give_correct_results():
    v = tf.Variable(np.zeros((2, 3), np.float64))
    strided = np.arange(12, dtype=np.float64).reshape(2, 6)[:, ::2]
    v.assign(strided)
    assert np.array_equal(v.numpy(), strided)
    v.assign_add(np.asfortranarray(strided))
    assert np.array_equal(v.numpy(), 2 * strided)
    v.assign_sub(strided.astype(">f8"))
    assert np.array_equal(v.numpy(), strided)
    ro = strided.copy()
    ro.flags.writeable = False
    v.assign(ro)
    assert np.array_equal(v.numpy(), strided)
    e = tf.Variable(np.zeros((0, 3), np.float32))
    e.assign_add(np.zeros((0, 3), np.float32))
    assert e.numpy().shape == (0, 3)
    nan = tf.Variable([np.nan, np.inf, -np.inf])
    nan.assign_add([0.0, 0.0, 0.0])
    assert np.isnan(nan.numpy()[0]) and nan.numpy()[1] == np.inf and nan.numpy()[2] == -np.inf


def test_huge_shape_is_a_clean_error():
    with pytest.raises((tf.errors.ResourceExhaustedError, MemoryError)):
        tf.zeros([1 << 20, 1 << 20])
    with pytest.raises((tf.errors.InvalidArgumentError, ValueError)):
        tf.zeros([-1, 2])
