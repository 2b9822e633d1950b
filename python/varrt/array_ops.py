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
