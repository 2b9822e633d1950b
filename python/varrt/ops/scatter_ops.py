"""Dense scatters under TensorFlow's op names: scatter_nd (ScatterNd) and unsorted_segment_sum
(UnsortedSegmentSum). The gradients of the gathers (GatherV2 along other axes, GatherNd,
ResourceGatherNd) put their output's gradient back with them; as ops of their own they are
recorded by a tape too, so second derivatives go through them (their gradients are gathers).
Indices here come from a gather that already checked them.
"""
import numpy as np

from varrt.ops.op_util import int_list, operand, quiet, run, shape_of


def scatter_nd(indices, updates, shape, name=None):
    """A zero tensor of `shape` with `updates` added at `indices` (the last dimension of
    `indices` addresses an element or a slice; repeated indices add up)."""
    idx, _ = operand(indices)
    upd, dtype = operand(updates)
    dims = tuple(int_list(shape))

    def kernel(idx, upd, out=None):
        out.fill(0)
        depth = idx.shape[-1]
        flat = idx.reshape(-1, depth)
        with quiet(all="ignore"):
            np.add.at(out, tuple(flat.T), upd.reshape((flat.shape[0],) + dims[depth:]))
    return run("ScatterNd", kernel, (idx, upd), dtype, dims, attrs={"shape": dims})


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """Sums of the rows (the leading `segment_ids`-shaped dimensions) of `data` per segment id,
    `num_segments` of them; ids out of range are dropped, as TensorFlow drops negative ones."""
    d, dtype = operand(data)
    ids, _ = operand(segment_ids)
    n = int_list(num_segments)[0]

    def kernel(d, ids, out=None):
        out.fill(0)
        flat = ids.reshape(-1)
        rows = d.reshape((flat.shape[0],) + d.shape[ids.ndim:])
        keep = (flat >= 0) & (flat < n)
        with quiet(all="ignore"):
            np.add.at(out, flat[keep], rows[keep])
    shape = (n,) + tuple(shape_of(d)[len(shape_of(ids)):])
    return run("UnsortedSegmentSum", kernel, (d, ids), dtype, shape, attrs={"num_segments": n})

