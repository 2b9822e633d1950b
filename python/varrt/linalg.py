"""`tf.linalg`: the public names of varrt.ops.linalg_ops, and tensordot (tf.linalg.tensordot)."""
from varrt.ops.linalg_ops import (  # noqa: F401
    adjoint, band_part, matmul, matrix_transpose,
)
from varrt.ops.clip_ops import global_norm  # noqa: F401
from varrt.ops.array_composites import tensordot  # noqa: F401
