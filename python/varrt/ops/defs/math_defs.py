"""Math ops: element-wise, broadcasting binary, reductions, matrix products, scans.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('Abs', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, int16, int32, int64}', shape=shape_fns.unchanged)
register('Acos', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Acosh', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Add', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, int8, int16, int32, int64, complex64, complex128, string}', shape=shape_fns.broadcast, node_name="add")
register('AddN', 'inputs: N * T -> sum: T', 'N: int >= 1', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64, variant}', commutative=True, aggregate=True, shape=shape_fns.add_n)
register('AddV2', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, uint16, uint32, uint64, int8, int16, int32, int64, complex64, complex128}', commutative=True, aggregate=True, shape=shape_fns.broadcast, node_name="add")
register('All', 'input: bool, reduction_indices: Tidx -> output: bool', 'keep_dims: bool = false', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Angle', 'input: T -> output: Tout', 'T: {complex64, complex128} = complex64', 'Tout: {float, double} = float', shape=shape_fns.unchanged)
register('Any', 'input: bool, reduction_indices: Tidx -> output: bool', 'keep_dims: bool = false', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('ArgMax', 'input: T, dimension: Tidx -> output: output_type', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16, bool}', 'Tidx: {int16, int32, int64} = int32', 'output_type: {int16, uint16, int32, int64} = int64', shape=shape_fns.arg_reduction)
register('ArgMin', 'input: T, dimension: Tidx -> output: output_type', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16, bool}', 'Tidx: {int32, int64} = int32', 'output_type: {int32, int64} = int64', shape=shape_fns.arg_reduction)
register('Asin', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Asinh', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Atan', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Atan2', 'y: T, x: T -> z: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.broadcast)
register('Atanh', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('BatchMatMulV2', 'x: T, y: T -> output: T', 'T: {bfloat16, half, float, double, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128}', 'adj_x: bool = false', 'adj_y: bool = false', 'grad_x: bool = false', 'grad_y: bool = false', shape=shape_fns.batch_matmul,
         kernels='XLA_CPU_JIT: float, double, int32, uint8, int16, complex64, int64, bfloat16, uint16, complex128, half, uint32, uint64; CPU: int64, int32, int16, double, float, bfloat16, half, complex128, complex64')
register('BesselI0', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselI0e', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float, half')
register('BesselI1', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselI1e', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float, half')
register('BesselJ0', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselJ1', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselK0', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselK0e', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselK1', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselK1e', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselY0', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('BesselY1', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float, half')
register('Betainc', 'a: T, b: T, x: T -> z: T', 'T: {float, double}', shape=shape_fns.betainc)
register('BitwiseAnd', 'x: T, y: T -> z: T', 'T: {int8, int16, int32, int64, uint8, uint16, uint32, uint64}', commutative=True, shape=shape_fns.broadcast)
register('BitwiseOr', 'x: T, y: T -> z: T', 'T: {int8, int16, int32, int64, uint8, uint16, uint32, uint64}', commutative=True, shape=shape_fns.broadcast)
register('BitwiseXor', 'x: T, y: T -> z: T', 'T: {int8, int16, int32, int64, uint8, uint16, uint32, uint64}', commutative=True, shape=shape_fns.broadcast)
register('Cast', 'x: SrcT -> y: DstT', 'SrcT: type', 'DstT: type', 'Truncate: bool = false', shape=shape_fns.unchanged)
register('Ceil', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('Complex', 'real: T, imag: T -> out: Tout', 'T: {float, double} = float', 'Tout: {complex64, complex128} = complex64', shape=shape_fns.broadcast)
register('ComplexAbs', 'x: T -> y: Tout', 'T: {complex64, complex128} = complex64', 'Tout: {float, double} = float', shape=shape_fns.unchanged)
register('Conj', 'input: T -> output: T', 'T: {complex64, complex128, variant} = complex64', shape=shape_fns.unchanged)
register('Cos', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Cosh', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Cumprod', 'x: T, axis: Tidx -> out: T', 'exclusive: bool = false', 'reverse: bool = false', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tidx: {int32, int64} = int32', shape=shape_fns.cumulative)
register('Cumsum', 'x: T, axis: Tidx -> out: T', 'exclusive: bool = false', 'reverse: bool = false', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tidx: {int32, int64} = int32', shape=shape_fns.cumulative)
register('CumulativeLogsumexp', 'x: T, axis: Tidx -> out: T', 'exclusive: bool = false', 'reverse: bool = false', 'T: {bfloat16, half, float, double}', 'Tidx: {int32, int64} = int32', shape=shape_fns.cumulative)
register('Dawsn', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float')
register('Digamma', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, half, float')
register('DivNoNan', 'x: T, y: T -> z: T', 'T: {half, float, bfloat16, double, complex64, complex128}', shape=shape_fns.broadcast)
register('Equal', 'x: T, y: T -> z: bool', 'T: type', 'incompatible_shape_error: bool = true', commutative=True, shape=shape_fns.comparison)
register('Erf', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('Erfc', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('Erfinv', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float')
register('EuclideanNorm', 'input: T, reduction_indices: Tidx -> output: T', 'keep_dims: bool = false', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Exp', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Expint', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float')
register('Expm1', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Floor', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('FloorDiv', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128}', shape=shape_fns.broadcast, node_name="floordiv",
         kernels='XLA_CPU_JIT: float, double, int32, uint8, int16, int8, complex64, int64, bfloat16, uint16, complex128, half, uint32, uint64; DEFAULT: int32; CPU: double, bfloat16, half, float, int64, int32, int16, int8, uint64, uint32, uint16, uint8')
register('FloorMod', 'x: T, y: T -> z: T', 'T: {int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, half, float, double}', shape=shape_fns.broadcast, node_name="mod")
register('FresnelCos', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float')
register('FresnelSin', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float')
register('Greater', 'x: T, y: T -> z: bool', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.broadcast)
register('GreaterEqual', 'x: T, y: T -> z: bool', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.broadcast)
register('Identity', 'input: T -> output: T', 'T: type', shape=shape_fns.unchanged)
register('Igamma', 'a: T, x: T -> z: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.broadcast,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float')
register('IgammaGradA', 'a: T, x: T -> z: T', 'T: {float, double}', shape=shape_fns.broadcast)
register('Igammac', 'a: T, x: T -> z: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.broadcast,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float')
register('Imag', 'input: T -> output: Tout', 'T: {complex64, complex128} = complex64', 'Tout: {float, double} = float', shape=shape_fns.unchanged)
register('Invert', 'x: T -> y: T', 'T: {int8, int16, int32, int64, uint8, uint16, uint32, uint64}', shape=shape_fns.unchanged)
register('IsFinite', 'x: T -> y: bool', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('IsInf', 'x: T -> y: bool', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('IsNan', 'x: T -> y: bool', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged)
register('Less', 'x: T, y: T -> z: bool', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.broadcast)
register('LessEqual', 'x: T, y: T -> z: bool', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.broadcast)
register('Lgamma', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, half, float')
register('Log', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Log1p', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('LogicalAnd', 'x: bool, y: bool -> z: bool', commutative=True, shape=shape_fns.broadcast)
register('LogicalNot', 'x: bool -> y: bool', shape=shape_fns.unchanged)
register('LogicalOr', 'x: bool, y: bool -> z: bool', commutative=True, shape=shape_fns.broadcast)
register('MatMul', 'a: T, b: T -> product: T', 'transpose_a: bool = false', 'transpose_b: bool = false', 'T: {bfloat16, half, float, double, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128}', 'grad_a: bool = false', 'grad_b: bool = false', shape=shape_fns.matmul,
         kernels='XLA_CPU_JIT: float, double, int32, complex64, int64, bfloat16, complex128, half; CPU: int64, int32, int16, double, float, bfloat16, half, complex128, complex64')
register('Max', 'input: T, reduction_indices: Tidx -> output: T', 'keep_dims: bool = false', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16}', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Maximum', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64}', shape=shape_fns.broadcast)
register('Mean', 'input: T, reduction_indices: Tidx -> output: T', 'keep_dims: bool = false', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Min', 'input: T, reduction_indices: Tidx -> output: T', 'keep_dims: bool = false', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16}', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Minimum', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64}', shape=shape_fns.broadcast)
register('Mul', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128}', commutative=True, shape=shape_fns.broadcast, node_name="mul")
register('MulNoNan', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.broadcast)
register('Ndtri', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float')
register('Neg', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128}', shape=shape_fns.unchanged)
register('NextAfter', 'x1: T, x2: T -> output: T', 'T: {double, float} = float', shape=shape_fns.broadcast)
register('NotEqual', 'x: T, y: T -> z: bool', 'T: type', 'incompatible_shape_error: bool = true', commutative=True, shape=shape_fns.comparison)
register('OnesLike', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64, complex64, complex128, bool}', shape=shape_fns.unchanged)
register('Polygamma', 'a: T, x: T -> z: T', 'T: {float, double}', shape=shape_fns.broadcast)
register('Pow', 'x: T, y: T -> z: T', 'T: {bfloat16, float, half, double, int8, int16, int32, int64, complex64, complex128}', shape=shape_fns.broadcast, node_name="pow")
register('Prod', 'input: T, reduction_indices: Tidx -> output: T', 'keep_dims: bool = false', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Range', 'start: Tidx, limit: Tidx, delta: Tidx -> output: Tidx', 'Tidx: {bfloat16, half, float, double, int8, int16, int32, int64, uint16, uint32, uint64} = int32', shape=shape_fns.range_,
         kernels='XLA_CPU_JIT: float, double, int32, int16, int8, int64, bfloat16, uint16, half, uint32, uint64; DEFAULT: int32; CPU: int64, int32, double, float, bfloat16, half')
register('Real', 'input: T -> output: Tout', 'T: {complex64, complex128} = complex64', 'Tout: {float, double} = float', shape=shape_fns.unchanged)
register('RealDiv', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128}', shape=shape_fns.broadcast, node_name="truediv",
         kernels='XLA_CPU_JIT: float, double, int32, uint8, int16, int8, complex64, int64, bfloat16, uint16, complex128, half, uint32, uint64; CPU: complex128, complex64, bfloat16, double, half, float')
register('Reciprocal', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, int32, int16, int8, complex64, int64, bfloat16, complex128, half; CPU: complex128, complex64, double, bfloat16, half, float')
register('Rint', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, bfloat16, half; CPU: double, float')
register('Round', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128}', shape=shape_fns.unchanged,
         kernels='XLA_CPU_JIT: float, double, int32, int16, int8, complex64, int64, bfloat16, complex128, half; CPU: int64, int32, bfloat16, double, float, half')
register('Rsqrt', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Select', 'condition: bool, t: T, e: T -> output: T', 'T: type', shape=shape_fns.select,
         api_names={"t": "x", "e": "y"})
register('SelectV2', 'condition: bool, t: T, e: T -> output: T', 'T: type', shape=shape_fns.select_v2)
register('Sign', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128}', shape=shape_fns.unchanged)
register('Sin', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Sinh', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Spence', 'x: T -> y: T', 'T: {bfloat16, half, float, double}', shape=shape_fns.unchanged,
         kernels='CPU: double, float')
register('Sqrt', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Square', 'x: T -> y: T', 'T: {bfloat16, half, float, double, int8, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128}', shape=shape_fns.unchanged)
register('SquaredDifference', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, int32, int64, complex64, complex128}', commutative=True, shape=shape_fns.broadcast)
register('StopGradient', 'input: T -> output: T', 'T: type', shape=shape_fns.unchanged)
register('Sub', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, complex64, complex128, uint32, uint64}', shape=shape_fns.broadcast, node_name="sub")
register('Sum', 'input: T, reduction_indices: Tidx -> output: T', 'keep_dims: bool = false', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tidx: {int32, int64} = int32', shape=shape_fns.reduction,
         api_names={"reduction_indices": "axis"})
register('Tan', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Tanh', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('TanhGrad', 'y: T, dy: T -> z: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('UnsortedSegmentSum', 'data: T, segment_ids: Tindices, num_segments: Tnumsegments -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tindices: {int16, int32, int64}', 'Tnumsegments: {int32, int64} = int32', shape=shape_fns.unsorted_segment)
register('Xdivy', 'x: T, y: T -> z: T', 'T: {half, bfloat16, float, double, complex64, complex128}', shape=shape_fns.broadcast)
register('Xlog1py', 'x: T, y: T -> z: T', 'T: {half, bfloat16, float, double, complex64, complex128}', shape=shape_fns.broadcast)
register('Xlogy', 'x: T, y: T -> z: T', 'T: {half, bfloat16, float, double, complex64, complex128}', shape=shape_fns.broadcast)
register('ZerosLike', 'x: T -> y: T', 'T: type', shape=shape_fns.unchanged)
register('Zeta', 'x: T, q: T -> z: T', 'T: {float, double}', shape=shape_fns.broadcast)
