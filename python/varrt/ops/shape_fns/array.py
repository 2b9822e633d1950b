"""Shape functions of the array ops (TensorFlow's core/ops/array_ops.cc), but StridedSlice's
(strided_slice.py)."""
from varrt.ops.shape_fns.common import (SCALAR, ShapeError, UNKNOWN, as_list, concat, dim_from_scalar, merge,
                                        merge_all, merge_dim, multiply, scalar_of, shape_from_tensor, shape_out,
                                        subshape, text, with_rank, with_rank_at_least, with_rank_at_most,
                                        with_value)


def shape(ctx):
    """Shape: a vector as long as the input's rank."""
    d = as_list(ctx.input_shapes[0])
    return shape_out([None if d is None else len(d)])


def shape_n(ctx):
    return [shape_out([None if s.rank is None else s.rank]) for s in ctx.input_shapes]


def identity_n(ctx):
    """IdentityN: each output the shape of its input."""
    return [shape_out(as_list(s)) for s in ctx.input_shapes]


def rank_or_size(ctx):
    return SCALAR


def reshape(ctx):
    """Reshape: the shape input's dims, one -1 inferred from the input's elements where the
    rest is known (TensorFlow's SetOutputShapeForReshape)."""
    src = ctx.shape("tensor")
    out = shape_from_tensor(ctx, "shape")
    if out is None or src is None:
        return shape_out(out)
    too_many = False

    def known_product(dims):
        nonlocal too_many
        product, unknown_at = 1, -1
        for i, d in enumerate(dims):
            if d is None:
                if unknown_at >= 0:
                    too_many = True
                    return product, unknown_at
                unknown_at = i
            else:
                product *= d
        return product, unknown_at

    out_known, out_unknown = known_product(out)
    in_known, in_unknown = known_product(src)
    if too_many:
        return shape_out(out)
    if in_unknown < 0 and out_unknown < 0:
        if in_known != out_known:
            raise ShapeError(f"Cannot reshape a tensor with {in_known} elements to shape {text(out)} "
                             f"({out_known} elements)")
    elif in_unknown < 0 <= out_unknown and out_known > 0:
        out = list(out)
        out[out_unknown] = _divide(in_known, out_known)
    elif out_unknown < 0 <= in_unknown and in_known != 0:
        merge_dim(src[in_unknown], _divide(out_known, in_known))
    elif in_unknown >= 0 and out_unknown >= 0 and in_known == out_known:
        out = list(out)
        out[out_unknown] = src[in_unknown]
    return shape_out(out)


def _divide(dividend, divisor):
    if dividend is None:
        return None
    if dividend % divisor:
        raise ShapeError(f"Dimension size must be evenly divisible by {divisor} but is {dividend}")
    return dividend // divisor


def broadcast_to(ctx):
    """BroadcastTo: the shape input, with the input's dims greater than 1 merged in."""
    out = shape_from_tensor(ctx, "shape")
    src = ctx.shape("input")
    if out is None or src is None:
        return shape_out(out)
    with_rank_at_most(src, len(out))
    out = list(out)
    for i in range(1, len(src) + 1):
        if src[-i] is not None and src[-i] > 1:
            out[-i] = merge_dim(src[-i], out[-i])
    return shape_out(out)


def concat_v2(ctx):
    """ConcatV2: the inputs agree but on the axis, where their sizes add up."""
    shapes = ctx.shape("values")
    rank = None
    for s in shapes:
        if rank is None and s is not None:
            rank = len(s)
        if rank is not None:
            with_rank(s, rank)
    with_rank(ctx.shape("axis"), 0)
    axis = ctx.const("axis")
    if axis is None:
        if rank == 0:
            raise ShapeError("Can't concatenate scalars (use tf.stack instead)")
        return shape_out(None if rank is None else [None] * rank)
    axis = scalar_of(axis)
    min_rank = -axis if axis < 0 else axis + 1

    def parts(s):
        with_rank_at_least(s, min_rank)
        if s is None:
            return None, None, None
        after = s[axis + 1:] if axis != -1 else []
        return s[:axis], s[axis], after

    before, middle, after = parts(shapes[-1])
    for s in reversed(shapes[:-1]):
        b, m, a = parts(s)
        before = merge(b, before)
        after = merge(a, after)
        middle = None if middle is None or m is None else middle + m
    return shape_out(concat(before, [middle], after))


def pack(ctx):
    """Pack: the inputs' merged shape with their count inserted at axis."""
    shapes = ctx.shape("values")
    cur = merge_all(shapes)
    if cur is None:
        return UNKNOWN
    rank = len(cur)
    axis = ctx.attr("axis", 0)
    if not -(rank + 1) <= axis < rank + 1:
        raise ShapeError(f"Invalid axis: {axis}; must be in [{-(rank + 1)},{rank + 1})")
    axis %= rank + 1
    return shape_out(cur[:axis] + [len(shapes)] + cur[axis:])


def unpack(ctx):
    """Unpack: `num` outputs, each the input without the axis."""
    s = as_list(ctx.input_shapes[0])
    num = ctx.attr("num", ctx.num_outputs)
    if s is not None:
        rank = len(s)
        axis = ctx.attr("axis", 0)
        if not -rank <= axis < rank:
            raise ShapeError(f"Invalid axis: {axis}; must be in [{-rank},{rank})")
        axis %= rank
        with_value(s[axis], num)
        s = s[:axis] + s[axis + 1:]
    return [shape_out(s)] * num


def transpose(ctx):
    """Transpose, ConjugateTranspose: the input's dims in perm's order (TensorFlow's
    TransposeShapeFn): the rank from the input, or perm's length."""
    src = ctx.shape("x")
    perm_shape = ctx.shape("perm")
    perm = ctx.const("perm")
    perm_elems = None if perm_shape is None or None in perm_shape else _product(perm_shape)
    if src is None and perm_elems is None and perm is None:
        return UNKNOWN
    rank = len(src) if src is not None else perm_elems if perm_elems is not None else perm.size
    if src is None and rank < 2:
        return UNKNOWN  # a one-element perm says nothing of the rank
    src = with_rank(src, rank)
    with_rank(perm_shape, 1)
    with_value(perm_elems, rank)
    if perm is None:
        return shape_out([None] * rank)
    dims = []
    for p in perm.reshape(-1).tolist():
        if p >= rank or p < -rank:
            raise ShapeError(f"perm dim {p} is out of range of input rank {rank}")
        dims.append(src[p])
    return shape_out(dims)


def _product(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def expand_dims(ctx):
    """ExpandDims: a 1 inserted at dim."""
    src = ctx.shape("input")
    dim = ctx.const("dim")
    if dim is not None and dim.size != 1:
        raise ShapeError("'dim' input must be a tensor with a single value")
    if dim is None or src is None:
        return UNKNOWN
    d, rank = scalar_of(dim), len(src)
    if not -rank - 1 <= d <= rank:
        raise ShapeError(f"dim {d} not in the interval [{-rank - 1}, {rank}].")
    d %= rank + 1
    return shape_out(src[:d] + [1] + src[d:])


def squeeze(ctx):
    """Squeeze: the dims of size 1 dropped (only squeeze_dims when given; an unknown dim there
    is taken to be 1, an unknown dim elsewhere makes squeezing all 1s unknown)."""
    src = as_list(ctx.input_shapes[0])
    if src is None:
        return UNKNOWN
    rank = len(src)
    wanted = set()
    for i, d in enumerate(ctx.attr("squeeze_dims", ())):
        if not -rank <= d < rank:
            raise ShapeError(f"squeeze_dims[{i}] not in [{-rank},{rank}).")
        wanted.add(d % rank)
    out = []
    for i, d in enumerate(src):
        if d is None:
            if i in wanted:
                continue
            if not wanted:
                return UNKNOWN
        elif d == 1:
            if not wanted or i in wanted:
                continue
        elif i in wanted:
            raise ShapeError(f"Can not squeeze dim[{i}], expected a dimension of 1, got {d}")
        out.append(d)
    return shape_out(out)


def fill(ctx):
    """Fill: the shape dims gives; value is a scalar."""
    with_rank(ctx.shape("dims"), 1)
    with_rank(ctx.shape("value"), 0)
    dims = ctx.const("dims")
    if dims is not None and (dims < 0).any():
        raise ShapeError("Fill dimensions must be >= 0")
    return shape_out(shape_from_tensor(ctx, "dims"))


def tile(ctx):
    """Tile: each dim times its multiple."""
    src = ctx.shape("input")
    multiples = shape_from_tensor(ctx, "multiples")
    if src is not None:
        multiples = with_rank(multiples, len(src))
        merge(ctx.shape("multiples"), [len(src)])
    if multiples is None:
        return UNKNOWN
    src = with_rank(src, len(multiples))
    return shape_out([multiply(d, m) for d, m in zip(src, multiples)])


def gather_v2(ctx):
    """GatherV2: params' dims before axis, indices' after batch_dims, params' after axis."""
    with_rank_at_most(ctx.shape("axis"), 1)
    params = with_rank_at_least(ctx.shape("params"), 1)
    indices = ctx.shape("indices")
    with_rank(ctx.shape("axis"), 0)
    batch_dims = ctx.attr("batch_dims", 0)
    axis = ctx.const("axis")
    if axis is None:
        if params is None or indices is None:
            return UNKNOWN
        return shape_out([None] * (len(params) + len(indices) - 1 - batch_dims))
    axis = scalar_of(axis)
    with_rank_at_least(params, -axis if axis < 0 else axis + 1)
    with_rank_at_least(indices, abs(batch_dims))
    if batch_dims < 0 and indices is not None:
        batch_dims += len(indices)
    with_rank_at_least(params, batch_dims + 1)
    out = concat(subshape(params, 0, axis), subshape(indices, batch_dims))
    if axis != -1:
        out = concat(out, subshape(params, axis + 1))
    return shape_out(out)


def gather_nd_dims(params, indices):
    """GatherNd's rule, shared with ResourceGatherNd: indices' outer dims, then params' after
    the indexed ones."""
    params = with_rank_at_least(params, 1)
    indices = with_rank_at_least(indices, 1)
    if params is None or indices is None or indices[-1] is None:
        return UNKNOWN
    r = indices[-1]
    if r > len(params):
        raise ShapeError(f"indices.shape[-1] must be <= params.rank, but saw indices shape: {text(indices)} and "
                         f"params shape: {text(params)}")
    return shape_out(indices[:-1] + params[r:])


def gather_nd(ctx):
    return gather_nd_dims(ctx.shape("params"), ctx.shape("indices"))


def one_hot(ctx):
    """OneHot: depth inserted into indices' dims at axis."""
    axis = ctx.attr("axis", -1)
    if axis < -1:
        raise ShapeError("axis must be >= -1")
    depth = dim_from_scalar(ctx, "depth")
    indices = ctx.shape("indices")
    if indices is None:
        return UNKNOWN
    at = (axis + len(indices) + 1) % (len(indices) + 1)
    return shape_out(indices[:at] + [depth] + indices[at:])


def scatter_nd(ctx):
    """ScatterNd: the shape input, checked against indices and updates."""
    indices = with_rank_at_least(ctx.shape("indices"), 1)
    updates = with_rank_at_least(ctx.shape("updates"), 1)
    out = shape_from_tensor(ctx, "shape")
    if indices is not None and updates is not None and indices[-1] is not None:
        outer, ix = len(indices) - 1, indices[-1]
        prefix_i, prefix_u = indices[:outer], updates[:outer]
        try:
            merge(prefix_i, prefix_u)
        except ShapeError as e:
            raise ShapeError(f"Dimensions [0,{outer}) of indices[shape={text(indices)}] = {text(prefix_i)} must "
                             f"match dimensions [0,{outer}) of updates[shape={text(updates)}] = {text(prefix_u)}: "
                             f"{e}") from None
        suffix_o, suffix_u = subshape(out, ix), updates[outer:]
        try:
            merge(suffix_o, suffix_u)
        except ShapeError as e:
            raise ShapeError(f"Dimensions [{ix},{len(out)}) of input[shape={text(out)}] = {text(suffix_o)} must match "
                             f"dimensions [{outer},{len(updates)}) of updates[shape={text(updates)}] = "
                             f"{text(suffix_u)}: {e}") from None
    return shape_out(out)


def where(ctx):
    """Where: [number of true elements (known only when it runs), rank of the input]."""
    s = as_list(ctx.input_shapes[0])
    return shape_out([None, None if s is None else len(s)])


def strided_slice_grad(ctx):
    """StridedSliceGrad: the shape of the sliced input, its `shape` input."""
    return shape_out(shape_from_tensor(ctx, "shape"))


def tensor_array_write(ctx):
    """varrt's TensorArrayWriteV3 on a flow [size, *element]: the value's shape behind a size the
    graph knows only when it runs (a write may grow the array)."""
    value = as_list(ctx.input_shapes[2])
    return shape_out(None if value is None else [None] + value)


# The values TensorFlow's shape refiner folds while building: an op whose value is its input's
# static shape (a record's folds_from_shape), given that fully known shape.
def shape_value(dims):
    """Shape, ShapeN: the dims themselves."""
    return list(dims)


def size_value(dims):
    """Size: the element count."""
    return _product(dims)


def _image(ctx):
    """A rank-4 NHWC input and the block size (DepthToSpace, SpaceToDepth)."""
    d = with_rank(ctx.shape("input"), 4)
    return ([None] * 4 if d is None else d), int(ctx.attr("block_size"))


def depth_to_space(ctx):
    """DepthToSpace: [b, h * bs, w * bs, d / bs^2], the depth evenly divisible."""
    (b, h, w, d), bs = _image(ctx)
    return shape_out([b, multiply(h, bs), multiply(w, bs), _divide(d, bs * bs)])


def space_to_depth(ctx):
    """SpaceToDepth: [b, h / bs, w / bs, d * bs^2], height and width evenly divisible."""
    (b, h, w, d), bs = _image(ctx)
    return shape_out([b, _divide(h, bs), _divide(w, bs), multiply(d, bs * bs)])


def invert_permutation(ctx):
    """InvertPermutation: a vector in, its shape out."""
    return shape_out(with_rank(as_list(ctx.input_shapes[0]), 1))
