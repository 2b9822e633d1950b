"""The linear-algebra ops' shapes (TensorFlow's core/ops/linalg_ops.cc): matrices in the last two
dimensions, batched over the others; square where the op needs it. Also Cross (math_ops.cc) and
Diag, DiagPart (array_ops.cc), tf.linalg's other ops, and Einsum."""
from varrt.ops import einsum_equation
from varrt.ops.shape_fns.common import (ShapeError, broadcast_dims, concat, merge, merge_dim, shape_out, subshape,
                                        with_rank, with_rank_at_least, with_value)


def _batch_square(d):
    """TensorFlow's MakeBatchSquareMatrix: rank >= 2, the last two dimensions equal."""
    d = with_rank_at_least(d, 2)
    if d is None:
        return None
    n = merge_dim(d[-2], d[-1])
    return d[:-2] + [n, n]


def _min_dim(a, b):
    """TensorFlow's InferenceContext::Min: a zero wins over an unknown dimension."""
    if a == 0 or b == 0:
        return 0
    return None if a is None or b is None else min(a, b)


def batch_square(ctx):
    """MatrixInverse, Cholesky: the input's shape, its matrices square."""
    return shape_out(_batch_square(ctx.shape("input")))


def _determinant_shape(ctx):
    d = with_rank_at_least(ctx.shape("input"), 2)
    if d is None:
        return shape_out(None)
    merge_dim(d[-1], d[-2])
    return shape_out(d[:-2])


def matrix_determinant(ctx):
    """MatrixDeterminant: the batch shape."""
    return _determinant_shape(ctx)


def log_matrix_determinant(ctx):
    """LogMatrixDeterminant: the batch shape, twice (sign, log of the absolute value)."""
    out = _determinant_shape(ctx)
    return [out, out]


def _solve(ctx, square):
    """TensorFlow's MatrixSolveShapeFn: [..., M, N] and [..., M, K] give [..., N, K]; the batch
    dimensions must agree (no broadcasting)."""
    lhs = _batch_square(ctx.shape("matrix")) if square else with_rank_at_least(ctx.shape("matrix"), 2)
    rhs = with_rank_at_least(ctx.shape("rhs"), 2)
    batch = merge(subshape(lhs, 0, -2), subshape(rhs, 0, -2))
    m = merge_dim(None if lhs is None else lhs[-2], None if rhs is None else rhs[-2])
    n = None if lhs is None else lhs[-1]
    if square:
        n = merge_dim(m, n)
    return shape_out(concat(batch, [n], [None if rhs is None else rhs[-1]]))


def matrix_solve(ctx):
    """MatrixSolve: square matrices."""
    return _solve(ctx, square=True)


def matrix_solve_ls(ctx):
    """MatrixSolveLs: a scalar regularizer, any matrices."""
    with_rank(ctx.shape("l2_regularizer"), 0)
    return _solve(ctx, square=False)


def matrix_triangular_solve(ctx):
    """MatrixTriangularSolve: square matrices, the batch dimensions broadcast."""
    lhs = _batch_square(ctx.shape("matrix"))
    rhs = with_rank_at_least(ctx.shape("rhs"), 2)
    batch = broadcast_dims(subshape(lhs, 0, -2), subshape(rhs, 0, -2))
    m = merge_dim(None if lhs is None else lhs[-1], None if rhs is None else rhs[-2])
    return shape_out(concat(batch, [m, None if rhs is None else rhs[-1]]))


def qr(ctx):
    """Qr: q [..., M, M] and r [..., M, N] with full_matrices, else [..., M, P] and [..., P, N],
    P = min(M, N)."""
    d = with_rank_at_least(ctx.shape("input"), 2)
    if d is None:
        return [shape_out(None), shape_out(None)]
    batch, m, n = d[:-2], d[-2], d[-1]
    p = _min_dim(m, n)
    if ctx.attr("full_matrices", False):
        return [shape_out(batch + [m, m]), shape_out(batch + [m, n])]
    return [shape_out(batch + [m, p]), shape_out(batch + [p, n])]


def svd(ctx):
    """Svd: s [..., P]; u and v [..., M, M] and [..., N, N] with full_matrices, else [..., M, P]
    and [..., N, P]; without compute_uv, u and v are [0]."""
    d = with_rank_at_least(ctx.shape("input"), 2)
    m = n = None if d is None else d[-1]
    if d is not None:
        m = d[-2]
    batch = subshape(d, 0, -2)
    p = _min_dim(m, n)
    s = shape_out(concat(batch, [p]))
    if not ctx.attr("compute_uv", True):
        return [s, shape_out([0]), shape_out([0])]
    if ctx.attr("full_matrices", False):
        return [s, shape_out(concat(batch, [m, m])), shape_out(concat(batch, [n, n]))]
    return [s, shape_out(concat(batch, [m, p])), shape_out(concat(batch, [n, p]))]


def self_adjoint_eig_v2(ctx):
    """SelfAdjointEigV2: e [..., N]; v [..., N, N], or [0] without compute_v."""
    d = _batch_square(ctx.shape("input"))
    n = None if d is None else d[-1]
    batch = subshape(d, 0, -2)
    e = shape_out(concat(batch, [n]))
    if not ctx.attr("compute_v", True):
        return [e, shape_out([0])]
    return [e, shape_out(concat(batch, [n, n]))]


def cross(ctx):
    """Cross: two shapes that merge, the last dimension 3."""
    a = with_rank_at_least(ctx.shape("a"), 1)
    b = with_rank_at_least(ctx.shape("b"), 1)
    out = merge(a, b)
    if out is not None:
        with_value(out[-1], 3)
    return shape_out(out)


def tensor_diag(ctx):
    """Diag: the input's shape twice."""
    d = with_rank_at_least(ctx.shape("diagonal"), 1)
    return shape_out(concat(d, d))


def tensor_diag_part(ctx):
    """DiagPart: an even rank; each of the first half's dimensions merged with its partner."""
    d = ctx.shape("input")
    if d is None:
        return shape_out(None)
    if len(d) % 2 or not d:
        raise ShapeError(f"Input must have even and non-zero rank, input rank is {len(d)}")
    mid = len(d) // 2
    return shape_out([merge_dim(d[i], d[i + mid]) for i in range(mid)])


def lu(ctx):
    """Lu: the packed factors [..., N, N] and the permutation [..., N] of a square batch."""
    d = _batch_square(ctx.shape("input"))
    n = None if d is None else d[-1]
    batch = subshape(d, 0, -2)
    return [shape_out(concat(batch, [n, n])), shape_out(concat(batch, [n]))]


def tridiagonal_mat_mul(ctx):
    """TridiagonalMatMul: three diagonals of one shape [..., 1, M] and rhs [..., M, N]; rhs's shape."""
    sup = with_rank_at_least(ctx.shape("superdiag"), 2)
    main = with_rank_at_least(ctx.shape("maindiag"), 2)
    sub = with_rank_at_least(ctx.shape("subdiag"), 2)
    rhs = with_rank_at_least(ctx.shape("rhs"), 2)
    sup = merge(merge(sup, main), sub)
    if sup is not None and rhs is not None:
        merge(sup[:-2], rhs[:-2])
        with_value(sup[-2], 1)
        merge_dim(sup[-1], rhs[-2])
    return shape_out(rhs)


def tridiagonal_solve(ctx):
    """TridiagonalSolve: diagonals [..., 3, M] and rhs [..., M, K] of one batch; rhs's shape."""
    lhs = with_rank_at_least(ctx.shape("diagonals"), 2)
    rhs = with_rank_at_least(ctx.shape("rhs"), 2)
    if lhs is not None and rhs is not None:
        merge(lhs[:-2], rhs[:-2])
        merge_dim(lhs[-1], rhs[-2])
    if lhs is not None:
        with_value(lhs[-2], 3)
    return shape_out(rhs)


def banded_triangular_solve(ctx):
    """BandedTriangularSolve: bands [..., K, M] and rhs [..., M, N] broadcast over their batches."""
    lhs = with_rank_at_least(ctx.shape("matrix"), 2)
    rhs = with_rank_at_least(ctx.shape("rhs"), 2)
    if lhs is None or rhs is None:
        return shape_out(None)
    batch = broadcast_dims(lhs[:-2], rhs[:-2])
    merge_dim(lhs[-1], rhs[-2])
    return shape_out(concat(batch, rhs[-2:]))
def einsum(ctx):
    """Einsum: each output label's size from the inputs that carry it, the "..." dimensions
    broadcast (unknown where an input's rank or a size is)."""
    shapes = ctx.shape("inputs")
    labels, output, _ = einsum_equation.parse(ctx.attr("equation"), len(shapes))
    sizes = {}
    broadcast = []
    for lb, d in zip(labels, shapes):
        if d is None:
            if einsum_equation.ELLIPSIS in lb:
                return shape_out(None)
            continue
        named = lb.replace(einsum_equation.ELLIPSIS, "")
        at = lb.find(einsum_equation.ELLIPSIS)
        covered = len(d) - len(named) if at >= 0 else 0
        dims = d[:at] + d[at + covered:] if at >= 0 else d
        for label, size in zip(named, dims):
            sizes[label] = merge_dim(sizes.get(label), size)
        if at >= 0:
            broadcast = broadcast_dims(broadcast, d[at:at + covered])
    out = []
    for label in output:
        out += broadcast if label == einsum_equation.ELLIPSIS else [sizes.get(label)]
    return shape_out(out)
