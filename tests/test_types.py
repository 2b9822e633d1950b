"""DType, TensorShape and the error classes: TensorFlow's names, reprs and hierarchy."""
import pickle

import ml_dtypes
import numpy as np
import pytest

import varrt as tf


def test_dtypes():
    assert repr(tf.float32) == "tf.float32" and str(tf.float32) == "<dtype: 'float32'>"
    assert tf.as_dtype("float32") is tf.float32 and tf.as_dtype(np.int64) is tf.int64
    assert tf.as_dtype(np.dtype(">i4")) is tf.int32
    assert tf.as_dtype(float) is tf.float32 and tf.as_dtype(1) is tf.float32
    assert tf.bfloat16.as_numpy_dtype is ml_dtypes.bfloat16 and tf.string.as_numpy_dtype is np.object_
    assert tf.float32 == "float32" and tf.float32 != tf.float64 and tf.float32 != None  # noqa: E711
    for bad in ("int", int, str, "foo"):
        with pytest.raises(TypeError, match="Cannot convert the argument `type_value`"):
            tf.as_dtype(bad)
    assert tf.float16.is_floating and tf.int8.is_integer and tf.complex64.is_complex and tf.uint8.is_unsigned
    assert tf.uint8.max == 255 and tf.int8.min == -128
    assert pickle.loads(pickle.dumps(tf.bfloat16)) is tf.bfloat16
    assert {tf.float32: 1}[tf.as_dtype("float32")] == 1


def test_tensor_shape():
    s = tf.TensorShape([2, None])
    assert repr(s) == "TensorShape([2, None])" and str(s) == "(2, None)"
    assert str(tf.TensorShape([3])) == "(3,)" and str(tf.TensorShape([])) == "()"
    u = tf.TensorShape(None)
    assert repr(u) == "TensorShape(None)" and str(u) == "<unknown>" and u.rank is None
    with pytest.raises(ValueError, match="as_list\\(\\) is not defined on an unknown TensorShape."):
        u.as_list()
    assert s.is_compatible_with([2, 5]) and not s.is_compatible_with([3, 5])
    assert tf.TensorShape([2, 3]) == (2, 3) and tf.TensorShape([2, 3]).num_elements() == 6
    assert s[0] == 2 and s[1:] == tf.TensorShape([None])
    with pytest.raises(ValueError):
        tf.TensorShape([-1])


def test_error_hierarchy_and_codes():
    e = tf.errors
    for cls, code in [(e.InvalidArgumentError, 3), (e.NotFoundError, 5), (e.FailedPreconditionError, 9),
                      (e.OutOfRangeError, 11), (e.DataLossError, 15), (e.ResourceExhaustedError, 8)]:
        assert issubclass(cls, e.OpError) and not issubclass(cls, ValueError)
        err = cls(None, None, "msg")
        assert err.error_code == code and str(err) == "msg" and err.message == "msg" and err.op is None
        assert e.exception_type_from_error_code(code) is cls
    with pytest.raises(e.DataLossError, match="boom"):
        tf._C._raise_for_code(15, "boom")
    with pytest.raises(e.NotFoundError):
        tf._C._raise_for_code(5, "x")
