"""Dense scatters under TensorFlow's op names: scatter_nd (ScatterNd) and unsorted_segment_sum
(UnsortedSegmentSum). The gradients of the gathers (GatherV2 along other axes, GatherNd,
ResourceGatherNd) put their output's gradient back with them; as ops of their own they are
recorded by a tape too, so second derivatives go through them (their gradients are gathers).
Indices here come from a gather that already checked them.

Inside a graph the output's size may be known only when it runs (a gradient for a batch of
unknown size): the shape or num_segments is then the op's input, which the kernel reads then.
"""
import numpy as np

from varrt.ops.op_util import host_if_known, int_list, is_tensor_like, operand, quiet, run, shape_of, tensor_operand


def _known_only_when_run(size):
    """Whether a size argument is a graph tensor whose value is known only when the graph runs."""
    return is_tensor_like(size) and host_if_known(tensor_operand(size)[0]) is None


def _scatter_nd_into(out, idx, upd):
    out.fill(0)
    depth = idx.shape[-1]
    flat = idx.reshape(-1, depth)
    with quiet(all="ignore"):
        np.add.at(out, tuple(flat.T), upd.reshape((flat.shape[0],) + out.shape[depth:]))


def scatter_nd(indices, updates, shape, name=None):
    """A zero tensor of `shape` with `updates` added at `indices` (the last dimension of
    `indices` addresses an element or a slice; repeated indices add up)."""
    idx, _ = operand(indices)
    upd, dtype = operand(updates)
    if _known_only_when_run(shape):
        def sized(idx, upd, dims_now):
            out = np.empty([int(d) for d in dims_now], dtype=upd.dtype)
            _scatter_nd_into(out, idx, upd)
            return out
        return run("ScatterNd", sized, (idx, upd, tensor_operand(shape)[0]), dtype)
    dims = tuple(int_list(shape))

    def kernel(idx, upd, out=None):
        _scatter_nd_into(out, idx, upd)
    return run("ScatterNd", kernel, (idx, upd), dtype, dims, attrs={"shape": dims})


def _segment_sum_into(out, d, ids):
    out.fill(0)
    flat = ids.reshape(-1)
    rows = d.reshape((flat.shape[0],) + d.shape[ids.ndim:])
    keep = (flat >= 0) & (flat < out.shape[0])
    with quiet(all="ignore"):
        np.add.at(out, flat[keep], rows[keep])


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """Sums of the rows (the leading `segment_ids`-shaped dimensions) of `data` per segment id,
    `num_segments` of them; ids out of range are dropped, as TensorFlow drops negative ones."""
    d, dtype = operand(data)
    ids, _ = operand(segment_ids)
    if _known_only_when_run(num_segments):
        def sized(d, ids, n):
            out = np.empty((int(n),) + d.shape[ids.ndim:], dtype=d.dtype)
            _segment_sum_into(out, d, ids)
            return out
        return run("UnsortedSegmentSum", sized, (d, ids, tensor_operand(num_segments)[0]), dtype)
    n = int_list(num_segments)[0]

    def kernel(d, ids, out=None):
        _segment_sum_into(out, d, ids)
    shape = (n,) + tuple(shape_of(d)[len(shape_of(ids)):])
    return run("UnsortedSegmentSum", kernel, (d, ids), dtype, shape, attrs={"num_segments": n})
