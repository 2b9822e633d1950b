"""Shape functions of the diagonal ops: MatrixDiagV3, MatrixDiagPartV3, MatrixSetDiagV3
(TensorFlow's core/ops/array_ops.cc, MatrixDiagV2Shape and its siblings)."""
from varrt.ops.shape_fns.common import (ShapeError, UNKNOWN, merge, scalar_of, shape_out, with_rank,
                                        with_rank_at_least, with_rank_at_most)


def _diag_index(ctx, name):
    """(lower, upper) from the constant `name` (TensorFlow's ReadDiagIndex), or None."""
    shape = with_rank_at_most(ctx.shape(name), 1)
    value = ctx.const(name)
    if value is None or (shape is not None and None in shape):
        return None
    values = [int(v) for v in value.reshape(-1)]
    if value.ndim == 1 and len(values) not in (1, 2):
        raise ShapeError(f"diag_index must be a vector with one or two elements. It has {len(values)} elements.")
    lower, upper = values[0], values[-1]
    if lower > upper:
        raise ShapeError("lower_diag_index is greater than upper_diag_index")
    return lower, upper


def _check_bounds(lower, upper, rows, cols):
    if rows is None or cols is None:
        return
    if lower != 0 and (-rows >= lower or lower >= cols):
        raise ShapeError("lower_diag_index is out of bound.")
    if upper != 0 and (-rows >= upper or upper >= cols):
        raise ShapeError("upper_diag_index is out of bound.")


def _scalar_value(ctx, name):
    value = ctx.const(name)
    return -1 if value is None else int(scalar_of(value))


def matrix_diag_part_v3(ctx):
    src = with_rank_at_least(ctx.shape("input"), 2)
    with_rank(ctx.shape("padding_value"), 0)
    band = _diag_index(ctx, "k")
    if src is None or band is None:
        return UNKNOWN
    lower, upper = band
    rows, cols = src[-2], src[-1]
    _check_bounds(lower, upper, rows, cols)
    max_len = None if rows is None or cols is None else min(rows + min(upper, 0), cols - max(lower, 0))
    return shape_out(src[:-2] + ([upper - lower + 1] if lower < upper else []) + [max_len])


def matrix_diag_v3(ctx):
    src = with_rank_at_least(ctx.shape("diagonal"), 1)
    for name in ("num_rows", "num_cols", "padding_value"):
        with_rank(ctx.shape(name), 0)
    band = _diag_index(ctx, "k")
    if src is None or band is None:
        return UNKNOWN
    lower, upper = band
    rank = len(src)
    if lower < upper:
        num_diags = src[-2] if rank >= 2 else None
        if num_diags != upper - lower + 1:
            raise ShapeError("The number of rows of `diagonal` doesn't match the number of diagonals implied from "
                             f"`d_lower` and `d_upper`.\nnum_diags = {-1 if num_diags is None else num_diags}, "
                             f"d_lower = {lower}, d_upper = {upper} {rank} "
                             f"{-1 if src[-1] is None else src[-1]}")
    rows, cols = _scalar_value(ctx, "num_rows"), _scalar_value(ctx, "num_cols")
    max_len = -1 if src[-1] is None else src[-1]
    min_rows = max_len - min(upper, 0)
    min_cols = max_len + max(lower, 0)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    elif rows != min_rows and cols != min_cols:
        raise ShapeError("num_rows and num_cols are not consistent with lower_diag_index, upper_diag_index, and the "
                         f"length of the given diagonals.\nnum_rows = {rows} != min_num_rows = {min_rows}, "
                         f"num_cols = {cols} != min_num_cols = {min_cols}")
    if src[-1] is None:
        rows = cols = None  # TensorFlow's arithmetic on an unknown length gives unknown dims
    if lower == upper:
        return shape_out(src[:-1] + [rows, cols])
    return shape_out(src[:-2] + [rows, cols])


def matrix_set_diag_v3(ctx):
    src = with_rank_at_least(ctx.shape("input"), 2)
    diag = with_rank_at_least(ctx.shape("diagonal"), 1)
    band = _diag_index(ctx, "k")
    lower, upper = band if band is not None else (0, 0)
    if src is not None:
        rank = len(src)
        if band is not None:
            diag = with_rank(diag, rank - 1 if lower == upper else rank)
        else:
            diag = with_rank_at_most(with_rank_at_least(diag, rank - 1), rank)
        _check_bounds(lower, upper, src[-2], src[-1])
    out = src
    if diag is not None and (src is None or None in src):
        prefix = diag[:-1] if lower == upper else diag[:-2]
        out = merge(src, prefix + [None, None])
    return shape_out(out)
