"""Matrix decompositions: QR (Qr), the singular value decomposition (Svd) and the eigen
decomposition of self-adjoint matrices (SelfAdjointEigV2), batched over the leading dimensions,
on NumPy's LAPACK (geqrf/orgqr, gesdd, syevd/heevd).

QR is Householder's, as Eigen's is, so R's diagonal has the signs TensorFlow's CPU kernel gives;
singular and eigen vectors are defined up to a sign (a phase for complex ones), which neither
TensorFlow nor varrt fixes. Without compute_uv (compute_v) the vector outputs are empty, of shape
[0] as TensorFlow's shape function says.
"""
from __future__ import annotations

import collections
from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import math_ops, op_def_lib
from varrt.ops.linalg_checks import check_batch, computing
from varrt.ops.op_util import check_dtype, kernel_error, operand, run_outputs, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# TensorFlow's generated wrappers return their outputs as namedtuples named after the op.
Qr = collections.namedtuple("Qr", ["q", "r"])
Svd = collections.namedtuple("Svd", ["s", "u", "v"])
SelfAdjointEigV2 = collections.namedtuple("SelfAdjointEigV2", ["e", "v"])


def _single(op, input, name):  # noqa: A002 - TensorFlow's names
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype(op, dtype, name, end)
    return a, dtype, end


@op_def_lib.implements("Qr")
def qr(input, full_matrices=False, name=None) -> Qr:  # noqa: A002 - TensorFlow's names
    """Q and R with Q R = `input` for each innermost matrix: Q with orthonormal columns ([M, M]
    with `full_matrices`, else [M, min(M, N)]) and R upper triangular."""
    a, dtype, end = _single("Qr", input, name)
    full = bool(full_matrices)

    def kernel(a):
        check_batch("Qr", [a], name, end)
        rows, cols = a.shape[-2:]
        p = rows if full else min(rows, cols)
        if a.size == 0:
            q = np.broadcast_to(np.eye(rows, p, dtype=a.dtype), a.shape[:-2] + (rows, p)).copy()
            return q, np.zeros(a.shape[:-2] + (p, cols), a.dtype)
        q, r = np.linalg.qr(computing(a), mode="complete" if full else "reduced")
        return q.astype(a.dtype), r.astype(a.dtype)
    q, r = run_outputs("Qr", kernel, (a,), dtype, 2, attrs={"full_matrices": full})
    return Qr(q, r)


@op_def_lib.implements("Svd")
def _raw_svd(input, compute_uv=True, full_matrices=False, name=None) -> Svd:  # noqa: A002 - TensorFlow's names
    a, dtype, end = _single("Svd", input, name)
    compute_uv, full = bool(compute_uv), bool(full_matrices)

    def kernel(a):
        check_batch("Svd", [a], name, end)
        rows, cols = a.shape[-2:]
        batch, p = a.shape[:-2], min(rows, cols)
        x = computing(a)
        # LAPACK does not converge on NaN or infinity; TensorFlow's kernel returns NaN there.
        bad = ~np.isfinite(x).all(axis=(-1, -2))
        x = np.where(bad[..., None, None], 0, x)
        if not compute_uv:
            s = np.linalg.svd(x, compute_uv=False) if x.size else np.zeros(batch + (p,), x.real.dtype)
            s = np.where(bad[..., None], np.nan, s)
            empty = np.zeros((0,), a.dtype)
            return s.astype(a.dtype), empty, empty
        if x.size:
            u, s, vh = np.linalg.svd(x, full_matrices=full)
        else:
            u = np.broadcast_to(np.eye(rows, rows if full else p, dtype=x.dtype), batch + (rows, rows if full else p))
            vh = np.broadcast_to(np.eye(cols if full else p, cols, dtype=x.dtype), batch + (cols if full else p, cols))
            s = np.zeros(batch + (p,), x.real.dtype)
        v = np.conj(np.swapaxes(vh, -1, -2))
        s = np.where(bad[..., None], np.nan, s)
        u = np.where(bad[..., None, None], np.nan, u)
        v = np.where(bad[..., None, None], np.nan, v)
        return s.astype(a.dtype), u.astype(a.dtype), v.astype(a.dtype)
    s, u, v = run_outputs("Svd", kernel, (a,), dtype, 3, attrs={"compute_uv": compute_uv, "full_matrices": full})
    return Svd(s, u, v)


def svd(tensor, full_matrices=False, compute_uv=True, name=None) -> tuple | Tensor:
    """The singular values of each innermost matrix of `tensor`, largest first (real, whatever the
    dtype), and with `compute_uv` the left and right singular vectors: (s, u, v) with
    `tensor` = u diag(s) v^H ([M, min(M, N)] and [N, min(M, N)], or [M, M] and [N, N] with
    `full_matrices`)."""
    s, u, v = _raw_svd(tensor, compute_uv=compute_uv, full_matrices=full_matrices, name=name)
    if compute_uv:
        return math_ops.real(s), u, v
    return math_ops.real(s)


@op_def_lib.implements("SelfAdjointEigV2")
def _raw_self_adjoint_eig_v2(input, compute_v=True, name=None) -> SelfAdjointEigV2:  # noqa: A002
    a, dtype, end = _single("SelfAdjointEigV2", input, name)
    compute_v = bool(compute_v)

    def kernel(a):
        check_batch("SelfAdjointEigV2", [a], name, end, square=True)
        x = computing(a)
        if not np.isfinite(x).all():
            raise kernel_error("SelfAdjointEigV2", "Self-adjoint eigen decomposition was not successful. The input "
                                                   "might not be valid.", name, end=end)
        n = a.shape[-1]
        if not compute_v:
            e = np.linalg.eigvalsh(x, UPLO="L") if x.size else np.zeros(a.shape[:-1], x.real.dtype)
            return e.astype(a.dtype), np.zeros((0,), a.dtype)
        if x.size == 0:
            return np.zeros(a.shape[:-1], a.dtype), np.zeros(a.shape[:-2] + (n, n), a.dtype)
        e, v = np.linalg.eigh(x, UPLO="L")
        return e.astype(a.dtype), v.astype(a.dtype)
    e, v = run_outputs("SelfAdjointEigV2", kernel, (a,), dtype, 2, attrs={"compute_v": compute_v})
    return SelfAdjointEigV2(e, v)


def self_adjoint_eig(tensor, name=None) -> tuple:
    """(e, v): the eigenvalues of each innermost self-adjoint matrix of `tensor` (only its lower
    triangle is read), ascending, and its eigenvectors, the columns of v."""
    e, v = _raw_self_adjoint_eig_v2(tensor, compute_v=True, name=name)
    return e, v


def self_adjoint_eigvals(tensor, name=None) -> Tensor:
    """The eigenvalues of each innermost self-adjoint matrix of `tensor`, ascending."""
    return _raw_self_adjoint_eig_v2(tensor, compute_v=False, name=name)[0]
