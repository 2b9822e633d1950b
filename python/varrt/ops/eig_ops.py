"""The eigen decomposition of general square matrices: Eig (tf.linalg.eig, eigvals, tf.eig,
tf.eigvals), with TensorFlow's CPU kernel's results: Eigen's EigenSolver for real matrices
(real_eigen.py: eigenvalues in its Schur form's order, conjugate pairs with the positive
imaginary part first) and its ComplexEigenSolver for complex ones (complex_eigen.py, then
Eigen's selection sort by ascending magnitude, the first smallest first). Eigenvectors are
normalized, with Eigen's phases: a real eigenvalue's vector has its own component's sign; a
complex pair's vectors follow its 2x2 Schur block, whose basis rounding can rotate, so their
phases match TensorFlow's only as closely as the iterations do.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import complex_eigen, op_def_lib, real_eigen
from varrt.ops.op_util import check_dtype, kernel_error, operand, run_outputs, suffix

Eig = collections.namedtuple("Eig", ["e", "v"])  # TensorFlow's generated wrapper's namedtuple

_OUTPUT = {dtypes.float32: dtypes.complex64, dtypes.complex64: dtypes.complex64,
           dtypes.float64: dtypes.complex128, dtypes.complex128: dtypes.complex128}


def _sorted_by_magnitude(values, vectors):
    """Eigen's ComplexEigenSolver::sortEigenvalues: a selection sort by |value|, ascending."""
    n = values.shape[0]
    for i in range(n):
        k = i + int(np.argmin(np.abs(values[i:])))
        if k != i:
            values[[i, k]] = values[[k, i]]
            if vectors is not None:
                vectors[:, [i, k]] = vectors[:, [k, i]]
    return values, vectors


def _one(matrix, compute_v):
    if np.iscomplexobj(matrix):
        values, vectors, ok = complex_eigen.eig(matrix, compute_v)
        if ok:
            values, vectors = _sorted_by_magnitude(values, vectors)
    else:
        values, vectors, ok = real_eigen.eig(matrix, compute_v)
    return ok, values, vectors


@op_def_lib.implements("Eig")
def _raw_eig(input, Tout, compute_v=True, name=None) -> Eig:  # noqa: A002,N803 - TensorFlow's names
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype("Eig", dtype, name, end, attr="T")
    out_type = dtypes.as_dtype(Tout)
    check_dtype("Eig", out_type, name, end, attr="Tout")
    out_np = out_type.as_numpy_dtype

    def kernel(x):
        if x.ndim < 2:
            raise kernel_error("Eig", f"Input tensor 0 must have rank >= 2, got {x.ndim}", name, end=end)
        if x.shape[-1] != x.shape[-2]:
            raise kernel_error("Eig", "Input matrix must be square.", name, end=end)
        n = x.shape[-1]
        if n == 0 or x.size == 0:  # nothing to decompose (TensorFlow's kernel returns at once)
            return np.zeros(x.shape[:-1], out_np), np.zeros(x.shape if compute_v else (0,), out_np)
        batch = x.reshape((-1, n, n))
        e = np.zeros((batch.shape[0], n), out_np)
        v = np.zeros((batch.shape[0], n, n), out_np)
        for i, m in enumerate(batch):
            with np.errstate(all="ignore"):  # non-finite input runs to "no convergence", as in Eigen
                ok, values, vectors = _one(np.array(m), compute_v)
            if not ok:
                raise kernel_error("Eig", "Eigen decomposition was not successful. The input might not be valid.",
                                   name, end=end)
            e[i] = values
            if compute_v:
                v[i] = vectors
        vectors_out = v.reshape(x.shape) if compute_v else np.zeros((0,), out_np)
        return e.reshape(x.shape[:-1]), vectors_out
    return Eig(*run_outputs("Eig", kernel, (a,), out_type, 2, attrs={"compute_v": bool(compute_v)}))


def _output_dtype(tensor):
    """TensorFlow's eig/eigvals pick Tout by the input's dtype; for any other dtype its Python
    leaves the variable unset, and this is the error it raises."""
    dtype = tensor.dtype if hasattr(tensor, "dtype") else convert_to_tensor(tensor).dtype
    out = _OUTPUT.get(dtypes.as_dtype(dtype))
    if out is None:
        raise UnboundLocalError("cannot access local variable 'out_dtype' where it is not associated with a value")
    return out


def eig(tensor, name=None) -> tuple:
    """(e, v): the eigenvalues and normalized eigenvectors (the columns of v) of each innermost
    square matrix of `tensor`, complex64 for float32 and complex64 input, else complex128."""
    e, v = _raw_eig(tensor, Tout=_output_dtype(tensor), compute_v=True, name=name)
    return e, v


def eigvals(tensor, name=None) -> Tensor:
    """The eigenvalues of each innermost square matrix of `tensor` (as eig's)."""
    e, _ = _raw_eig(tensor, Tout=_output_dtype(tensor), compute_v=False, name=name)
    return e
