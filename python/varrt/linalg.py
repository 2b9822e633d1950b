"""`tf.linalg`: the public names of varrt.ops.linalg_ops, the solvers (ops/linalg_solvers.py), the
decompositions (ops/decompositions.py), the functions written over them (ops/linalg_composites.py),
the cross product (ops/cross_ops.py), the diagonal of a tensor (ops/tensor_diag_ops.py),
tensordot (tf.linalg.tensordot) and the diagonal ops (ops/diag_ops.py)."""
from varrt.ops.linalg_ops import (  # noqa: F401
    adjoint, band_part, matmul, matrix_transpose,
)
from varrt.ops.linalg_solvers import (  # noqa: F401
    cholesky, log_matrix_determinant as slogdet, matrix_determinant as det, matrix_inverse as inv,
    matrix_solve as solve, matrix_triangular_solve as triangular_solve,
)
from varrt.ops.decompositions import (  # noqa: F401
    qr, self_adjoint_eig as eigh, self_adjoint_eigvals as eigvalsh, svd,
)
from varrt.ops.linalg_composites import (  # noqa: F401
    cholesky_solve, logdet, lstsq, matrix_rank, matvec, norm_v2 as norm, normalize, pinv, trace,
)
from varrt.ops.nn_ops import l2_normalize  # noqa: F401
from varrt.ops.cross_ops import cross  # noqa: F401
from varrt.ops.tensor_diag_ops import tensor_diag, tensor_diag_part  # noqa: F401
from varrt.ops.clip_ops import global_norm  # noqa: F401
from varrt.ops.array_composites import tensordot  # noqa: F401
from varrt.ops.einsum_ops import einsum  # noqa: F401
from varrt.ops.diag_ops import diag, diag_part, eye, set_diag  # noqa: F401
from varrt.ops.lu_ops import lu, lu_matrix_inverse, lu_reconstruct, lu_solve  # noqa: F401,E402
from varrt.ops.eig_ops import eig, eigvals  # noqa: F401,E402
from varrt.graph.matrix_exponential import matrix_exponential as expm  # noqa: F401,E402
from varrt.ops.tridiagonal_ops import tridiagonal_matmul, tridiagonal_solve  # noqa: F401,E402
from varrt.ops.banded_ops import banded_triangular_solve  # noqa: F401,E402
from varrt.ops.matrix_logarithm import matrix_logarithm as logm  # noqa: F401,E402
