"""Shape and indexing ops under TensorFlow's names (Reshape, StridedSlice, ...)."""
import numpy as np

from varrt import _C, _convert, errors
from varrt.tensor import Tensor, convert_to_tensor
from varrt.tensor_shape import TensorShape


def reshape(tensor, shape, name=None):
    """A new tensor with the same values in `shape` (one dimension may be -1). Zero-copy."""
    t = convert_to_tensor(tensor)
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    dims = [int(d) for d in np.asarray(convert_to_tensor(shape)._data.view()).reshape(-1)]
    n = t._data.size
    unknown = [i for i, d in enumerate(dims) if d == -1]
    known = int(np.prod([d for d in dims if d != -1])) if dims else 1
    if len(unknown) > 1:
        raise errors.InvalidArgumentError(None, None, f"Only one input size may be -1, not both {unknown[0]} and "
                                                      f"{unknown[1]} [Op:Reshape]")
    if unknown and known > 0 and n % known == 0:
        dims[unknown[0]] = n // known
    elif unknown or known != n or any(d < 0 for d in dims):
        raise errors.InvalidArgumentError(None, None, f"Input to reshape is a tensor with {n} values, but the "
                                                      f"requested shape has {known} [Op:Reshape]")
    _C.place_op("Reshape")
    return Tensor._wrap(t._data.reshaped(dims))


def _index(tensor, i):
    """tensor[i] for an integer i (used by iteration)."""
    _C.place_op("StridedSlice")
    return Tensor._wrap(_C.constant(_convert.from_numpy(tensor._data.view()[i])))


def fill(dims, value, name=None):
    """A tensor of shape `dims` filled with `value` (whose dtype it takes)."""
    from varrt.math_ops import _result
    v = convert_to_tensor(value)
    shape = [int(d) for d in np.asarray(convert_to_tensor(dims)._data.view()).reshape(-1)]
    _C.place_op("Fill")
    return _result(np.full(shape, v._data.view()), v.dtype)


def zeros(shape, dtype=None, name=None):
    return _filled(shape, dtype, 0)


def ones(shape, dtype=None, name=None):
    return _filled(shape, dtype, 1)


def _filled(shape, dtype, value):
    from varrt import dtypes
    from varrt.math_ops import _result
    dtype = dtypes.float32 if dtype is None else dtypes.as_dtype(dtype)
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    dims = [int(d) for d in np.asarray(convert_to_tensor(shape)._data.view()).reshape(-1)]
    if any(d < 0 for d in dims):
        raise errors.InvalidArgumentError(None, None, f"Dimension {min(dims)} must be >= 0")
    _C.place_op("Fill")
    fill_value = b"" if dtype is dtypes.string and value == 0 else value
    return _result(np.full(dims, fill_value, dtype=dtype.as_numpy_dtype), dtype)
