"""tf.unique and tf.unique_with_counts (Unique, UniqueWithCounts): a vector's distinct values in
the order they first occur, each element's position among them, and (with counts) how often each
occurs. NaNs are all distinct, as in TensorFlow's hash-map kernel."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from collections import namedtuple

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run_outputs, suffix

UniqueOutput = namedtuple("Unique", ["y", "idx"])  # TensorFlow's result types and field names
UniqueWithCountsOutput = namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def _distinct(x):
    """(values in first-occurrence order, each element's index into them, each value's count)."""
    values, first, inverse, counts = np.unique(x, return_index=True, return_inverse=True, return_counts=True,
                                               equal_nan=False)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return values[order], rank[inverse.reshape(-1)], counts[order]


def _unique(op, x, out_idx, name):
    a, dtype = operand(x)
    out_idx = dtypes.as_dtype(out_idx)
    end = suffix(name, x)
    check_dtype(op, out_idx, name, end, attr="out_idx")
    index_np = out_idx.as_numpy_dtype
    with_counts = op == "UniqueWithCounts"

    def kernel(a):
        if a.ndim != 1:
            raise kernel_error(op, "unique expects a 1D vector.", name, end=end)
        values, idx, counts = _distinct(a)
        outs = [values, _C.borrowed_tensor(np.ascontiguousarray(idx.astype(index_np)))]
        if with_counts:
            outs.append(_C.borrowed_tensor(np.ascontiguousarray(counts.astype(index_np))))
        return tuple(outs)
    return run_outputs(op, kernel, (a,), dtype, 3 if with_counts else 2, attrs={"out_idx": out_idx._enum})


@op_def_lib.implements("Unique")
def unique(x, out_idx=dtypes.int32, name=None) -> UniqueOutput:
    """The distinct values of the vector `x` in order of first occurrence (`y`) and, for each
    element, the index of its value in `y` (`idx`, of dtype `out_idx`) (tf.unique)."""
    return UniqueOutput(*_unique("Unique", x, out_idx, name))


@op_def_lib.implements("UniqueWithCounts")
def unique_with_counts(x, out_idx=dtypes.int32, name=None) -> UniqueWithCountsOutput:
    """tf.unique's `y` and `idx` and how often each value occurs (`count`) (tf.unique_with_counts)."""
    return UniqueWithCountsOutput(*_unique("UniqueWithCounts", x, out_idx, name))
