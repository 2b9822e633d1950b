"""Shape functions of Unique, the sorted searches (LowerBound, UpperBound), the segment
reductions (Segment*: one row per id up to the last, known only when they run), the tensor
scatters (TensorScatter*: the tensor's shape), BroadcastArgs, the dynamic partitions and stitches,
HistogramFixedWidth, UnravelIndex and EnsureShape, after TensorFlow's C++ ones."""
from varrt.base import dtypes
from varrt.ops.shape_fns.common import (ShapeError, concat, dim_from_scalar, merge, shape_out, subshape, with_rank,
                                        with_rank_at_least, with_rank_at_most)


def unique(ctx):
    """Unique, UniqueWithCounts: y (and count) [?], idx the input's [N]."""
    x = with_rank(ctx.shape("x"), 1)
    return [shape_out([None]), shape_out(x)] + [shape_out([None])] * (ctx.num_outputs - 2)


def sorted_search(ctx):
    """LowerBound, UpperBound: the values' shape; both matrices (the rows' count is the kernel's
    check)."""
    with_rank(ctx.shape("sorted_inputs"), 2)
    return shape_out(with_rank(ctx.shape("values"), 2))


def segment_reduction(ctx):
    """Segment*: [?] + data's dims after the first; segment_ids a vector (its length is the
    kernel's check)."""
    data = with_rank_at_least(ctx.shape("data"), 1)
    with_rank(ctx.shape("segment_ids"), 1)
    return shape_out(concat([None], subshape(data, 1)) if data is not None else None)


def tensor_scatter(ctx):
    """TensorScatter*: the tensor's shape."""
    return shape_out(ctx.shape("tensor"))


def broadcast_args(ctx):
    """BroadcastArgs: a vector as long as the longer shape vector."""
    s0, s1 = with_rank(ctx.shape("s0"), 1), with_rank(ctx.shape("s1"), 1)
    n = None if s0[0] is None or s1[0] is None else max(s0[0], s1[0])
    return shape_out([n])


def dynamic_partition(ctx):
    """DynamicPartition: each output [?] + data's dims after partitions' rank."""
    data, parts = ctx.shape("data"), ctx.shape("partitions")
    if data is None or parts is None:
        return [shape_out(None)] * ctx.num_outputs
    return [shape_out(concat([None], subshape(data, len(parts))))] * ctx.num_outputs


def dynamic_stitch(ctx):
    """DynamicStitch: [?] + the first data's dims after the first indices' rank."""
    indices, data = ctx.shape("indices"), ctx.shape("data")
    if not indices or not data or indices[0] is None or data[0] is None:
        return shape_out(None)
    return shape_out(concat([None], subshape(data[0], len(indices[0]))))


def histogram_fixed_width(ctx):
    """HistogramFixedWidth: [nbins] (unknown unless nbins is a constant)."""
    return shape_out([dim_from_scalar(ctx, "nbins")])


def unravel_index(ctx):
    """UnravelIndex: [len(dims)] for a scalar index, [len(dims), N] for a vector."""
    indices, dims = ctx.shape("indices"), with_rank(ctx.shape("dims"), 1)
    if indices is None:
        return shape_out(None)
    if len(indices) == 0:
        return shape_out([dims[0]])
    return shape_out([dims[0], indices[0]]) if len(indices) == 1 else shape_out(None)


def ensure_shape(ctx):
    """EnsureShape: the input's shape merged with the `shape` attribute."""
    wanted = ctx.attr("shape", None)
    if wanted is None:
        return shape_out(ctx.shape("input"))
    return shape_out(merge(ctx.shape("input"), [None if d is None or d < 0 else d for d in wanted]))


def dense_bincount(ctx):
    """DenseBincount: [size] for a vector input, [rows, size] for a matrix."""
    data = with_rank_at_most(ctx.shape("input"), 2)
    size = dim_from_scalar(ctx, "size")
    if data is None:
        return shape_out(None)
    return shape_out([size] if len(data) <= 1 else [data[0], size])


def bitcast(ctx):
    """Bitcast: the input's shape, its last dimension consumed (a wider type) or one added (narrower)."""
    x = ctx.shape("input")
    given = ctx.input_dtypes[0] if ctx.input_dtypes and ctx.input_dtypes[0] is not None else ctx.attr("T")
    size_in = None if given is None else dtypes.as_dtype(given).size
    size_out = dtypes.as_dtype(ctx.attr("type")).size
    if x is None or size_in is None:
        return shape_out(None)
    if size_in == size_out:
        return shape_out(x)
    if size_in > size_out:
        return shape_out(x + [size_in // size_out])
    if not x or x[-1] not in (None, size_out // size_in):
        raise ShapeError("Cannot bitcast due to shape. " + str(x[-1] if x else 0) + " does not match "
                         + str(size_out // size_in))
    return shape_out(x[:-1])
