"""Sparse reads and updates of a Variable, with TensorFlow's method signatures.

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
import numpy as np

from varrt import _C
from varrt.framework import conversion as _convert
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import _UnreadVariable


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
    if type(values) is np.ndarray and values.dtype == var.dtype.as_numpy_dtype and values.dtype.kind != "O":
        return values
    if isinstance(values, Tensor) or hasattr(values, "_as_tensor"):
        return convert_to_tensor(values, var.dtype)._data
    return _convert.to_array(values, var.dtype)


def _scatter_method(kind):
    def method(self, sparse_delta, use_locking=False, name=None):
        _check_sparse_delta(sparse_delta)
        updates = _updates(self, sparse_delta.values)
        _C.resource_scatter(self, kind, _indices(sparse_delta.indices), updates)
        return _UnreadVariable(self)

    method.__name__ = f"scatter_{kind}"
    method.__doc__ = (f"Applies `{kind}` of `sparse_delta.values` to the rows `sparse_delta.indices` "
                      f"(ResourceScatter{'Update' if kind == 'update' else kind.capitalize()}).")
    return method


def _scatter_nd_method(kind):
    def method(self, indices, updates, name=None):
        updates = _updates(self, updates)
        _C.resource_scatter_nd(self, kind, _indices(indices), updates)
        return _UnreadVariable(self)

    method.__name__ = f"scatter_nd_{kind}"
    method.__doc__ = (f"Applies `{kind}` of `updates` to the slices addressed by the last dimension of "
                      f"`indices` (ResourceScatterNd{kind.capitalize()}).")
    return method


def sparse_read(self, indices, name=None):
    """Rows `indices` of the first dimension (ResourceGather)."""
    return Tensor._wrap(_C.resource_gather(self, _indices(indices)))


def gather_nd(self, indices, name=None):
    """The slices addressed by the last dimension of `indices` (ResourceGatherNd)."""
    return Tensor._wrap(_C.resource_gather_nd(self, _indices(indices)))


def batch_scatter_update(self, sparse_delta, use_locking=False, name=None):
    """Per-batch scatter: `indices[b..., i]` picks a row within batch `b...` (the last index dimension).

    As TensorFlow's state_ops.batch_scatter_update, the batch positions are prepended to each
    index and the update runs as one ResourceScatterNdUpdate.
    """
    _check_sparse_delta(sparse_delta)
    updates = _updates(self, sparse_delta.values)
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
    _C.resource_scatter_nd(self, "update", final, updates)
    return _UnreadVariable(self)


def install(variable_cls):
    for kind in ("update", "add", "sub", "mul", "div", "min", "max"):
        setattr(variable_cls, f"scatter_{kind}", _scatter_method(kind))
    for kind in ("update", "add", "sub", "min", "max"):
        setattr(variable_cls, f"scatter_nd_{kind}", _scatter_nd_method(kind))
    variable_cls.sparse_read = sparse_read
    variable_cls.gather_nd = gather_nd
    variable_cls.batch_scatter_update = batch_scatter_update
