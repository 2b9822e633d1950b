"""The dtype inference of `tf.experimental.numpy`: `result_type` over tensors, DTypes, NumPy
types and Python numbers (TensorFlow's numpy_ops/np_utils.py)."""
import numbers

import numpy as np

from varrt.base import dtypes, nest
from varrt.experimental.numpy import np_dtypes
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import is_tensor


def _to_numpy_type(dtype):
    """The NumPy type of a DType, or `dtype` itself."""
    if isinstance(dtype, dtypes.DType):
        return dtype.as_numpy_dtype
    return np.dtype(dtype)


def _maybe_get_dtype(x):
    """A NumPy type for `x` if it has one; np.ndarray stays (np.result_type reads its value)."""
    if isinstance(x, numbers.Real):
        return x
    if isinstance(x, IndexedSlices) or is_tensor(x):
        return _to_numpy_type(x.dtype)
    if isinstance(x, dtypes.DType):
        return x.as_numpy_dtype
    if isinstance(x, (list, tuple)):
        raise ValueError(
            "Cannot find dtype for type inference from argument `x` of a sequence "
            f"type {type(x)}. For sequences, please call this function on each "
            "element individually.")
    return x


def result_type(*arrays_and_dtypes):
    """The DType NumPy's promotion gives the arguments (arrays, tensors, dtypes, numbers)."""
    arrays_and_dtypes = [_maybe_get_dtype(x) for x in nest.flatten(arrays_and_dtypes)]
    if not arrays_and_dtypes:
        arrays_and_dtypes = [np.asarray([])]  # let NumPy decide the dtype of nothing
    return np_dtypes._result_type(*arrays_and_dtypes)


def result_type_unary(a, dtype):
    """The result type of one input and an optional dtype; strings are strings here, not dtype names."""
    if dtype:
        return result_type(dtype)
    if isinstance(a, str):
        return np.str_
    elif isinstance(a, bytes):
        return np.bytes_
    return result_type(a)


def _result_type_binary(t1, t2):
    """result_type of two arguments, its common case first."""
    try:
        return np_dtypes._result_type(_maybe_get_dtype(t1), _maybe_get_dtype(t2))
    except ValueError:
        return result_type(t1, t2)


def promote_types(type1, type2):
    """NumPy's promotion of two types."""
    return np_dtypes.canonicalize_dtype(np.promote_types(_to_numpy_type(type1), _to_numpy_type(type2)))


def isscalar(val):
    """Whether `val` is a scalar value or a 0-d tensor."""
    if is_tensor(val):
        return val.shape.ndims == 0
    return np.isscalar(val)
