"""Shape functions of Unique, the sorted searches (LowerBound, UpperBound), the segment
reductions (Segment*: one row per id up to the last, known only when they run) and the tensor
scatters (TensorScatter*: the tensor's shape), after TensorFlow's C++ ones."""
from varrt.ops.shape_fns.common import concat, shape_out, subshape, with_rank, with_rank_at_least


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
