"""Matrix decompositions: QR (Qr), the singular value decomposition (Svd) and the eigen
decomposition of self-adjoint matrices (SelfAdjointEigV2), batched over the leading dimensions:
the core's ops (csrc/varrt/ops/linalg_ops.h) on OpenBLAS's LAPACK (geqrf/orgqr, gesdd,
syevd/heevd), so their graph nodes run without Python.

QR is Householder's, as Eigen's is, so R's diagonal has the signs TensorFlow's CPU kernel gives;
singular and eigen vectors are defined up to a sign (a phase for complex ones), which neither
TensorFlow nor varrt fixes. Without compute_uv (compute_v) the vector outputs are empty, of shape
[0] as TensorFlow's shape function says.
"""
from __future__ import annotations

import collections
from typing import TYPE_CHECKING

from varrt import _C
from varrt.ops import math_ops, op_def_lib
from varrt.ops.op_util import check_dtype, error_name, operand, run_core, suffix

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
    a, _, end = _single("Qr", input, name)
    return Qr(*run_core(_C.qr, name, a, bool(full_matrices), error_name(name, end)))

@op_def_lib.implements("Svd")
def _raw_svd(input, compute_uv=True, full_matrices=False, name=None) -> Svd:  # noqa: A002 - TensorFlow's names
    a, _, end = _single("Svd", input, name)
    return Svd(*run_core(_C.svd, name, a, bool(compute_uv), bool(full_matrices), error_name(name, end)))

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
    a, _, end = _single("SelfAdjointEigV2", input, name)
    return SelfAdjointEigV2(*run_core(_C.self_adjoint_eig_v2, name, a, bool(compute_v), error_name(name, end)))

def self_adjoint_eig(tensor, name=None) -> tuple:
    """(e, v): the eigenvalues of each innermost self-adjoint matrix of `tensor` (only its lower
    triangle is read), ascending, and its eigenvectors, the columns of v."""
    e, v = _raw_self_adjoint_eig_v2(tensor, compute_v=True, name=name)
    return e, v


def self_adjoint_eigvals(tensor, name=None) -> Tensor:
    """The eigenvalues of each innermost self-adjoint matrix of `tensor`, ascending."""
    return _raw_self_adjoint_eig_v2(tensor, compute_v=False, name=name)[0]
