"""Sparse reads and updates of a Variable: the ops behind its methods (framework/variables.py).

    v.scatter_update(tf.IndexedSlices(values, indices))   # ResourceScatterUpdate, also
    v.scatter_add / _sub / _mul / _div / _min / _max        # add, sub, mul, div, min, max
    v.scatter_nd_update(indices, updates)                 # ResourceScatterNdUpdate, also
    v.scatter_nd_add / _sub / _min / _max
    v.batch_scatter_update(tf.IndexedSlices(...))         # per-batch rows, via ScatterNdUpdate
    v.sparse_read(indices)                                # ResourceGather
    v.gather_nd(indices)                                  # ResourceGatherNd

Every op runs in the core under the variable's lock and is copy-on-write; a failed op
leaves the variable unchanged. Updates convert to the variable's dtype with TensorFlow's
rules; indices must be int32 or int64 (a Python list of ints becomes int32).
"""
import sys

import numpy as np

from varrt import _C
from varrt.framework import conversion as _convert
from varrt.framework import variables as _variables
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import Tensor, convert_to_tensor


def _check_sparse_delta(sparse_delta):
    if not isinstance(sparse_delta, IndexedSlices):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: {sparse_delta}")


def _indices(indices):
    """Indices as the core takes them: a TensorData, or an ndarray of whatever dtype they have."""
    if type(indices) is np.ndarray:  # the core checks the dtype and borrows the memory
        return indices
    if isinstance(indices, Tensor):
        return indices._data
    if hasattr(indices, "_as_tensor"):
        return convert_to_tensor(indices)._data
    return _convert.to_array(indices)


def _updates(var, values):
    """Updates in the variable's dtype: a TensorData, or an ndarray the core borrows without copying."""
    if type(values) is Tensor and values._data.dtype == var._dtype_enum:  # already what the op takes
        return values._data
    if type(values) is np.ndarray and values.dtype == var.dtype.as_numpy_dtype and values.dtype.kind != "O":
        return values
    if isinstance(values, Tensor) or hasattr(values, "_as_tensor"):
        return convert_to_tensor(values, var.dtype)._data
    return _convert.to_array(values, var.dtype)


def scatter(var, kind, sparse_delta):
    """ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max} of `sparse_delta` (an IndexedSlices) into rows of `var`;
    returns the UnreadVariable."""
    if type(sparse_delta) is not IndexedSlices:
        _check_sparse_delta(sparse_delta)
    updates = _updates(var, sparse_delta._values)
    return _C.resource_scatter(var, kind, _indices(sparse_delta._indices), updates)


def scatter_nd(var, kind, indices, updates):
    """ResourceScatterNd{Update,Add,Sub,Min,Max}: `updates` into the slices the last dimension of `indices`
    addresses; returns the UnreadVariable."""
    updates = _updates(var, updates)
    return _C.resource_scatter_nd(var, kind, _indices(indices), updates)


def sparse_read(var, indices):
    """Rows `indices` of the first dimension (ResourceGather)."""
    return Tensor._wrap(_C.resource_gather(var, _indices(indices)))


def gather_nd(var, indices):
    """The slices addressed by the last dimension of `indices` (ResourceGatherNd)."""
    return Tensor._wrap(_C.resource_gather_nd(var, _indices(indices)))


def batch_scatter_update(var, sparse_delta):
    """Per-batch scatter: `indices[b..., i]` picks a row within batch `b...` (the last index dimension).

    As TensorFlow's state_ops.batch_scatter_update, the batch positions are prepended to each
    index and the update runs as one ResourceScatterNdUpdate.
    """
    _check_sparse_delta(sparse_delta)
    updates = _updates(var, sparse_delta.values)
    idx = _indices(sparse_delta.indices)
    idx = idx if isinstance(idx, np.ndarray) else np.asarray(idx.view())
    nd = idx[..., np.newaxis]
    parts = []
    for d in range(idx.ndim - 1):
        shape = [1] * (idx.ndim + 1)
        shape[d] = idx.shape[d]
        parts.append(np.broadcast_to(np.arange(idx.shape[d], dtype=idx.dtype).reshape(shape), nd.shape))
    parts.append(nd)
    final = np.ascontiguousarray(np.concatenate(parts, axis=-1))
    return _C.resource_scatter_nd(var, "update", final, updates)


_variables._indexing = sys.modules[__name__]  # Variable's scatter_*, sparse_read and gather_nd call these
