"""`tf.linalg`: matrix ops under TensorFlow's tf.linalg names and op names (MatMul,
BatchMatMulV2), with its CPU build's error texts (oneDNN's _Mkl kernels for float32/bfloat16).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt import _C, dtypes
from varrt.ops.op_util import check_dtype, kernel_error, mismatch, operand, quiet, run, shape_of, shape_text

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_MKL = (dtypes.float32, dtypes.bfloat16)  # TensorFlow's CPU build runs these through oneDNN kernels


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False,
           b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None) -> Tensor:
    """The matrix product of the last two dimensions, batched (and broadcast) over the others."""
    xa, xd = operand(a)
    ya, yd = operand(b, xd, strict=False)
    batched = len(shape_of(xa)) > 2 or len(shape_of(ya)) > 2
    op = "BatchMatMulV2" if batched else "MatMul"
    node = ("_Mkl" + op) if xd in _MKL else op
    if xd is not yd:
        raise mismatch(op, 1, xd, yd, node=node)  # " name: " without the name, as TensorFlow prints it
    flags = (transpose_a, transpose_b, adjoint_a, adjoint_b)
    # The op's attributes as TensorFlow sets them (adjoint = transpose for real matrices), for its gradient.
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    attrs = {"adj_x": ta, "adj_y": tb} if batched else {"transpose_a": ta, "transpose_b": tb}
    check_dtype(op, xd, name, attrs=attrs)
    return run(op, lambda x, y: _product(op, node, xd, batched, x, y, *flags, name), (xa, ya), xd, attrs=attrs)


def _product(op, node, xd, batched, xa, ya, transpose_a, transpose_b, adjoint_a, adjoint_b, name):
    """MatMul's kernel: TensorFlow's checks (with its CPU build's texts), then NumPy's product."""
    x, y = xa, ya
    wrapped = ("__" + node[1:]) if node.startswith("_") else node  # __wrapped____MklMatMul
    if x.ndim < 2 or y.ndim < 2:
        if xd in _MKL or x.ndim == y.ndim:
            message = "In[0] ndims must be >= 2" + ("" if xd in _MKL else f": {x.ndim}")
        else:
            message = f"In[0] and In[1] has different ndims: {shape_text(x.shape)} vs. {shape_text(y.shape)}"
        raise kernel_error(op, message, name, node=wrapped)
    if transpose_a or adjoint_a:
        x = np.swapaxes(x, -1, -2)
        x = np.conj(x) if adjoint_a else x
    if transpose_b or adjoint_b:
        y = np.swapaxes(y, -1, -2)
        y = np.conj(y) if adjoint_b else y
    if batched:
        try:
            np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
        except ValueError:
            raise kernel_error(op, f"In[0] and In[1] must have compatible batch dimensions: "
                                           f"{shape_text(xa.shape)} vs. {shape_text(ya.shape)}", name,
                               node=wrapped) from None
    if x.shape[-1] != y.shape[-2]:
        flags = f" {int(bool(transpose_a or adjoint_a))} {int(bool(transpose_b or adjoint_b))}" if batched else ""
        raise kernel_error(op, f"Matrix size-incompatible: In[0]: {shape_text(xa.shape)}, In[1]: "
                                       f"{shape_text(ya.shape)}{flags}", name, node=wrapped)
    with quiet(all="ignore"):
        return np.matmul(x, y)


def matrix_transpose(a, name="matrix_transpose", conjugate=False) -> Tensor:
    """Swaps the last two dimensions."""
    from varrt.ops.array_ops import rank, transpose
    r = int(rank(a))
    if r < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = {a} with shape: "
                         f"{getattr(a, 'shape', None)}")
    return transpose(a, list(range(r - 2)) + [r - 1, r - 2], conjugate=conjugate)


def adjoint(matrix, name=None) -> Tensor:
    """The conjugate transpose of the last two dimensions of `matrix` (tf.linalg.adjoint)."""
    return matrix_transpose(matrix, conjugate=True)


# `tf.matmul(a, b)` of small float matrices enters the core in one call (_C.fast_op, a core
# kernel through the dispatch); everything else (keywords, batches, other dtypes, large
# matrices, which BLAS multiplies faster) runs the function above.
matmul = _C.fast_op("matmul", 0, "hint", matmul)
from varrt.ops.clip_ops import global_norm  # noqa: F401,E402
