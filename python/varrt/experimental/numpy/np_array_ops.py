"""`tf.experimental.numpy`'s array creation, shape and reduction functions, ported from
TensorFlow's numpy_ops/np_array_ops.py over varrt's ops (same dtype rules, same errors)."""
import builtins
import math
import numbers

import numpy as np

from varrt.base import dtypes
from varrt.experimental.numpy import np_dtypes, np_utils
from varrt.framework.tensor import Tensor, convert_to_tensor as _tf_convert_to_tensor
from varrt.ops import array_ops, math_ops, reduction_ops
from varrt.ops.index_ops import where as _where_v2
from varrt.ops.sequence_ops import range as _tf_range

newaxis = np.newaxis
ndarray = Tensor  # TensorFlow's `tnp.ndarray` is tf.Tensor itself

# How _reduce promotes integer and bool inputs.
_TO_INT_ = 0
_TO_FLOAT = 1


def convert_to_tensor(value, dtype=None, dtype_hint=None):
    """tf.convert_to_tensor with NumPy's inference: Python floats as the default float type,
    integers from 2**63 as uint64 (TensorFlow's np_arrays.convert_to_tensor)."""
    if dtype is None and isinstance(value, int) and value >= 2 ** 63:
        dtype = dtypes.uint64
    elif dtype is None and dtype_hint is None and isinstance(value, float):
        dtype = np_dtypes.default_float_type()
    return _tf_convert_to_tensor(value, dtype=dtype, dtype_hint=dtype_hint)


def empty(shape, dtype=float):
    """An array of `shape`; its values are zeros (tensors are never uninitialized)."""
    return zeros(shape, dtype)


def zeros(shape, dtype=float):
    """An array of zeros, float64 by default (float32 when float32 is preferred)."""
    dtype = np_utils.result_type(dtype) if dtype else np_dtypes.default_float_type()
    return array_ops.zeros(shape, dtype=dtype)


def zeros_like(a, dtype=None):
    """Zeros of `a`'s shape, in `dtype` or `a`'s NumPy type."""
    dtype = dtypes.as_dtype(np_utils.result_type_unary(a, dtype))
    return array_ops.zeros_like(a, dtype)


def ones(shape, dtype=float):
    """An array of ones, float64 by default."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    return array_ops.ones(shape, dtype=dtype)


def ones_like(a, dtype=None):
    """Ones of `a`'s shape, in `dtype` or `a`'s NumPy type."""
    dtype = np_utils.result_type_unary(a, dtype)
    return array_ops.ones_like(a, dtype)


def full(shape, fill_value, dtype=None):
    """`fill_value` broadcast to `shape`."""
    if not isinstance(shape, Tensor):
        shape = asarray(convert_to_tensor(shape, dtype_hint=np.int32))
    if shape.shape.rank == 0:
        shape = array_ops.reshape(shape, [1])
    fill_value = asarray(fill_value, dtype=dtype)
    return array_ops.broadcast_to(fill_value, shape)


def _array_internal(val, dtype=None, copy=True, ndmin=0):
    """np.array: `val` as a tensor of `dtype` (NumPy's inference when none), with at least
    `ndmin` dimensions."""
    result_t = val
    if not isinstance(result_t, Tensor):
        dtype = np_utils.result_type_unary(result_t, dtype)
        result_t = convert_to_tensor(result_t, dtype_hint=dtype)
        result_t = math_ops.cast(result_t, dtype=dtype)
    elif dtype:
        result_t = math_ops.cast(result_t, dtype)
    if copy:
        result_t = array_ops.identity(result_t)
    max_ndmin = 32
    if ndmin > max_ndmin:
        raise ValueError(f"ndmin bigger than allowable number of dimensions: {max_ndmin}.")
    if ndmin == 0:
        return result_t
    ndims = result_t.shape.rank
    if ndmin > ndims:
        result_t = array_ops.reshape(result_t, [1] * (ndmin - ndims) + result_t.shape.as_list())
    return result_t


def array(val, dtype=None, copy=True, ndmin=0):
    """`val` as an array of `dtype` (NumPy's inference when none); a copy unless `copy` is False."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    return _array_internal(val, dtype, copy, ndmin)


def asarray(a, dtype=None):
    """`a` as an array: a tensor of the right dtype is returned as it is."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    if isinstance(a, Tensor) and (not dtype or dtype == a.dtype.as_numpy_dtype):
        return a
    return array(a, dtype, copy=False)


def asanyarray(a, dtype=None):
    """asarray (there are no array subclasses)."""
    return asarray(a, dtype)


def copy(a):
    """A copy of `a` (on the current device)."""
    return array(a, copy=True)


def arange(start, stop=None, step=1, dtype=None):
    """`step`-separated values in [start, stop); the dtype is the widest of the arguments'.

    Raises:
      ValueError: if step is zero.
    """
    if not step:
        raise ValueError("step must be non-zero.")
    if dtype:
        dtype = np_utils.result_type(dtype)
    elif stop is None:
        dtype = np_utils.result_type(start, step)
    else:
        dtype = np_utils.result_type(start, step, stop)
    if step > 0 and ((stop is not None and start > stop) or (stop is None and start < 0)):
        return array([], dtype=dtype)
    if step < 0 and ((stop is not None and start < stop) or (stop is None and start > 0)):
        return array([], dtype=dtype)
    return math_ops.cast(_tf_range(start, limit=stop, delta=step), dtype=dtype)


def _promote_dtype(*arrays):
    """The arrays converted to their common NumPy result type."""
    dtype = np_utils.result_type(*arrays)

    def _fast_asarray(a):
        if isinstance(a, Tensor) and dtype == a.dtype.as_numpy_dtype:
            return a
        return _array_internal(a, dtype=dtype, copy=False)

    return [_fast_asarray(a) for a in arrays]


def _promote_dtype_binary(t1, t2):
    """_promote_dtype of two arguments."""
    dtype = np_utils._result_type_binary(t1, t2)
    if not (isinstance(t1, Tensor) and dtype == t1.dtype.as_numpy_dtype):
        t1 = _array_internal(t1, dtype=dtype, copy=False)
    if not (isinstance(t2, Tensor) and dtype == t2.dtype.as_numpy_dtype):
        t2 = _array_internal(t2, dtype=dtype, copy=False)
    return t1, t2


def _reduce(tf_fn, a, axis=None, dtype=None, keepdims=None, promote_int=_TO_INT_, tf_bool_fn=None,
            preserve_bool=False):
    """A reduction with NumPy's dtypes: integers narrower than int64 and bools summed as int64
    (`_TO_INT_`), or as the default float (`_TO_FLOAT`), or kept (None)."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    if keepdims is None:
        keepdims = False
    a = asarray(a, dtype=dtype)
    if (dtype == np.bool_ or preserve_bool and a.dtype == np.bool_) and tf_bool_fn is not None:
        return tf_bool_fn(input_tensor=a, axis=axis, keepdims=keepdims)
    if dtype is None:
        dtype = a.dtype.as_numpy_dtype
        if np.issubdtype(dtype, np.integer) or dtype == np.bool_:
            if promote_int == _TO_INT_:
                if dtype == np.bool_:
                    is_signed = True
                    width = 8  # any width under int_'s
                else:
                    is_signed = np.issubdtype(dtype, np.signedinteger)
                    width = np.iinfo(dtype).bits
                if width < np.iinfo(np.int_).bits:
                    dtype = np.int_ if is_signed else np.uint
                a = math_ops.cast(a, dtype)
            elif promote_int == _TO_FLOAT:
                a = math_ops.cast(a, np_utils.result_type(float))
    if isinstance(axis, Tensor) and axis.dtype not in (dtypes.int32, dtypes.int64):
        axis = math_ops.cast(axis, dtypes.int64)
    return tf_fn(input_tensor=a, axis=axis, keepdims=keepdims)


def sum(a, axis=None, dtype=None, keepdims=None):  # noqa: A001  (NumPy's name)
    """The sum of `a`'s elements; integers and bools summed as int64."""
    return _reduce(reduction_ops.reduce_sum, a, axis=axis, dtype=dtype, keepdims=keepdims,
                   tf_bool_fn=reduction_ops.reduce_any)


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    """The mean of `a`'s elements; integers averaged as the default float."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_mean, a, axis=axis, dtype=dtype, keepdims=keepdims,
                   promote_int=_TO_FLOAT)


def amax(a, axis=None, out=None, keepdims=None):
    """The largest element of `a`, in `a`'s dtype."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_max, a, axis=axis, dtype=None, keepdims=keepdims, promote_int=None,
                   tf_bool_fn=reduction_ops.reduce_any, preserve_bool=True)


def amin(a, axis=None, out=None, keepdims=None):
    """The smallest element of `a`, in `a`'s dtype."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_min, a, axis=axis, dtype=None, keepdims=keepdims, promote_int=None,
                   tf_bool_fn=reduction_ops.reduce_all, preserve_bool=True)


max = amax  # noqa: A001  (tnp.max, tnp.min: NumPy's names)
min = amin  # noqa: A001


def reshape(a, newshape, order="C"):
    """`a` reshaped, its elements read in C (row-major) or F (column-major) order."""
    if order not in {"C", "F"}:
        raise ValueError("Unsupported order argument {}".format(order))
    a = asarray(a)
    if isinstance(newshape, int):
        newshape = [newshape]
    if order == "F":
        return array_ops.transpose(array_ops.reshape(array_ops.transpose(a), newshape[::-1]))
    return array_ops.reshape(a, newshape)


def _reshape_method_wrapper(a, *newshape, **kwargs):
    """`tensor.reshape(2, 3)` and `tensor.reshape((2, 3))`, NumPy's method forms."""
    order = kwargs.pop("order", "C")
    if kwargs:
        raise ValueError("Unsupported arguments: {}".format(kwargs.keys()))
    if len(newshape) == 1 and not isinstance(newshape[0], int):
        newshape = newshape[0]
    return reshape(a, newshape, order=order)


def transpose(a, axes=None):
    """`a` with its axes permuted (reversed by default)."""
    a = asarray(a)
    if axes is not None:
        axes = asarray(axes)
    return array_ops.transpose(a=a, perm=axes)


def swapaxes(a, axis1, axis2):
    """`a` with two axes exchanged."""
    a = asarray(a)
    a_rank = a.shape.rank
    axis1, axis2 = [x + a_rank if x < 0 else x for x in (axis1, axis2)]
    perm = list(builtins.range(a_rank))
    perm[axis1] = axis2
    perm[axis2] = axis1
    return array_ops.transpose(a, perm)


def ravel(a):
    """`a`'s elements as one row-major dimension."""
    a = asarray(a)
    return array_ops.reshape(a, [-1])


def flatten(a, order="C"):
    """`a`'s elements as one dimension, in row-major (C, A, K) or column-major (F) order."""
    a = asarray(a)
    if order == "C" or order == "A" or order == "K":
        return array_ops.reshape(a, [-1])
    elif order == "F":
        return array_ops.reshape(array_ops.transpose(a), [-1])
    raise ValueError("order can only be C, A, K (all row major) or F (column major).")


def around(a, decimals=0):
    """`a` rounded half to even at `decimals` decimals, in `a`'s dtype."""
    a = asarray(a)
    dtype = a.dtype.as_numpy_dtype
    factor = math.pow(10, decimals)
    if np.issubdtype(dtype, np.inexact):
        factor = math_ops.cast(factor, dtype)
    else:
        float_dtype = np_utils.result_type(float)
        a = a.astype(float_dtype)  # NumPy methods as in TensorFlow: they need NumPy behaviour on
        factor = math_ops.cast(factor, float_dtype)
    a = math_ops.multiply(a, factor)
    a = math_ops.round(a)
    a = math_ops.divide(a, factor)
    return a.astype(dtype)


round = around  # noqa: A001  (tnp.round)


def where(condition, x=None, y=None):
    """Elements of `x` where `condition`, else of `y`, in their common dtype.

    Raises:
      ValueError: if exactly one of x or y is None.
    """
    condition = asarray(condition, dtype=np.bool_)
    if x is None and y is None:
        raise NotImplementedError("varrt does not implement tf.experimental.numpy.where(condition) "
                                  "(nonzero); pass x and y")
    elif x is not None and y is not None:
        x, y = _promote_dtype(x, y)
        return _where_v2(condition, x, y)
    raise ValueError("Both x and y must be ndarrays, or both must be None.")


def concatenate(arys, axis=0):
    """The arrays joined along `axis`, in their common dtype."""
    if not isinstance(arys, (list, tuple)):
        arys = [arys]
    if not arys:
        raise ValueError(f"Need at least one array to concatenate. Received empty input: arys={arys}")
    dtype = np_utils.result_type(*arys)
    arys = [array(a, dtype=dtype) for a in arys]
    return array_ops.concat(arys, axis)


def stack(arrays, axis=0):
    """The arrays stacked along a new axis, in their common dtype."""
    if isinstance(arrays, Tensor):
        arrays = asarray(arrays)
        return arrays if axis == 0 else swapaxes(arrays, 0, axis)
    arrays = _promote_dtype(*arrays)
    return asarray(array_ops.stack(arrays, axis))


def expand_dims(a, axis):
    """`a` with a dimension of size 1 inserted at `axis`."""
    a = asarray(a)
    return array_ops.expand_dims(a, axis=axis)


def size(x, axis=None):
    """The number of elements of `x` (along `axis`)."""
    if axis is not None:
        raise NotImplementedError("axis argument is not supported in the current `np.size` implementation")
    if isinstance(x, (int, float, np.int32, np.int64, np.float32, np.float64)):
        return 1
    x = asarray(x)
    if x.shape.is_fully_defined():
        return np.prod(x.shape.as_list(), dtype=int)
    return array_ops.size(x)


def shape(a):
    """`a`'s shape as a tuple."""
    a = asarray(a)
    return a.shape


def ndim(a):
    """`a`'s number of dimensions."""
    a = asarray(a)
    return a.shape.ndims


def isscalar(num):
    """Whether `num` is a 0-d array or a Python/NumPy scalar."""
    return ndim(num) == 0
