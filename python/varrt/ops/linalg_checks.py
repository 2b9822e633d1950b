"""What TensorFlow's linear-algebra kernels check before they compute, with their texts: the
LinearAlgebraOp base class (core/kernels/linalg/linalg_ops_common.cc: ranks, equal outer
dimensions, square matrices) that the inverse, determinant, solver and decomposition kernels share,
and the half-precision rule (those kernels compute in float32 and round back)."""
import numpy as np

from varrt.ops.op_util import kernel_error


def check_batch(op, arrays, name, end, square=False):
    """The first input of rank >= 2, the others of its rank and outer dimensions; with `square`, the
    first input's matrices square (TensorFlow's ValidateSingleSquareMatrix text)."""
    # TensorFlow checks the first input's rank, then the others against it.
    if arrays[0].ndim < 2:
        raise kernel_error(op, f"Input tensor 0 must have rank >= 2, got {arrays[0].ndim}", name, end=end)
    for a in arrays[1:]:
        if a.ndim != arrays[0].ndim:
            raise kernel_error(op, "All input tensors must have the same rank.", name, end=end)
        if a.shape[:-2] != arrays[0].shape[:-2]:
            raise kernel_error(op, "All input tensors must have the same outer dimensions.", name, end=end)
    if square and arrays[0].shape[-1] != arrays[0].shape[-2]:
        raise kernel_error(op, "Input matrix must be square.", name, end=end)


def computing(a):
    """`a` in the precision the kernel computes in: half rounds through float32, as Eigen does."""
    return a.astype(np.float32) if a.dtype == np.float16 else a


def finite(a):
    """Whether every element is finite (LAPACK does not converge on NaN or infinity)."""
    return bool(np.isfinite(a).all())
