"""The segment reductions other than UnsortedSegmentSum (ops/scatter_ops.py): tf.math.segment_sum,
segment_mean, segment_max, segment_min, segment_prod (sorted ids: one output row per id up to the
last, empty segments 0) and unsorted_segment_max, _min, _prod (num_segments rows, empty segments
the reduction's identity: the dtype's lowest, highest, 1), with NumPy kernels; and
unsorted_segment_mean and unsorted_segment_sqrt_n written over UnsortedSegmentSum as TensorFlow
writes them."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, math_ops, op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, quiet, run, shape_of, suffix
from varrt.ops.scatter_ops import check_segment_ids, unsorted_segment_sum

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# Each reduction: its NumPy ufunc and the value an empty unsorted segment holds.
_UFUNC = {"Sum": np.add, "Mean": np.add, "Max": np.maximum, "Min": np.minimum, "Prod": np.multiply}


def _identity(kind, dtype):
    if kind in ("Sum", "Mean"):
        return 0
    if kind == "Prod":
        return 1
    info = np.iinfo(dtype) if dtype.kind in "iu" else np.finfo(dtype)
    return info.min if kind == "Max" else info.max


def _reduce(kind, d, rows, flat, count):
    """`d`'s rows reduced into `count` segments by id (`flat`, all in range); empty ones the identity;
    with the per-segment row counts."""
    out = np.full((count,) + d.shape[rows:], _identity(kind, d.dtype), d.dtype)
    values = d.reshape((flat.shape[0],) + d.shape[rows:])
    with quiet(all="ignore"):
        _UFUNC[kind].at(out, flat, values)
    return out, np.bincount(flat, minlength=count)[:count]


def _sorted_ids_check(op, ids, rows, name, end):
    """TensorFlow's SegmentReductionOp checks, in its order; the number of output rows."""
    if ids.ndim != 1:
        raise kernel_error(op, "segment_ids should be a vector.", name, end=end)
    if ids.shape[0] != rows:
        raise kernel_error(op, "segment_ids should be the same size as dimension 0 of input.", name, end=end)
    count = int(ids[-1]) + 1 if ids.size else 0
    if count < 0:
        raise kernel_error(op, "segment ids must be >= 0", name, end=end)
    starts = np.flatnonzero(np.diff(ids) != 0) + 1
    heads = np.concatenate([[0], starts]) if ids.size else starts
    for k, at in enumerate(heads):
        current = int(ids[at])
        if k + 1 < len(heads) and current >= int(ids[heads[k + 1]]):
            raise kernel_error(op, "segment ids are not increasing", name, end=end)
        if not 0 <= current < count:
            raise kernel_error(op, f"Segment id {current} out of range [0, {count}), possibly because 'segment_ids' "
                                   "input is not sorted.", name, end=end)
    return count


def _segment(kind, data, segment_ids, name) -> Tensor:
    op = f"Segment{kind}"
    d, dtype = operand(data)
    ids, ids_dtype = operand(segment_ids)
    end = suffix(name, data, segment_ids)
    check_dtype(op, dtype, name, end)
    check_dtype(op, ids_dtype, name, end, attr="Tindices")

    def kernel(d, ids):
        if d.ndim < 1:
            raise kernel_error(op, "input must be at least rank 1", name, end=end)
        count = _sorted_ids_check(op, ids, d.shape[0], name, end)
        out, counts = _reduce(kind, d, 1, ids.astype(np.int64), count)
        empty = (counts == 0).reshape((-1,) + (1,) * (d.ndim - 1))
        if kind == "Mean":
            n = np.maximum(counts, 1).reshape(empty.shape)
            with quiet(all="ignore"):
                out = (out / n).astype(d.dtype) if d.dtype.kind in "fcV" else np.trunc(out / n).astype(d.dtype)
        if kind in ("Max", "Min", "Mean"):
            out = np.where(empty, np.zeros((), d.dtype), out)
        return out
    return run(op, kernel, (d, ids), dtype, name=name)


@op_def_lib.implements("SegmentSum")
def segment_sum(data, segment_ids, name=None) -> Tensor:
    """Sums of `data`'s rows per (sorted) segment id (tf.math.segment_sum)."""
    return _segment("Sum", data, segment_ids, name)


@op_def_lib.implements("SegmentMean")
def segment_mean(data, segment_ids, name=None) -> Tensor:
    """Means of `data`'s rows per (sorted) segment id (tf.math.segment_mean)."""
    return _segment("Mean", data, segment_ids, name)


@op_def_lib.implements("SegmentMax")
def segment_max(data, segment_ids, name=None) -> Tensor:
    """Maxima of `data`'s rows per (sorted) segment id, 0 for an empty one (tf.math.segment_max)."""
    return _segment("Max", data, segment_ids, name)


@op_def_lib.implements("SegmentMin")
def segment_min(data, segment_ids, name=None) -> Tensor:
    """Minima of `data`'s rows per (sorted) segment id, 0 for an empty one (tf.math.segment_min)."""
    return _segment("Min", data, segment_ids, name)


@op_def_lib.implements("SegmentProd")
def segment_prod(data, segment_ids, name=None) -> Tensor:
    """Products of `data`'s rows per (sorted) segment id (tf.math.segment_prod)."""
    return _segment("Prod", data, segment_ids, name)


def _unsorted(kind, data, segment_ids, num_segments, name) -> Tensor:
    op = f"UnsortedSegment{kind}"
    d, dtype = operand(data)
    ids, ids_dtype = operand(segment_ids)
    n, n_dtype = operand(num_segments)
    end = suffix(name, data, segment_ids, num_segments)
    check_dtype(op, dtype, name, end)
    check_dtype(op, ids_dtype, name, end, attr="Tindices")
    check_dtype(op, n_dtype, name, end, attr="Tnumsegments")

    def kernel(d, ids, n):
        count = int(np.asarray(n))
        flat = check_segment_ids(op, d, ids, count, name, end)
        keep = flat >= 0  # TensorFlow drops negative ids
        rows = d.reshape((flat.shape[0],) + d.shape[ids.ndim:])[keep]
        return _reduce(kind, rows, 1, flat[keep].astype(np.int64), count)[0]
    return run(op, kernel, (d, ids, n), dtype, name=name)


@op_def_lib.implements("UnsortedSegmentMax")
def unsorted_segment_max(data, segment_ids, num_segments, name=None) -> Tensor:
    """Maxima of `data`'s rows per segment id, the dtype's lowest for an empty segment
    (tf.math.unsorted_segment_max)."""
    return _unsorted("Max", data, segment_ids, num_segments, name)


@op_def_lib.implements("UnsortedSegmentMin")
def unsorted_segment_min(data, segment_ids, num_segments, name=None) -> Tensor:
    """Minima of `data`'s rows per segment id, the dtype's highest for an empty segment
    (tf.math.unsorted_segment_min)."""
    return _unsorted("Min", data, segment_ids, num_segments, name)


@op_def_lib.implements("UnsortedSegmentProd")
def unsorted_segment_prod(data, segment_ids, num_segments, name=None) -> Tensor:
    """Products of `data`'s rows per segment id, 1 for an empty segment (tf.math.unsorted_segment_prod)."""
    return _unsorted("Prod", data, segment_ids, num_segments, name)


def _segment_counts(data, segment_ids, num_segments):
    """TensorFlow's _unsorted_segment_N: each segment's row count (at least 1), shaped to divide
    the sums."""
    num_segments = convert_to_tensor(num_segments)
    ones = array_ops.ones(array_ops.shape(segment_ids), dtype=data.dtype)
    n = unsorted_segment_sum(ones, segment_ids, num_segments)
    trailing = len(shape_of(data)) - len(shape_of(segment_ids))
    n = array_ops.reshape(n, array_ops.concat([array_ops.reshape(num_segments, [1]),
                                               array_ops.ones([trailing], dtype=num_segments.dtype)], 0))
    return math_ops.maximum(n, 1)


def unsorted_segment_mean(data, segment_ids, num_segments, name=None) -> Tensor:
    """Means of `data`'s rows per segment id, 0 for an empty segment (tf.math.unsorted_segment_mean)."""
    data = convert_to_tensor(data)
    segment_ids = convert_to_tensor(segment_ids)
    n = _segment_counts(data, segment_ids, num_segments)
    return math_ops.truediv(unsorted_segment_sum(data, segment_ids, num_segments), n)


def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None) -> Tensor:
    """Sums of `data`'s rows per segment id divided by the square root of their count
    (tf.math.unsorted_segment_sqrt_n)."""
    data = convert_to_tensor(data)
    segment_ids = convert_to_tensor(segment_ids)
    n = _segment_counts(data, segment_ids, num_segments)
    return math_ops.truediv(unsorted_segment_sum(data, segment_ids, num_segments), math_ops.sqrt(n))
