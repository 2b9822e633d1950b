"""Shape functions of the math ops (TensorFlow's core/ops/math_ops.cc)."""
import math

import numpy as np

from varrt.ops.shape_fns.common import (ShapeError, UNKNOWN, as_list, broadcast_dims, concat, dim_from_scalar,
                                        merge, merge_all, merge_dim, scalar_of, shape_out, subshape, with_rank,
                                        with_rank_at_least, with_rank_at_most)


def add_n(ctx):
    """AddN: every input has one shape; their merge."""
    return shape_out(merge_all([as_list(s) for s in ctx.input_shapes]))


def matmul(ctx):
    """MatMul: [m, k] x [k, n] -> [m, n], transposes as the attrs say."""
    a = with_rank(as_list(ctx.input_shapes[0]), 2)
    b = with_rank(as_list(ctx.input_shapes[1]), 2)
    if ctx.attr("transpose_a"):
        a = a[::-1]
    if ctx.attr("transpose_b"):
        b = b[::-1]
    merge_dim(a[1], b[0])
    return shape_out([a[0], b[1]])


def batch_matmul(ctx):
    """BatchMatMulV2: batch dimensions broadcast, the last two multiply (adj_x, adj_y)."""
    a = with_rank_at_least(as_list(ctx.input_shapes[0]), 2)
    b = with_rank_at_least(as_list(ctx.input_shapes[1]), 2)
    if a is None or b is None:
        return UNKNOWN
    m, k = (a[-1], a[-2]) if ctx.attr("adj_x") else (a[-2], a[-1])
    k2, n = (b[-1], b[-2]) if ctx.attr("adj_y") else (b[-2], b[-1])
    merge_dim(k, k2)
    return shape_out(broadcast_dims(a[:-2], b[:-2]) + [m, n])


def reduction(ctx):
    """Sum, Mean, Max, ...: the reduced axes dropped, or kept as 1 (TensorFlow's ReductionShape)."""
    return _reduction(ctx, ctx.shape("input"))


def reduce_join(ctx):
    """ReduceJoin: TensorFlow's ReductionShape of its input `inputs`."""
    return _reduction(ctx, ctx.shape("inputs"))


def _reduction(ctx, shape):
    with_rank_at_most(ctx.shape("reduction_indices"), 1)
    keep = bool(ctx.attr("keep_dims", False))
    axes = ctx.const("reduction_indices")
    if axes is None or shape is None:
        return shape_out([None] * len(shape) if keep and shape is not None else None)
    rank = len(shape)
    chosen = set()
    for a in axes.reshape(-1).tolist():
        if not -rank <= a < rank:
            raise ShapeError(f"Invalid reduction dimension {a} for input with {rank} dimensions.")
        chosen.add(a % rank)
    if keep:
        return shape_out([1 if i in chosen else x for i, x in enumerate(shape)])
    return shape_out([x for i, x in enumerate(shape) if i not in chosen])


def arg_reduction(ctx):
    """ArgMax, ArgMin: the input without the dimension reduced (TensorFlow's ArgOpShape)."""
    shape = ctx.shape("input")
    with_rank(ctx.shape("dimension"), 0)
    if shape is None:
        return UNKNOWN
    rank = len(shape)
    if rank <= 1:
        return shape_out([])
    dim = ctx.const("dimension")
    if dim is None:
        return shape_out([None] * (rank - 1))
    d = scalar_of(dim)
    if not -rank <= d < rank:
        raise ShapeError(f"Dimension ({d}) must be in the range [{-rank}, {rank}), where {rank} is the number of "
                         "dimensions in the input.")
    d %= rank
    return shape_out(shape[:d] + shape[d + 1:])


def _number_text(v):
    """A number as TensorFlow's StrCat writes it (5, not 5.0)."""
    if isinstance(v, float):
        s = str(np.float32(v)) if v == np.float32(v) else repr(v)
        return s[:-2] if s.endswith(".0") else s
    return str(v)


def range_(ctx):
    """Range: a vector whose length constants give (TensorFlow's Range shape function)."""
    for name in ("start", "limit", "delta"):
        try:
            with_rank(ctx.shape(name), 0)
        except ShapeError as e:
            raise ShapeError(f"{e}\n\t for '{name}'") from None
    values = [ctx.const(n) for n in ("start", "limit", "delta")]
    if any(v is None for v in values):
        return shape_out([None])
    start, limit, delta = (scalar_of(v) for v in values)
    if delta == 0:
        raise ShapeError("Requires delta != 0")
    if delta > 0 and start > limit:
        raise ShapeError(f"Requires start <= limit when delta > 0: {_number_text(start)}/{_number_text(limit)}")
    if delta < 0 and start < limit:
        raise ShapeError(f"Requires start >= limit when delta < 0: {_number_text(start)}/{_number_text(limit)}")
    if all(isinstance(v, int) for v in (start, limit, delta)):
        size = (abs(limit - start) + abs(delta) - 1) // abs(delta)
    else:
        size = math.ceil(abs((limit - start) / delta))
    return shape_out([int(size)])


def select(ctx):
    """Select: t and e agree; a vector condition matches their first dimension, any other
    condition their whole shape (TensorFlow's Select shape function)."""
    data = merge(ctx.shape("t"), ctx.shape("e"))
    cond = ctx.shape("condition")
    if cond is None or data is None or len(cond) == 0:
        return shape_out(data)
    if len(cond) != 1 or len(data) == 0:
        return shape_out(merge(data, cond))
    merge(cond, [data[0]])
    return shape_out(data)


def select_v2(ctx):
    """SelectV2: the broadcast of condition, t and e."""
    other = broadcast_dims(ctx.shape("t"), ctx.shape("e"))
    return shape_out(broadcast_dims(ctx.shape("condition"), other))


def unsorted_segment(ctx, data_input="data"):
    """UnsortedSegmentSum (UnsortedSegmentJoin, whose data input is `inputs`): [num_segments] +
    data's dims after segment_ids' rank."""
    data, ids = ctx.shape(data_input), ctx.shape("segment_ids")
    with_rank(ctx.shape("num_segments"), 0)
    if ids is None:
        return UNKNOWN
    if data is not None:
        with_rank_at_least(data, len(ids))
        data = [merge_dim(x, y) for x, y in zip(data, ids)] + data[len(ids):]
    n = dim_from_scalar(ctx, "num_segments")
    return shape_out(concat([n], subshape(data, len(ids))))


def betainc(ctx):
    """Betainc: the non-scalar inputs merged (an input of unknown rank may be either); all scalars
    but one: that one's shape; all scalars: the first's."""
    output, scalars, some_non_scalar = None, 0, None
    for shape in ctx.input_shapes:
        d = as_list(shape)
        if d is None:
            some_non_scalar = d
        elif not d:
            scalars += 1
        else:
            output = merge(output, d)
            some_non_scalar = output
    if scalars == len(ctx.input_shapes) - 1:
        output = some_non_scalar
    elif scalars == len(ctx.input_shapes):
        output = as_list(ctx.input_shapes[0])
    return shape_out(output)


def cumulative(ctx):
    """Cumsum, Cumprod: the input's shape (TensorFlow checks the axis only when it runs)."""
    return ctx.input_shapes[0]
