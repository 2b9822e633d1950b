"""Dense scatters under TensorFlow's op names: tf.scatter_nd (ScatterNd) and
tf.math.unsorted_segment_sum (UnsortedSegmentSum). The gradients of the gathers (GatherV2 along
other axes, GatherNd, ResourceGatherNd) put their output's gradient back with them; as ops of
their own they are recorded by a tape too, so second derivatives go through them (their
gradients are gathers).

The output's size (ScatterNd's shape, UnsortedSegmentSum's num_segments) is read on the host
when it is known while building; a graph tensor known only when the graph runs is an input of
the node instead, which its kernel reads then (the shape function gives the static shape).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.framework import symbolic
from varrt.framework.indexed_slices import IndexedSlices, _known_only_when_run
from varrt.framework.tensor import convert_to_tensor
from varrt.ops.array_ops import reshape
from varrt.ops.op_util import check_dtype, int_list, kernel_error, op_error, operand, quiet, run, shape_of, shape_text

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _scatter_nd_kernel(dims, name):
    """ScatterNd's kernel for output dims `dims` (None: read from its third input when it runs)."""
    def kernel(idx, upd, *shape, out=None):
        target = dims if dims is not None else tuple(int(d) for d in np.asarray(shape[0]).reshape(-1))
        if out is None:
            out = np.zeros(target, upd.dtype)
        else:
            out.fill(0)
        depth = idx.shape[-1]
        flat = idx.reshape(-1, depth)
        bounds = np.asarray(target[:depth])
        bad = np.nonzero(np.any((flat < 0) | (flat >= bounds), axis=1))[0]
        if bad.size:
            i = int(bad[0])
            raise kernel_error("ScatterNd", f"indices[{i}] = {shape_text(flat[i].tolist())} does not index into shape "
                                            f"{shape_text(target)}", name)
        with quiet(all="ignore"):
            np.add.at(out, tuple(flat.T), upd.reshape((flat.shape[0],) + tuple(target[depth:])))
        return out
    return kernel


def scatter_nd(indices, updates, shape, name=None) -> Tensor:
    """A zero tensor of `shape` with `updates` added at `indices` (the last dimension of
    `indices` addresses an element or a slice; repeated indices add up)."""
    idx, index_dtype = operand(indices)
    upd, dtype = operand(updates)
    check_dtype("ScatterNd", index_dtype, name, attr="Tindices")
    if symbolic.is_symbolic(shape):
        s, shape_dtype = operand(shape)
        check_dtype("ScatterNd", shape_dtype, name, attr="Tindices")
        return run("ScatterNd", _scatter_nd_kernel(None, name), (idx, upd, s), dtype)
    dims = tuple(int_list(shape))
    return run("ScatterNd", _scatter_nd_kernel(dims, name), (idx, upd), dtype, dims, attrs={"shape": dims})


def check_segment_ids(op, d, ids, count, name, end=None):
    """The checks of TensorFlow's UnsortedSegment* kernels: data starts with the ids' shape, and no id
    is `count` or more (negative ids are dropped); the ids flattened."""
    if d.shape[:ids.ndim] != ids.shape:
        raise kernel_error(op, f"data.shape = {shape_text(d.shape)} does not start with "
                               f"segment_ids.shape = {shape_text(ids.shape)}", name, end=end)
    flat = ids.reshape(-1)
    over = np.nonzero(flat >= count)[0]
    if over.size:
        i = int(over[0])
        raise kernel_error(op, f"segment_ids[{i}] = {int(flat[i])} is out of range [0, {count})", name, end=end)
    return flat


def _segment_sum_kernel(n, name):
    """UnsortedSegmentSum's kernel for `n` segments (None: read from its third input when it runs)."""
    def kernel(d, ids, *num_segments, out=None):
        count = n if n is not None else int(np.asarray(num_segments[0]))
        flat = check_segment_ids("UnsortedSegmentSum", d, ids, count, name)
        if out is None:
            out = np.zeros((count,) + d.shape[ids.ndim:], d.dtype)
        else:
            out.fill(0)
        rows = d.reshape((flat.shape[0],) + d.shape[ids.ndim:])
        keep = flat >= 0  # TensorFlow drops negative ids
        with quiet(all="ignore"):
            np.add.at(out, flat[keep], rows[keep])
        return out
    return kernel


def unsorted_segment_sum(data, segment_ids, num_segments, name=None) -> Tensor:
    """Sums of the rows (the leading `segment_ids`-shaped dimensions) of `data` per segment id,
    `num_segments` of them; negative ids are dropped, as TensorFlow drops them."""
    d, dtype = operand(data)
    ids, ids_dtype = operand(segment_ids)
    check_dtype("UnsortedSegmentSum", dtype, name)
    check_dtype("UnsortedSegmentSum", ids_dtype, name, attr="Tindices")
    if symbolic.is_symbolic(num_segments):
        n, n_dtype = operand(num_segments)
        check_dtype("UnsortedSegmentSum", n_dtype, name, attr="Tnumsegments")
        return run("UnsortedSegmentSum", _segment_sum_kernel(None, name), (d, ids, n), dtype)
    n = int_list(num_segments)[0]
    shape = (n,) + tuple(shape_of(d)[len(shape_of(ids)):])
    return run("UnsortedSegmentSum", _segment_sum_kernel(n, name), (d, ids), dtype, shape,
               attrs={"num_segments": n})


def _indexed_slices_to_dense(self):
    """The dense tensor (TensorFlow's UnsortedSegmentSum of the rows into zeros)."""
    if self._dense_shape is None:
        raise ValueError("Tensor conversion requested for IndexedSlices for argument `value` without "
                         f"dense_shape: {self}")
    values = convert_to_tensor(self._values)
    index_tensor = convert_to_tensor(self._indices)
    if any(_known_only_when_run(t) for t in (values, index_tensor, self._dense_shape)):
        # In a graph, with indices or sizes known only when it runs: TensorFlow's conversion as an op.
        return unsorted_segment_sum(values, index_tensor, convert_to_tensor(self._dense_shape)[0])
    indices = np.asarray(index_tensor._data.view()).reshape(-1)
    shape = [int(d) for d in np.asarray(convert_to_tensor(self._dense_shape)._data.view()).reshape(-1)]
    rows_shape = (len(indices),) + tuple(shape[1:])
    np.asarray(values._data.view()).reshape(rows_shape)  # NumPy's error when the rows do not fit
    if values.dtype.name == "string":
        raise TypeError("IndexedSlices of strings cannot be converted to a dense Tensor")
    bad = np.flatnonzero((indices < 0) | (indices >= shape[0])) if shape else np.arange(len(indices))
    if len(bad):
        _C.place_op("UnsortedSegmentSum")
        raise op_error("UnsortedSegmentSum",
                       f"segment_ids[{bad[0]}] = {indices[bad[0]]} is out of range [0, {shape[0] if shape else 0})")
    # An op of its own (recorded by a tape), so a gradient made dense is differentiated again.
    rows_shape = index_tensor._shape_tuple + tuple(shape[1:])
    if values._shape_tuple != rows_shape:
        values = reshape(values, rows_shape)
    return unsorted_segment_sum(values, index_tensor, shape[0])


IndexedSlices._as_tensor = _indexed_slices_to_dense  # what convert_to_tensor calls for IndexedSlices
