"""`rt[key]` on a RaggedTensor (TensorFlow's ragged_getitem.py): integers and slices on the
rows, slices (with steps) within ragged rows, any index on the uniform inner dimensions, and
`...`. An integer within a ragged dimension is TensorFlow's ValueError; `tf.newaxis` varrt does
not implement on ragged tensors yet."""
import numpy as np

from varrt.framework.tensor import Tensor
from varrt.ops.ragged import ragged_gather


def _index_error(key):
    return TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                     f"tf.int32/tf.int64 tensors are valid indices, got {key!r}")


def _check_key(key):
    if key is None:
        raise NotImplementedError("varrt does not implement tf.newaxis in RaggedTensor indexing yet")
    if key is Ellipsis or isinstance(key, slice):
        return key
    if isinstance(key, Tensor):
        if key.shape.rank == 0 and key.dtype.is_integer:
            return int(key.numpy())
        raise _index_error(key)
    if isinstance(key, (int, np.integer)) and not isinstance(key, bool):
        return int(key)
    raise _index_error(key)


def _slice_bound(value):
    if value is None:
        return None
    if isinstance(value, Tensor):
        value = value.numpy()
    if not isinstance(value, (int, np.integer)):
        raise TypeError("slice offsets must be integers or None")
    return int(value)


def getitem(rt, key):
    """rt[key]."""
    keys = [_check_key(k) for k in (key if isinstance(key, tuple) else (key,))]
    if Ellipsis in keys:
        i = keys.index(Ellipsis)
        keys = keys[:i] + [slice(None)] * (rt.shape.rank - len(keys) + 1) + keys[i + 1:]
    if len(keys) > rt.shape.rank:
        raise IndexError("Too many indices for RaggedTensor")
    return _getitem(rt, keys)


def _getitem(rt, keys):
    if not keys:
        return rt
    row_key, inner = keys[0], keys[1:]
    if isinstance(row_key, int):
        if row_key >= rt._nrows_int():
            raise IndexError(f"Row key {row_key} out of bounds")
        start, limit = rt.row_starts()[row_key], rt.row_limits()[row_key]
        row = rt.values[int(start.numpy()):int(limit.numpy())]
        if not inner:
            return row
        return _getitem(row, inner) if not isinstance(row, Tensor) else row[tuple(inner)]
    return _inner(_slice_rows(rt, row_key), inner)


def _slice_rows(rt, key):
    """rt's rows selected by the slice `key`."""
    start, stop, step = _slice_bound(key.start), _slice_bound(key.stop), _slice_bound(key.step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    rows = np.arange(rt._nrows_int())[slice(start, stop, step)]
    if step in (None, 1) and start is None and stop is None:
        return rt
    return ragged_gather.gather_rows(rt, rows)


def _inner(x, keys):
    """`keys` applied to the dimensions after the first of `x` (a Tensor or RaggedTensor whose
    first dimension is kept)."""
    if not keys:
        return x
    if isinstance(x, Tensor):
        return x[(slice(None),) + tuple(keys)]
    column_key, rest = keys[0], keys[1:]
    if isinstance(column_key, int):
        raise ValueError("Cannot index into an inner ragged dimension.")
    if column_key == slice(None):
        return x.with_values(_inner(x.values, rest))
    start, stop, step = _slice_bound(column_key.start), _slice_bound(column_key.stop), _slice_bound(column_key.step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    splits = x.row_splits.numpy()
    pieces = [np.arange(s, l)[slice(start, stop, step)] for s, l in zip(splits[:-1], splits[1:])]
    lengths = np.array([len(p) for p in pieces], splits.dtype)
    new_splits = np.concatenate([np.zeros(1, splits.dtype), np.cumsum(lengths, dtype=splits.dtype)])
    index = np.concatenate(pieces).astype(np.int64) if pieces else np.zeros(0, np.int64)
    values = _inner(ragged_gather.gather_rows(x.values, index), rest)
    return type(x)._from_splits_array(values, new_splits, x.row_splits.dtype)
