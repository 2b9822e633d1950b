"""BandedTriangularSolve (tf.linalg.banded_triangular_solve): a triangular system given by its K
bands [..., K, M] in TensorFlow's "LEFT_RIGHT" layout: lower, row j holds the j-th subdiagonal,
A[i, i - j] = bands[j, i]; upper, the diagonal is the last row, A[i, i + j] = bands[K - 1 - j, i].
Solved by substitution row after row, as the kernel does, in NumPy."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _dense(bands, lower):
    """The triangular matrices [..., M, M] the bands describe."""
    k, m = bands.shape[-2:]
    a = np.zeros(bands.shape[:-2] + (m, m), bands.dtype)
    rows = np.arange(m)
    for j in range(min(k, m)):
        band = bands[..., j if lower else k - 1 - j, :]
        keep = rows >= j if lower else rows < m - j
        r = rows[keep]
        a[..., r, r - j if lower else r + j] = band[..., r]
    return a


def _substitute(a, b, lower):
    """x with a x = b for triangular a (one matrix), row by row."""
    m = a.shape[0]
    x = np.zeros_like(b)
    order = range(m) if lower else range(m - 1, -1, -1)
    for i in order:
        s = a[i, :i] @ x[:i] if lower else a[i, i + 1:] @ x[i + 1:]
        x[i] = (b[i] - s) / a[i, i]
    return x


def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None) -> Tensor:
    """X with A X = rhs (A^H X = rhs with `adjoint`) for the banded triangular A of `bands`."""
    (bd, r), dtype = matching("BandedTriangularSolve", (bands, rhs), name)
    end = suffix(name, bands)
    check_dtype("BandedTriangularSolve", dtype, name, end)

    def kernel(b, x):
        for i, t in enumerate((b, x)):
            if t.ndim < 2:
                raise kernel_error("BandedTriangularSolve", f"In[{i}] ndims must be >= 2: {t.ndim}", name,
                                   end=end)
        if b.shape[-1] != x.shape[-2]:
            raise kernel_error("BandedTriangularSolve", f"In[0] mismatch In[1] shape: {b.shape[-1]} vs. {x.shape[-2]}: "
                                                        f"[{','.join(map(str, b.shape))}] [{','.join(map(str, x.shape))}] "
                                                        f"{int(bool(lower))} {int(bool(adjoint))}", name, end=end)
        batch = np.broadcast_shapes(b.shape[:-2], x.shape[:-2])
        a = np.broadcast_to(_dense(b, lower), batch + (b.shape[-1],) * 2).reshape((-1,) + (b.shape[-1],) * 2)
        rhs_ = np.broadcast_to(x, batch + x.shape[-2:]).reshape((-1,) + x.shape[-2:])
        out = np.empty(rhs_.shape, x.dtype)
        with np.errstate(all="ignore"):
            for i in range(a.shape[0]):
                m = np.conj(a[i]).T if adjoint else a[i]
                out[i] = _substitute(m, rhs_[i], lower != bool(adjoint))
        return out.reshape(batch + x.shape[-2:])
    return run("BandedTriangularSolve", kernel, (bd, r), dtype, attrs={"lower": bool(lower), "adjoint": bool(adjoint)})


@op_def_lib.implements("BandedTriangularSolve")
def _raw_banded_triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None) -> Tensor:
    return banded_triangular_solve(matrix, rhs, lower, adjoint, name)
