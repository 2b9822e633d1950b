"""Conversion of Python and NumPy values, with TensorFlow 2.21's rules and messages."""
import fractions

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


# Rules pinned when conversion moved into the core (csrc/varrt/tf/conversion_rules.h); each
# outcome is TensorFlow 2.21's.
@pytest.mark.parametrize("value, dtype, expected_dtype, expected", [
    ([np.float64(1), 2.5], None, tf.float64, [1.0, 2.5]),
    ([np.complex64(1), 2.5], None, tf.complex128, [1, 2.5]),
    ([np.array([1, 2]), np.array([3, 4])], None, tf.int32, [[1, 2], [3, 4]]),
    ([np.array([1.5]), np.array([2.5])], None, tf.float64, [[1.5], [2.5]]),
    ([range(2), range(2)], None, tf.int32, [[0, 1], [0, 1]]),
    ([np.array(1.5, np.float16), 2], None, tf.float16, [1.5, 2]),
    ([np.longdouble(1.5)], None, tf.float32, [1.5]),
    ([np.int64(2**40), 1], None, tf.int64, [2**40, 1]),
    (2**64 - 1, tf.uint64, tf.uint64, 2**64 - 1),
    ([2**63], tf.uint64, tf.uint64, [2**63]),
    ([True], tf.float32, tf.float32, [1.0]),
    ([1e300], tf.float16, tf.float16, [np.inf]),
    (1e300, tf.float64, tf.float64, 1e300),
    (np.array(["1.5"]), tf.float32, tf.float32, [1.5]),
])
def test_more_inferred_and_requested_dtypes(value, dtype, expected_dtype, expected):
    t = tf.constant(value, dtype=dtype)
    assert t.dtype == expected_dtype
    assert np.array_equal(t.numpy(), np.array(expected, dtype=expected_dtype.as_numpy_dtype))


@pytest.mark.parametrize("value, dtype, expected", [
    ([np.bytes_(b"a"), "b"], None, [b"a", b"b"]),
    ([np.array(["a"]), np.array(["b"])], None, [[b"a"], [b"b"]]),
    (np.zeros(0), tf.string, []),
    (["é"], tf.string, ["é".encode()]),
])
def test_strings(value, dtype, expected):
    t = tf.constant(value, dtype=dtype)
    assert t.dtype == tf.string
    assert t.numpy().tolist() == expected


@pytest.mark.parametrize("value, dtype, message", [
    ([1, 2**63], None, "Can't convert Python sequence with out-of-range integer to Tensor."),
    ([-2**63 - 1], tf.int64, "Can't convert Python sequence with out-of-range integer to Tensor."),
    (10**400, tf.float32, "Can't convert Python sequence with out-of-range integer to Tensor."),
    ([np.uint64(2**64 - 1)], None, "Can't convert Python sequence with out-of-range integer to Tensor."),
    ([[1], 2], None, "Can't convert non-rectangular Python sequence to Tensor."),
    ([1, {}], None, "Can't convert Python sequence with mixed types to Tensor."),
    ([None], None, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ([None, None], None, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ([{}], None, "Attempt to convert a value ({}) with an unsupported type (<class 'dict'>) to a Tensor."),
    (fractions.Fraction(1, 2), tf.float32,
     "Attempt to convert a value (Fraction(1, 2)) with an unsupported type (<class 'fractions.Fraction'>) to a Tensor."),
    ([fractions.Fraction(1, 2)], None,
     "Attempt to convert a value (Fraction(1, 2)) with an unsupported type (<class 'fractions.Fraction'>) to a Tensor."),
    ([np.datetime64("2020-01-01")], None, "Attempt to convert a value (np.datetime64('2020-01-01')) with an "
                                          "unsupported type (<class 'numpy.datetime64'>) to a Tensor."),
    ("\ud800", None, "Error converting unicode string while converting Python sequence to Tensor."),
    (["\ud800"], tf.string, "Error converting unicode string while converting Python sequence to Tensor."),
    (np.array(["\ud800"]), None, "Failed to convert a NumPy array to a Tensor (Unable to convert element to UTF-8)."),
    (np.array([1.0]), tf.string, "Failed to convert a NumPy array to a Tensor (Unsupported object type float)."),
    (np.float32(1), tf.string, "Failed to convert a NumPy array to a Tensor (Unsupported object type float)."),
    (np.array([True]), tf.string, "Failed to convert a NumPy array to a Tensor (Unsupported object type bool)."),
    (np.array([[1, 2]], np.int8), tf.string, "Failed to convert a NumPy array to a Tensor (Unsupported object type int)."),
    (np.array(["a", 1], object), tf.string, "Failed to convert a NumPy array to a Tensor (Unsupported object type int)."),
])
def test_more_rejected_values(value, dtype, message):
    with pytest.raises(ValueError) as info:
        tf.constant(value, dtype=dtype)
    assert str(info.value) == message


@pytest.mark.parametrize("value, hint, dtype", [(2.5, tf.int32, tf.float32), ([1, 2], tf.float32, tf.float32),
                                                ("a", tf.int32, tf.string), (np.array(["x"]), tf.float32, tf.string),
                                                (np.array([1, 2], np.int64), tf.int32, tf.int32), (2**40, tf.int32, tf.int32)])
def test_dtype_hint_falls_back_to_inference(value, hint, dtype):
    assert tf.convert_to_tensor(value, dtype_hint=hint).dtype == dtype


def test_numpy_cast_errors_are_numpys():
    with pytest.raises(ValueError, match="^could not convert string to float"):
        tf.constant(np.array(["x"]), dtype=tf.float32)


@pytest.mark.parametrize("value", [[1, 2.5], [[1, 2], [3, 4]], [True, False], ["a", "b"], [1 + 2j, 3],
                                   [np.float16(1), 2.5], [2**31, 1], np.array([1, 2], np.uint8), 7, 2.5])
def test_every_entry_point_converts_alike(value):
    """One rulebook: constants, initial values, assigned values and op operands agree."""
    expected = tf.constant(value)
    v = tf.Variable(value)
    assert v.dtype == expected.dtype and np.array_equal(v.numpy(), expected.numpy())
    v.assign(value)
    assert np.array_equal(v.numpy(), expected.numpy())
    assert np.array_equal(tf.identity(value).numpy(), expected.numpy())
    assert tf.convert_to_tensor(value).dtype == expected.dtype


@pytest.mark.parametrize("value, dtype", [([1, 2.5], tf.int32), ([1, None], tf.float32), ([[1], [2, 3]], tf.float32),
                                          ("a", tf.float32), (2**63, tf.int64)])
def test_every_entry_point_rejects_alike(value, dtype):
    with pytest.raises((TypeError, ValueError)) as expected:
        tf.constant(value, dtype=dtype)
    v = tf.Variable(tf.zeros([2] if isinstance(value, list) else [], dtype))
    for attempt in (lambda: tf.Variable(value, dtype=dtype), lambda: v.assign(value)):
        with pytest.raises(type(expected.value)) as info:
            attempt()
        assert str(info.value) == str(expected.value)


def test_conversion_inside_conversion():
    """A sequence whose items are themselves converted (the walk runs Python code)."""
    class Row:
        def __len__(self):
            return 2

        def __getitem__(self, i):
            if i >= 2:
                raise IndexError(i)
            return float(tf.constant([[5.0, 6.0]])[0][i])

    t = tf.constant([[1.0, 2.0], Row(), [3, 4]])
    assert t.numpy().tolist() == [[1, 2], [5, 6], [3, 4]]
    assert t.dtype == tf.float32


# varrt's own limit (TensorFlow's is 254): NumPy arrays, which views of tensors are, have at most 64 dimensions.
def test_nesting_as_deep_as_numpy_allows():
    deep = 1
    for _ in range(40):
        deep = [deep]
    assert tf.constant(deep).shape.rank == 40
    for _ in range(30):
        deep = [deep]
    with pytest.raises(ValueError, match="^Can't convert non-rectangular Python sequence to Tensor.$"):
        tf.constant(deep)


# TensorFlow 2.21's outcomes (recorded with its interpreter): a TensorShape converts as its
# registered conversion function says, wherever a tensor is expected; tf.constant takes it as a
# sequence (so tf.constant(shape, dtype=tf.float32) works where convert_to_tensor refuses).
@pytest.mark.parametrize("make, expected", [
    (lambda s: tf.convert_to_tensor(s), ("int32", [5, 8])),
    (lambda s: tf.convert_to_tensor(s, dtype=tf.int64), ("int64", [5, 8])),
    (lambda s: tf.convert_to_tensor(s, dtype_hint=tf.float32), ("int32", [5, 8])),
    (lambda s: tf.constant(s), ("int32", [5, 8])),
    (lambda s: tf.constant(s, dtype=tf.float32), ("float32", [5.0, 8.0])),
    (lambda s: tf.reduce_prod(s), ("int32", 40)),
    (lambda s: tf.add(s, 1), ("int32", [6, 9])),
    (lambda s: tf.cast(s, tf.float32), ("float32", [5.0, 8.0])),
    (lambda s: tf.stack([s, s]), ("int32", [[5, 8], [5, 8]])),
    (lambda s: tf.add(tf.constant([1, 2], tf.int64), s), ("int64", [6, 10])),
    (lambda s: tf.reshape(tf.range(40), s).shape.as_list(), None),
])
def test_a_tensor_shape_converts_as_tensorflows(make, expected):
    out = make(tf.TensorShape([5, 8]))
    if expected is None:
        assert out == [5, 8]
    else:
        assert (out.dtype.name, out.numpy().tolist()) == expected
    assert tf.convert_to_tensor(tf.TensorShape([])).numpy().tolist() == []
    assert tf.convert_to_tensor(tf.TensorShape([2**31, 3])).dtype == tf.int64


@pytest.mark.parametrize("make, exc, message", [
    (lambda: tf.convert_to_tensor(tf.TensorShape([5, 8]), dtype=tf.float32), TypeError,
     "Cannot convert TensorShape (5, 8) to dtype <dtype: 'float32'>. Allowed dtypes are tf.int32 and tf.int64."),
    (lambda: tf.convert_to_tensor(tf.TensorShape([None, 3])), ValueError,
     "Cannot convert a partially known TensorShape (None, 3) to a Tensor."),
    (lambda: tf.reduce_prod(tf.TensorShape([None, 3])), ValueError,
     "Cannot convert a partially known TensorShape (None, 3) to a Tensor."),
    (lambda: tf.convert_to_tensor(tf.TensorShape(None)), ValueError,
     "Cannot convert a partially known TensorShape <unknown> to a Tensor."),
    (lambda: tf.convert_to_tensor(tf.TensorShape([2**31, 3]), dtype=tf.int32), ValueError,
     "Cannot convert TensorShape (2147483648, 3) to dtype int32; a dimension is too large. Consider using tf.int64."),
    (lambda: tf.add(tf.constant([1.0, 2.0]), tf.TensorShape([5, 8])), tf.errors.InvalidArgumentError,
     "cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a int32 tensor "
     "[Op:AddV2]"),
])
def test_a_tensor_shape_that_cannot_convert_says_why(make, exc, message):
    with pytest.raises(exc) as info:
        make()
    assert message in str(info.value)
