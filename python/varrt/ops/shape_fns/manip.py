"""Shape functions of the ops that cut, pad and move elements: Split, SplitV, Slice, Pad,
PadV2, MirrorPad, MirrorPadGrad, ReverseV2, Roll (TensorFlow's core/ops/array_ops.cc,
manip_ops.cc and common_shape_fns.cc), and SpaceToBatchND and BatchToSpaceND."""
import numpy as np

from varrt.ops.shape_fns.common import (ShapeError, UNKNOWN, merge, scalar_of, shape_from_tensor, shape_out,
                                        with_rank, with_rank_at_least, with_rank_at_most, with_value)


def _axis_with_negative_indexing(ctx, name, rank):
    """TensorFlow's MakeDimForScalarInputWithNegativeIndexing: the axis a scalar input names,
    counted from the end when negative, None when unknown."""
    with_rank(ctx.shape(name), 0)
    value = ctx.const(name)
    if value is None:
        return None
    v = scalar_of(value)
    if rank is None:
        return None if v < 0 else v
    if rank and not -rank <= v < rank:  # a scalar's rank 0 is left to the op's own check
        raise ShapeError(f"Dimension size, given by scalar input {v} must be in range [{-rank}, {rank})")
    return v + rank if v < 0 else v


def _replace(dims, i, d):
    return dims[:i] + [d] + dims[i + 1:]


def split(ctx):
    """Split: num_split equal outputs, the split dimension divided by their count."""
    src = ctx.shape("value")
    n = ctx.num_outputs
    axis = _axis_with_negative_indexing(ctx, "split_dim", None if src is None else len(src))
    if axis is None:
        return [shape_out(None if src is None else [None] * len(src))] * n
    src = with_rank_at_least(src, axis + 1)
    if src is None:
        return [UNKNOWN] * n
    d = src[axis]
    if d is not None and d % n:
        raise ShapeError(f"Dimension size must be evenly divisible by {n} but is {d}\n\t"
                         "Number of ways to split should evenly divide the split dimension")
    return [shape_out(_replace(src, axis, None if d is None else d // n))] * n


def split_v(ctx):
    """SplitV: outputs of the sizes size_splits gives (one -1: the rest) along split_dim."""
    src = ctx.shape("value")
    n = ctx.num_outputs
    rank = None if src is None else len(src)
    axis = _axis_with_negative_indexing(ctx, "split_dim", rank)
    sizes = ctx.const("size_splits")
    if rank is None:
        return [UNKNOWN] * n
    if rank == 0:
        raise ShapeError("Can't split scalars")
    if sizes is None:
        if axis is None:
            return [shape_out([None] * rank)] * n
        return [shape_out(_replace(src, axis, None))] * n
    if axis is None:
        return [shape_out([None] * rank)] * n
    with_rank_at_least(src, axis + 1)
    data = [int(v) for v in sizes.reshape(-1)]
    if len(data) != n:
        raise ShapeError("Length of size_splits should be equal to num_outputs")
    total, has_neg_one = 0, False
    for s in data:
        if s == -1:
            if has_neg_one:
                raise ShapeError("size_splits can only have one -1")
            has_neg_one = True
        else:
            total += s
    d = src[axis]
    outs = []
    for i, s in enumerate(data):
        if s == -1 and d is not None:
            s = d - total
        if s < -1 or (s == -1 and d is not None):
            raise ShapeError(f"Split size at index {i} must be >= 0. Got: {s}")
        outs.append(shape_out(_replace(src, axis, None if s == -1 else s)))
    if d is not None and (total > d if has_neg_one else total != d):
        raise ShapeError(f"can't split axis of size {d} into pieces of size [{','.join(str(s) for s in data)}]")
    return outs


def slice_(ctx):
    """Slice: `size` where it is known (-1: the input's dim less `begin`), else its rank."""
    src = ctx.shape("input")
    begin_shape = with_rank(ctx.shape("begin"), 1)
    size_shape = with_rank(ctx.shape("size"), 1)
    begin_shape = merge(begin_shape, size_shape)
    ndims = begin_shape[0]
    if ndims is not None:
        src = with_rank(src, ndims)
    begin = shape_from_tensor(ctx, "begin")
    sizes = ctx.const("size")
    if sizes is not None:
        sizes = [int(v) for v in sizes.reshape(-1)]
        begin = with_rank(begin, len(sizes))
        dims = []
        for i, s in enumerate(sizes):
            if s == -1:
                d = None if src is None else src[i]
                if d is None or begin[i] is None:
                    dims.append(None)
                else:
                    if d < begin[i]:
                        raise ShapeError(f"Negative dimension size caused by subtracting {begin[i]} from {d}")
                    dims.append(d - begin[i])
            elif s < 0:
                raise ShapeError(f"Dimension {i} has negative size {s}")  # MakeDim's check
            else:
                dims.append(s)
        return shape_out(dims)
    size_dims = shape_from_tensor(ctx, "size")
    if size_dims is not None:
        with_rank(begin, len(size_dims))
        return shape_out(size_dims)
    return shape_out(None if src is None else [None] * len(src))


def pad(ctx):
    """Pad, PadV2 (which leaves its constant's shape to the kernel), MirrorPad: each dim grown by its paddings."""
    paddings = with_rank(ctx.shape("paddings"), 2)
    with_value(paddings[1], 2)
    src = ctx.shape("input")
    n_dim = paddings[0]
    if n_dim is not None:
        src = with_rank(src, n_dim)
    elif src is not None:
        n_dim = len(src)
    value = ctx.const("paddings")
    if value is None:
        return shape_out(None if n_dim is None else [None] * n_dim)
    value = value.reshape(-1, 2) if value.size else value.reshape(value.shape[0], 2)
    src = with_rank(src, value.shape[0])
    dims = []
    for d, (before, after) in zip(src, value.tolist()):
        if before < 0 or after < 0:
            raise ShapeError("Paddings must be non-negative")
        dims.append(None if d is None else d + before + after)
    return shape_out(dims)


def mirror_pad_grad(ctx):
    """MirrorPadGrad: each dim shrunk by its paddings."""
    paddings = with_rank(ctx.shape("paddings"), 2)
    rank = paddings[0]
    if rank is None:
        return UNKNOWN
    src = with_rank(ctx.shape("input"), rank)
    merge(paddings, [rank, 2])
    value = ctx.const("paddings")
    if value is None:
        return shape_out([None] * rank)
    dims = []
    for d, (before, after) in zip(src, value.reshape(rank, 2).tolist()):
        if before < 0 or after < 0:
            raise ShapeError("Paddings must be non-negative")
        if d is not None and d < before + after:
            raise ShapeError(f"Negative dimension size caused by subtracting {before + after} from {d}")
        dims.append(None if d is None else d - before - after)
    return shape_out(dims)


def reverse_v2(ctx):
    """ReverseV2: the input's shape; known axes must be distinct and in range."""
    src = ctx.shape("tensor")
    with_rank(ctx.shape("axis"), 1)
    if src is not None and len(src) > 8:
        raise ShapeError("reverse does not work on tensors with more than 8 dimensions")
    axis = ctx.const("axis")
    if axis is not None and src is not None:
        rank = len(src)
        seen = set()
        for i, v in enumerate(axis.reshape(-1).tolist()):
            d = v + rank if v < 0 else v
            if not 0 <= d < rank:
                raise ShapeError(f"'axis'[{i}] = {v} is out of valid range [0, {rank - 1}")
            if d in seen:
                raise ShapeError(f"axis {d} specified more than once.")
            seen.add(d)
    return shape_out(src)


def roll(ctx):
    """Roll: the input's shape (at least a vector); shift and axis alike, scalars or vectors."""
    src = with_rank_at_least(ctx.shape("input"), 1)
    shift = with_rank_at_most(ctx.shape("shift"), 1)
    axis = with_rank_at_most(ctx.shape("axis"), 1)
    merge(shift, axis)
    return shape_out(src)


def _space_batch(ctx, pairs_name, to_batch):
    """SpaceToBatchND / BatchToSpaceND (TensorFlow's SpaceToBatchShapeHelper and
    BatchToSpaceShapeHelper): the batch times (or divided by) the blocks' product, dimensions
    1..M padded and divided (or multiplied and cropped) where block_shape and the pairs are known."""
    block_shape = with_rank(ctx.shape("block_shape"), 1)
    with_rank(ctx.shape(pairs_name), 2)
    m = block_shape[0]
    if m is None:
        return UNKNOWN
    x = with_rank_at_least(ctx.shape("input"), m + 1)
    pairs_shape = ctx.shape(pairs_name)
    merge(pairs_shape, [m, 2])
    x = list(x) if x is not None else [None] * (m + 1)
    rest = x[m + 1:] if ctx.shape("input") is not None else None
    block = ctx.const("block_shape")
    pairs = ctx.const(pairs_name)
    batch = x[0]
    if block is not None and block.size > 0:
        block = [int(v) for v in block.reshape(-1)]
        for b in block:
            if b < 1:
                raise ShapeError("block_shape must be positive")
            if to_batch:
                batch = None if batch is None else batch * b
            elif batch is not None:  # divided by each block size in turn, as TensorFlow's Divide runs
                if batch % b:
                    raise ShapeError(f"Dimension size must be evenly divisible by {b} but is {batch}")
                batch //= b
    elif m > 0:
        batch = None
    dims = [None] * m
    if pairs is not None and pairs.size > 0:
        pairs = pairs.reshape(-1, 2)
        for i in range(m):
            start, end = int(pairs[i, 0]), int(pairs[i, 1])
            if start < 0 or end < 0:
                raise ShapeError(f"{'paddings' if to_batch else 'crops'} cannot be negative")
            if block is not None and not isinstance(block, np.ndarray) and x[i + 1] is not None:
                if to_batch:
                    padded = x[i + 1] + start + end
                    if padded % block[i]:
                        raise ShapeError(f"Dimension size must be evenly divisible by {block[i]} but is {padded}")
                    dims[i] = padded // block[i]
                else:
                    full = x[i + 1] * block[i]
                    if full < start + end:
                        raise ShapeError(f"Negative dimension size caused by subtracting {start + end} from {full}")
                    dims[i] = full - start - end
    if rest is None:
        return UNKNOWN
    return shape_out([batch] + dims + rest)


def space_to_batch_nd(ctx):
    """SpaceToBatchND: see _space_batch."""
    return _space_batch(ctx, "paddings", True)


def batch_to_space_nd(ctx):
    """BatchToSpaceND: see _space_batch."""
    return _space_batch(ctx, "crops", False)
