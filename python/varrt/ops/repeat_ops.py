"""tf.sequence_mask and tf.repeat, written over other ops as TensorFlow's array_ops writes them
(tf.repeat with per-row counts selects rows through a sequence mask), so a graph computes the
sizes when it runs and a tape differentiates tf.repeat through GatherV2 and Reshape."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops, sequence_ops

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool, name=None) -> Tensor:
    """A mask of shape `lengths.shape + [maxlen]`: True at positions below each length
    (tf.sequence_mask); `maxlen` defaults to the largest length."""
    lengths = convert_to_tensor(lengths)
    if maxlen is None:
        maxlen = math_ops.maximum(0, reduction_ops.reduce_max(lengths))
    else:
        maxlen = convert_to_tensor(maxlen)
    if maxlen.shape.rank is not None and maxlen.shape.rank != 0:
        raise ValueError("Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = "
                         f"{maxlen} with shape '{maxlen.shape}' instead")
    row_vector = sequence_ops.range(0, maxlen, 1, dtype=maxlen.dtype)
    matrix = math_ops.cast(array_ops.expand_dims(lengths, -1), maxlen.dtype)
    result = math_ops.less(row_vector, matrix)
    dtype = dtypes.as_dtype(dtype)
    return result if dtype == dtypes.bool else math_ops.cast(result, dtype)


def repeat(input, repeats, axis=None, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """`input` with each element (each slice along `axis`) repeated `repeats` times; `repeats` a
    scalar or one count per slice; without `axis` the flattened input (tf.repeat)."""
    data = convert_to_tensor(input)
    if axis is None:
        data = array_ops.reshape(data, [-1])
        axis = 0
    if not isinstance(axis, int):
        raise TypeError(f"Argument `axis` must be an int. Received `axis` = {axis} of type {type(axis).__name__}")
    repeats = convert_to_tensor(repeats)
    if not repeats.dtype.is_integer:
        repeats = math_ops.cast(repeats, dtypes.int32)
    if repeats.shape.rank is not None and repeats.shape.rank > 1:
        raise ValueError(f"Shape {repeats.shape} must have rank at most 1")
    if data.shape.rank == 0:
        data = array_ops.reshape(data, [1])
    rank = data.shape.rank
    if not -rank <= axis < rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank}<=axis<{rank}")
    axis %= rank
    dims = array_ops.shape(data)
    if repeats.shape.num_elements() == 1:
        count = array_ops.reshape(repeats, [])
        expanded = array_ops.expand_dims(data, axis + 1)
        multiples = array_ops.concat([array_ops.ones([axis + 1], dtypes.int32),
                                      array_ops.reshape(math_ops.cast(count, dtypes.int32), [1]),
                                      array_ops.ones([rank - axis - 1], dtypes.int32)], 0)
        tiled = array_ops.tile(expanded, multiples)
        return array_ops.reshape(tiled, array_ops.concat(
            [dims[:axis], array_ops.reshape(math_ops.cast(count, dtypes.int32) * dims[axis], [1]), dims[axis + 1:]], 0))
    if repeats.shape.rank == 1:
        size, count = data.shape.as_list()[axis], repeats.shape.as_list()[0]
        if size is not None and count is not None and size != count:  # TensorFlow's Dimension check
            raise ValueError(f"Dimensions {size} and {count} are not compatible")
    repeats = array_ops.broadcast_to(repeats, array_ops.reshape(dims[axis], [1]))
    mask = sequence_mask(repeats)
    rows = array_ops.reshape(index_ops.where(mask)[:, 0], [-1])
    return index_ops.gather(data, rows, axis=axis)
