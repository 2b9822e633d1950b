"""`tf.linalg`: the public names of varrt.ops.linalg_ops."""
from varrt.ops.linalg_ops import (  # noqa: F401
    adjoint, matmul, matrix_transpose,
)
from varrt.ops.clip_ops import global_norm  # noqa: F401
