"""tf.linalg.logm (MatrixLogarithm): the principal logarithm of square complex matrices, as
TensorFlow's kernel computes it with Eigen's MatrixLogarithm, to within rounding: the complex
Schur form A = U T U^H (complex_eigen.schur), the logarithm of the triangular T by inverse scaling
and squaring (square roots of T, each by the triangular recurrence, until T - I has 1-norm at most
1/4; then log(I + X) by 8-point Gauss-Legendre quadrature of X (I + tX)^-1, the partial fractions
of its [8/8] Padé approximant; times 2^s), then U log(T) U^H. The arithmetic is complex128
whatever the input's precision. A zero eigenvalue has no logarithm: the result is NaN, as Eigen's
log(0) = -inf makes it.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import complex_eigen, op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(8)
_NODES, _WEIGHTS = (_NODES + 1) / 2, _WEIGHTS / 2  # on [0, 1]
_MAX_NORM = 0.25  # ||T - I||_1 where the [8/8] Padé approximant is accurate to double precision
_MAX_ROOTS = 100


def _sqrt_triangular(t):
    """The principal square root of upper triangular t (Björck and Hammarling's recurrence)."""
    n = t.shape[0]
    r = np.zeros_like(t)
    for j in range(n):
        r[j, j] = np.sqrt(t[j, j])
        for i in range(j - 1, -1, -1):
            s = r[i, i + 1:j] @ r[i + 1:j, j] if j - i > 1 else 0
            r[i, j] = (t[i, j] - s) / (r[i, i] + r[j, j])
    return r


def _log_triangular(t):
    n = t.shape[0]
    eye = np.eye(n, dtype=t.dtype)
    diagonal = np.diagonal(t).copy()
    # The diagonal of each root minus one, kept accurate as it nears 0 (sqrt(1 + d) - 1 =
    # d / (sqrt(1 + d) + 1)): subtracting 1 from a root's diagonal would cancel its digits away
    # when a large off-diagonal part needs many roots.
    minus_one = diagonal - 1
    roots = 0
    while np.abs(t - eye).sum(axis=0).max() > _MAX_NORM and roots < _MAX_ROOTS:
        t = _sqrt_triangular(t)
        minus_one = minus_one / (np.diagonal(t) + 1)
        roots += 1
    x = t - eye
    np.fill_diagonal(x, minus_one)
    out = np.zeros_like(t)
    for node, weight in zip(_NODES, _WEIGHTS):
        out += weight * np.linalg.solve((eye + node * x).T, x.T).T  # X (I + node X)^-1
    out *= 2.0 ** roots
    np.fill_diagonal(out, np.log(diagonal))  # the diagonal of log(T) is the log of T's: exactly that
    return out


def _logm(a):
    """The principal logarithm of one square complex128 matrix."""
    if a.shape[0] == 1:
        return np.log(a)
    t, u, converged = complex_eigen.schur(a)
    if not converged or np.any(np.diagonal(t) == 0):
        return np.full_like(a, complex(np.nan, np.nan))
    return u @ _log_triangular(t) @ u.conj().T


@op_def_lib.implements("MatrixLogarithm")
def matrix_logarithm(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's name
    """The principal matrix logarithm of each innermost square matrix (complex64, complex128)."""
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype("MatrixLogarithm", dtype, name, end)

    def kernel(x):
        if x.ndim < 2:
            raise kernel_error("MatrixLogarithm", f"Input tensor 0 must have rank >= 2, got {x.ndim}", name, end=end)
        if x.shape[-1] != x.shape[-2]:
            raise kernel_error("MatrixLogarithm", "Input matrix must be square.", name, end=end)
        n = x.shape[-1]
        out = np.empty(x.shape, x.dtype)
        if x.size == 0:
            return out
        flat = out.reshape((-1, n, n))
        with np.errstate(all="ignore"):  # non-finite input gives NaN, as in Eigen
            for i, m in enumerate(np.asarray(x, np.complex128).reshape((-1, n, n))):
                flat[i] = _logm(m)
        return out
    return run("MatrixLogarithm", kernel, (a,), dtype, name=name)
