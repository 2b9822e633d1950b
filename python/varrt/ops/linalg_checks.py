"""What TensorFlow's LinearAlgebraOp base class (core/kernels/linalg/linalg_ops_common.cc)
checks before a kernel computes, with its texts (ranks, equal outer dimensions, square matrices),
for the linear-algebra ops with NumPy kernels (MatrixSolveLs); the core's LAPACK ops make the same
checks in csrc/varrt/ops/linalg_ops.cc."""
from varrt.ops.op_util import kernel_error


def check_batch(op, arrays, name, end):
    """The first input of rank >= 2, the others of its rank and outer dimensions."""
    # TensorFlow checks the first input's rank, then the others against it.
    if arrays[0].ndim < 2:
        raise kernel_error(op, f"Input tensor 0 must have rank >= 2, got {arrays[0].ndim}", name, end=end)
    for a in arrays[1:]:
        if a.ndim != arrays[0].ndim:
            raise kernel_error(op, "All input tensors must have the same rank.", name, end=end)
        if a.shape[:-2] != arrays[0].shape[:-2]:
            raise kernel_error(op, "All input tensors must have the same outer dimensions.", name, end=end)
