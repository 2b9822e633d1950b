"""The tf.linalg functions TensorFlow writes in Python over other ops (linalg_ops.py and
linalg/linalg_impl.py), written over the same ops in the same way, so their values, shapes,
graphs and gradients follow from those ops': trace, matvec, logdet, cholesky_solve, pinv, norm,
normalize, matrix_rank, lstsq (the regularized normal equations on Cholesky, or the MatrixSolveLs
kernel; eagerly, with nothing recording its ops, the normal equations in one core call with the
same bits, csrc/varrt/ops/normal_equations.h)."""
from __future__ import annotations

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, diag_ops, math_ops, reduction_ops
from varrt.ops.decompositions import svd
from varrt.ops.linalg_ops import matmul
from varrt.ops.linalg_solvers import cholesky, matrix_solve_ls_op, matrix_triangular_solve
from varrt.ops.index_ops import where


def trace(x, name=None) -> Tensor:
    """The sum of each innermost matrix's diagonal."""
    return reduction_ops.reduce_sum(diag_ops.diag_part(x), [-1], name=name)


def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None) -> Tensor:
    """`a` (matrices) times `b` (vectors), batched: matmul with `b` as a column."""
    product = matmul(a, array_ops.expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    return array_ops.squeeze(product, axis=-1, name=name)


def logdet(matrix, name=None) -> Tensor:
    """The log of the determinant of each innermost Hermitian positive definite matrix: twice the
    sum of the logs of its Cholesky factor's diagonal."""
    chol = cholesky(matrix)
    return 2.0 * reduction_ops.reduce_sum(math_ops.log(math_ops.real(diag_ops.diag_part(chol))), axis=[-1])


def cholesky_solve(chol, rhs, name=None) -> Tensor:
    """X with A X = `rhs`, given `chol`, A's Cholesky factor: two triangular solves."""
    y = matrix_triangular_solve(chol, rhs, adjoint=False, lower=True)
    return matrix_triangular_solve(chol, y, adjoint=True, lower=True)


def pinv(a, rcond=None, validate_args=False, name=None) -> Tensor:
    """The Moore-Penrose pseudo-inverse of each innermost matrix, from its SVD, singular values
    at most `rcond` times the largest dropped (default 10 max(M, N) eps)."""
    a = convert_to_tensor(a, name="a")
    if not a.dtype.is_floating:
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {a.dtype.name}).")
    dtype = a.dtype.as_numpy_dtype
    if rcond is None:
        rows, cols = (a.shape[d] if a.shape[d] is not None else array_ops.shape(a)[d] for d in (-2, -1))
        if isinstance(rows, int) and isinstance(cols, int):
            largest = float(max(rows, cols))
        else:
            largest = math_ops.cast(math_ops.maximum(rows, cols), a.dtype)
        rcond = 10. * largest * np.finfo(dtype).eps
    rcond = convert_to_tensor(rcond, dtype=a.dtype, name="rcond")
    s, u, v = svd(a, full_matrices=False, compute_uv=True)
    cutoff = rcond * reduction_ops.reduce_max(s, axis=-1)
    s = where(s > cutoff[..., None], s, np.array(np.inf, dtype))
    return matmul(v / s[..., None, :], u, adjoint_b=True)


_MATRIX_NORMS = ['euclidean', 'fro', 1, 2, np.inf]
_VECTOR_NORMS = ['euclidean', 1, 2, np.inf]


def norm_v2(tensor, ord="euclidean", axis=None, keepdims=None, name=None) -> Tensor:  # noqa: A002 - TensorFlow's
    """TensorFlow 2's tf.norm: `norm` without keep_dims."""
    return norm(tensor, ord=ord, axis=axis, keepdims=keepdims, name=name)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None) -> Tensor:  # noqa: A002
    """The vector norm (ord 'euclidean', 1, 2, inf or any p > 0) over `axis` (all elements for
    None), or the matrix norm ('fro', 'euclidean', 1, 2, inf) over two axes."""
    keepdims = keepdims if keepdims is not None else keep_dims
    keepdims = bool(keepdims)
    is_matrix = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix:
        axis = tuple(axis)
        if not isinstance(axis[0], int) or not isinstance(axis[1], int) or axis[0] == axis[1]:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        if ord not in _MATRIX_NORMS:
            raise ValueError(f"'ord' must be a supported matrix norm in {_MATRIX_NORMS}, got {ord}")
    else:
        if not (isinstance(axis, int) or axis is None):
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        if (not np.isreal(ord) or ord <= 0) and ord not in _VECTOR_NORMS:
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
        if axis is not None:
            axis = (axis,)
    tensor = convert_to_tensor(tensor)
    if ord in ['fro', 'euclidean', 2, 2.0]:
        if is_matrix and ord in [2, 2.0]:
            result = _matrix_2_norm(tensor, axis)
        else:
            result = math_ops.sqrt(reduction_ops.reduce_sum(tensor * math_ops.conj(tensor), axis, keepdims=True))
    else:
        result = math_ops.abs(tensor)
        if ord == 1:
            result = reduction_ops.reduce_sum(result, None if axis is None else axis[0], keepdims=True)
            if is_matrix:
                result = reduction_ops.reduce_max(result, axis[-1], keepdims=True)
        elif ord == np.inf:
            if is_matrix:
                result = reduction_ops.reduce_sum(result, axis[1], keepdims=True)
            result = reduction_ops.reduce_max(result, None if axis is None else axis[0], keepdims=True)
        else:
            result = math_ops.pow(reduction_ops.reduce_sum(math_ops.pow(result, ord), axis, keepdims=True),
                                  1.0 / ord)
    if not keepdims:
        result = array_ops.squeeze(result, axis)
    return result


def _matrix_2_norm(tensor, axis):
    """The largest singular value over the two axes, kept as size-1 dimensions there (TensorFlow
    moves the axes last, takes the SVD's values and moves them back)."""
    rank = tensor.shape.rank
    if rank is None:
        raise ValueError("The matrix 2-norm needs a known rank in varrt.")
    axes = [a + rank if a < 0 else a for a in axis]
    before = [i for i in range(rank) if i not in axes] + axes
    after = [before.index(i) for i in range(rank)]
    permed = array_ops.transpose(tensor, perm=before)
    values = math_ops.abs(svd(permed, compute_uv=False))
    largest = array_ops.expand_dims(reduction_ops.reduce_max(values, axis=-1, keepdims=True), axis=-1)
    return array_ops.transpose(largest, perm=after)


def normalize(tensor, ord="euclidean", axis=None, name=None) -> tuple:  # noqa: A002 - TensorFlow's names
    """(`tensor` / its norm, the norm): norm's `ord` and `axis`, the norm kept in `tensor`'s rank."""
    tensor = convert_to_tensor(tensor)
    n = math_ops.cast(norm(tensor, ord, axis, keepdims=True), tensor.dtype)
    return tensor / n, n


def matrix_rank(a, tol=None, validate_args=False, name=None) -> Tensor:
    """The number of singular values of each innermost matrix above `tol` (default: eps times
    the larger dimension times the largest singular value), int32."""
    a = convert_to_tensor(a, dtype_hint=dtypes.float32, name="a")
    s = svd(a, compute_uv=False)
    if tol is None:
        dims = a.shape[-2:]
        m = np.max(dims.as_list()) if dims.is_fully_defined() else reduction_ops.reduce_max(array_ops.shape(a)[-2:])
        eps = np.finfo(a.dtype.as_numpy_dtype).eps
        tol = eps * math_ops.cast(m, a.dtype) * reduction_ops.reduce_max(s, axis=-1, keepdims=True)
    return reduction_ops.reduce_sum(math_ops.cast(s > tol, dtypes.int32), axis=-1)


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None) -> Tensor:
    """X minimizing ||`matrix` X - `rhs`||^2 + `l2_regularizer` ||X||^2 for each innermost pair.
    With `fast` (and a matrix small enough for the cache, as TensorFlow decides) the regularized
    normal equations on a Cholesky factor (NaN where the matrix is rank deficient), else the
    MatrixSolveLs kernel (`fast=False`: the minimum-norm solution)."""
    matrix = convert_to_tensor(matrix, name="matrix")
    if matrix.dtype == dtypes.complex128 and l2_regularizer != 0:
        raise NotImplementedError("matrix_solve_ls is currently disabled for complex128 and l2_regularizer != 0 "
                                  "due to poor accuracy.")
    if not _use_composite(fast, matrix):
        return matrix_solve_ls_op(matrix, rhs, l2_regularizer, fast=fast, name=name)
    rows, cols = matrix.shape[-2:]
    if rows is None or cols is None:
        raise NotImplementedError("tf.linalg.lstsq with unknown matrix dimensions is not supported by varrt yet "
                                  "(TensorFlow chooses the normal equations' kind with a tf.cond).")
    if _fusable(rhs, l2_regularizer):
        solution = _C.normal_equations_least_squares(matrix, rhs, float(l2_regularizer), l2_regularizer != 0)
        if solution is not None:
            return solution
    if rows >= cols:
        chol = regularized_gramian_cholesky(matrix, l2_regularizer, first_kind=True)
        return cholesky_solve(chol, matmul(matrix, rhs, adjoint_a=True))
    chol = regularized_gramian_cholesky(matrix, l2_regularizer, first_kind=False)
    return matmul(matrix, cholesky_solve(chol, rhs), adjoint_a=True)


def _fusable(rhs, l2_regularizer):
    """Whether the core may compute the composition below in one call (it declines where a tape,
    a graph or the placement log needs the ops, and for shapes or dtypes the ops must judge):
    right-hand sides that are a tensor or a plain array (C-contiguous, native byte order: the
    core reads it in place), and a regularizer that is a Python number whose conversion to the
    matrices' dtype rounds as its float does."""
    plain = isinstance(rhs, Tensor) or (isinstance(rhs, np.ndarray) and rhs.flags.c_contiguous
                                        and rhs.dtype.isnative)
    return plain and type(l2_regularizer) in (float, int) and abs(l2_regularizer) <= 2 ** 53


def _use_composite(fast, matrix):
    """TensorFlow's rule: the composite unless `fast` is off, or the matrices outgrow a guess of the
    L2 cache while the batch is larger than the smallest matrix dimension."""
    if fast is False:
        return False
    shape = matrix.shape
    if not shape.is_fully_defined():
        return True
    size = shape.num_elements() * matrix.dtype.size
    batch = int(np.prod(shape[:-2].as_list())) if shape.rank > 2 else 1
    io_bound = batch > min(shape[-2:].as_list())
    return not (size > 256000 and io_bound)


def regularized_gramian_cholesky(matrix, l2_regularizer, first_kind):
    """The Cholesky factor of A^H A + l2 I (first kind) or A A^H + l2 I."""
    gramian = matmul(matrix, matrix, adjoint_a=first_kind, adjoint_b=not first_kind)
    if hasattr(l2_regularizer, "dtype") or l2_regularizer != 0:
        gramian += l2_regularizer * identity_like(gramian)
    return cholesky(gramian)



def identity_like(square):
    """Identity matrices of the shape of `square` (a batch of square matrices): TensorFlow's
    eye(shape[-1], batch_shape=shape[:-2]), from the diagonal's shape so that dimensions known
    only when a graph runs need no shape arithmetic."""
    return diag_ops.diag(array_ops.ones_like(diag_ops.diag_part(square)))
