"""Conversion of Python and NumPy values, with TensorFlow 2.21's rules and messages."""
import ml_dtypes
import numpy as np
import pytest

import varrt as tf


@pytest.mark.parametrize("value, dtype", [
    (1, tf.int32), (2**31 - 1, tf.int32), (2**31, tf.int64), (-2**31, tf.int32), (-2**31 - 1, tf.int64),
    (-2**63, tf.int64), (1.5, tf.float32), (float("nan"), tf.float32), (1 + 2j, tf.complex128), (True, tf.bool),
    ("abc", tf.string), (b"abc", tf.string), ([1, 2.0], tf.float32), ([1 + 2j, 1], tf.complex128),
    ([], tf.float32), ([[]], tf.float32), ((1, 2), tf.int32), ([np.int8(1), 2], tf.int32),
    ([np.float16(1), 2.5], tf.float16), ([2**31, 1], tf.int64), (np.float32(1.5), tf.float32),
    (np.int16(3), tf.int16), (np.array(1), tf.int64), (np.array(["a", "é"]), tf.string),
    (np.array([b"a", b"\xff"]), tf.string), (np.array([1.5], ">f4"), tf.float32),
    (np.array([1], ml_dtypes.bfloat16), tf.bfloat16), (np.array([1], np.uint64), tf.uint64),
])
def test_inferred_dtype(value, dtype):
    assert tf.constant(value).dtype == dtype
    assert tf.Variable(value).dtype == dtype


@pytest.mark.parametrize("value, exc, message", [
    (2**63, ValueError, "Can't convert Python sequence with out-of-range integer to Tensor."),
    (1e300, ValueError, "Can't convert Python sequence with a value out of range for a double-precision float."),
    ([True, 1], ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    ([1, "a"], ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    ([1, None], ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    ([[1, 2], [3]], ValueError, "Can't convert non-rectangular Python sequence to Tensor."),
    (None, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ({"a": 1}, ValueError, "with an unsupported type (<class 'dict'>)"),
    (np.array([1, 2], dtype=object), ValueError, "Failed to convert a NumPy array to a Tensor (Unsupported object type int)."),
    (np.array([1.0], np.longdouble), ValueError, "Unsupported numpy type: NPY_LONGDOUBLE"),
    (np.array(["2020-01-01"], "datetime64[D]"), ValueError, "Unsupported numpy type: NPY_DATETIME"),
])
def test_rejected_values(value, exc, message):
    with pytest.raises(exc) as info:
        tf.constant(value)
    assert message in str(info.value)


@pytest.mark.parametrize("value, dtype, expected", [
    (300, tf.uint8, 44), (-1, tf.uint8, 255), (2**31, tf.int32, -2**31), (True, tf.int32, 1),
    (1.1, tf.bfloat16, 1.1015625), (1e40, tf.float32, np.inf), (1.5, tf.complex64, 1.5 + 0j),
    (np.array([1.5]), tf.int32, [1]), (np.array([2**40]), tf.int32, [0]), (np.array([True]), tf.int32, [1]),
])
def test_explicit_dtype_casts(value, dtype, expected):
    t = tf.constant(value, dtype=dtype)
    assert t.dtype == dtype
    assert np.array_equal(t.numpy(), np.array(expected, dtype=dtype.as_numpy_dtype))


@pytest.mark.parametrize("value, dtype, message", [
    (1.5, tf.int32, "Cannot convert 1.5 to EagerTensor of dtype int32"),
    (2.0, tf.int32, "Cannot convert 2.0 to EagerTensor of dtype int32"),
    ([1, 2.5], tf.int32, "Cannot convert [1, 2.5] to EagerTensor of dtype int32"),
    (1, tf.bool, "Cannot convert 1 to EagerTensor of dtype bool"),
    ("a", tf.float32, "Cannot convert 'a' to EagerTensor of dtype float"),
    (1, tf.string, "Cannot convert 1 to EagerTensor of dtype string"),
    (1 + 2j, tf.float32, "Cannot convert (1+2j) to EagerTensor of dtype float"),
])
def test_explicit_dtype_type_errors(value, dtype, message):
    with pytest.raises(TypeError) as info:
        tf.constant(value, dtype=dtype)
    assert str(info.value) == message


def test_tensor_of_other_dtype():
    t = tf.constant([1.0])
    with pytest.raises(ValueError, match="Tensor conversion requested dtype int32 for Tensor with dtype float32"):
        tf.convert_to_tensor(t, dtype=tf.int32)
    with pytest.raises(TypeError, match=r"Expected tensor \[1.\] with dtype tf.int32, but got dtype tf.float32."):
        tf.constant(t, dtype=tf.int32)
    with pytest.raises(ValueError, match="^initial_value: Tensor conversion requested dtype float32"):
        tf.Variable(tf.constant([1, 2]), dtype=tf.float32)
    assert tf.Variable([1, 2], dtype=tf.float32).dtype == tf.float32


def test_strided_and_fortran_and_big_endian_arrays_convert_correctly():
    base = np.arange(12, dtype=np.float32).reshape(3, 4)
    for a in (base[:, ::2], base.T, np.asfortranarray(base), base.astype(">f4"), base[::-1]):
        assert np.array_equal(tf.constant(a).numpy(), a)
        assert np.array_equal(tf.Variable(a).numpy(), a)
        v = tf.Variable(np.zeros(a.shape, np.float32))
        v.assign(a)
        assert np.array_equal(v.numpy(), a)
        v.assign_add(a)
        assert np.array_equal(v.numpy(), 2 * np.asarray(a, np.float32))


def test_constant_shape_argument():
    assert tf.constant(1, shape=[2, 2]).numpy().tolist() == [[1, 1], [1, 1]]
    assert tf.constant([1, 2, 3, 4], shape=[2, 2]).numpy().tolist() == [[1, 2], [3, 4]]
    with pytest.raises(TypeError):
        tf.constant([1, 2, 3], shape=[2, 2])


def test_tensor_repr_and_str():
    assert repr(tf.constant(3.14)) == "<tf.Tensor: shape=(), dtype=float32, numpy=3.140000104904175>"
    assert str(tf.constant(3.14)) == "tf.Tensor(3.14, shape=(), dtype=float32)"
    assert str(tf.constant(b"\xff\x00a")) == "tf.Tensor(b'\\xff\\x00a', shape=(), dtype=string)"
    assert str(tf.constant(np.float16(3.14))) == "tf.Tensor(3.14, shape=(), dtype=float16)"
    assert repr(tf.constant([[1, 2], [3, 4]])) == (
        "<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 2],\n       [3, 4]], dtype=int32)>")
    assert repr(tf.constant(np.zeros((0, 3)))) == (
        "<tf.Tensor: shape=(0, 3), dtype=float64, numpy=array([], shape=(0, 3), dtype=float64)>")
    assert repr(tf.Variable(True)) == "<tf.Variable 'Variable:0' shape=() dtype=bool, numpy=True>"
