"""The LU decomposition with partial pivoting (Lu) and tf.linalg's functions over it, written as
TensorFlow's linalg_impl.py writes them: lu_solve, lu_matrix_inverse, lu_reconstruct.

Lu's kernel is Eigen's PartialPivLU, in NumPy: each column's pivot is the first entry of largest
magnitude at or below the diagonal (a zero column is left unpivoted), rows swapped in the whole
matrix, the multipliers below the diagonal, the Schur complement updated. It returns the packed
factors (L's strict lower triangle with an implicit unit diagonal, and U) and `p` with
input[p] = L U. The inverse permutations of lu_reconstruct are argsorts of `p` (TensorFlow's
InvertPermutation, which gives the same indices).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, diag_ops, index_ops, op_def_lib, sort_ops
from varrt.ops.linalg_ops import band_part, matmul
from varrt.ops.linalg_solvers import matrix_triangular_solve
from varrt.ops.op_util import check_dtype, kernel_error, operand, run_outputs, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

Lu = collections.namedtuple("Lu", ["lu", "p"])  # TensorFlow's generated wrapper's namedtuple


def _factor(a):
    """One square matrix's packed factors and permutation (PartialPivLU)."""
    lu = a.copy()
    n = lu.shape[0]
    perm = np.arange(n)
    for k in range(n):
        column = np.abs(lu[k:, k])
        pivot = k + int(np.argmax(column))
        if column[pivot - k] != 0:
            if pivot != k:
                lu[[k, pivot]] = lu[[pivot, k]]
                perm[[k, pivot]] = perm[[pivot, k]]
            lu[k + 1:, k] /= lu[k, k]
            lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, perm


@op_def_lib.implements("Lu")
def lu(input, output_idx_type=dtypes.int32, name=None) -> Lu:  # noqa: A002 - TensorFlow's names
    """(lu, p): the LU factors of each innermost square matrix of `input`, packed into one
    matrix, and the row permutation p (of `output_idx_type`) with input[..., p, :] = L U."""
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype("Lu", dtype, name, end)
    index_type = dtypes.as_dtype(output_idx_type)
    check_dtype("Lu", index_type, name, end, attr="output_idx_type")

    def kernel(x):
        if x.ndim < 2:
            raise kernel_error("Lu", f"Input tensor must have rank >= 2, got {x.ndim}", name, end=end)
        if x.shape[-1] != x.shape[-2]:
            raise kernel_error("Lu", "Input matrix must be square.", name, end=end)
        n = x.shape[-1]
        batch = x.reshape((-1, n, n))
        factors, perms = np.empty_like(batch), np.empty((batch.shape[0], n), index_type.as_numpy_dtype)
        for i, m in enumerate(batch):
            factors[i], perms[i] = _factor(m)
            if n and np.min(np.abs(np.diagonal(factors[i]))) == 0:
                raise kernel_error("Lu", "Input is not invertible.", name, end=end)
        return factors.reshape(x.shape), _C.borrowed_tensor(np.ascontiguousarray(perms.reshape(x.shape[:-1])))
    return Lu(*run_outputs("Lu", kernel, (a,), dtype, 2, attrs={"output_idx_type": index_type._enum}))


def _check_lu(lower_upper, perm):
    """TensorFlow's lu_reconstruct_assertions on static shapes (validate_args's run-time checks
    are not made)."""
    rank = lower_upper.shape.rank
    if rank is not None and rank < 2:
        raise ValueError("Input `lower_upper` must have at least 2 dimensions.")
    if rank is not None and perm.shape.rank is not None and rank != perm.shape.rank + 1:
        raise ValueError("`rank(lower_upper)` must equal `rank(perm) + 1`")
    if lower_upper.shape[:-2].is_fully_defined() and lower_upper.shape[-2] != lower_upper.shape[-1]:
        raise ValueError("`lower_upper` must be square.")


def _lower(lower_upper):
    """L: the strict lower triangle with ones on the diagonal."""
    return diag_ops.set_diag(band_part(lower_upper, -1, 0),
                             array_ops.ones(array_ops.shape(lower_upper)[:-1], dtype=lower_upper.dtype))


def _hinted(x, hint):
    """convert_to_tensor with a dtype_hint: Python values take `hint`, arrays and tensors keep theirs."""
    return convert_to_tensor(x, hint if isinstance(x, (list, tuple, int, float)) else None)


def _inputs(lower_upper, perm):
    return _hinted(lower_upper, dtypes.float32), _hinted(perm, dtypes.int32)


def _rows_by(x, perm):
    """x's rows (axis -2) in the order `perm` gives, per matrix of a batch."""
    rank = x.shape.rank
    if perm.shape.rank == 1 and rank == 2:
        return index_ops.gather(x, perm, axis=-2)
    if rank is None or perm.shape.rank is None or perm.shape.as_list()[:-1] != x.shape.as_list()[:-2]:
        raise NotImplementedError("varrt's lu_solve needs perm's batch shape equal to rhs's, known when it is "
                                  "called (TensorFlow broadcasts them)")
    return index_ops.gather(x, perm, axis=rank - 2, batch_dims=rank - 2)


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None) -> Tensor:
    """X with A X = rhs, from A's LU factors (tf.linalg.lu's outputs)."""
    lower_upper, perm = _inputs(lower_upper, perm)
    rhs = _hinted(rhs, lower_upper.dtype)
    _check_lu(lower_upper, perm)
    if rhs.shape.rank is not None and rhs.shape.rank < 2:
        raise ValueError("Input `rhs` must have at least 2 dimensions.")
    if lower_upper.shape.rank is not None and rhs.shape.rank is not None and \
            lower_upper.shape[-1] is not None and rhs.shape[-2] is not None and \
            lower_upper.shape[-1] != rhs.shape[-2]:
        raise ValueError("`lower_upper.shape[-1]` must equal `rhs.shape[-1]`.")
    permuted_rhs = _rows_by(rhs, perm)
    return matrix_triangular_solve(lower_upper, matrix_triangular_solve(_lower(lower_upper), permuted_rhs),
                                   lower=False)


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None) -> Tensor:
    """The inverse of A from its LU factors: lu_solve with the identity."""
    lower_upper, perm = _inputs(lower_upper, perm)
    _check_lu(lower_upper, perm)
    # TensorFlow's eye(n, batch_shape) from tf.shape, here as ones set on zeros' diagonal (the
    # same identities, for shapes known only when a graph runs too).
    identity = diag_ops.set_diag(array_ops.zeros_like(lower_upper),
                                 array_ops.ones(array_ops.shape(lower_upper)[:-1], dtype=lower_upper.dtype))
    return lu_solve(lower_upper, perm, rhs=identity)


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None) -> Tensor:
    """A from its LU factors: the rows of L U put back in place (the inverse permutation of p)."""
    lower_upper, perm = _inputs(lower_upper, perm)
    _check_lu(lower_upper, perm)
    x = matmul(_lower(lower_upper), band_part(lower_upper, 0, -1))
    return _rows_by(x, sort_ops.argsort(perm, axis=-1))
