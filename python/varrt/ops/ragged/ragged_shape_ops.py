"""A RaggedTensor's row lengths and bounding shape (TensorFlow's RaggedTensor.row_lengths and
bounding_shape)."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import constant
from varrt.ops.ragged import ragged_conversion


def row_lengths(rt, axis):
    """The lengths of the rows of dimension `axis` (1: a Tensor; deeper: a RaggedTensor of
    them, partitioned as rt's outer dimensions; an inner dense axis: its size for every row)."""
    rank = rt.shape.rank
    if axis < 0:
        axis += rank
    if axis == 0:
        return rt.nrows()
    if not 0 < axis < rank:
        raise ValueError(f"axis={axis} out of bounds: expected -{rank}<=axis<{rank}")
    if axis == 1:
        splits = rt.row_splits.numpy()
        return constant(splits[1:] - splits[:-1])
    if hasattr(rt.values, "row_splits"):  # a RaggedTensor (whose class uses this module)
        return rt.with_values(row_lengths(rt.values, axis - 1))
    shape = rt.values.shape.as_list()
    return rt.with_values(constant(np.full(shape[:axis - 1], shape[axis - 1], rt.row_splits.dtype.as_numpy_dtype)))


def bounding_shape(rt, axis, out_type):
    """The bounding shape (int64 by default, else `out_type`), or its `axis` entries."""
    out_type = rt.row_splits.dtype if out_type is None else dtypes.as_dtype(out_type)
    shape = np.array(ragged_conversion.bounding_shape_list(rt), out_type.as_numpy_dtype)
    if axis is not None:
        return constant(shape[axis] if np.ndim(axis) == 0 else shape[np.asarray(axis)])
    return constant(shape)
