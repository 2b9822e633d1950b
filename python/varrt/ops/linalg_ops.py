"""`tf.linalg`: matrix ops under TensorFlow's tf.linalg names and op names (MatMul,
BatchMatMulV2: the core's ops on its GEMM, which raise TensorFlow's CPU kernel errors;
MatrixBandPart), with its
CPU build's conversion errors (oneDNN's _Mkl node names for float32/bfloat16).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import (check_dtype, is_tensor_like, kernel_error, mismatch, named, operand, run, shape_of,
                               shape_text, suffix)
from varrt.ops.array_ops import rank
from varrt.ops.array_ops import transpose

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_MKL = (dtypes.float32, dtypes.bfloat16)  # TensorFlow's CPU build runs these through oneDNN kernels


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False,
           b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None) -> Tensor:
    """Multiplies matrix `a` by matrix `b`, producing `a` * `b` (TensorFlow's `tf.linalg.matmul`).

    The product is over the last two dimensions, batched (and broadcast) over the others; it
    runs the core's MatMul or BatchMatMulV2 (OpenBLAS where it has the dtype), eagerly and in
    graphs alike.

    Args:
        a: A `Tensor` of type `float16`, `bfloat16`, `float32`, `float64`, `int32`, `int64`,
            `complex64` or `complex128`, of rank >= 2.
        b: A `Tensor` of the same type as `a`, of rank >= 2.
        transpose_a: If True, `a` is transposed before the product.
        transpose_b: If True, `b` is transposed before the product.
        adjoint_a: If True, `a` is conjugated and transposed before the product.
        adjoint_b: If True, `b` is conjugated and transposed before the product.
        a_is_sparse: A hint TensorFlow accepts; ignored.
        b_is_sparse: A hint TensorFlow accepts; ignored.
        output_type: The output dtype for 8-bit integer inputs (TensorFlow's); None keeps the
            input type.
        grad_a: Set by gradient functions (TensorFlow's attribute); no effect on the value.
        grad_b: Set by gradient functions (TensorFlow's attribute); no effect on the value.
        name: A name for the operation (optional).

    Returns:
        A `Tensor` of the same type as `a` (or `output_type`), of shape
        `batch + [rows of a, columns of b]` after the transpositions.

    Raises:
        ValueError: While a graph is built, if the static shapes do not fit (TensorFlow's
            text).
        InvalidArgumentError: If the inner dimensions or batch dimensions do not fit, or `a`
            and `b` have different dtypes (executing eagerly).
        TypeError: While a graph is built, if `a` and `b` have different dtypes.
    """
    # TensorFlow's conversion and dtype checks here, then the core's MatMul or BatchMatMulV2, which
    # checks the shapes (with TensorFlow's texts) and multiplies (csrc/varrt/ops/matmul_ops.h).
    xa, xd = operand(a)
    ya, yd = operand(b, xd, strict=False)
    batched = len(shape_of(xa)) > 2 or len(shape_of(ya)) > 2
    op = "BatchMatMulV2" if batched else "MatMul"
    if xd is not yd:
        node = ("_Mkl" + op) if xd in _MKL else op
        raise mismatch(op, 1, xd, yd, node=node)  # " name: " without the name, as TensorFlow prints it
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    attrs = {"adj_x": ta, "adj_y": tb} if batched else {"transpose_a": ta, "transpose_b": tb}
    check_dtype(op, xd, name, attrs=attrs)
    # MatMul only transposes and BatchMatMulV2 only conjugate-transposes: TensorFlow conjugates a
    # complex operand first (a Conj op) where the other is asked for.
    if xd.is_complex and (adjoint_a if not batched else transpose_a):
        xa = run("Conj", np.conj, (xa,), xd, shape_of(xa))._data
    if xd.is_complex and (adjoint_b if not batched else transpose_b):
        ya = run("Conj", np.conj, (ya,), xd, shape_of(ya))._data
    return named(name, _C.batch_mat_mul_v2 if batched else _C.mat_mul, xa, ya, ta, tb, name or "")


def matrix_transpose(a, name="matrix_transpose", conjugate=False) -> Tensor:
    """Swaps the last two dimensions."""
    r = int(rank(a))
    if r < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = {a} with shape: "
                         f"{getattr(a, 'shape', None)}")
    return transpose(a, list(range(r - 2)) + [r - 1, r - 2], conjugate=conjugate)


def adjoint(matrix, name=None) -> Tensor:
    """The conjugate transpose of the last two dimensions of `matrix` (tf.linalg.adjoint)."""
    return matrix_transpose(matrix, conjugate=True)


@op_def_lib.implements("MatMul")
def _raw_mat_mul(a, b, transpose_a=False, transpose_b=False, grad_a=False, grad_b=False, name=None):
    return matmul(a, b, transpose_a=transpose_a, transpose_b=transpose_b, name=name)


@op_def_lib.implements("BatchMatMulV2")
def _raw_batch_mat_mul_v2(x, y, adj_x=False, adj_y=False, grad_x=False, grad_y=False, name=None):
    return matmul(x, y, adjoint_a=adj_x, adjoint_b=adj_y, name=name)


# `tf.matmul(a, b)` of two matrices enters the core in one call (_C.fast_op, the core's MatMul);
# everything else (keywords, batches, mismatched dtypes) runs the function above.
matmul = _C.fast_op("matmul", 0, "hint", matmul)


@op_def_lib.implements("MatrixBandPart")
def band_part(input, num_lower, num_upper, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """`input` with each innermost matrix zeroed outside its central band: `num_lower`
    subdiagonals and `num_upper` superdiagonals kept (a negative count keeps that whole triangle)."""
    a, dtype = operand(input)
    end = suffix(name, input, num_lower, num_upper)
    # Both counts take the dtype of whichever is a tensor, else the attribute's default (int64).
    index_dtype = next((operand(v)[1] for v in (num_lower, num_upper) if is_tensor_like(v)), dtypes.int64)
    lower, lower_dtype = operand(num_lower, index_dtype)
    upper, upper_dtype = operand(num_upper, index_dtype)
    check_dtype("MatrixBandPart", lower_dtype, name, end, attr="Tindex")
    if upper_dtype is not lower_dtype:
        raise mismatch("MatrixBandPart", 2, lower_dtype, upper_dtype, name)
    return run("MatrixBandPart", lambda a, lower, upper: _band(a, lower, upper, name, end), (a, lower, upper), dtype,
               name=name)


def _band(a, lower, upper, name, end):
    if a.ndim < 2:
        raise kernel_error("MatrixBandPart", f"input must be at least 2-dim, received shape: {shape_text(a.shape)}",
                           name, end=end)
    rows, cols = a.shape[-2:]
    counts = []
    for what, count, limit, dim in (("num_lower", lower, rows, "rows"), ("num_upper", upper, cols, "columns")):
        if np.ndim(count) != 0:
            raise kernel_error("MatrixBandPart", f"{what} must be scalar, got shape {shape_text(np.shape(count))}",
                               name, end=end)
        count = int(count)
        if count > limit:
            raise kernel_error("MatrixBandPart", f"{what} must be negative or less or equal to number of {dim} "
                                                 f"({limit}) got: {count}", name, end=end)
        counts.append(count)
    i = np.arange(rows)[:, None]
    j = np.arange(cols)[None, :]
    keep = ((counts[0] < 0) | (i - j <= counts[0])) & ((counts[1] < 0) | (j - i <= counts[1]))
    return np.where(keep, a, np.zeros((), a.dtype) if a.dtype != object else b"")
