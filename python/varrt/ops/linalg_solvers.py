"""Inverses, determinants and linear solvers (TensorFlow's MatrixInverse, MatrixDeterminant,
LogMatrixDeterminant, MatrixSolve, MatrixTriangularSolve, Cholesky, MatrixSolveLs), batched over
the leading dimensions, with TensorFlow's CPU kernels' checks and texts. MatrixInverse,
MatrixDeterminant, LogMatrixDeterminant, MatrixSolve, MatrixTriangularSolve and Cholesky are the
core's ops (csrc/varrt/ops/linalg_ops.h, on OpenBLAS's LAPACK), so their graph nodes run without
Python; MatrixSolveLs has a NumPy kernel here (NumPy's LAPACK gelsd, or the normal equations).
"""
from __future__ import annotations

import collections
from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.linalg_checks import check_batch
from varrt.ops.op_util import (check_dtype, error_name, kernel_error, matching, operand, run, run_core, shape_text,
                               suffix)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# TensorFlow's generated wrapper returns its outputs as a namedtuple named after the op.
LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])


def _adjoint(a):
    return np.conj(np.swapaxes(a, -1, -2))


def _single(op, input, name):  # noqa: A002 - TensorFlow's names
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype(op, dtype, name, end)
    return a, dtype, end


@op_def_lib.implements("MatrixInverse")
def matrix_inverse(input, adjoint=False, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The inverse of each innermost square matrix of `input` (of its adjoint with `adjoint`), by an
    LU decomposition with partial pivoting; a zero pivot raises InvalidArgumentError."""
    a, _, end = _single("MatrixInverse", input, name)
    return run_core(_C.matrix_inverse, name, a, bool(adjoint), error_name(name, end))


@op_def_lib.implements("MatrixDeterminant")
def matrix_determinant(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The determinant of each innermost square matrix of `input` (1 for an empty matrix)."""
    a, _, end = _single("MatrixDeterminant", input, name)
    return run_core(_C.matrix_determinant, name, a, error_name(name, end))


@op_def_lib.implements("LogMatrixDeterminant")
def log_matrix_determinant(input, name=None) -> LogMatrixDeterminant:  # noqa: A002 - TensorFlow's names
    """(sign, log of the absolute value) of each innermost matrix's determinant: a singular matrix
    gives (0, -inf); complex matrices a complex sign of modulus 1."""
    a, _, end = _single("LogMatrixDeterminant", input, name)
    return LogMatrixDeterminant(*run_core(_C.log_matrix_determinant, name, a, error_name(name, end)))


def _matrix_and_rhs(op, matrix, rhs, name):
    (m, r), dtype = matching(op, [matrix, rhs], name)
    end = suffix(name, matrix, rhs)
    check_dtype(op, dtype, name, end)
    return m, r, dtype, end


@op_def_lib.implements("MatrixSolve")
def matrix_solve(matrix, rhs, adjoint=False, name=None) -> Tensor:
    """X with `matrix` X = `rhs` (its adjoint with `adjoint`) for each innermost square matrix and
    right-hand sides of the same batch (no broadcasting); a zero pivot raises InvalidArgumentError."""
    m, r, _, end = _matrix_and_rhs("MatrixSolve", matrix, rhs, name)
    return run_core(_C.matrix_solve, name, m, r, bool(adjoint), error_name(name, end))


@op_def_lib.implements("MatrixTriangularSolve")
def matrix_triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None) -> Tensor:
    """X with `matrix` X = `rhs` for each innermost triangular matrix (only its `lower` or upper
    triangle is read; `adjoint` solves with its adjoint), the batch dimensions broadcast."""
    m, r, _, end = _matrix_and_rhs("MatrixTriangularSolve", matrix, rhs, name)
    return run_core(_C.matrix_triangular_solve, name, m, r, bool(lower), bool(adjoint), error_name(name, end))

@op_def_lib.implements("Cholesky")
def cholesky(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The lower-triangular L with L L^H = `input` for each innermost matrix (only its lower
    triangle is read). A matrix that is not positive definite gives NaN in L's lower triangle, as
    TensorFlow's CPU kernel does, rather than an error."""
    a, _, end = _single("Cholesky", input, name)
    return run_core(_C.cholesky, name, a, error_name(name, end))


def _cholesky_lower(a):
    """MatrixSolveLs's Cholesky factors of a batch of Gram matrices, NaN in the lower triangle of
    each one that is not positive definite (NaN and infinities included)."""
    flat = a.reshape((-1,) + a.shape[-2:])
    out = np.zeros(flat.shape, flat.dtype)
    try:
        with np.errstate(invalid="ignore"):
            out[:] = np.linalg.cholesky(flat)
        failed = ~np.isfinite(out).all(axis=(-1, -2))
    except np.linalg.LinAlgError:
        failed = np.ones(len(flat), bool)
        for i, m in enumerate(flat):
            try:
                out[i] = np.linalg.cholesky(m)
                failed[i] = not np.isfinite(out[i]).all()
            except np.linalg.LinAlgError:
                pass
    out[failed] = np.where(np.tril(np.ones(a.shape[-2:], bool)), np.nan, 0)
    return out.reshape(a.shape)


@op_def_lib.implements("MatrixSolveLs")
def matrix_solve_ls_op(matrix, rhs, l2_regularizer, fast=True, name=None) -> Tensor:
    """TensorFlow's MatrixSolveLs kernel: least squares by the regularized normal equations
    (`fast`; a rank-deficient matrix raises InvalidArgumentError) or the minimum-norm solution."""
    m, r, dtype, end = _matrix_and_rhs("MatrixSolveLs", matrix, rhs, name)
    l2, _ = operand(l2_regularizer, dtypes.float64)
    fast = bool(fast)

    def kernel(m, r, l2):
        op = "MatrixSolveLs"
        if np.ndim(l2) != 0:
            raise kernel_error(op, f"l2_regularizer must be scalar, got shape {shape_text(np.shape(l2))}", name,
                               end="")
        check_batch(op, [m, r], name, end)
        if m.shape[-2] != r.shape[-2]:
            raise kernel_error(op, "Input matrix and rhs are incompatible.", name, end=end)
        out = np.zeros(m.shape[:-2] + (m.shape[-1], r.shape[-1]), r.dtype)
        if out.size == 0 or m.shape[-2] == 0:
            return out
        if not fast:
            flat_m = m.reshape((-1,) + m.shape[-2:])
            flat_r = r.reshape((-1,) + r.shape[-2:])
            solved = [np.linalg.lstsq(a, b, rcond=None)[0] for a, b in zip(flat_m, flat_r)]
            return np.stack(solved).reshape(out.shape).astype(r.dtype)
        over = m.shape[-2] >= m.shape[-1]
        gram = _adjoint(m) @ m if over else m @ _adjoint(m)
        gram = gram + float(l2) * np.eye(gram.shape[-1], dtype=gram.dtype)
        chol = _cholesky_lower(gram)
        if not np.isfinite(chol).all():
            raise kernel_error(op, "Input matrix was rank deficient or ill-conditioned. Try setting fast=False or "
                                   "provide a larger l2_regularizer > 0.", name, end=end)
        if over:
            return _cholesky_solve_arrays(chol, _adjoint(m) @ r)
        return _adjoint(m) @ _cholesky_solve_arrays(chol, r)
    return run("MatrixSolveLs", kernel, (m, r, l2), dtype, attrs={"fast": fast}, name=name)


def _cholesky_solve_arrays(chol, b):
    y = np.linalg.solve(chol, b)
    return np.linalg.solve(_adjoint(chol), y)
