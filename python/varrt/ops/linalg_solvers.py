"""Inverses, determinants and linear solvers (TensorFlow's MatrixInverse, MatrixDeterminant,
LogMatrixDeterminant, MatrixSolve, MatrixTriangularSolve, Cholesky, MatrixSolveLs), batched over
the leading dimensions: the core's ops (csrc/varrt/ops/linalg_ops.h, on OpenBLAS's LAPACK, with
TensorFlow's CPU kernels' checks and texts), so their graph nodes run without Python. Here:
TensorFlow's conversions and dtype checks, then one call into the core.
"""
from __future__ import annotations

import collections
from typing import TYPE_CHECKING

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, error_name, matching, operand, run_core, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# TensorFlow's generated wrapper returns its outputs as a namedtuple named after the op.
LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])


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


@op_def_lib.implements("MatrixSolveLs")
def matrix_solve_ls_op(matrix, rhs, l2_regularizer, fast=True, name=None) -> Tensor:
    """TensorFlow's MatrixSolveLs kernel: least squares by the regularized normal equations
    (`fast`; a rank-deficient matrix raises InvalidArgumentError) or the minimum-norm solution
    (tf.linalg.lstsq is written over it and Cholesky, ops/linalg_composites.py)."""
    m, r, _, end = _matrix_and_rhs("MatrixSolveLs", matrix, rhs, name)
    l2, _ = operand(l2_regularizer, dtypes.float64)
    return run_core(_C.matrix_solve_ls, name, m, r, l2, bool(fast), error_name(name, end))
