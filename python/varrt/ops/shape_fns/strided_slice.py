"""StridedSlice's shape function: TensorFlow's ValidateStridedSliceOp (util/strided_slice_op.cc)
on a partially known shape. The sparse spec (begin, end, strides and the five masks) becomes a
dense one with an index per input dimension; each dimension's size follows from its canonical
interval, unknown where the input's dimension or the bounds are; new axes add a 1 and shrunk
axes drop out."""
from varrt.ops.shape_fns.common import ShapeError, UNKNOWN, merge, shape_out, with_rank

_NEW_AXIS = -1
_SHRINK_AXIS = -2


def strided_slice(ctx):
    src = ctx.shape("input")
    spec_shape = with_rank(ctx.shape("begin"), 1)
    spec_shape = merge(spec_shape, with_rank(ctx.shape("end"), 1))
    spec_shape = merge(spec_shape, with_rank(ctx.shape("strides"), 1))
    strides = ctx.const("strides")
    if src is None or spec_shape[0] is None or strides is None:
        return UNKNOWN
    begin, end = ctx.const("begin"), ctx.const("end")
    masks = {k: int(ctx.attr(k, 0)) for k in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                              "shrink_axis_mask")}
    return shape_out(final_shape(src, None if begin is None else begin.reshape(-1).tolist(),
                                 None if end is None else end.reshape(-1).tolist(), strides.reshape(-1).tolist(),
                                 **masks))


def final_shape(src, begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask):
    if ellipsis_mask & (ellipsis_mask - 1):
        raise ShapeError("Multiple ellipses in slice spec not allowed")
    dims = len(strides)
    after_ellipsis, seen = 0, False
    for i in range(dims):
        if seen and (1 << i) & new_axis_mask:
            after_ellipsis += 1
        if (1 << i) & ellipsis_mask:
            seen = True
    if not seen:
        ellipsis_mask |= 1 << dims
        dims += 1
    dense = _dense_spec(len(src), dims, begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                        shrink_axis_mask, after_ellipsis)
    d_begin, d_end, d_strides, d_begin_mask, d_end_mask, d_shrink, gather = dense
    processing = []
    for i, dim in enumerate(src):
        stride = d_strides[i]
        if stride == 0:
            raise ShapeError(f"strides[{i}] must be non-zero")
        shrink = bool(d_shrink & (1 << i))
        if dim is None:
            processing.append(1 if shrink else None)
            continue
        masked = (bool(d_begin_mask & (1 << i)), bool(d_end_mask & (1 << i)))
        valid = (0, dim) if stride > 0 else (-1, dim - 1)

        def canonical(x, c):
            if masked[c]:
                return valid[c] if stride > 0 else valid[(c + 1) & 1]
            x = dim + x if x < 0 else x
            return min(max(x, valid[0]), valid[1])

        if shrink and stride <= 0:
            raise ShapeError("only stride 1 allowed on non-range indexing.")
        known = begin is not None and end is not None
        if known:
            if shrink:
                b = dim + d_begin[i] if d_begin[i] < 0 else d_begin[i]
                if b < 0 or b >= dim:
                    raise ShapeError(f"slice index {b} of dimension {i} out of bounds.")
                length = 1
            else:
                length = canonical(d_end[i], 1) - canonical(d_begin[i], 0)
        elif shrink:
            length, known = 1, True
        elif masked[0] and masked[1]:
            length, known = (-dim if stride < 0 else dim), True
        if not known:
            processing.append(None)
        elif length == 0 or (length < 0) != (stride < 0):
            processing.append(0)
        else:
            processing.append(-(-abs(length) // abs(stride)))
    out = []
    for g in gather:
        if g >= 0:
            out.append(processing[g])
        elif g == _NEW_AXIS:
            out.append(1)
    return out


def _dense_spec(rank, dims, begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                shrink_axis_mask, after_ellipsis):
    """TensorFlow's BuildDenseSpec: one begin/end/stride per input dimension, and where each
    output dimension comes from (an input dimension, a new axis, or nothing for a shrunk one)."""
    d_begin, d_end, d_strides = [0] * rank, [0] * rank, [1] * rank
    d_begin_mask = d_end_mask = d_shrink = 0
    gather = []
    full = 0
    for i in range(dims):
        bit = 1 << i
        if bit & ellipsis_mask:
            stop = min(rank - (dims - i) + 1 + after_ellipsis, rank)
            while full < stop:
                d_begin_mask |= 1 << full
                d_end_mask |= 1 << full
                gather.append(full)
                full += 1
        elif bit & new_axis_mask:
            gather.append(_NEW_AXIS)
        else:
            if full == rank:
                raise ShapeError(f"Index out of range using input dim {full}; input has only {rank} dims")
            if begin is not None:
                d_begin[full] = begin[i]
            if end is not None:
                d_end[full] = end[i]
            d_strides[full] = strides[i]
            if begin_mask & bit:
                d_begin_mask |= 1 << full
            if end_mask & bit:
                d_end_mask |= 1 << full
            if shrink_axis_mask & bit:
                gather.append(_SHRINK_AXIS)
                d_shrink |= 1 << full
            else:
                gather.append(full)
            full += 1
    return d_begin, d_end, d_strides, d_begin_mask, d_end_mask, d_shrink, gather
