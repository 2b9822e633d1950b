"""Gradients of the linear-algebra ops, as TensorFlow's tensorflow/python/ops/linalg_grad.py
writes them (the same formulas over the same ops)."""
from varrt.ops import array_ops, diag_ops, linalg_ops, math_ops, reduction_ops
from varrt.ops.tridiagonal_ops import tridiagonal_solve_op
from varrt.ops.banded_ops import banded_triangular_solve
from varrt.ops.cross_ops import cross
from varrt.ops.decompositions import self_adjoint_eig, svd
from varrt.ops.eig_ops import eig
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient
from varrt.ops.linalg_composites import cholesky_solve, identity_like, regularized_gramian_cholesky
from varrt.ops.linalg_solvers import matrix_inverse, matrix_solve, matrix_triangular_solve
from varrt.ops.tensor_diag_ops import tensor_diag, tensor_diag_part

_adjoint = linalg_ops.adjoint
_matmul = linalg_ops.matmul


@RegisterGradient("MatrixInverse")
def _matrix_inverse_grad(op, grad):
    """-A^-H G A^-H (the adjoint variant's adjoints swapped)."""
    ainv = op.outputs[0]
    op_adjoint = op.get_attr("adjoint")
    return -_matmul(ainv, _matmul(grad, ainv, adjoint_a=op_adjoint, adjoint_b=not op_adjoint),
                    adjoint_a=not op_adjoint)


def _per_matrix(values, like):
    """`values` (one per matrix) shaped [..., 1, 1] to scale each matrix of `like`'s batch."""
    return array_ops.reshape(values, array_ops.concat([array_ops.shape(like), [1, 1]], 0))


@RegisterGradient("MatrixDeterminant")
def _matrix_determinant_grad(op, grad):
    """G det(A) A^-H."""
    a, c = op.inputs[0], op.outputs[0]
    return _per_matrix(grad * c, c) * matrix_inverse(a, adjoint=True)


@RegisterGradient("LogMatrixDeterminant")
def _log_matrix_determinant_grad(op, _, grad_b):
    """G A^-H (the sign has no gradient)."""
    a, c = op.inputs[0], op.outputs[1]
    return _per_matrix(grad_b, c) * matrix_inverse(a, adjoint=True)


@RegisterGradient("Cholesky")
def _cholesky_grad(op, grad):
    """Murray's formula (arXiv:1602.07527), symmetrized."""
    l = op.outputs[0]  # noqa: E741 - TensorFlow's name
    l_inverse = matrix_triangular_solve(l, identity_like(l))
    middle = _matmul(l, grad, adjoint_a=True)
    middle = diag_ops.set_diag(middle, 0.5 * diag_ops.diag_part(middle))
    middle = linalg_ops.band_part(middle, -1, 0)
    grad_a = _matmul(_matmul(l_inverse, middle, adjoint_a=True), l_inverse)
    grad_a += _adjoint(grad_a)
    return grad_a * 0.5


def _triangular_solve_right(x, r):
    """x R^-H for an upper-triangular R."""
    return _adjoint(matrix_triangular_solve(r, _adjoint(x), lower=False, adjoint=False))


def _qr_grad_square_and_deep(q, r, dq, dr):
    qdq = _matmul(q, dq, adjoint_a=True)
    qdq_ = qdq - _adjoint(qdq)
    rdr = _matmul(r, dr, adjoint_b=True)
    rdr_ = rdr - _adjoint(rdr)
    tril = linalg_ops.band_part(qdq_ + rdr_, -1, 0)
    grad_a = _matmul(q, dr + _triangular_solve_right(tril, r))
    grad_b = _triangular_solve_right(dq - _matmul(q, qdq), r)
    ret = grad_a + grad_b
    if q.dtype.is_complex:
        m = rdr - _adjoint(qdq)
        eyem = diag_ops.set_diag(array_ops.zeros_like(m), diag_ops.diag_part(m))
        correction = eyem - math_ops.cast(math_ops.real(eyem), q.dtype)
        ret = ret + _triangular_solve_right(_matmul(q, _adjoint(correction)), r)
    return ret


@RegisterGradient("Qr")
def _qr_grad(op, dq, dr):
    """TensorFlow's QR gradient: for M >= N with reduced matrices, and for M < N by splitting A."""
    q, r = op.outputs
    rows, cols = (r.shape.as_list()[-2:] if r.shape.rank is not None else (None, None))
    if rows is None or cols is None:
        raise NotImplementedError(f"QrGrad not implemented with dynamic shapes. Received r.shape: {r.shape}")
    q_rows, q_cols = q.shape.as_list()[-2:]
    if rows > cols and q_rows == q_cols:
        raise NotImplementedError("QrGrad not implemented when nrows > ncols and full_matrices is true. Received "
                                  f"r.shape={r.shape} with nrows={rows}and ncols={cols}.")
    if q_rows >= cols:
        return _qr_grad_square_and_deep(q, r, dq, dr)
    a = op.inputs[0]
    y = a[..., :, q_rows:]
    u = r[..., :, :q_rows]
    dv = dr[..., :, q_rows:]
    du = dr[..., :, :q_rows]
    dy = _matmul(q, dv)
    dx = _qr_grad_square_and_deep(q, u, dq + _matmul(y, dv, adjoint_b=True), du)
    return array_ops.concat([dx, dy], axis=-1)


@RegisterGradient("MatrixSolve")
def _matrix_solve_grad(op, grad):
    """B's gradient solves with A^H; A's is minus its outer product with the solution."""
    a, c = op.inputs[0], op.outputs[0]
    adjoint_a = op.get_attr("adjoint")
    grad_b = matrix_solve(a, grad, adjoint=not adjoint_a)
    if adjoint_a:
        grad_a = -_matmul(c, grad_b, adjoint_b=True)
    else:
        grad_a = -_matmul(grad_b, c, adjoint_b=True)
    return grad_a, grad_b


@RegisterGradient("MatrixTriangularSolve")
def _matrix_triangular_solve_grad(op, grad):
    """MatrixSolve's gradient kept to A's triangle, broadcast batch dimensions summed back."""
    a, b, c = op.inputs[0], op.inputs[1], op.outputs[0]
    adjoint_a = op.get_attr("adjoint")
    lower_a = op.get_attr("lower")
    grad_b = matrix_triangular_solve(a, grad, lower=lower_a, adjoint=not adjoint_a)
    if adjoint_a:
        grad_a = -_matmul(c, grad_b, adjoint_b=True)
    else:
        grad_a = -_matmul(grad_b, c, adjoint_b=True)
    grad_a = linalg_ops.band_part(grad_a, -1, 0) if lower_a else linalg_ops.band_part(grad_a, 0, -1)
    return grad_util.unbroadcast(grad_a, a.shape), grad_util.unbroadcast(grad_b, b.shape)


@RegisterGradient("MatrixSolveLs")
def _matrix_solve_ls_grad(op, grad):
    """The normal equations' gradients, of the first kind (M >= N) or the second."""
    if op.get_attr("fast") is False:
        raise ValueError("Gradient not defined for fast=False")
    a, b = op.inputs[0], op.inputs[1]
    rows, cols = a.shape.as_list()[-2:] if a.shape.rank is not None else (None, None)
    if rows is None or cols is None:
        raise NotImplementedError("The gradient of MatrixSolveLs with unknown matrix dimensions is not supported "
                                  "by varrt yet (TensorFlow picks the formula with a tf.cond).")
    l2 = math_ops.cast(op.inputs[2], a.dtype)
    if rows >= cols:
        x = op.outputs[0]
        chol = regularized_gramian_cholesky(a, l2, first_kind=True)
        z = cholesky_solve(chol, grad)
        xzt = _matmul(x, z, adjoint_b=True)
        zx_sym = xzt + linalg_ops.matrix_transpose(xzt)
        grad_a = -_matmul(a, zx_sym) + _matmul(b, z, adjoint_b=True)
        return grad_a, _matmul(a, z), None
    chol = regularized_gramian_cholesky(a, l2, first_kind=False)
    grad_b = cholesky_solve(chol, _matmul(a, grad))
    tmp = cholesky_solve(chol, b)
    a1 = -_matmul(grad_b, _matmul(tmp, a, adjoint_a=True))
    a2 = _matmul(tmp, grad - _matmul(a, grad_b, adjoint_a=True), adjoint_b=True)
    return a1 + a2, grad_b, None


def _safe_reciprocal(x, epsilon=1e-20):
    return x * math_ops.reciprocal(x * x + epsilon)


@RegisterGradient("SelfAdjointEigV2")
def _self_adjoint_eig_v2_grad(op, grad_e, grad_v):
    """V (diag(G_e) + F * V^H G_v) V^H, its lower triangle symmetrized (only the lower triangle was read)."""
    e = op.outputs[0]
    if op.get_attr("compute_v"):
        v = op.outputs[1]
        f = diag_ops.set_diag(_safe_reciprocal(array_ops.expand_dims(e, -2) - array_ops.expand_dims(e, -1)),
                              array_ops.zeros_like(e))
        grad_a = _matmul(v, _matmul(diag_ops.diag(grad_e) + f * _matmul(v, grad_v, adjoint_a=True), v,
                                    adjoint_b=True))
    else:
        _, v = self_adjoint_eig(op.inputs[0])
        grad_a = _matmul(v, _matmul(diag_ops.diag(grad_e), v, adjoint_b=True))
    grad_a = linalg_ops.band_part(grad_a + _adjoint(grad_a), -1, 0)
    return diag_ops.set_diag(grad_a, 0.5 * diag_ops.diag_part(grad_a))


@RegisterGradient("Svd")
def _svd_grad(op, grad_s, grad_u, grad_v):
    """TensorFlow's SVD gradient (Townsend's formulas), for known matrix dimensions."""
    a = op.inputs[0]
    a_shape = a.shape
    grad_s = math_ops.cast(grad_s, a.dtype)
    grad_s_mat = diag_ops.diag(grad_s)
    if not op.get_attr("compute_uv"):
        _, u, v = svd(a, compute_uv=True)
        grad_a = _matmul(u, _matmul(grad_s_mat, v, adjoint_b=True))
        return grad_util.set_static_shape(grad_a, a_shape)
    full_matrices = op.get_attr("full_matrices")
    m, n = a_shape.as_list()[-2:] if a_shape.rank is not None else (None, None)
    if m is None or n is None:
        raise NotImplementedError("SVD gradient has not been implemented for input with unknown inner matrix shape.")
    s, u, v = op.outputs
    s = math_ops.cast(s, a.dtype)
    use_adjoint = False
    if m > n:
        use_adjoint = True
        m, n = n, m
        u, v = v, u
        grad_u, grad_v = grad_v, grad_u
    if full_matrices and abs(m - n) > 1:
        raise NotImplementedError("svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. "
                                  f"Received: m={m} and n={n} from op input={a} with shape={a_shape}.")
    s_mat = diag_ops.diag(s)
    s2 = math_ops.square(s)
    f = diag_ops.set_diag(_safe_reciprocal(array_ops.expand_dims(s2, -2) - array_ops.expand_dims(s2, -1)),
                          array_ops.zeros_like(s))
    s_inv_mat = diag_ops.diag(_safe_reciprocal(s))
    v1 = v[..., :, :m]
    grad_v1 = grad_v[..., :, :m]
    u_gu = _matmul(u, grad_u, adjoint_a=True)
    v_gv = _matmul(v1, grad_v1, adjoint_a=True)
    f_u = f * u_gu
    f_v = f * v_gv
    term1_nouv = grad_s_mat + _matmul(f_u + _adjoint(f_u), s_mat) + _matmul(s_mat, f_v + _adjoint(f_v))
    term1 = _matmul(u, _matmul(term1_nouv, v1, adjoint_b=True))
    if m == n:
        grad_a_before_transpose = term1
    else:
        gv1t = linalg_ops.matrix_transpose(grad_v1, conjugate=True)
        gv1t_v1 = _matmul(gv1t, v1)
        term2_nous = gv1t - _matmul(gv1t_v1, v1, adjoint_b=True)
        if full_matrices:
            v2 = v[..., :, m:n]
            grad_v2 = grad_v[..., :, m:n]
            v1t_gv2 = _matmul(v1, grad_v2, adjoint_a=True)
            term2_nous -= _matmul(v1t_gv2, v2, adjoint_b=True)
        u_s_inv = _matmul(u, s_inv_mat)
        grad_a_before_transpose = term1 + _matmul(u_s_inv, term2_nous)
    if a.dtype.is_complex:
        eye = diag_ops.diag(array_ops.ones_like(s))
        l = eye * v_gv  # noqa: E741 - TensorFlow's name
        term3_nouv = _matmul(s_inv_mat, _adjoint(l) - l)
        grad_a_before_transpose += 1 / 2. * _matmul(u, _matmul(term3_nouv, v1, adjoint_b=True))
    grad_a = linalg_ops.matrix_transpose(grad_a_before_transpose, conjugate=True) if use_adjoint \
        else grad_a_before_transpose
    return grad_util.set_static_shape(grad_a, a_shape)


@RegisterGradient("Cross")
def _cross_grad(op, grad):
    """d(u x v) = du x v + u x dv: v x g for u, g x u for v."""
    u, v = op.inputs
    return cross(v, grad), cross(grad, u)


@RegisterGradient("Diag")
def _diag_grad(op, grad):
    return tensor_diag_part(grad)


@RegisterGradient("DiagPart")
def _diag_part_grad(op, grad):
    return tensor_diag(grad)


@RegisterGradient("Eig")
def _eig_grad(op, grad_e, grad_v):
    """V^-H (diag(G_e) + F* (V^H G_v - V^H V diag(Re(diag(V^H G_v))))) V^H, cast to the input's
    dtype (a real input takes the real part); without compute_v, V comes from a new Eig."""
    e = op.outputs[0]
    if op.get_attr("compute_v"):
        v = op.outputs[1]
        vt = _adjoint(v)
        f = diag_ops.set_diag(_safe_reciprocal(array_ops.expand_dims(e, -2) - array_ops.expand_dims(e, -1)),
                              array_ops.zeros_like(e))
        f = math_ops.conj(f)
        vgv = _matmul(vt, grad_v)
        mid = diag_ops.diag(grad_e)
        diag_grad_part = diag_ops.diag(diag_ops.diag_part(math_ops.cast(math_ops.real(vgv), vgv.dtype)))
        mid += f * (vgv - _matmul(_matmul(vt, v), diag_grad_part))
        grad_a = matrix_solve(vt, _matmul(mid, vt))
    else:
        _, v = eig(op.inputs[0])
        vt = _adjoint(v)
        grad_a = matrix_solve(vt, _matmul(diag_ops.diag(grad_e), vt))
    return math_ops.cast(grad_a, op.inputs[0].dtype)


def _left_shift(x):
    """x's rows moved up one, a zero row last (TensorFlow's _LeftShift)."""
    return array_ops.concat([x[..., 1:, :], array_ops.zeros_like(x[..., :1, :])], -2)


def _right_shift(x):
    """x's rows moved down one, a zero row first (TensorFlow's _RightShift)."""
    return array_ops.concat([array_ops.zeros_like(x[..., :1, :]), x[..., :-1, :]], -2)


@RegisterGradient("TridiagonalMatMul")
def _tridiagonal_mat_mul_grad(op, grad):
    """The diagonals' gradients: row sums of the shifted conj(rhs) times the gradient; rhs's: the
    transposed (conjugated) tridiagonal matrix times the gradient."""
    superdiag_conj = linalg_ops.matrix_transpose(op.inputs[0], conjugate=True)
    maindiag_conj = linalg_ops.matrix_transpose(op.inputs[1], conjugate=True)
    subdiag_conj = linalg_ops.matrix_transpose(op.inputs[2], conjugate=True)
    rhs_conj = math_ops.conj(op.inputs[3])
    superdiag_grad = reduction_ops.reduce_sum(_left_shift(rhs_conj) * grad, axis=-1)
    maindiag_grad = reduction_ops.reduce_sum(rhs_conj * grad, axis=-1)
    subdiag_grad = reduction_ops.reduce_sum(_right_shift(rhs_conj) * grad, axis=-1)
    rhs_grad = _right_shift(superdiag_conj * grad) + maindiag_conj * grad + _left_shift(subdiag_conj * grad)
    return (array_ops.expand_dims(superdiag_grad, -2), array_ops.expand_dims(maindiag_grad, -2),
            array_ops.expand_dims(subdiag_grad, -2), rhs_grad)


def _transpose_tridiagonal(diags):
    """The compact diagonals of the transposed matrix (TensorFlow's _TransposeTridiagonalMatrix)."""
    diag = diags[..., 1, :]
    zeros = array_ops.zeros_like(diags[..., 0, :1])
    superdiag = array_ops.concat((diags[..., 2, 1:], zeros), axis=-1)
    subdiag = array_ops.concat((zeros, diags[..., 0, :-1]), axis=-1)
    return array_ops.stack([superdiag, diag, subdiag], axis=-2)


def _matmul_extracting_three_diagonals(x, y_tr):
    """The three diagonals of x y_tr^T (TensorFlow's _MatmulExtractingThreeDiagonals)."""
    diag = reduction_ops.reduce_sum(x * y_tr, axis=-1)
    zeros = array_ops.zeros_like(y_tr[..., :1, :])
    superdiag = reduction_ops.reduce_sum(x * array_ops.concat((y_tr[..., 1:, :], zeros), axis=-2), axis=-1)
    subdiag = reduction_ops.reduce_sum(x * array_ops.concat((zeros, y_tr[..., :-1, :]), axis=-2), axis=-1)
    return array_ops.stack([superdiag, diag, subdiag], axis=-2)


@RegisterGradient("TridiagonalSolve")
def _tridiagonal_solve_grad(op, grad):
    """rhs: the transposed system solved for the gradient; diagonals: minus the three diagonals
    of that solution times the output's transpose."""
    diags, x = op.inputs[0], op.outputs[0]
    grad_rhs = tridiagonal_solve_op(_transpose_tridiagonal(diags), grad,
                                    partial_pivoting=op.get_attr("partial_pivoting"),
                                    perturb_singular=op.get_attr("perturb_singular"))
    return -_matmul_extracting_three_diagonals(grad_rhs, x), grad_rhs


@RegisterGradient("BandedTriangularSolve")
def _banded_triangular_solve_grad(op, grad):
    """rhs: the adjoint system solved for the gradient; the bands: the bands of minus that
    solution times the output's adjoint (TensorFlow's formula; equal batch shapes)."""
    a, c = op.inputs[0], op.outputs[0]
    num_bands = a.shape[-2]
    adjoint_a, lower_a = op.get_attr("adjoint"), op.get_attr("lower")
    grad_b = banded_triangular_solve(a, grad, lower=lower_a, adjoint=not adjoint_a)
    grad_a = -_matmul(c, grad_b, adjoint_b=True) if adjoint_a else -_matmul(grad_b, c, adjoint_b=True)
    k = (-(num_bands - 1), 0) if lower_a else (0, num_bands - 1)
    grad_a = diag_ops.diag_part(grad_a, k=k, align="LEFT_RIGHT")
    return grad_a, grad_b
