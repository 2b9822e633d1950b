"""Linear-algebra ops: inverses, determinants, solvers and decompositions (TensorFlow's
core/ops/linalg_ops.cc), batched over the leading dimensions; the cross product and the diagonal
of a tensor (tf.linalg.cross, tensor_diag, tensor_diag_part).

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('Cholesky', 'input: T -> output: T', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.batch_square,
         kernels='XLA_CPU_JIT: float, double, complex64, complex128, half; CPU: complex128, complex64, double, float')
register('LogMatrixDeterminant', 'input: T -> sign: T, log_abs_determinant: T', 'T: {half, float, double, complex64, complex128}', shape=shape_fns.log_matrix_determinant,
         kernels='CPU: complex128, complex64, double, float')
register('MatrixDeterminant', 'input: T -> output: T', 'T: {half, float, double, complex64, complex128}', shape=shape_fns.matrix_determinant,
         kernels='CPU: complex128, complex64, double, float')
register('MatrixInverse', 'input: T -> output: T', 'adjoint: bool = false', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.batch_square)
register('MatrixSolve', 'matrix: T, rhs: T -> output: T', 'adjoint: bool = false', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.matrix_solve,
         kernels='XLA_CPU_JIT: float, double, half; CPU: complex128, complex64, double, float')
register('MatrixSolveLs', 'matrix: T, rhs: T, l2_regularizer: double -> output: T', 'T: {double, float, half, complex64, complex128}', 'fast: bool = true', shape=shape_fns.matrix_solve_ls,
         kernels='CPU: float, double, complex64, complex128')
register('MatrixTriangularSolve', 'matrix: T, rhs: T -> output: T', 'lower: bool = true', 'adjoint: bool = false', 'T: {bfloat16, double, float, half, complex64, complex128}', shape=shape_fns.matrix_triangular_solve,
         kernels='XLA_CPU_JIT: float, double, complex64, bfloat16, complex128, half; CPU: double, float, complex128, complex64')
register('Qr', 'input: T -> q: T, r: T', 'full_matrices: bool = false', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.qr)
register('SelfAdjointEigV2', 'input: T -> e: T, v: T', 'compute_v: bool = true', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.self_adjoint_eig_v2,
         kernels='CPU: float, double, complex64, complex128; XLA_CPU_JIT: float, double, complex64, complex128, half')
register('Svd', 'input: T -> s: T, u: T, v: T', 'compute_uv: bool = true', 'full_matrices: bool = false', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.svd,
         kernels='XLA_CPU_JIT: float, double, half; CPU: float, double, complex64, complex128')
register('Cross', 'a: T, b: T -> product: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.cross)
register('Diag', 'diagonal: T -> output: T', 'T: {bfloat16, half, float, double, int32, int64, complex64, complex128}', shape=shape_fns.tensor_diag,
         kernels='XLA_CPU_JIT: float, double, int32, complex64, int64, bfloat16, complex128, half; CPU: half, complex128, complex64, int64, int32, float, double')
register('DiagPart', 'input: T -> diagonal: T', 'T: {bfloat16, half, float, double, int32, int64, complex64, complex128}', shape=shape_fns.tensor_diag_part,
         kernels='XLA_CPU_JIT: float, double, int32, complex64, int64, bfloat16, complex128, half; CPU: half, complex128, complex64, int64, int32, float, double')
register('Lu', 'input: T -> lu: T, p: output_idx_type', 'T: {double, float, half, complex64, complex128}', 'output_idx_type: {int32, int64} = int32', shape=shape_fns.lu,
         kernels='CPU: complex128, complex64, double, float')
register('Eig', 'input: T -> e: Tout, v: Tout', 'compute_v: bool = true', 'T: {float, double, complex64, complex128}', 'Tout: {complex64, complex128}', shape=shape_fns.self_adjoint_eig_v2)
register('TridiagonalMatMul', 'superdiag: T, maindiag: T, subdiag: T, rhs: T -> output: T', 'T: {double, float, complex64, complex128}', shape=shape_fns.tridiagonal_mat_mul)
register('TridiagonalSolve', 'diagonals: T, rhs: T -> output: T', 'partial_pivoting: bool = true', 'perturb_singular: bool = false', 'T: {double, float, complex64, complex128}', shape=shape_fns.tridiagonal_solve)
register('BandedTriangularSolve', 'matrix: T, rhs: T -> output: T', 'lower: bool = true', 'adjoint: bool = false', 'T: {double, float, half, complex64, complex128}', shape=shape_fns.banded_triangular_solve)
# Lowered to Transpose, Reshape, MatMul/BatchMatMulV2, Sum and MatrixDiagPartV3 (ops/einsum_ops.py): no node of its own.
register('Einsum', 'inputs: N * T -> output: T', 'equation: string', 'N: int >= 1', 'T: type', shape=shape_fns.einsum,
         kernels='XLA_CPU_JIT: float, double, int32, complex64, int64, bfloat16, complex128, half, uint64; CPU: int64; '
                 'CPU: int32; CPU: half; CPU: float; CPU: double; CPU: complex64; CPU: complex128; CPU: bfloat16')
register('MatrixLogarithm', 'input: T -> output: T', 'T: {complex64, complex128}', shape=shape_fns.batch_square)
