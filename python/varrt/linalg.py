"""`tf.linalg`: matrix ops under TensorFlow's tf.linalg names."""
from varrt.array_ops import transpose as _transpose
from varrt.math_ops import matmul  # noqa: F401


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """Swaps the last two dimensions."""
    from varrt.array_ops import rank as _rank
    r = int(_rank(a))
    if r < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = {a} with shape: "
                         f"{getattr(a, 'shape', None)}")
    return _transpose(a, list(range(r - 2)) + [r - 1, r - 2], conjugate=conjugate, name=name)


def adjoint(matrix, name=None):
    return matrix_transpose(matrix, conjugate=True)
