"""`tf.linalg`: the public names of varrt.ops.linalg_ops, tensordot (tf.linalg.tensordot) and the diagonal ops (ops/diag_ops.py)."""
from varrt.ops.linalg_ops import (  # noqa: F401
    adjoint, band_part, matmul, matrix_transpose,
)
from varrt.ops.clip_ops import global_norm  # noqa: F401
from varrt.ops.array_composites import tensordot  # noqa: F401
from varrt.ops.diag_ops import diag, diag_part, eye, set_diag  # noqa: F401
