"""Tridiagonal matrices: TridiagonalMatMul and TridiagonalSolve (TensorFlow's CPU kernels:
Gaussian elimination with partial pivoting as LAPACK's gtsv, or the Thomas algorithm; a singular
system gives NaNs, not an error) and tf.linalg's tridiagonal_matmul and tridiagonal_solve over
them, with the three diagonal formats ("compact" [..., 3, M], "sequence", "matrix")."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, diag_ops, linalg_ops, manip_ops, math_ops, op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _matmul_kernel(superdiag, maindiag, subdiag, rhs):
    """output[i] = sub[i] rhs[i-1] + main[i] rhs[i] + super[i] rhs[i+1], per matrix of the batch."""
    sup, main, sub = (np.swapaxes(d, -1, -2) for d in (superdiag, maindiag, subdiag))  # [..., M, 1]
    out = main * rhs
    if rhs.shape[-2] > 1:
        out[..., 1:, :] = sub[..., 1:, :] * rhs[..., :-1, :] + out[..., 1:, :]
        out[..., :-1, :] = out[..., :-1, :] + sup[..., :-1, :] * rhs[..., 1:, :]
    return out


@op_def_lib.implements("TridiagonalMatMul")
def tridiagonal_mat_mul(superdiag, maindiag, subdiag, rhs, name=None) -> Tensor:
    """The product of a tridiagonal matrix (three [..., 1, M] diagonals) and rhs [..., M, N]."""
    (sup, main, sub, r), dtype = matching("TridiagonalMatMul", (superdiag, maindiag, subdiag, rhs), name)
    end = suffix(name, superdiag)
    check_dtype("TridiagonalMatMul", dtype, name, end)

    def kernel(a, b, c, x):
        m = x.shape[-2]
        for label, d in (("superdiag", a), ("maindiag", b), ("subdiag", c)):
            if d.ndim < 2 or d.shape[-2] != 1 or d.shape[-1] != m:
                raise kernel_error("TridiagonalMatMul", f"Expected {label} to have shape [..., 1, {m}], got "
                                                        f"[{','.join(map(str, d.shape))}]", name, end=end)
        return _matmul_kernel(a, b, c, x)
    return run("TridiagonalMatMul", kernel, (sup, main, sub, r), dtype)


def _solve_pivoting(sup, diag, sub, rhs):
    """SolveWithGaussianEliminationWithPivoting: one system, rhs [M, K]; None when singular."""
    n = diag.shape[0]
    u = np.zeros((n, 3), diag.dtype)
    x = np.array(rhs)
    u[0, 0], u[0, 1] = diag[0], sup[0]
    for i in range(n - 1):
        if abs(u[i, 0]) >= abs(sub[i + 1]):
            if u[i, 0] == 0:
                return None
            factor = sub[i + 1] / u[i, 0]
            u[i + 1, 0] = diag[i + 1] - factor * u[i, 1]
            x[i + 1] = rhs[i + 1] - factor * x[i]
            if i != n - 2:
                u[i + 1, 1] = sup[i + 1]
                u[i, 2] = 0
        else:
            factor = u[i, 0] / sub[i + 1]
            u[i, 0] = sub[i + 1]
            u[i + 1, 0] = u[i, 1] - factor * diag[i + 1]
            u[i, 1] = diag[i + 1]
            x[i + 1] = x[i] - factor * rhs[i + 1]
            x[i] = rhs[i + 1]
            if i != n - 2:
                u[i, 2] = sup[i + 1]
                u[i + 1, 1] = -factor * sup[i + 1]
    if u[n - 1, 0] == 0:
        return None
    x[n - 1] /= u[n - 1, 0]
    x[n - 2] = (x[n - 2] - u[n - 2, 1] * x[n - 1]) / u[n - 2, 0]
    for i in range(n - 3, -1, -1):
        x[i] = (x[i] - u[i, 1] * x[i + 1] - u[i, 2] * x[i + 2]) / u[i, 0]
    return x


def _solve_thomas(sup, diag, sub, rhs):
    """SolveWithThomasAlgorithm: one system without pivoting; None when it breaks down."""
    n = diag.shape[0]
    u = np.zeros(n, diag.dtype)
    x = np.array(rhs)
    if diag[0] == 0:
        return None
    u[0] = sup[0] / diag[0]
    x[0] = rhs[0] / diag[0]
    for i in range(1, n):
        denom = diag[i] - sub[i] * u[i - 1]
        if denom == 0:
            return None
        u[i] = sup[i] / denom
        x[i] = (rhs[i] - sub[i] * x[i - 1]) / denom
    for i in range(n - 2, -1, -1):
        x[i] -= u[i] * x[i + 1]
    return x


@op_def_lib.implements("TridiagonalSolve")
def tridiagonal_solve_op(diagonals, rhs, partial_pivoting=True, perturb_singular=False, name=None) -> Tensor:
    """X with T X = rhs for the tridiagonal T of `diagonals` [..., 3, M] (superdiagonal, diagonal,
    subdiagonal); NaNs where T is singular (or needs pivoting without it)."""
    (d, r), dtype = matching("TridiagonalSolve", (diagonals, rhs), name)
    end = suffix(name, diagonals)
    check_dtype("TridiagonalSolve", dtype, name, end)
    if perturb_singular and not partial_pivoting:
        raise kernel_error("TridiagonalSolve", "Setting perturb_singular requires also setting partial_pivoting.",
                           name, end=end)
    if perturb_singular:
        raise NotImplementedError("varrt's tridiagonal_solve does not perturb singular systems (perturb_singular)")

    def kernel(diags, x):
        for i, t in enumerate((diags, x)):
            if t.ndim < 2:
                raise kernel_error("TridiagonalSolve", f"Input tensor {i} must have rank >= 2, got {t.ndim}", name,
                                   end=end)
        if diags.shape[-2] != 3:
            raise kernel_error("TridiagonalSolve", "Expected diagonals to be provided as a matrix with 3 rows, got "
                                                   f"{diags.shape[-2]} rows.", name, end=end)
        if diags.shape[-1] != x.shape[-2]:
            raise kernel_error("TridiagonalSolve", "Expected the same number of left-hand sides and right-hand "
                                                   f"sides, got {diags.shape[-1]} and {x.shape[-2]}.", name, end=end)
        n = diags.shape[-1]
        out = np.empty(x.shape, x.dtype)
        flat_d, flat_x, flat_o = diags.reshape((-1, 3, n)), x.reshape((-1,) + x.shape[-2:]), out.reshape(
            (-1,) + x.shape[-2:])
        for b in range(flat_x.shape[0]):
            sup, diag, sub = flat_d[b]
            if n == 0:
                continue
            if n == 1:
                flat_o[b] = flat_x[b] / diag[0] if diag[0] != 0 else np.nan
                continue
            solve = _solve_pivoting if partial_pivoting else _solve_thomas
            with np.errstate(all="ignore"):
                result = solve(sup, diag, sub, flat_x[b])
            flat_o[b] = np.nan if result is None else result
        return out
    return run("TridiagonalSolve", kernel, (d, r), dtype,
               attrs={"partial_pivoting": bool(partial_pivoting), "perturb_singular": bool(perturb_singular)})


def _compact(diagonals, diagonals_format):
    """The [..., 3, M] form of `diagonals` given in `diagonals_format`."""
    if diagonals_format == "compact":
        return convert_to_tensor(diagonals)
    if diagonals_format == "sequence":
        if not isinstance(diagonals, (tuple, list)) or len(diagonals) != 3:
            raise ValueError("Expected diagonals to be a sequence of length 3.")
        superdiag, maindiag, subdiag = (convert_to_tensor(t) for t in diagonals)
        m = maindiag.shape[-1]

        def pad_if_necessary(t, what, last_dim_padding):
            n = t.shape[-1]
            if not n or n == m:
                return t
            if n == m - 1:
                return manip_ops.pad(t, [[0, 0]] * (t.shape.rank - 1) + [last_dim_padding])
            raise ValueError(f"Expected {what} to be have length {m} or {m - 1}, got {n}.")
        subdiag = pad_if_necessary(subdiag, "subdiagonal", [1, 0])
        superdiag = pad_if_necessary(superdiag, "superdiagonal", [0, 1])
        return array_ops.stack((superdiag, maindiag, subdiag), axis=-2)
    if diagonals_format == "matrix":
        diagonals = convert_to_tensor(diagonals)
        m1, m2 = diagonals.shape[-1], diagonals.shape[-2]
        if m1 and m2 and m1 != m2:
            raise ValueError(f"Expected last two dimensions of diagonals to be same, got {m1} and {m2}")
        return diag_ops.diag_part(diagonals, k=(-1, 1), padding_value=0., align="LEFT_RIGHT")
    raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")


def tridiagonal_solve(diagonals, rhs, diagonals_format="compact", transpose_rhs=False, conjugate_rhs=False,
                      name=None, partial_pivoting=True, perturb_singular=False) -> Tensor:
    """X with T X = rhs for the tridiagonal matrix T (tf.linalg.tridiagonal_solve)."""
    if perturb_singular and not partial_pivoting:
        raise ValueError("partial_pivoting must be True if perturb_singular is.")
    diagonals = _compact(diagonals, diagonals_format)
    rhs = convert_to_tensor(rhs)
    diags_rank, rhs_rank = diagonals.shape.rank, rhs.shape.rank
    if diags_rank:
        if diags_rank < 2:
            raise ValueError(f"Expected diagonals to have rank at least 2, got {diags_rank}")
        if rhs_rank and rhs_rank != diags_rank and rhs_rank != diags_rank - 1:
            raise ValueError(f"Expected the rank of rhs to be {diags_rank - 1} or {diags_rank}, got {rhs_rank}")
        if rhs_rank and not diagonals.shape[:-2].is_compatible_with(rhs.shape[:diags_rank - 2]):
            raise ValueError(f"Batch shapes {diagonals.shape[:-2]} and {rhs.shape[:diags_rank - 2]} are incompatible")
    if diagonals.shape[-2] and diagonals.shape[-2] != 3:
        raise ValueError(f"Expected 3 diagonals got {diagonals.shape[-2]}")

    def check_num_lhs_matches_num_rhs(r):
        if diagonals.shape[-1] and r.shape[-2] and diagonals.shape[-1] != r.shape[-2]:
            raise ValueError("Expected number of left-hand sided and right-hand sides to be equal, got "
                             f"{diagonals.shape[-1]} and {r.shape[-2]}")
    if rhs_rank and diags_rank and rhs_rank == diags_rank - 1:
        if conjugate_rhs:
            rhs = math_ops.conj(rhs)
        rhs = array_ops.expand_dims(rhs, -1)
        check_num_lhs_matches_num_rhs(rhs)
        return array_ops.squeeze(tridiagonal_solve_op(diagonals, rhs, partial_pivoting, perturb_singular, name), -1)
    if transpose_rhs:
        rhs = linalg_ops.matrix_transpose(rhs, conjugate=conjugate_rhs)
    elif conjugate_rhs:
        rhs = math_ops.conj(rhs)
    check_num_lhs_matches_num_rhs(rhs)
    return tridiagonal_solve_op(diagonals, rhs, partial_pivoting, perturb_singular, name)


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None) -> Tensor:
    """T rhs for the tridiagonal matrix T (tf.linalg.tridiagonal_matmul)."""
    if diagonals_format == "sequence":
        superdiag, maindiag, subdiag = (convert_to_tensor(t) for t in diagonals)
    elif diagonals_format in ("compact", "matrix"):
        diags = _compact(diagonals, diagonals_format)
        superdiag, maindiag, subdiag = diags[..., 0, :], diags[..., 1, :], diags[..., 2, :]
    else:
        raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")
    return tridiagonal_mat_mul(array_ops.expand_dims(superdiag, -2), array_ops.expand_dims(maindiag, -2),
                               array_ops.expand_dims(subdiag, -2), rhs, name)
