"""Array ops on RaggedTensors (TensorFlow's ragged_array_ops, ragged_concat_ops,
ragged_gather_ops, ragged_functional_ops, ragged_math_ops.range): `tf.ragged.map_flat_values`,
`range`, `boolean_mask`, `stack`, tf.concat and tf.gather of ragged tensors, segment ids. Row
arithmetic in NumPy; the flat values joined by varrt's ops where they meet."""
import numpy as np

from varrt.base import dtypes
from varrt.base import errors
from varrt.base import nest
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops import array_ops, index_ops, manip_ops, math_ops
from varrt.ops.boolean_mask import boolean_mask as dense_boolean_mask
from varrt.ops.op_util import kernel_error
from varrt.ops.ragged import ragged_checks
from varrt.ops.ragged.ragged_gather import gather_rows
from varrt.ops.ragged.ragged_tensor import RaggedTensor, match_row_splits_dtypes


def _splits_list(rt):
    return [s.numpy() for s in rt.nested_row_splits]


def _assert_same_splits(a, b, message="Inputs must have identical ragged splits"):
    """a == b (NumPy splits), else tf.debugging.assert_equal's InvalidArgumentError."""
    if a.shape != b.shape:
        raise ValueError(f"Shapes {a.shape} and {b.shape} are incompatible")
    if not np.array_equal(a, b):
        differ = np.nonzero(a != b)[0]
        shown = differ[:3]
        raise errors.InvalidArgumentError(
            None, None, f"{message + chr(10) if message else ''}Condition x == y did not hold.\nIndices of first {len(shown)} different values:\n"
                        f"{shown.reshape(-1, 1)}\nCorresponding x values:\n{a[shown]}\nCorresponding y values:\n"
                        f"{b[shown]}\nFirst 3 elements of x:\n{a[:3]}\nFirst 3 elements of y:\n{b[:3]}")


# --- map_flat_values ------------------------------------------------------------------------------

def map_flat_values(op, *args, **kwargs):
    """`op` applied to the flat values of the RaggedTensors in `args`/`kwargs` (which must share
    their partitions), the result partitioned as they are."""
    partitions = []

    def flat(x):
        if isinstance(x, RaggedTensor):
            partitions.append(x)
            return x.flat_values
        return x

    flat_args = nest.map_structure(flat, list(args), expand_composites=False) if args else []
    flat_kwargs = {k: nest.map_structure(flat, v) for k, v in kwargs.items()}
    if not partitions:
        return op(*args, **kwargs)
    match_row_splits_dtypes(*partitions)
    sizes = {int(p.flat_values.shape[0]) for p in partitions}
    if len(sizes) > 1:
        raise ValueError("Input RaggedTensors' flat_values must all have the same outer-dimension size.  "
                         f"Got sizes: {sizes}")
    first = partitions[0]
    for other in partitions[1:]:
        if other.ragged_rank != first.ragged_rank:
            raise ValueError("Inputs must have identical ragged splits")
        for a, b in zip(_splits_list(first), _splits_list(other)):
            _assert_same_splits(a, b, "RowPartition._merge_precomputed_encodings: partitions have incompatible "
                                      "row_splits")
    result = op(*flat_args, **flat_kwargs)
    result = convert_to_tensor(result)
    return first.with_flat_values(result)


# --- range --------------------------------------------------------------------------------------

def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=dtypes.int64):
    """Row i is tf.range(starts[i], limits[i], deltas[i]) (scalars broadcast; one argument: the
    limits, starting at 0)."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if limits is None:
        starts, limits = 0, starts
    tensors = [convert_to_tensor(v, dtype=dtype) for v in (starts, limits, deltas)]
    if dtype is None:  # TensorFlow's inference: the widest of the three (as tf.range)
        order = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64]
        given = [t.dtype for t in tensors]
        if any(d not in order for d in given):
            bad = next(d for d in given if d not in order)
            raise TypeError(f"Value passed to parameter 'starts' has DataType {bad.name} not in list of allowed "
                            "values: bfloat16, float32, float64, int32, int64")
        dtype = max(given, key=order.index)
        tensors = [convert_to_tensor(v, dtype=dtype) if not isinstance(v, Tensor) else _cast(v, dtype)
                   for v in (starts, limits, deltas)]
    arrays = [ragged_checks.eager_numpy(t, "starts, limits or deltas") for t in tensors]
    if any(a.ndim > 1 for a in arrays):
        raise ValueError("starts, limits and deltas must have rank 0 or 1")
    n = max([a.shape[0] for a in arrays if a.ndim == 1], default=1)
    s, l, d = (np.broadcast_to(a, (n,)) for a in arrays)
    if (d == 0).any():
        raise kernel_error("RaggedRange", "Requires delta != 0", None)
    rows = [np.arange(a, b, c, dtype=dtype.as_numpy_dtype) if (b - a) * c > 0 else np.zeros(0, dtype.as_numpy_dtype)
            for a, b, c in zip(s, l, d)]
    lengths = np.array([len(r) for r in rows], row_splits_dtype.as_numpy_dtype)
    values = np.concatenate(rows) if rows else np.zeros(0, dtype.as_numpy_dtype)
    splits = np.concatenate([np.zeros(1, lengths.dtype), np.cumsum(lengths, dtype=lengths.dtype)])
    return RaggedTensor._from_splits_array(constant(values, dtype=dtype), splits, row_splits_dtype)


def _cast(t, dtype):
    """`t` as `dtype` (tf.ragged.range's inferred dtype)."""
    return t if t.dtype == dtype else math_ops.cast(t, dtype)


# --- boolean_mask -------------------------------------------------------------------------------

def _as_ragged_like(data, mask_rt):
    """Dense `data` as a RaggedTensor cut to the lengths of `mask_rt`'s partitions."""
    lengths = tuple(mask_rt.nested_row_lengths())
    return RaggedTensor.from_tensor(data, lengths=lengths if len(lengths) > 1 else lengths[0],
                                    ragged_rank=len(lengths), row_splits_dtype=mask_rt.row_splits.dtype)


def boolean_mask(data, mask, name=None):
    """The elements of `data` where `mask` (its outer dimensions, dense or ragged, bool) is True:
    a 1-D mask picks rows; a k-D mask keeps k - 1 dimensions, made ragged."""
    mask = mask if isinstance(mask, RaggedTensor) else convert_to_tensor(mask, dtype=dtypes.bool)
    if mask.dtype != dtypes.bool:
        raise ValueError("mask must have dtype bool")
    if not isinstance(data, RaggedTensor):
        data = convert_to_tensor(data)
    k = mask.shape.rank
    if k is None or k == 0:
        raise ValueError("mask.shape.ndims must be known statically.")
    if data.shape.rank is not None and k > data.shape.rank:
        raise ValueError("mask.shape.ndims must be less than or equal to data.shape.ndims.")
    if k == 1:
        m = ragged_checks.eager_numpy(mask, "mask") if isinstance(mask, Tensor) else None
        if m is None:
            raise ValueError("a 1-D mask must be a Tensor")
        n = data._nrows_int() if isinstance(data, RaggedTensor) else int(data.shape[0])
        if m.shape[0] != n:
            raise ValueError(f"Shapes ({n},) and ({m.shape[0]},) are incompatible")
        if isinstance(data, Tensor):
            return dense_boolean_mask(data, mask)
        return gather_rows(data, np.nonzero(m)[0])
    if isinstance(mask, Tensor):
        if isinstance(data, RaggedTensor):
            mask = RaggedTensor.from_tensor(mask, lengths=None, ragged_rank=k - 1,
                                            row_splits_dtype=data.row_splits.dtype)
        else:
            mask = RaggedTensor.from_tensor(mask, ragged_rank=k - 1)
            data = RaggedTensor.from_tensor(data, ragged_rank=k - 1)
    elif not isinstance(data, RaggedTensor):
        data = _as_ragged_like(data, mask)
    mask_splits = _splits_list(mask)[:k - 1]
    inner, data_splits = data, []
    for _ in range(k - 1):
        if not isinstance(inner, RaggedTensor):
            raise ValueError("data's ragged dimensions must cover the mask's")
        data_splits.append(inner.row_splits.numpy())
        inner = inner.values
    for a, b in zip(data_splits, mask_splits):
        _assert_same_splits(b, a)
    keep = mask.flat_values.numpy()
    # Dense values through tf.boolean_mask, as TensorFlow's (its gradient is a dense tensor).
    kept = dense_boolean_mask(inner, constant(keep.astype(bool))) if isinstance(inner, Tensor) else \
        gather_rows(inner, np.nonzero(keep)[0])
    innermost = mask_splits[-1]
    rowids = np.repeat(np.arange(len(innermost) - 1), np.diff(innermost))
    lengths = np.bincount(rowids[keep.astype(bool)], minlength=len(innermost) - 1).astype(innermost.dtype)
    new_inner = np.concatenate([np.zeros(1, innermost.dtype), np.cumsum(lengths, dtype=innermost.dtype)])
    dtype = data.row_splits.dtype
    result = RaggedTensor._from_splits_array(kept, new_inner, dtype)
    for splits in reversed(data_splits[:-1]):
        result = RaggedTensor._from_splits_array(result, splits, dtype)
    return result


# --- concat, stack -------------------------------------------------------------------------------

def _to_ragged(values, ragged_rank, splits_dtype):
    """Each of `values` as a RaggedTensor of `ragged_rank` (TensorFlow's _increase_ragged_rank_to:
    dense dimensions become uniform partitions)."""
    result = []
    for v in values:
        if not isinstance(v, RaggedTensor):
            v = RaggedTensor.from_tensor(convert_to_tensor(v), row_splits_dtype=splits_dtype)
        result.append(_increase_ragged_rank_to(v, ragged_rank, splits_dtype))
    return result


def _increase_ragged_rank_to(rt, ragged_rank, splits_dtype):
    if ragged_rank <= 1 or rt.ragged_rank >= ragged_rank:
        return rt
    values = rt.values
    if isinstance(values, RaggedTensor):
        return rt.with_values(_increase_ragged_rank_to(values, ragged_rank - 1, splits_dtype))
    return rt.with_values(RaggedTensor.from_tensor(values, ragged_rank=ragged_rank - 1, row_splits_dtype=splits_dtype))


def _concat_rows(values):
    """Axis-0 concatenation of Tensors or RaggedTensors of one ragged rank."""
    if all(isinstance(v, Tensor) for v in values):
        return array_ops.concat(values, 0)
    splits = [v.row_splits.numpy() for v in values]
    offsets = np.cumsum([0] + [int(s[-1]) for s in splits[:-1]])
    joined = np.concatenate([splits[0]] + [s[1:] + o for s, o in zip(splits[1:], offsets[1:])])
    return RaggedTensor._from_splits_array(_concat_rows([v.values for v in values]), joined, values[0].row_splits.dtype)


def ragged_concat(values, axis, stack_values=False):
    """tf.concat / tf.ragged.stack of a list holding a RaggedTensor."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    if not values:
        raise ValueError("values must be a non-empty list")
    ragged_rank = max(max(v.ragged_rank for v in values if isinstance(v, RaggedTensor)) if
                      any(isinstance(v, RaggedTensor) for v in values) else 1, 1)
    splits_dtype = next((v.row_splits.dtype for v in values if isinstance(v, RaggedTensor)), dtypes.int64)
    shapes = [v.shape if isinstance(v, RaggedTensor) else convert_to_tensor(v).shape for v in values]
    rank = shapes[0].rank
    for shape in shapes[1:]:
        if shape.rank != rank:
            raise ValueError(f"Shape {shape} must have rank {rank}")
    out_rank = rank + 1 if stack_values else rank
    if axis < 0:
        axis += out_rank
    if not 0 <= axis < out_rank:
        raise ValueError(f"axis={axis - out_rank if axis < 0 else axis} out of bounds: expected "
                         f"{-out_rank}<=axis<{out_rank}")
    values = list(values)
    if stack_values and rank == 1 and axis == 0 and not any(isinstance(v, RaggedTensor) for v in values):
        # TensorFlow's rows of the tensors' lengths (tf.shape's int32): int32 splits
        lengths = np.array([int(convert_to_tensor(v).shape[0]) for v in values], np.int32)
        return RaggedTensor.from_row_lengths(array_ops.concat([convert_to_tensor(v) for v in values], 0), constant(lengths))
    if not any(isinstance(v, RaggedTensor) for v in values) and axis in (out_rank - 1, rank - 1):
        tensors = [convert_to_tensor(v) for v in values]
        return array_ops.stack(tensors, axis) if stack_values else array_ops.concat(tensors, axis)
    rts = _to_ragged(values, ragged_rank, splits_dtype)
    match_row_splits_dtypes(*rts)
    if stack_values:
        if axis == 0:
            lengths = np.array([rt._nrows_int() for rt in rts], splits_dtype.as_numpy_dtype)
            splits = np.concatenate([np.zeros(1, lengths.dtype), np.cumsum(lengths, dtype=lengths.dtype)])
            return RaggedTensor._from_splits_array(_concat_rows(rts), splits, splits_dtype)
        expanded = [_expand_dims(rt, axis) for rt in rts]
        return _concat(expanded, axis)
    return _concat(rts, axis)


def _expand_dims(rt, axis):
    """rt with a dimension of size 1 at `axis` >= 1."""
    if axis == 1:
        n = rt._nrows_int()
        return RaggedTensor(rt, constant(np.arange(n + 1, dtype=rt.row_splits.dtype.as_numpy_dtype)), internal=True,
                            uniform_row_length=1)
    values = rt.values
    values = _expand_dims(values, axis - 1) if isinstance(values, RaggedTensor) else array_ops.expand_dims(values, axis - 1)
    return rt.with_values(values)


def _concat(rts, axis):
    if axis == 0:
        return _concat_rows(rts)
    nrows = [rt._nrows_int() for rt in rts]
    for i, n in enumerate(nrows[1:], 1):
        if n != nrows[0]:
            raise errors.InvalidArgumentError(
                None, None, f"Input tensors at index 0 (=x) and {i} (=y) have incompatible shapes.\nCondition x == y "
                            f"did not hold.\nFirst 1 elements of x:\n[{nrows[0]}]\nFirst 1 elements of y:\n[{n}]")
    if axis == 1:
        splits = [rt.row_splits.numpy() for rt in rts]
        stacked = _concat_rows([rt.values for rt in rts])
        offsets = np.cumsum([0] + [int(s[-1]) for s in splits[:-1]])
        index = [np.arange(s[i], s[i + 1]) + o for i in range(nrows[0]) for s, o in zip(splits, offsets)]
        index = np.concatenate(index).astype(np.int64) if index else np.zeros(0, np.int64)
        lengths = sum(np.diff(s) for s in splits)
        joined = np.concatenate([np.zeros(1, splits[0].dtype), np.cumsum(lengths, dtype=splits[0].dtype)])
        return RaggedTensor._from_splits_array(gather_rows(stacked, index), joined, rts[0].row_splits.dtype)
    first = rts[0].row_splits.numpy()
    for rt in rts[1:]:
        _assert_same_splits(first, rt.row_splits.numpy(), "Input tensors have incompatible shapes.")
    inner = [rt.values for rt in rts]
    if all(isinstance(v, Tensor) for v in inner):
        return rts[0].with_values(array_ops.concat(inner, axis - 1))
    inner = _to_ragged(inner, max(v.ragged_rank for v in inner if isinstance(v, RaggedTensor)),
                      rts[0].row_splits.dtype)
    return rts[0].with_values(_concat(inner, axis - 1))


def stack(values, axis=0, name=None):
    """tf.ragged.stack: `values` (ragged or dense, of one rank) stacked along a new `axis`; always
    a RaggedTensor."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    return ragged_concat(list(values), axis, stack_values=True)


# --- gather ---------------------------------------------------------------------------------------

def gather(params, indices, axis=None, batch_dims=0, name=None):
    """tf.gather of RaggedTensor params and/or indices along axis 0."""
    if batch_dims != 0 or (axis is not None and int(axis) != 0):
        raise NotImplementedError("varrt does not implement tf.gather of ragged tensors with axis != 0 or "
                                  "batch_dims yet")
    if isinstance(indices, RaggedTensor):
        return indices.with_flat_values(gather(params, indices.flat_values))
    if not isinstance(params, RaggedTensor):
        return index_ops.gather(params, indices)
    idx = ragged_checks.eager_numpy(convert_to_tensor(indices), "indices")
    n = params._nrows_int()
    bad = idx[(idx < 0) | (idx >= n)]
    if bad.size:
        where = np.argwhere((idx < 0) | (idx >= n))[0]
        node = f"RaggedGather_OUTPUT_RAGGED_RANK_{params.ragged_rank + idx.ndim - 1}_PARAMS_RAGGED_RANK_{params.ragged_rank}"
        raise kernel_error("RaggedGather", f"indices[{', '.join(map(str, where))}] = {bad[0]} is not in [0, {n})", None,
                           node=node)
    flat = gather_rows(params, idx.reshape(-1))
    for size in reversed(idx.shape[1:]):
        count = int(flat._nrows_int()) // size if size else 0
        flat = RaggedTensor._from_splits_array(flat, np.arange(count + 1, dtype=np.int64) * size,
                                               params.row_splits.dtype)
    return flat


# --- segment ids -----------------------------------------------------------------------------------

def row_splits_to_segment_ids(splits, name=None, out_type=None):
    """The segment id (row) of each value of a row partition `splits`."""
    s = convert_to_tensor(splits, dtype_hint=dtypes.int64)
    if s.dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("splits must have dtype int32 or int64")
    a = ragged_checks.eager_numpy(s, "splits")
    if a.ndim != 1:
        raise ValueError(f"Shape {a.shape} must have rank 1")
    out = s.dtype if out_type is None else dtypes.as_dtype(out_type)
    return constant(np.repeat(np.arange(len(a) - 1), np.diff(a)).astype(out.as_numpy_dtype))


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """The row partition of sorted `segment_ids` (num_segments rows: default the last id + 1)."""
    ids = convert_to_tensor(segment_ids, dtype_hint=dtypes.int64)
    if ids.dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("segment_ids must have dtype int32 or int64")
    a = ragged_checks.eager_numpy(ids, "segment_ids")
    if a.ndim != 1:
        raise ValueError(f"Shape {a.shape} must have rank 1")
    out = ids.dtype if out_type is None else dtypes.as_dtype(out_type)
    n = int(a[-1]) + 1 if num_segments is None and a.size else int(np.asarray(
        num_segments.numpy() if isinstance(num_segments, Tensor) else (num_segments or 0)))
    counts = np.bincount(a, minlength=n)[:n]
    return constant(np.concatenate([[0], np.cumsum(counts)]).astype(out.as_numpy_dtype))


# --- tile -------------------------------------------------------------------------------------------

def tile(rt, multiples):
    """tf.tile of a RaggedTensor: dimension d repeated multiples[d] times (within each row for a
    ragged dimension)."""
    m = ragged_checks.eager_numpy(convert_to_tensor(multiples, dtype_hint=dtypes.int32), "multiples").reshape(-1)
    rank = rt.shape.rank
    if len(m) < rank:
        raise IndexError(f"index {len(m)} is out of bounds for axis 0 with size {len(m)}")
    if len(m) > rank:
        raise ValueError(f"multiples must have length {rank}, got {len(m)}")
    return gather_rows(_tile_inner(rt, [int(v) for v in m]), np.tile(np.arange(rt._nrows_int()), int(m[0])))


def _tile_inner(rt, m):
    """rt with multiples m[1:] applied to its dimensions after the first (m[0] is the caller's)."""
    values = rt.values
    if isinstance(values, RaggedTensor):
        values = _tile_inner(values, m[1:])
    elif len(m) > 2:
        values = array_ops.tile(values, [1] + m[2:])
    splits = rt.row_splits.numpy()
    index = [np.tile(np.arange(s, l), m[1]) for s, l in zip(splits[:-1], splits[1:])]
    index = np.concatenate(index).astype(np.int64) if index else np.zeros(0, np.int64)
    return RaggedTensor._from_splits_array(gather_rows(values, index), splits * m[1], rt.row_splits.dtype)


# --- reverse, expand_dims ----------------------------------------------------------------------------

def reverse(rt, axes):
    """tf.reverse of a RaggedTensor: the rows (axis 0), each row's values (a ragged axis) or the
    flat values' dimensions reversed."""
    rank = rt.shape.rank
    axes = ragged_checks.eager_numpy(convert_to_tensor(axes, dtype_hint=dtypes.int32), "axis").reshape(-1)
    for axis in sorted({int(a) % rank if -rank <= a < rank else _axis_error(a, rank) for a in axes}):
        rt = _reverse(rt, axis)
    return rt


def _axis_error(axis, rank):
    raise ValueError(f"axis={axis} out of bounds: expected {-rank}<=axis<{rank}")


def _reverse(x, axis):
    if isinstance(x, Tensor):
        return manip_ops.reverse(x, [axis])
    if axis == 0:
        return gather_rows(x, np.arange(x._nrows_int())[::-1])
    if axis > 1:
        return x.with_values(_reverse(x.values, axis - 1))
    splits = x.row_splits.numpy()
    index = [np.arange(s, l)[::-1] for s, l in zip(splits[:-1], splits[1:])]
    index = np.concatenate(index).astype(np.int64) if index else np.zeros(0, np.int64)
    return x.with_values(gather_rows(x.values, index))


def expand_dims(rt, axis):
    """tf.expand_dims of a RaggedTensor: a dimension of size 1 at `axis` (a uniform one)."""
    rank = rt.shape.rank
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank - 1}<=axis<{rank + 1}")
    axis = axis + rank + 1 if axis < 0 else axis
    if axis == 0:
        return RaggedTensor(rt, constant(np.array([0, rt._nrows_int()], rt.row_splits.dtype.as_numpy_dtype)),
                            internal=True, uniform_row_length=rt._nrows_int())
    return _expand_dims(rt, axis)