"""Keras's `ops.shape` on the TensorFlow backend: a tuple of the static sizes, with a scalar
tensor for each size known only when a graph runs; and the reverse, a shape argument made of
ints and such scalars (TensorFlow packs them into one tensor when converting a list; varrt's
reshape and tile take a packed tensor, so the layers pack them here)."""
from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import array_ops, math_ops


def shape(x):
    """The sizes of `x`: ints where static, scalar tensors where not."""
    static = x.shape.as_list()
    if None not in static:
        return tuple(static)
    dynamic = array_ops.shape(x)
    return tuple(dynamic[i] if d is None else d for i, d in enumerate(static))


def pack(dims):
    """`dims` (ints and scalar tensors) as a shape argument: a tuple of ints when all are static."""
    if not any(isinstance(d, Tensor) for d in dims):
        return tuple(dims)
    return array_ops.stack([math_ops.cast(d, dtypes.int32) if isinstance(d, Tensor) else d for d in dims])
