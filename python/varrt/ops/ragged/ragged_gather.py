"""Rows of a RaggedTensor (or a Tensor) picked by index (the partitions in NumPy): what
indexing with a stepped slice, tf.gather and tf.ragged.boolean_mask share."""
import numpy as np

from varrt.framework.tensor import Tensor, constant
from varrt.ops import index_ops


def gather_rows(x, indices):
    """The rows `indices` (a 1-D NumPy int array, in range) of `x`, a Tensor or RaggedTensor; the
    dense values by tf.gather, so gradients reach them."""
    if isinstance(x, Tensor):
        return index_ops.gather(x, constant(np.asarray(indices, np.int64)))
    splits = x.row_splits.numpy()
    starts, limits = splits[:-1][indices], splits[1:][indices]
    lengths = limits - starts
    new_splits = np.concatenate([np.zeros(1, splits.dtype), np.cumsum(lengths, dtype=splits.dtype)])
    value_index = (np.concatenate([np.arange(s, l) for s, l in zip(starts, limits)]) if len(starts)
                   else np.zeros(0, np.int64)).astype(np.int64)
    return type(x)._from_splits_array(gather_rows(x.values, value_index), new_splits, x.row_splits.dtype)
