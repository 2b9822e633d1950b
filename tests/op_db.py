"""The op database: one entry per public function that exercises an op of the op table
(python/varrt/ops/defs), after PyTorch's OpInfo. Importable with either framework: an entry's
call takes the framework module as its first argument (`lambda tf, x, y: tf.math.add(x, y)`),
and its inputs come from a seeded generator that needs only NumPy, so
tests/tools/record_op_db.py (TensorFlow 2.21) and tests/test_op_db.py (varrt) run the same
call on the same values. How each entry is run (eagerly, traced, in a TF1 Session, its
gradients) is tests/op_db_modes.py.

An input's shape names its batch dimension "B": it is an unknown dimension (None) in the traced
signature and the TF1 placeholder, and takes the sizes BATCH_SIZES when run. Those sizes differ
from each other and from anything seen while building, so a trace that froze a stand-in size
into the graph gives wrong shapes or values.

A new table op gets an entry here (or a reason in SKIPPED: test_op_db checks that every table
op has one), then `$VARRT_TF_PYTHON tests/tools/record_op_db.py` re-records the fixture.
"""
import zlib

import numpy as np

BATCH_SIZES = (3, 7)


class Arg:
    """One tensor input: shape ("B" is the batch dimension), dtype name, and values:
    "normal" (standard normal), "positive" (0.5..2), "unit" (-0.9..0.9), "nonzero" (±0.5..2),
    "bool", ("int", lo, hi) (integers lo <= v < hi)."""

    __slots__ = ("shape", "dtype", "values")

    def __init__(self, shape, dtype="float32", values="normal"):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.values = values

    def static_shape(self):
        return [None if d == "B" else d for d in self.shape]

    def concrete_shape(self, batch):
        return tuple(batch if d == "B" else d for d in self.shape)


class OpEntry:
    """One public call: `ops` are the table ops it exercises (its gradient's ops included),
    `fn(tf, *inputs)` returns a tensor or a list of tensors, `grad` says whether gradients with
    respect to its floating inputs are compared, `refuses` names a dtype the op rejects (every
    input of the first input's dtype is given that dtype instead), and `random` gives the
    (low, high) bounds of an entry whose values come from a random generator: only dtypes,
    shapes and bounds are compared here, since a seeded op's values depend on the calls its
    cached kernel saw before (tests/test_random_streams.py compares the values, program by
    program, with TensorFlow's)."""

    __slots__ = ("name", "ops", "fn", "args", "grad", "refuses", "random")

    def __init__(self, name, ops, fn, args, grad=False, refuses=None, random=None):
        self.name = name
        self.ops = (ops,) if isinstance(ops, str) else tuple(ops)
        self.fn = fn
        self.args = list(args)
        self.grad = grad
        self.refuses = refuses
        self.random = random

    def inputs(self, batch, dtype_override=None):
        """The entry's NumPy inputs at `batch`, the same on every run and in either framework
        (RandomState's stream is frozen by NumPy's compatibility policy)."""
        rng = np.random.RandomState(zlib.crc32(f"{self.name}/{batch}".encode()))
        first = self.args[0].dtype
        out = []
        for a in self.args:
            dtype = dtype_override if dtype_override and a.dtype == first else a.dtype
            out.append(_values(rng, a, a.concrete_shape(batch), dtype))
        return out

    def input_dtypes(self, dtype_override=None):
        first = self.args[0].dtype
        return [dtype_override if dtype_override and a.dtype == first else a.dtype for a in self.args]

    def differentiable(self):
        """Indices of the inputs gradients are taken with respect to."""
        return [i for i, a in enumerate(self.args) if a.dtype in ("float16", "float32", "float64")]

    def __repr__(self):
        return self.name


def _values(rng, arg, shape, dtype):
    kind = arg.values
    if kind == "bool":
        v = rng.uniform(size=shape) < 0.5
    elif isinstance(kind, tuple) and kind[0] == "int":
        v = rng.randint(kind[1], kind[2], size=shape)
    elif kind == "positive":
        v = rng.uniform(0.5, 2.0, size=shape)
    elif kind == "unit":
        v = rng.uniform(-0.9, 0.9, size=shape)
    elif kind == "nonzero":
        v = rng.uniform(0.5, 2.0, size=shape) * np.where(rng.uniform(size=shape) < 0.5, -1.0, 1.0)
    else:
        v = rng.standard_normal(size=shape)
    if dtype.startswith("complex"):
        v = v + 1j * rng.standard_normal(size=shape)
    if dtype == "string":
        return np.vectorize(lambda e: str(e).encode(), otypes=[object])(v)
    return np.asarray(v).astype(dtype)


def _f(*shape, values="normal"):
    return Arg(shape, "float32", values)


def _i(*shape, lo=0, hi=5, dtype="int32"):
    return Arg(shape, dtype, ("int", lo, hi))


def _b(*shape):
    return Arg(shape, "bool", "bool")


def _c(*shape):
    return Arg(shape, "complex64")


B = "B"
E = OpEntry

_UNARY_FLOAT = [
    # (table op, public call, input values, refused dtype)
    ("Atan", lambda tf, x: tf.math.atan(x), "normal", "int32"),
    ("Ceil", lambda tf, x: tf.math.ceil(x), "normal", "int32"),
    ("Cos", lambda tf, x: tf.math.cos(x), "normal", "int32"),
    ("Erf", lambda tf, x: tf.math.erf(x), "normal", "int32"),
    ("Erfc", lambda tf, x: tf.math.erfc(x), "normal", "int32"),
    ("Exp", lambda tf, x: tf.math.exp(x), "unit", "int32"),
    ("Expm1", lambda tf, x: tf.math.expm1(x), "unit", "int32"),
    ("Floor", lambda tf, x: tf.math.floor(x), "normal", "int32"),
    ("Log", lambda tf, x: tf.math.log(x), "positive", "int32"),
    ("Log1p", lambda tf, x: tf.math.log1p(x), "positive", "int32"),
    ("Neg", lambda tf, x: tf.math.negative(x), "normal", "bool"),
    ("Reciprocal", lambda tf, x: tf.math.reciprocal(x), "nonzero", "bool"),
    ("Round", lambda tf, x: tf.math.round(x), "normal", "bool"),
    ("Rsqrt", lambda tf, x: tf.math.rsqrt(x), "positive", "int32"),
    ("Sign", lambda tf, x: tf.math.sign(x), "normal", "bool"),
    ("Sin", lambda tf, x: tf.math.sin(x), "normal", "int32"),
    ("Sqrt", lambda tf, x: tf.math.sqrt(x), "positive", "int32"),
    ("Square", lambda tf, x: tf.math.square(x), "normal", "bool"),
    ("Tan", lambda tf, x: tf.math.tan(x), "unit", "int32"),
    ("Abs", lambda tf, x: tf.math.abs(x), "nonzero", "bool"),
    ("Relu6", lambda tf, x: tf.nn.relu6(x), "normal", "complex64"),
    ("LeakyRelu", lambda tf, x: tf.nn.leaky_relu(x, alpha=0.3), "normal", "complex64"),
    ("Softmax", lambda tf, x: tf.nn.softmax(x), "normal", "int32"),
    ("LogSoftmax", lambda tf, x: tf.nn.log_softmax(x), "normal", "int32"),
]

ENTRIES = [E(f"{op}", op, fn, [_f(B, 3, values=vals)], grad=True, refuses=refused)
           for op, fn, vals, refused in _UNARY_FLOAT]

ENTRIES += [
    # Element-wise ops whose gradient is another table op.
    E("Tanh", ("Tanh", "TanhGrad"), lambda tf, x: tf.math.tanh(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Sigmoid", ("Sigmoid", "SigmoidGrad"), lambda tf, x: tf.math.sigmoid(x), [_f(B, 3)], grad=True,
      refuses="int32"),
    E("Relu", ("Relu", "ReluGrad"), lambda tf, x: tf.nn.relu(x), [_f(B, 3)], grad=True, refuses="complex64"),
    E("Elu", ("Elu", "EluGrad"), lambda tf, x: tf.nn.elu(x), [_f(B, 3, values="normal")], grad=True, refuses="int32"),
    E("Softplus", "Softplus", lambda tf, x: tf.math.softplus(x), [_f(B, 3, values="normal")], grad=True,
      refuses="int32"),
    E("SoftplusGrad", "SoftplusGrad", lambda tf, g, x: tf.raw_ops.SoftplusGrad(gradients=g, features=x),
      [_f(B, 3), _f(B, 3, values="normal")], refuses="int32"),
    E("Softsign", ("Softsign", "SoftsignGrad"), lambda tf, x: tf.nn.softsign(x), [_f(B, 3, values="normal")], grad=True,
      refuses="int32"),
    E("Selu", ("Selu", "SeluGrad"), lambda tf, x: tf.nn.selu(x), [_f(B, 3, values="normal")], grad=True, refuses="int32"),
    E("IsFinite", "IsFinite", lambda tf, x: tf.math.is_finite(x), [_f(B, 3)], refuses="int32"),
    E("IsInf", "IsInf", lambda tf, x: tf.math.is_inf(x), [_f(B, 3)], refuses="int32"),
    E("IsNan", "IsNan", lambda tf, x: tf.math.is_nan(x), [_f(B, 3)], refuses="int32"),
    E("Identity", "Identity", lambda tf, x: tf.identity(x), [_f(B, 3)], grad=True),
    E("StopGradient", "StopGradient", lambda tf, x: tf.stop_gradient(x), [_f(B, 3)], grad=True),
    E("OnesLike", "OnesLike", lambda tf, x: tf.ones_like(x), [_f(B, 3)], grad=True),
    E("ZerosLike", "ZerosLike", lambda tf, x: tf.zeros_like(x), [_f(B, 3)], grad=True),
    E("Cast.float64", "Cast", lambda tf, x: tf.cast(x, tf.float64), [_f(B, 3)], grad=True),
    E("Cast.int32", "Cast", lambda tf, x: tf.cast(x * 3.0, tf.int32), [_f(B, 3)]),
    E("L2Loss", "L2Loss", lambda tf, x: tf.nn.l2_loss(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Invert", "Invert", lambda tf, x: tf.bitwise.invert(x), [_i(B, 3, lo=-9, hi=9)], refuses="float32"),
    E("LogicalNot", "LogicalNot", lambda tf, x: tf.math.logical_not(x), [_b(B, 3)], refuses="int32"),
    E("ComplexAbs", "ComplexAbs", lambda tf, x: tf.math.abs(x), [_c(B, 3)]),
    E("Conj", "Conj", lambda tf, x: tf.math.conj(x), [_c(B, 3)]),
    E("Real", "Real", lambda tf, x: tf.math.real(x), [_c(B, 3)]),
    E("Complex", "Complex", lambda tf, x, y: tf.complex(x, y), [_f(B, 3), _f(3)], refuses="int32"),
    E("AsString", "AsString", lambda tf, x: tf.strings.as_string(x, precision=3, width=9), [_f(B, 3)]),
    E("ConjugateTranspose", "ConjugateTranspose", lambda tf, x: tf.transpose(x, conjugate=True), [_c(B, 3)]),

    # Broadcasting binary ops: the second input is broadcast along the batch, so the gradient
    # reduces over a dimension whose size is known only when the graph runs.
    E("AddV2", "AddV2", lambda tf, x, y: tf.math.add(x, y), [_f(B, 3), _f(3)], grad=True, refuses="bool"),
    E("AddV2.same_shape", "AddV2", lambda tf, x, y: x + y, [_f(B, 3), _f(B, 3)], grad=True),
    E("Sub", "Sub", lambda tf, x, y: tf.math.subtract(x, y), [_f(B, 3), _f(3)], grad=True, refuses="bool"),
    E("Mul", "Mul", lambda tf, x, y: tf.math.multiply(x, y), [_f(B, 3), _f(3)], grad=True, refuses="bool"),
    E("Mul.outer", "Mul", lambda tf, x, y: x * y, [_f(B, 1), _f(1, 3)], grad=True),
    E("RealDiv", "RealDiv", lambda tf, x, y: tf.math.divide(x, y), [_f(B, 3), _f(3, values="nonzero")],
      grad=True),
    E("DivNoNan", "DivNoNan", lambda tf, x, y: tf.math.divide_no_nan(x, y), [_f(B, 3), _f(3, values="nonzero")],
      grad=True, refuses="bool"),
    E("Maximum", "Maximum", lambda tf, x, y: tf.math.maximum(x, y), [_f(B, 3), _f(3)], grad=True,
      refuses="bool"),
    E("Minimum", "Minimum", lambda tf, x, y: tf.math.minimum(x, y), [_f(B, 3), _f(3)], grad=True,
      refuses="bool"),
    E("Pow", "Pow", lambda tf, x, y: tf.math.pow(x, y), [_f(B, 3, values="positive"), _f(3)], grad=True,
      refuses="bool"),
    E("SquaredDifference", "SquaredDifference", lambda tf, x, y: tf.math.squared_difference(x, y),
      [_f(B, 3), _f(3)], grad=True, refuses="bool"),
    E("Atan2", "Atan2", lambda tf, y, x: tf.math.atan2(y, x), [_f(B, 3), _f(3, values="nonzero")], grad=True,
      refuses="int32"),
    E("FloorDiv", "FloorDiv", lambda tf, x, y: tf.math.floordiv(x, y), [_i(B, 3, lo=-9, hi=9), _i(3, lo=1, hi=4)],
      refuses="bool"),
    E("FloorMod", "FloorMod", lambda tf, x, y: tf.math.floormod(x, y), [_f(B, 3), _f(3, values="positive")],
      grad=True, refuses="bool"),
    E("Equal", "Equal", lambda tf, x, y: tf.math.equal(x, y), [_i(B, 3, hi=3), _i(3, hi=3)]),
    E("NotEqual", "NotEqual", lambda tf, x, y: tf.math.not_equal(x, y), [_i(B, 3, hi=3), _i(3, hi=3)]),
    E("Greater", "Greater", lambda tf, x, y: tf.math.greater(x, y), [_f(B, 3), _f(3)], refuses="complex64"),
    E("GreaterEqual", "GreaterEqual", lambda tf, x, y: tf.math.greater_equal(x, y), [_i(B, 3, hi=3), _i(3, hi=3)],
      refuses="bool"),
    E("Less", "Less", lambda tf, x, y: tf.math.less(x, y), [_f(B, 3), _f(3)], refuses="complex64"),
    E("LessEqual", "LessEqual", lambda tf, x, y: tf.math.less_equal(x, y), [_i(B, 3, hi=3), _i(3, hi=3)],
      refuses="bool"),
    E("LogicalAnd", "LogicalAnd", lambda tf, x, y: tf.math.logical_and(x, y), [_b(B, 3), _b(3)], refuses="int32"),
    E("LogicalOr", "LogicalOr", lambda tf, x, y: tf.math.logical_or(x, y), [_b(B, 3), _b(3)], refuses="int32"),
    E("BitwiseAnd", "BitwiseAnd", lambda tf, x, y: tf.bitwise.bitwise_and(x, y), [_i(B, 3, hi=16), _i(3, hi=16)],
      refuses="float32"),
    E("BitwiseOr", "BitwiseOr", lambda tf, x, y: tf.bitwise.bitwise_or(x, y), [_i(B, 3, hi=16), _i(3, hi=16)],
      refuses="float32"),
    E("BitwiseXor", "BitwiseXor", lambda tf, x, y: tf.bitwise.bitwise_xor(x, y), [_i(B, 3, hi=16), _i(3, hi=16)],
      refuses="float32"),
    E("AddN", "AddN", lambda tf, x, y: tf.math.add_n([x, y, x]), [_f(B, 3), _f(B, 3)], grad=True, refuses="bool"),
    E("Select", "Select", lambda tf, c, x, y: tf.compat.v1.where(c, x, y), [_b(B, 3), _f(B, 3), _f(B, 3)],
      grad=True),
    E("SelectV2", "SelectV2", lambda tf, c, x, y: tf.where(c, x, y), [_b(B, 1), _f(B, 3), _f(3)], grad=True),
    E("Where", "Where", lambda tf, c: tf.where(c), [_b(B, 3)]),
    E("Einsum", "Einsum", lambda tf, a, b: tf.einsum("bij,bjk->bik", a, b), [_f(B, 2, 3), _f(B, 3, 4)], grad=True),
    E("Einsum.attention", "Einsum", lambda tf, q, k: tf.einsum("bhqd,bhkd->bhqk", q, k), [_f(B, 2, 3, 4), _f(B, 2, 5, 4)],
      grad=True),
    E("Einsum.diagonal", "Einsum", lambda tf, x: tf.einsum("bii->bi", x), [_f(B, 3, 3)], grad=True),
    E("Unique", "Unique", lambda tf, x: list(tf.unique(tf.reshape(x, [-1]))), [_i(B, 3, hi=6)]),
    E("UniqueWithCounts", "UniqueWithCounts", lambda tf, x: list(tf.unique_with_counts(tf.reshape(x, [-1]), tf.int64)),
      [_i(B, 2, hi=4)]),
    E("LowerBound", "LowerBound", lambda tf, s, v: tf.searchsorted(tf.sort(s), v), [_f(B, 5), _f(B, 3)]),
    E("UpperBound", "UpperBound", lambda tf, s, v: tf.searchsorted(tf.sort(s), v, side="right", out_type=tf.int64),
      [_i(B, 4, hi=3), _i(B, 6, hi=4)]),
    E("TensorScatterUpdate", "TensorScatterUpdate", lambda tf, t, u: tf.tensor_scatter_nd_update(t, [[0], [2]], u),
      [_f(B, 3), _f(2, 3)], grad=True),
    E("TensorScatterAdd", "TensorScatterAdd", lambda tf, t, u: tf.tensor_scatter_nd_add(t, [[1, 2], [0, 0], [1, 2]], u),
      [_f(B, 3), _f(3)], grad=True),
    E("TensorScatterSub", "TensorScatterSub", lambda tf, t, u: tf.tensor_scatter_nd_sub(t, [[2]], u),
      [_f(B, 3), _f(1, 3)], grad=True),
    E("TensorScatterMax", "TensorScatterMax", lambda tf, t, u: tf.tensor_scatter_nd_max(t, [[0], [1]], u),
      [_f(B, 3), _f(2, 3)], grad=True),
    E("TensorScatterMin", "TensorScatterMin", lambda tf, t, u: tf.tensor_scatter_nd_min(t, [[0], [1]], u),
      [_f(B, 3), _f(2, 3)], grad=True),
    E("SegmentSum", "SegmentSum", lambda tf, x: tf.math.segment_sum(x, tf.range(tf.shape(x)[0]) // 2), [_f(B, 3)],
      grad=True),
    E("SegmentMean", "SegmentMean", lambda tf, x: tf.math.segment_mean(x, tf.range(tf.shape(x)[0]) // 3), [_f(B, 2)],
      grad=True),
    E("SegmentMax", "SegmentMax", lambda tf, x: tf.math.segment_max(x, tf.range(tf.shape(x)[0]) // 2), [_f(B, 3)],
      grad=True),
    E("SegmentMin", "SegmentMin", lambda tf, x: tf.math.segment_min(x, tf.range(tf.shape(x)[0]) // 2), [_f(B, 3)],
      grad=True),
    E("SegmentProd", "SegmentProd", lambda tf, x: tf.math.segment_prod(x, tf.range(tf.shape(x)[0]) // 2), [_f(B, 3)],
      grad=True),
    E("UnsortedSegmentMax", "UnsortedSegmentMax", lambda tf, x, i: tf.math.unsorted_segment_max(x, i, 4),
      [_f(B, 3), _i(B, lo=-1, hi=4)], grad=True),
    E("UnsortedSegmentMin", "UnsortedSegmentMin", lambda tf, x, i: tf.math.unsorted_segment_min(x, i, 4),
      [_f(B, 3), _i(B, lo=-1, hi=4)], grad=True),
    E("UnsortedSegmentProd", "UnsortedSegmentProd", lambda tf, x, i: tf.math.unsorted_segment_prod(x, i, 4),
      [_f(B, 3), _i(B, lo=-1, hi=4)], grad=True),
    E("BroadcastArgs", "BroadcastArgs", lambda tf, x, y: tf.broadcast_dynamic_shape(tf.shape(x), tf.shape(y)),
      [_f(B, 1, 3), _f(4, 1)]),
    E("EnsureShape", "EnsureShape", lambda tf, x: tf.ensure_shape(x, [None, 3]), [_f(B, 3)], grad=True),
    E("TruncateDiv", "TruncateDiv", lambda tf, x, y: tf.truncatediv(x, y), [_i(B, 3, lo=-9, hi=9), _i(3, lo=1, hi=4)]),
    E("TruncateDiv.float", "TruncateDiv", lambda tf, x, y: tf.truncatediv(x, y),
      [_f(B, 3), _f(3, values="nonzero")], grad=True),
    E("TruncateMod", "TruncateMod", lambda tf, x, y: tf.truncatemod(x, y), [_i(B, 3, lo=-9, hi=9), _i(3, lo=1, hi=4)]),
    E("ReverseSequence", "ReverseSequence",
      lambda tf, x: tf.reverse_sequence(x, tf.fill([tf.shape(x)[0]], 2), seq_axis=1, batch_axis=0), [_f(B, 3)],
      grad=True),
    E("DynamicPartition", "DynamicPartition",
      lambda tf, x, p: tf.dynamic_partition(x, p, 3), [_f(B, 2), _i(B, hi=3)], grad=True),
    E("DynamicStitch", "DynamicStitch",
      lambda tf, x: tf.dynamic_stitch([tf.range(tf.shape(x)[0]), [0]], [x, x[:1] * 2.]), [_f(B, 2)], grad=True),
    E("HistogramFixedWidth", "HistogramFixedWidth", lambda tf, x: tf.histogram_fixed_width(x, [-1., 1.], nbins=4),
      [_f(B, 3)]),
    E("UnravelIndex", "UnravelIndex", lambda tf, i: tf.unravel_index(i, [3, 5]), [_i(B, hi=15)]),
    E("DenseBincount", "DenseBincount", lambda tf, a: tf.math.bincount(a, minlength=5), [_i(B, 2, hi=4)]),
    E("Bitcast", "Bitcast", lambda tf, x: tf.bitcast(x, tf.uint16), [_f(B, 3)]),
    E("CheckNumericsV2", "CheckNumericsV2", lambda tf, x: tf.raw_ops.CheckNumericsV2(tensor=x, message="numbers"),
      [_f(B, 3)], grad=True, refuses="int32"),
    E("CheckNumerics", "CheckNumerics", lambda tf, x: tf.debugging.check_numerics(x, "numbers"), [_f(B, 3)],
      grad=True, refuses="int32"),

    # Reductions and scans, over the batch and across it.
    E("Sum", "Sum", lambda tf, x: tf.reduce_sum(x), [_f(B, 3)], grad=True, refuses="bool"),
    E("Sum.axis0", "Sum", lambda tf, x: tf.reduce_sum(x, axis=0), [_f(B, 3)], grad=True),
    E("Sum.keepdims", "Sum", lambda tf, x: tf.reduce_sum(x, axis=1, keepdims=True), [_f(B, 3)], grad=True),
    E("Mean", "Mean", lambda tf, x: tf.reduce_mean(x), [_f(B, 3)], grad=True, refuses="bool"),
    E("Mean.axis0", "Mean", lambda tf, x: tf.reduce_mean(x, axis=0), [_f(B, 3)], grad=True),
    E("Mean.int", "Mean", lambda tf, x: tf.reduce_mean(x, axis=0), [_i(B, 3, hi=9)]),
    E("Max", "Max", lambda tf, x: tf.reduce_max(x, axis=1), [_f(B, 3)], grad=True, refuses="bool"),
    E("Min", "Min", lambda tf, x: tf.reduce_min(x, axis=0), [_f(B, 3)], grad=True, refuses="bool"),
    E("Prod", "Prod", lambda tf, x: tf.reduce_prod(x, axis=1), [_f(B, 3, values="nonzero")], grad=True,
      refuses="bool"),
    E("EuclideanNorm", "EuclideanNorm", lambda tf, x: tf.math.reduce_euclidean_norm(x, axis=1), [_f(B, 3)],
      grad=True, refuses="bool"),
    E("All", "All", lambda tf, x: tf.reduce_all(x, axis=1), [_b(B, 3)]),
    E("Any", "Any", lambda tf, x: tf.reduce_any(x), [_b(B, 3)]),
    E("ArgMax", "ArgMax", lambda tf, x: tf.math.argmax(x, axis=1), [_f(B, 3)], refuses="complex64"),
    E("ArgMin", "ArgMin", lambda tf, x: tf.math.argmin(x, axis=0), [_f(B, 3)], refuses="complex64"),
    E("Cumsum", "Cumsum", lambda tf, x: tf.math.cumsum(x, axis=0), [_f(B, 3)], grad=True, refuses="bool"),
    E("Cumprod", "Cumprod", lambda tf, x: tf.math.cumprod(x, axis=1), [_f(B, 3, values="nonzero")], grad=True,
      refuses="bool"),
    E("UnsortedSegmentSum", "UnsortedSegmentSum",
      lambda tf, x, ids: tf.math.unsorted_segment_sum(x, ids, 4), [_f(B, 3), _i(B, hi=4)], grad=True,
      refuses="bool"),

    # Matrix products and neural-network ops.
    E("MatMul", "MatMul", lambda tf, x, w: tf.linalg.matmul(x, w), [_f(B, 3), _f(3, 2)], grad=True,
      refuses="bool"),
    E("MatMul.transpose_b", "MatMul", lambda tf, x, w: tf.matmul(x, w, transpose_b=True), [_f(B, 3), _f(2, 3)],
      grad=True),
    E("BatchMatMulV2", "BatchMatMulV2", lambda tf, a, b: tf.linalg.matmul(a, b), [_f(B, 2, 3), _f(B, 3, 2)],
      grad=True, refuses="bool"),
    E("BatchMatMulV2.broadcast", "BatchMatMulV2", lambda tf, a, b: tf.matmul(a, b), [_f(B, 2, 3), _f(3, 2)],
      grad=True),
    E("BiasAdd", ("BiasAdd", "BiasAddGrad"), lambda tf, x, b: tf.nn.bias_add(x, b), [_f(B, 3), _f(3)], grad=True,
      refuses="bool"),
    # Convolution and pooling (NHWC); the gradients run the backprop ops, and the backprop
    # ops' own gradients run Conv2D and the other backprop op.
    E("Conv2D", ("Conv2D", "Conv2DBackpropInput", "Conv2DBackpropFilter"),
      lambda tf, x, w: tf.nn.conv2d(x, w, 1, "SAME"), [_f(B, 5, 4, 3), _f(3, 3, 3, 2)], grad=True,
      refuses="int64"),
    E("Conv2D.strided_valid", "Conv2D", lambda tf, x, w: tf.nn.conv2d(x, w, [2, 1], "VALID"),
      [_f(B, 6, 5, 2), _f(2, 3, 2, 3)], grad=True),
    E("Conv2D.dilated_explicit", "Conv2D",
      lambda tf, x, w: tf.nn.conv2d(x, w, 1, [[0, 0], [1, 2], [0, 1], [0, 0]], dilations=2),
      [_f(B, 6, 5, 2), _f(2, 2, 2, 3)]),  # (no gradient: TensorFlow's float64 backprop refuses dilations)
    E("Conv2DBackpropInput", "Conv2DBackpropInput",
      lambda tf, x, w, dy: tf.raw_ops.Conv2DBackpropInput(input_sizes=tf.shape(x), filter=w, out_backprop=dy,
                                                          strides=[1, 2, 2, 1], padding="SAME"),
      [_f(B, 5, 4, 3), _f(3, 3, 3, 2), _f(B, 3, 2, 2)], grad=True),
    E("Conv2DBackpropFilter", "Conv2DBackpropFilter",
      lambda tf, x, w, dy: tf.raw_ops.Conv2DBackpropFilter(input=x, filter_sizes=tf.shape(w), out_backprop=dy,
                                                           strides=[1, 1, 1, 1], padding="VALID"),
      # (positive values: its sums over the batch then cancel nowhere, and float32 summation orders agree)
      [_f(B, 5, 4, 3, values="positive"), _f(3, 2, 3, 2), _f(B, 3, 3, 2, values="positive")], grad=True),
    E("conv1d", "Conv2D", lambda tf, x, w: tf.nn.conv1d(x, w, 2, "SAME"), [_f(B, 7, 3), _f(3, 3, 2)], grad=True),
    E("Conv2D.float16", "Conv2D", lambda tf, x, w: tf.nn.conv2d(x, w, 2, "SAME"),
      [Arg((B, 5, 4, 3), "float16", "unit"), Arg((2, 2, 3, 2), "float16", "unit")], grad=True),
    E("Conv2D.bfloat16", "Conv2D", lambda tf, x, w: tf.nn.conv2d(x, w, 1, "VALID"),
      [Arg((B, 5, 4, 3), "bfloat16", "unit"), Arg((2, 2, 3, 2), "bfloat16", "unit")], grad=True),
    # Depthwise convolutions: the gradients run both backprop ops, theirs the forward op.
    E("DepthwiseConv2dNative", ("DepthwiseConv2dNative", "DepthwiseConv2dNativeBackpropInput",
                                "DepthwiseConv2dNativeBackpropFilter"),
      lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME"), [_f(B, 5, 4, 3), _f(3, 2, 3, 2)],
      grad=True, refuses="int32"),
    E("DepthwiseConv2dNative.strided_valid", "DepthwiseConv2dNative",
      lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], "VALID"), [_f(B, 7, 6, 2), _f(2, 3, 2, 3)],
      grad=True),
    E("DepthwiseConv2dNative.float64", "DepthwiseConv2dNative",
      lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], [[0, 0], [1, 2], [0, 1], [0, 0]]),
      [Arg((B, 6, 5, 2), "float64"), Arg((3, 3, 2, 1), "float64")], grad=True),
    E("separable_conv2d", ("DepthwiseConv2dNative", "Conv2D"),
      lambda tf, x, w, p: tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], "SAME"),
      [_f(B, 5, 4, 3), _f(2, 2, 3, 2), _f(1, 1, 6, 4)], grad=True),
    E("depthwise_conv2d.dilated", ("SpaceToBatchND", "DepthwiseConv2dNative", "BatchToSpaceND"),
      lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME", dilations=[2, 3]),
      [_f(B, 7, 8, 2), _f(3, 2, 2, 2)], grad=True),
    E("SpaceToBatchND", ("SpaceToBatchND", "BatchToSpaceND"),
      lambda tf, x: tf.raw_ops.SpaceToBatchND(input=x, block_shape=[2, 3], paddings=[[1, 0], [2, 1]]),
      [_f(B, 5, 6, 3)], grad=True),
    E("BatchToSpaceND", ("BatchToSpaceND", "SpaceToBatchND"),
      lambda tf, x: tf.raw_ops.BatchToSpaceND(input=tf.concat([x, x * 2.0], 0), block_shape=[2, 1],
                                               crops=[[1, 2], [0, 1]]),
      [_f(B, 4, 3, 2)], grad=True),
    # Bilinear resizing (tf.image.resize): its gradient runs ResizeBilinearGrad.
    E("ResizeBilinear", ("ResizeBilinear", "ResizeBilinearGrad"), lambda tf, x: tf.image.resize(x, [7, 3]),
      [_f(B, 4, 5, 2)], grad=True, refuses="bool"),
    E("ResizeBilinear.align_corners", "ResizeBilinear",
      lambda tf, x: tf.raw_ops.ResizeBilinear(images=x, size=[6, 9], align_corners=True), [_f(B, 3, 4, 2)], grad=True),
    E("ResizeBilinearGrad", "ResizeBilinearGrad",
      lambda tf, x, g: tf.raw_ops.ResizeBilinearGrad(grads=g, original_image=x, half_pixel_centers=True),
      [_f(B, 4, 3, 2), _f(B, 5, 7, 2)]),
    # Nearest-neighbour resizing: its gradient runs ResizeNearestNeighborGrad.
    E("ResizeNearestNeighbor", ("ResizeNearestNeighbor", "ResizeNearestNeighborGrad"),
      lambda tf, x: tf.image.resize(x, [7, 3], method="nearest"), [_f(B, 4, 5, 2)], grad=True, refuses="bool"),
    E("ResizeNearestNeighbor.align_corners", "ResizeNearestNeighbor",
      lambda tf, x: tf.raw_ops.ResizeNearestNeighbor(images=x, size=[6, 9], align_corners=True), [_f(B, 3, 4, 2)],
      grad=True),
    E("ResizeNearestNeighborGrad", "ResizeNearestNeighborGrad",
      lambda tf, g: tf.raw_ops.ResizeNearestNeighborGrad(grads=g, size=[3, 4], half_pixel_centers=True),
      [_f(B, 7, 5, 2)]),
    # tf.image's colour kernels (no gradients in TensorFlow) and Keras's projective transform.
    E("AdjustContrastv2", "AdjustContrastv2", lambda tf, x: tf.raw_ops.AdjustContrastv2(images=x, contrast_factor=1.6),
      [_f(B, 5, 3, 2)], refuses="int32"),
    E("AdjustHue", "AdjustHue", lambda tf, x: tf.raw_ops.AdjustHue(images=x, delta=0.3),
      [_f(B, 4, 3, 3, values="positive")], refuses="int32"),
    E("AdjustSaturation", "AdjustSaturation", lambda tf, x: tf.raw_ops.AdjustSaturation(images=x, scale=0.7),
      [_f(B, 4, 3, 3, values="positive")], refuses="int32"),
    E("RGBToHSV", "RGBToHSV", lambda tf, x: tf.raw_ops.RGBToHSV(images=x), [_f(B, 4, 3, values="positive")],
      refuses="int32"),
    E("HSVToRGB", "HSVToRGB", lambda tf, x: tf.raw_ops.HSVToRGB(images=x / 2.0), [_f(B, 4, 3, values="positive")],
      refuses="int32"),
    E("ImageProjectiveTransformV3", "ImageProjectiveTransformV3",
      lambda tf, x: tf.raw_ops.ImageProjectiveTransformV3(
          images=x, transforms=[[0.9, 0.2, 0.5, -0.1, 1.1, -0.3, 0.01, 0.0]], output_shape=[5, 4], fill_value=0.5,
          interpolation="BILINEAR", fill_mode="REFLECT"), [_f(B, 5, 4, 2)], refuses="bool"),
    E("DepthwiseConv2dNativeBackpropInput", "DepthwiseConv2dNativeBackpropInput",
      lambda tf, x, w, dy: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
          input_sizes=tf.shape(x), filter=w, out_backprop=dy, strides=[1, 2, 2, 1], padding="SAME"),
      [_f(B, 5, 4, 3), _f(3, 3, 3, 2), _f(B, 3, 2, 6)], grad=True),
    E("DepthwiseConv2dNativeBackpropFilter", "DepthwiseConv2dNativeBackpropFilter",
      lambda tf, x, w, dy: tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
          input=x, filter_sizes=tf.shape(w), out_backprop=dy, strides=[1, 1, 1, 1], padding="VALID"),
      [_f(B, 5, 4, 3, values="positive"), _f(3, 2, 3, 2), _f(B, 3, 3, 6, values="positive")], grad=True),
    # Fused batch normalization: training (its gradient runs FusedBatchNormGradV3) and inference.
    # (its statistics made inside: a refused dtype given to them too would leave TensorFlow naming
    # either type attribute, run to run)
    E("FusedBatchNormV3", ("FusedBatchNormV3", "FusedBatchNormGradV3"),
      lambda tf, x: list(tf.compat.v1.nn.fused_batch_norm(x, tf.ones([5]) * 1.5, tf.zeros([5]) + 0.5, epsilon=0.01)),
      [_f(B, 4, 3, 5)], grad=True, refuses="float64"),
    E("FusedBatchNormV3.inference_nchw", ("FusedBatchNormV3", "FusedBatchNormGradV3"),
      lambda tf, x, s, o: tf.compat.v1.nn.fused_batch_norm(x, s, o, o, s, data_format="NCHW",
                                                           is_training=False)[0],  # (mean o, variance s)
      [_f(B, 3, 4, 2), _f(3, values="positive"), _f(3)], grad=True),
    E("MaxPool", ("MaxPool", "MaxPoolGrad"), lambda tf, x: tf.nn.max_pool2d(x, 2, 2, "SAME"), [_f(B, 5, 4, 3)],
      grad=True, refuses="bool"),
    E("MaxPool.overlapping", "MaxPool", lambda tf, x: tf.nn.max_pool2d(x, 3, [1, 2], "VALID"), [_f(B, 5, 6, 2)],
      grad=True),
    E("MaxPoolGrad", "MaxPoolGrad",
      lambda tf, x, dy: tf.raw_ops.MaxPoolGrad(orig_input=x, orig_output=tf.nn.max_pool2d(x, 2, 2, "VALID"),
                                               grad=dy, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID"),
      [_f(B, 4, 5, 2), _f(B, 2, 2, 2)]),
    E("AvgPool", ("AvgPool", "AvgPoolGrad"), lambda tf, x: tf.nn.avg_pool2d(x, 3, 2, "SAME"), [_f(B, 5, 4, 3)],
      grad=True, refuses="int32"),
    E("AvgPoolGrad", "AvgPoolGrad",
      lambda tf, x, dy: tf.raw_ops.AvgPoolGrad(orig_input_shape=tf.shape(x), grad=dy, ksize=[1, 2, 2, 1],
                                               strides=[1, 1, 1, 1], padding="VALID"),
      [_f(B, 4, 5, 2), _f(B, 3, 4, 2)], grad=True),
    E("MaxPool.bfloat16", "MaxPool", lambda tf, x: tf.nn.max_pool2d(x, 2, 1, "SAME"),
      [Arg((B, 4, 5, 2), "bfloat16")], grad=True),
    E("AvgPool.float16", "AvgPool", lambda tf, x: tf.nn.avg_pool2d(x, 3, 2, "SAME"),
      [Arg((B, 5, 4, 3), "float16", "unit")], grad=True),
    E("max_pool1d", "MaxPool", lambda tf, x: tf.nn.max_pool1d(x, 2, 1, "VALID"), [_f(B, 6, 3)], grad=True),
    E("avg_pool1d", "AvgPool", lambda tf, x: tf.nn.avg_pool1d(x, 3, 2, "SAME"), [_f(B, 6, 3)], grad=True),
    E("Conv3D", ("Conv3D", "Conv3DBackpropInputV2", "Conv3DBackpropFilterV2"),
      # (positive values: the gradients' float32 sums then cancel nowhere, and summation orders agree)
      lambda tf, x, w: tf.nn.conv3d(x, w, [1, 1, 2, 1, 1], "SAME"),
      [_f(B, 3, 4, 5, 2, values="positive"), _f(2, 2, 3, 2, 3, values="positive")], grad=True, refuses="int32"),
    E("Conv3DBackpropInputV2", "Conv3DBackpropInputV2",
      lambda tf, x, w, dy: tf.raw_ops.Conv3DBackpropInputV2(input_sizes=tf.shape(x), filter=w, out_backprop=dy,
                                                            strides=[1, 1, 1, 1, 1], padding="VALID"),
      [_f(B, 3, 4, 5, 2), _f(2, 2, 3, 2, 3), _f(B, 2, 3, 3, 3)], grad=True),
    E("Conv3DBackpropFilterV2", "Conv3DBackpropFilterV2",
      lambda tf, x, w, dy: tf.raw_ops.Conv3DBackpropFilterV2(input=x, filter_sizes=tf.shape(w), out_backprop=dy,
                                                             strides=[1, 1, 1, 1, 1], padding="SAME"),
      [_f(B, 3, 4, 5, 2, values="positive"), _f(2, 2, 3, 2, 3), _f(B, 3, 4, 5, 3, values="positive")], grad=True),
    E("MaxPool3D", ("MaxPool3D", "MaxPool3DGrad"), lambda tf, x: tf.nn.max_pool3d(x, 2, [1, 2, 1], "SAME"),
      [_f(B, 3, 4, 5, 2)], grad=True, refuses="float64"),
    E("AvgPool3D", ("AvgPool3D", "AvgPool3DGrad"), lambda tf, x: tf.nn.avg_pool3d(x, [2, 1, 3], 1, "VALID"),
      [_f(B, 3, 4, 5, 2)], grad=True, refuses="int32"),
    E("AvgPool3DGrad", "AvgPool3DGrad",
      lambda tf, x, dy: tf.raw_ops.AvgPool3DGrad(orig_input_shape=tf.shape(x), grad=dy, ksize=[1, 2, 2, 2, 1],
                                                 strides=[1, 1, 2, 2, 1], padding="SAME"),
      [_f(B, 3, 4, 5, 2), _f(B, 3, 2, 3, 2)], grad=True),
    E("MaxPool3DGrad", "MaxPool3DGrad",
      lambda tf, x, dy: tf.raw_ops.MaxPool3DGrad(orig_input=x, orig_output=tf.nn.max_pool3d(x, 2, 2, "VALID"),
                                                 grad=dy, ksize=[1, 2, 2, 2, 1], strides=[1, 2, 2, 2, 1],
                                                 padding="VALID"),
      [_f(B, 4, 4, 5, 2), _f(B, 2, 2, 2, 2)]),
    E("SoftmaxCrossEntropyWithLogits", "SoftmaxCrossEntropyWithLogits",
      lambda tf, logits, labels: tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits),
      [_f(B, 3), _f(B, 3, values="positive")], grad=True, refuses="int32"),
    E("SparseSoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits",
      lambda tf, logits, labels: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits),
      [_f(B, 3), _i(B, hi=3)], grad=True, refuses="int32"),
    # A composite of several table ops (Relu's Select, Log1p, Exp, ...): the failing case.
    E("sigmoid_cross_entropy_with_logits", ("Log1p", "Exp", "Select", "GreaterEqual"),
      lambda tf, logits, labels: tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits),
      [_f(B, 1), _f(B, 1, values="positive")], grad=True),

    # Shapes, reshapes, slices, gathers, concatenation: every size here is the batch's.
    E("Reshape", "Reshape", lambda tf, x: tf.reshape(x, [-1]), [_f(B, 3)], grad=True),
    E("Reshape.rows", "Reshape", lambda tf, x: tf.reshape(x, [-1, 2]), [_f(B, 4)], grad=True),
    E("Shape", "Shape", lambda tf, x: tf.shape(x), [_f(B, 3)]),
    E("Shape.int64", "Shape", lambda tf, x: tf.shape(x, out_type=tf.int64), [_f(B, 3)]),
    E("ShapeN", "ShapeN", lambda tf, x, y: tf.shape_n([x, y]), [_f(B, 3), _f(2, B)]),
    E("Size", "Size", lambda tf, x: tf.size(x), [_f(B, 3)]),
    E("IdentityN", "IdentityN", lambda tf, x, y: tf.raw_ops.IdentityN(input=[x, y]), [_f(B, 3), _f(2, B)]),
    E("Rank", (), lambda tf, x: tf.rank(x), [_f(B, 3)]),
    E("ExpandDims", "ExpandDims", lambda tf, x: tf.expand_dims(x, 1), [_f(B, 3)], grad=True),
    E("Squeeze", "Squeeze", lambda tf, x: tf.squeeze(x, axis=1), [_f(B, 1, 3)], grad=True),
    E("ConcatV2", "ConcatV2", lambda tf, x, y: tf.concat([x, y], axis=1), [_f(B, 3), _f(B, 2)], grad=True),
    E("ConcatV2.batch", "ConcatV2", lambda tf, x, y: tf.concat([x, y], 0), [_f(B, 3), _f(2, 3)], grad=True),
    E("Pack", "Pack", lambda tf, x, y: tf.stack([x, y], axis=1), [_f(B, 3), _f(B, 3)], grad=True),
    E("Unpack", "Unpack", lambda tf, x: tf.unstack(x, axis=1), [_f(B, 3)], grad=True),
    E("Transpose", "Transpose", lambda tf, x: tf.transpose(x), [_f(B, 3)], grad=True),
    E("Transpose.perm", "Transpose", lambda tf, x: tf.transpose(x, perm=[1, 2, 0]), [_f(B, 2, 3)], grad=True),
    E("Tile", "Tile", lambda tf, x: tf.tile(x, [2, 1]), [_f(B, 3)], grad=True),
    E("BroadcastTo", "BroadcastTo", lambda tf, x, y: tf.broadcast_to(x, tf.shape(y)), [_f(B, 1), _f(B, 3)],
      grad=True),
    E("Fill", "Fill", lambda tf, x: tf.fill(tf.shape(x), 2.5), [_f(B, 3)]),
    E("StridedSlice", ("StridedSlice", "StridedSliceGrad"), lambda tf, x: x[:, 1:], [_f(B, 3)], grad=True),
    E("Split", ("Split", "ConcatV2"), lambda tf, x: tf.split(x, 3, axis=1), [_f(B, 6)], grad=True),
    E("Split.negative_axis", "Split", lambda tf, x: tf.split(x, 2, axis=-1), [_f(2, B, 4)], grad=True),
    E("SplitV", ("SplitV", "ConcatV2"), lambda tf, x: tf.split(x, [1, -1, 2], axis=1), [_f(B, 6)], grad=True),
    E("SplitV.batch", "SplitV", lambda tf, x: tf.split(x, [1, -1], 0), [_f(B, 3)], grad=True),
    E("Slice", ("Slice", "Pad"), lambda tf, x: tf.slice(x, [1, 0], [-1, 2]), [_f(B, 3)], grad=True),
    E("Slice.rows", "Slice", lambda tf, x: tf.slice(x, [0, 1, 0], [2, 1, -1]), [_f(2, 3, B)], grad=True),
    E("Pad", ("Pad", "Slice"), lambda tf, x: tf.pad(x, [[1, 2], [0, 1]]), [_f(B, 3)], grad=True),
    E("PadV2", ("PadV2", "Slice"), lambda tf, x: tf.pad(x, [[0, 1], [2, 0]], constant_values=1.5), [_f(B, 3)],
      grad=True),
    E("MirrorPad.reflect", ("MirrorPad", "MirrorPadGrad"), lambda tf, x: tf.pad(x, [[1, 1], [2, 1]], "REFLECT"),
      [_f(B, 3)], grad=True),
    E("MirrorPad.symmetric", ("MirrorPad", "MirrorPadGrad"),
      lambda tf, x: tf.pad(x, [[2, 3], [3, 0]], mode="symmetric"), [_f(B, 3)], grad=True),
    E("MirrorPadGrad", "MirrorPadGrad", lambda tf, x: tf.raw_ops.MirrorPadGrad(input=x, paddings=[[1, 0], [1, 2]],
                                                                                mode="REFLECT"), [_f(B, 6)]),
    E("ReverseV2", "ReverseV2", lambda tf, x: tf.reverse(x, [0, -1]), [_f(B, 3)], grad=True),
    E("ReverseV2.string", "ReverseV2", lambda tf, x: tf.reverse(x, [1]), [Arg((B, 3), "string")]),
    E("Roll", "Roll", lambda tf, x: tf.roll(x, [2, -1], [0, 1]), [_f(B, 3)], grad=True),
    E("Roll.scalar", "Roll", lambda tf, x: tf.roll(x, 5, 0), [_i(B, 2)]),
    E("MatrixBandPart", "MatrixBandPart", lambda tf, x: tf.linalg.band_part(x, 1, 0), [_f(B, 4, 3)], grad=True),
    # Composites: TensorFlow's Python over other ops, compared with TensorFlow's values.
    E("meshgrid.xy", (), lambda tf, x, y: tf.meshgrid(x, y), [_f(B), _f(4)], grad=True),
    E("meshgrid.ij", (), lambda tf, x, y, z: tf.meshgrid(x, y, z, indexing="ij"), [_f(2), _f(B), _f(3)], grad=True),
    E("tensordot.int", (), lambda tf, x, y: tf.tensordot(x, y, 1), [_f(B, 3), _f(3, 4)], grad=True),
    E("tensordot.lists", (), lambda tf, x, y: tf.tensordot(x, y, [[0, 2], [2, 0]]), [_f(2, B, 3), _f(3, 4, 2)],
      grad=True),
    E("tensordot.outer", (), lambda tf, x, y: tf.linalg.tensordot(x, y, 0), [_f(B), _f(2, 2)], grad=True),
    E("boolean_mask", (), lambda tf, x, m: tf.boolean_mask(x, m), [_f(B, 3), _b(B)], grad=True),
    E("boolean_mask.axis", (), lambda tf, x, m: tf.boolean_mask(x, m, axis=1), [_f(B, 4, 2), _b(4, 2)], grad=True),
    E("boolean_mask.getitem", (), lambda tf, x, m: x[m], [_f(B, 3), _b(B, 3)], grad=True),
    E("TopKV2", "TopKV2", lambda tf, x: list(tf.math.top_k(x, 2)), [_f(B, 5)], grad=True, refuses="bool"),
    E("TopKV2.int64", "TopKV2", lambda tf, x: list(tf.nn.top_k(x, k=3, index_type=tf.int64)), [_i(B, 4, hi=3)]),
    E("InTopKV2", "InTopKV2", lambda tf, p, t: tf.math.in_top_k(t, p, 2), [_f(B, 5), _i(B, hi=5)],
      refuses="float64"),
    # Ties at the boundary and targets outside [0, classes): int64 targets, so k is int64 too.
    E("InTopKV2.ties", "InTopKV2", lambda tf, p, t: tf.nn.in_top_k(t, p, 3),
      [Arg((B, 6), "float32", ("int", -2, 2)), _i(B, lo=-1, hi=7, dtype="int64")]),
    E("sort", (), lambda tf, x: tf.sort(x), [_f(B, 4)], grad=True),
    E("sort.descending_axis0", (), lambda tf, x: tf.sort(x, axis=0, direction="DESCENDING"), [_f(3, B)], grad=True),
    E("sort.ties", (), lambda tf, x: tf.sort(x, axis=0), [_i(B, 3, lo=-3, hi=3)]),
    E("argsort", (), lambda tf, x: tf.argsort(x), [_i(B, 5, lo=-2, hi=2)]),
    E("argsort.axis0", (), lambda tf, x: tf.argsort(x, axis=0, direction="DESCENDING"), [_f(4, B)]),
    E("MatrixDiagV3", ("MatrixDiagV3", "MatrixDiagPartV3"), lambda tf, x: tf.linalg.diag(x), [_f(B, 3)], grad=True),
    E("MatrixDiagV3.band", ("MatrixDiagV3", "MatrixDiagPartV3"),
      lambda tf, x: tf.linalg.diag(x, k=(-1, 1), num_rows=4, align="LEFT_RIGHT"), [_f(B, 3, 3)], grad=True),
    E("MatrixDiagPartV3", ("MatrixDiagPartV3", "MatrixDiagV3"), lambda tf, x: tf.linalg.diag_part(x), [_f(B, 3, 4)],
      grad=True),
    E("MatrixDiagPartV3.band", ("MatrixDiagPartV3", "MatrixDiagV3"),
      lambda tf, x: tf.linalg.diag_part(x, k=(-2, 0), padding_value=0.5), [_f(B, 4, 3)], grad=True),
    E("MatrixDiagPartV3.unknown_rows", ("MatrixDiagPartV3", "MatrixSetDiagV3"), lambda tf, x: tf.linalg.diag_part(x),
      [_f(2, B, 3)], grad=True),
    E("MatrixSetDiagV3", ("MatrixSetDiagV3", "MatrixDiagPartV3"), lambda tf, x, d: tf.linalg.set_diag(x, d),
      [_f(B, 3, 4), _f(B, 3)], grad=True),
    E("MatrixSetDiagV3.band", "MatrixSetDiagV3", lambda tf, x, d: tf.linalg.set_diag(x, d, k=(0, 1)),
      [_f(4, 3), _f(2, 3)], grad=True),  # a batch: TensorFlow's own shape function refuses it (ranks 3 and 4)
    E("eye", (), lambda tf, x: x + tf.eye(3), [_f(B, 3, 3)]),
    E("eye.rectangular", (), lambda tf, x: x * tf.eye(2, 4, batch_shape=[3]), [_f(B, 3, 2, 4)]),
    E("MatrixBandPart.upper", "MatrixBandPart", lambda tf, x: tf.linalg.band_part(x, 0, -1), [_f(2, B, 4)],
      grad=True),
    E("StridedSlice.batch", ("StridedSlice", "StridedSliceGrad"), lambda tf, x: x[1:], [_f(B, 3)], grad=True),
    E("StridedSlice.shrink", "StridedSlice", lambda tf, x: x[:, 0], [_f(B, 3)], grad=True),
    E("StridedSlice.reverse", "StridedSlice", lambda tf, x: x[::-1, ::2], [_f(B, 3)], grad=True),
    E("GatherV2", "GatherV2", lambda tf, x: tf.gather(x, [2, 0, 1], axis=1), [_f(B, 3)], grad=True),
    E("GatherV2.rows", "GatherV2", lambda tf, x: tf.gather(x, [2, 0]), [_f(B, 3)], grad=True),
    E("GatherV2.embedding", "GatherV2", lambda tf, w, ids: tf.gather(w, ids), [_f(5, 3), _i(B, hi=5)], grad=True),
    E("GatherNd", "GatherNd", lambda tf, x: tf.gather_nd(x, [[0, 1], [2, 2]]), [_f(B, 3)], grad=True),
    E("OneHot", "OneHot", lambda tf, ids: tf.one_hot(ids, 4), [_i(B, hi=4)], refuses="float32"),
    E("ScatterNd", ("ScatterNd", "Range"),
      lambda tf, x: tf.scatter_nd(tf.reshape(tf.range(tf.shape(x)[0] - 1, -1, -1), [-1, 1]), x, tf.shape(x)),
      [_f(B, 3)], grad=True),
    E("Range", "Range", lambda tf, x: tf.range(tf.shape(x)[0]), [_f(B, 3)]),
    E("Range.float", "Range", lambda tf, x: tf.range(0.0, tf.cast(tf.shape(x)[0], tf.float32), 0.5), [_f(B, 3)]),

    # Control flow, Python calls, assertions and string formatting inside graphs.
    E("cond", "StatelessIf",
      lambda tf, x: tf.cond(tf.reduce_sum(x) > 0.0, lambda: x * 2.0, lambda: -x), [_f(B, 3)], grad=True),
    # A stateful branch (the assertion) makes the conditional an If.
    E("cond.stateful", "If",
      lambda tf, x: tf.cond(tf.reduce_sum(x) > 0.0, lambda: _asserted(tf, x) * 2.0, lambda: -x), [_f(B, 3)],
      grad=True),
    # A stateful body (the assertion) makes the loop a While (a stateless one is StatelessWhile).
    # Its gradient in a graph is not yet varrt's: test_control_flow_in_graphs.py holds the refusal.
    E("while_loop", "While",
      lambda tf, x: tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, _asserted(tf, a) * 1.5), [0, x])[1],
      [_f(B, 3)]),
    E("py_function", "EagerPyFunc", lambda tf, x: tf.py_function(lambda a: a * 2.0, [x], tf.float32), [_f(B, 3)]),
    E("Assert", "Assert", lambda tf, x: _asserted(tf, x), [_f(B, 3)], grad=True),
    E("StringFormat", "StringFormat", lambda tf, x: tf.strings.format("x={}", [x]), [_i(B, 2, hi=9)]),

    # Random ops: seeded, shaped by the batch.
    E("RandomUniform", "RandomUniform", lambda tf, x: tf.random.uniform(tf.shape(x), seed=3), [_f(B, 3)],
      random=(0.0, 1.0)),
    E("RandomStandardNormal", "RandomStandardNormal", lambda tf, x: tf.random.normal(tf.shape(x), seed=3),
      [_f(B, 3)], random=(-10.0, 10.0)),
    E("TruncatedNormal", "TruncatedNormal", lambda tf, x: tf.random.truncated_normal(tf.shape(x), seed=3),
      [_f(B, 3)], random=(-2.0, 2.0)),
    E("RandomUniformInt", "RandomUniformInt",
      lambda tf, x: tf.random.uniform(tf.shape(x), maxval=5, dtype=tf.int32, seed=3), [_f(B, 3)], random=(0, 4)),
    E("Multinomial", "Multinomial", lambda tf, x: tf.random.categorical(x, 4, seed=3), [_f(B, 3)], random=(0, 2)),
    E("StatelessMultinomial", "StatelessMultinomial",
      lambda tf, x: tf.random.stateless_categorical(x, 5, seed=[4, 2]), [_f(B, 3)], refuses="bool"),
    E("StatelessMultinomial.int32", "StatelessMultinomial",
      lambda tf, x: tf.random.stateless_categorical(x * 3.0, 2, seed=tf.constant([1, 9]), dtype=tf.int32),
      [Arg((B, 4), "float64")]),
    E("RandomShuffle", "RandomShuffle", lambda tf, x: tf.random.shuffle(x, seed=3), [_i(B, 2, lo=0, hi=4)],
      random=(0, 3)),
    E("RandomGamma", ("RandomGamma", "Maximum", "RealDiv", "BroadcastTo"),
      lambda tf, a: tf.random.gamma([3], a, seed=2), [_f(B, 2, values="positive")], random=(0.0, 1e3)),
    E("RandomPoissonV2", "RandomPoissonV2", lambda tf, lam: tf.random.poisson([2], lam * 4.0, dtype=tf.int32, seed=1),
      [_f(B, 3, values="positive")], random=(0, 1000)),
    E("StatelessRandomGammaV3", "StatelessRandomGammaV3",
      lambda tf, a: tf.random.stateless_gamma(tf.shape(a), seed=[5, 6], alpha=a),
      [_f(B, 2, values="positive")]),
    E("StatelessParameterizedTruncatedNormal", "StatelessParameterizedTruncatedNormal",
      lambda tf, m: tf.random.stateless_parameterized_truncated_normal(
          tf.shape(m), seed=[3, 8], means=m, stddevs=0.5 + m * m, minvals=m - 1.0, maxvals=[[3.0, 1e9]]),
      [_f(B, 2)], grad=True),
    E("ParameterizedTruncatedNormal", "ParameterizedTruncatedNormal",
      lambda tf, m: tf.raw_ops.ParameterizedTruncatedNormal(
          shape=tf.shape(m), means=m[:, 0], stdevs=1.0 + m[:, 1] * m[:, 1], minvals=m[:, 0] - 2.0,
          maxvals=m[:, 0] + 0.5, seed=4),
      [_f(B, 3)], random=(-5.0, 5.0)),
    E("StatelessRandomPoisson", "StatelessRandomPoisson",
      lambda tf, lam: tf.random.stateless_poisson(tf.shape(lam), seed=[1, 7], lam=lam * 10.0),
      [_f(B, 2, values="positive")]),
    E("StatelessRandomBinomial", "StatelessRandomBinomial",
      lambda tf, p: tf.random.stateless_binomial(tf.shape(p), seed=[2, 3], counts=30.0, probs=p * 0.4),
      [_f(B, 2, values="positive")]),
    E("StatelessShuffle", "StatelessShuffle",
      lambda tf, x: tf.random.experimental.stateless_shuffle(x, seed=[7, 1]), [_f(B, 3)]),
    E("UniformCandidateSampler", "UniformCandidateSampler",
      lambda tf, c: list(tf.random.uniform_candidate_sampler(c, 2, 5, True, 9, seed=3)), [_i(B, 2, lo=0, hi=9,
                                                                                              dtype="int64")],
      random=(0, 8)),
    E("LogUniformCandidateSampler", "LogUniformCandidateSampler",
      lambda tf, c: list(tf.random.log_uniform_candidate_sampler(c, 1, 4, False, 50, seed=3)),
      [_i(B, 1, lo=0, hi=50, dtype="int64")], random=(0, 49)),
    E("ComputeAccidentalHits", "ComputeAccidentalHits",
      lambda tf, c: list(tf.nn.compute_accidental_hits(c, tf.constant([3, 1, 7, 1, 0], tf.int64), 2)),
      [_i(B, 2, lo=0, hi=9, dtype="int64")]),
    E("stateless split and fold_in", "StatelessRandomUniformFullIntV2",
      lambda tf, x: [tf.random.split(tf.cast(x[0], tf.int64), 3), tf.random.fold_in(tf.cast(x[0], tf.int64), 7)],
      [_i(B, 2, lo=-9, hi=9)]),
    E("StatelessRandomUniformV2", ("StatelessRandomUniformV2", "StatelessRandomGetKeyCounter"),
      lambda tf, x: tf.random.stateless_uniform(tf.shape(x), seed=[1, 2]), [_f(B, 3)], random=(0.0, 1.0)),
    E("StatelessRandomNormalV2", "StatelessRandomNormalV2",
      lambda tf, x: tf.random.stateless_normal(tf.shape(x), seed=[1, 2]), [_f(B, 3)], random=(-10.0, 10.0)),
    E("StatelessTruncatedNormalV2", "StatelessTruncatedNormalV2",
      lambda tf, x: tf.random.stateless_truncated_normal(tf.shape(x), seed=[1, 2]), [_f(B, 3)],
      random=(-2.0, 2.0)),
    E("StatelessRandomUniformIntV2", "StatelessRandomUniformIntV2",
      lambda tf, x: tf.random.stateless_uniform(tf.shape(x), seed=[1, 2], minval=0, maxval=5, dtype=tf.int32),
      [_f(B, 3)], random=(0, 4)),
    E("StatelessRandomUniformFullIntV2", "StatelessRandomUniformFullIntV2",
      lambda tf, x: tf.random.stateless_uniform(tf.shape(x), seed=[1, 2], minval=None, maxval=None,
                                                dtype=tf.int64),
      [_f(B, 3)], random=(-2 ** 63, 2 ** 63 - 1)),
    # Linear algebra. Matrices are shifted by a multiple of the identity, or built as X X^T + I,
    # so they are well conditioned at float32; singular and eigen vectors are defined up to a sign,
    # so they enter only through sign-free products (u v^H, v * v).
    E("MatrixInverse", "MatrixInverse", lambda tf, x: tf.linalg.inv(x + 3 * tf.eye(4)), [_f(B, 4, 4)], grad=True),
    E("MatrixInverse.adjoint", "MatrixInverse", lambda tf, x: tf.linalg.inv(x + 3 * tf.eye(3), adjoint=True),
      [_f(2, B, 3, 3)], grad=True),
    E("MatrixLogarithm", "MatrixLogarithm",
      lambda tf, x: tf.linalg.logm(x + 4 * tf.eye(3, dtype=tf.complex64)), [_c(B, 3, 3)], refuses="float32"),
    E("MatrixInverse.complex", "MatrixInverse", lambda tf, x: tf.linalg.inv(x + 4 * tf.eye(3, dtype=tf.complex64)),
      [_c(B, 3, 3)]),
    E("MatrixDeterminant", ("MatrixDeterminant", "MatrixInverse"), lambda tf, x: tf.linalg.det(x), [_f(B, 3, 3)],
      grad=True, refuses="int32"),
    E("LogMatrixDeterminant", ("LogMatrixDeterminant", "MatrixInverse"), lambda tf, x: list(tf.linalg.slogdet(x)),
      [_f(B, 4, 4)], grad=True, refuses="int32"),
    E("MatrixSolve", "MatrixSolve", lambda tf, a, b: tf.linalg.solve(a + 3 * tf.eye(3), b), [_f(B, 3, 3), _f(B, 3, 2)],
      grad=True),
    E("MatrixSolve.adjoint", "MatrixSolve", lambda tf, a, b: tf.linalg.solve(a + 3 * tf.eye(4), b, adjoint=True),
      [_f(B, 4, 4), _f(B, 4, 1)], grad=True),
    E("MatrixTriangularSolve", "MatrixTriangularSolve", lambda tf, a, b: tf.linalg.triangular_solve(a, b),
      [_f(B, 3, 3, values="positive"), _f(B, 3, 2)], grad=True, refuses="int32"),
    E("MatrixTriangularSolve.upper_adjoint_broadcast", "MatrixTriangularSolve",
      lambda tf, a, b: tf.linalg.triangular_solve(a, b, lower=False, adjoint=True),
      [_f(4, 4, values="positive"), _f(2, B, 4, 3)], grad=True),
    E("Cholesky", ("Cholesky", "MatrixTriangularSolve"),
      lambda tf, x: tf.linalg.cholesky(tf.matmul(x, x, transpose_b=True) + tf.eye(3)), [_f(B, 3, 3)], grad=True),
    E("Qr", "Qr", lambda tf, x: list(tf.linalg.qr(x)), [_f(B, 4, 3)], grad=True, refuses="int32"),
    E("Qr.wide", "Qr", lambda tf, x: list(tf.linalg.qr(x)), [Arg((B, 3, 5), "float64")], grad=True),
    E("Qr.full_matrices", "Qr", lambda tf, x: list(tf.linalg.qr(x, full_matrices=True)), [_f(B, 3, 3)], grad=True),
    E("Svd", "Svd", lambda tf, x: (lambda s, u, v: [s, tf.matmul(u, v, adjoint_b=True)])(*tf.linalg.svd(x)),
      [_f(B, 4, 3)], grad=True, refuses="int32"),
    E("Svd.wide", "Svd", lambda tf, x: (lambda s, u, v: [s, tf.matmul(u, v, adjoint_b=True)])(*tf.linalg.svd(x)),
      [_f(B, 2, 5)], grad=True),
    E("Svd.values", "Svd", lambda tf, x: tf.linalg.svd(x, compute_uv=False), [_f(B, 3, 5)], grad=True),
    E("SelfAdjointEigV2", "SelfAdjointEigV2",
      lambda tf, x: (lambda e, v: [e, v * v])(*tf.linalg.eigh(x + tf.linalg.matrix_transpose(x))), [_f(B, 4, 4)],
      grad=True, refuses="int32"),
    E("SelfAdjointEigV2.values", "SelfAdjointEigV2", lambda tf, x: tf.linalg.eigvalsh(x), [_f(B, 3, 3)], grad=True),
    E("MatrixSolveLs", "MatrixSolveLs",
      lambda tf, a, b: tf.raw_ops.MatrixSolveLs(matrix=a, rhs=b, l2_regularizer=tf.constant(0.25, tf.float64)),
      [_f(B, 5, 3), _f(B, 5, 2)], grad=True, refuses="int32"),
    E("MatrixSolveLs.underdetermined", "MatrixSolveLs",
      lambda tf, a, b: tf.raw_ops.MatrixSolveLs(matrix=a, rhs=b, l2_regularizer=tf.constant(0.0, tf.float64)),
      [_f(B, 2, 4), _f(B, 2, 3)], grad=True),
    E("MatrixSolveLs.minimum_norm", "MatrixSolveLs", lambda tf, a, b: tf.linalg.lstsq(a, b, fast=False),
      [_f(B, 4, 3), _f(B, 4, 2)]),
    E("Cross", "Cross", lambda tf, a, b: tf.linalg.cross(a, b), [_f(B, 3), _f(B, 3)], grad=True, refuses="bool"),
    E("Cross.int", "Cross", lambda tf, a, b: tf.linalg.cross(a, b), [_i(2, B, 3, lo=-4, hi=4), _i(2, B, 3, lo=-4, hi=4)]),
    E("Diag", ("Diag", "DiagPart"), lambda tf, x: tf.linalg.tensor_diag(x), [_f(B, 2)], grad=True, refuses="bool"),
    E("DiagPart", ("DiagPart", "Diag"), lambda tf, x: tf.linalg.tensor_diag_part(x), [_f(B, 2, B, 2)], grad=True,
      refuses="bool"),
    E("Lu", "Lu", lambda tf, x: list(tf.linalg.lu(x)), [_f(B, 4, 4)], refuses="int32"),
    E("Lu.int64_complex", "Lu", lambda tf, x: list(tf.linalg.lu(x, output_idx_type=tf.int64)), [_c(B, 3, 3)]),
    # tf.math's element-wise functions on the core's table (ops/special_math_ops.py); values on
    # dense grids and their special values: tests/test_math_functions.py.
    E("Acos", "Acos", lambda tf, x: tf.math.acos(x), [_f(B, 3, values="unit")], grad=True, refuses="int32"),
    E("Asin", "Asin", lambda tf, x: tf.math.asin(x), [_f(B, 3, values="unit")], grad=True, refuses="int32"),
    E("Atanh", "Atanh", lambda tf, x: tf.math.atanh(x), [_f(B, 3, values="unit")], grad=True, refuses="int32"),
    E("Acosh", ("Acosh", "Sinh"), lambda tf, x: tf.math.acosh(x + 1.0), [_f(B, 3, values="positive")], grad=True,
      refuses="int32"),
    E("Asinh", ("Asinh", "Cosh"), lambda tf, x: tf.math.asinh(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Cosh", ("Cosh", "Sinh"), lambda tf, x: tf.cosh(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Sinh", ("Sinh", "Cosh"), lambda tf, x: tf.sinh(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Rint", "Rint", lambda tf, x: tf.math.rint(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Lgamma", ("Lgamma", "Digamma"), lambda tf, x: tf.math.lgamma(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Digamma", ("Digamma", "Polygamma"), lambda tf, x: tf.math.digamma(x), [_f(B, 3, values="positive")],
      grad=True, refuses="int32"),
    E("Polygamma", ("Polygamma",), lambda tf, n, x: tf.math.polygamma(n, x),
      [Arg((3,), "float32", ("int", 0, 4)), _f(B, 3, values="positive")], grad=True, refuses="int32"),
    E("Zeta", "Zeta", lambda tf, x, q: tf.math.zeta(x + 1.5, q), [_f(3, values="positive"), _f(B, 3, values="positive")],
      grad=True, refuses="int32"),
    E("Igamma", ("Igamma", "IgammaGradA", "Lgamma"), lambda tf, a, x: tf.math.igamma(a, x),
      [_f(B, 3, values="positive"), _f(3, values="positive")], grad=True, refuses="int32"),
    E("Igammac", ("Igammac", "IgammaGradA"), lambda tf, a, x: tf.math.igammac(a, x),
      [_f(B, 3, values="positive"), _f(B, 3, values="positive")], grad=True, refuses="int32"),
    E("IgammaGradA", "IgammaGradA", lambda tf, a, x: tf.raw_ops.IgammaGradA(a=a, x=x),
      [_f(B, 3, values="positive"), _f(3, values="positive")], refuses="int32"),
    E("Erfinv", "Erfinv", lambda tf, x: tf.math.erfinv(x), [_f(B, 3, values="unit")], grad=True, refuses="int32"),
    E("Ndtri", "Ndtri", lambda tf, x: tf.math.ndtri(tf.math.sigmoid(x)), [_f(B, 3)], grad=True),
    E("BesselI0", ("BesselI0", "BesselI1"), lambda tf, x: tf.math.bessel_i0(x), [_f(B, 3)], grad=True,
      refuses="int32"),
    E("BesselI0e", ("BesselI0e", "BesselI1e"), lambda tf, x: tf.math.bessel_i0e(x), [_f(B, 3)], grad=True,
      refuses="int32"),
    E("BesselI1", ("BesselI1", "BesselI0"), lambda tf, x: tf.math.bessel_i1(x), [_f(B, 3, values="nonzero")],
      grad=True, refuses="int32"),
    E("BesselI1e", ("BesselI1e", "BesselI0e"), lambda tf, x: tf.math.bessel_i1e(x), [_f(B, 3, values="nonzero")],
      grad=True, refuses="int32"),
    E("BesselK0", ("BesselK0", "BesselK1"), lambda tf, x: tf.math.special.bessel_k0(x), [_f(B, 3, values="positive")],
      grad=True, refuses="int32"),
    E("BesselK0e", ("BesselK0e", "BesselK1e"), lambda tf, x: tf.math.special.bessel_k0e(x),
      [_f(B, 3, values="positive")], grad=True, refuses="int32"),
    E("BesselK1", ("BesselK1", "BesselK0"), lambda tf, x: tf.math.special.bessel_k1(x), [_f(B, 3, values="positive")],
      grad=True, refuses="int32"),
    E("BesselK1e", ("BesselK1e", "BesselK0e"), lambda tf, x: tf.math.special.bessel_k1e(x),
      [_f(B, 3, values="positive")], grad=True, refuses="int32"),
    E("BesselJ0", ("BesselJ0", "BesselJ1"), lambda tf, x: tf.math.special.bessel_j0(x), [_f(B, 3)], grad=True,
      refuses="int32"),
    E("BesselJ1", ("BesselJ1", "BesselJ0"), lambda tf, x: tf.math.special.bessel_j1(x), [_f(B, 3, values="nonzero")],
      grad=True, refuses="int32"),
    E("BesselY0", ("BesselY0", "BesselY1"), lambda tf, x: tf.math.special.bessel_y0(x), [_f(B, 3, values="positive")],
      grad=True, refuses="int32"),
    E("BesselY1", ("BesselY1", "BesselY0"), lambda tf, x: tf.math.special.bessel_y1(x), [_f(B, 3, values="positive")],
      grad=True, refuses="int32"),
    E("Dawsn", "Dawsn", lambda tf, x: tf.math.special.dawsn(x), [_f(B, 3)], grad=True, refuses="int32"),
    E("Expint", "Expint", lambda tf, x: tf.math.special.expint(x), [_f(B, 3, values="positive")], grad=True,
      refuses="int32"),
    E("FresnelCos", "FresnelCos", lambda tf, x: tf.math.special.fresnel_cos(x), [_f(B, 3)], grad=True,
      refuses="int32"),
    E("FresnelSin", "FresnelSin", lambda tf, x: tf.math.special.fresnel_sin(x), [_f(B, 3)], grad=True,
      refuses="int32"),
    E("Spence", "Spence", lambda tf, x: tf.math.special.spence(x), [_f(B, 3, values="positive")], grad=True,
      refuses="int32"),
    E("Xlogy", ("Xlogy", "Xdivy"), lambda tf, x, y: tf.math.xlogy(x, y), [_f(B, 3), _f(3, values="positive")],
      grad=True, refuses="int32"),
    E("Xlog1py", ("Xlog1py", "Xdivy"), lambda tf, x, y: tf.math.xlog1py(x, y), [_f(B, 3), _f(3, values="positive")],
      grad=True, refuses="int32"),
    E("Xdivy", "Xdivy", lambda tf, x, y: tf.math.xdivy(x, y), [_f(B, 3), _f(3, values="nonzero")], grad=True,
      refuses="int32"),
    E("Xlogy.complex", "Xlogy", lambda tf, x, y: tf.math.xlogy(x, y), [_c(B, 3), _c(3)]),
    E("Acos.complex", "Acos", lambda tf, x: tf.math.acos(x), [_c(B, 3)]),
    E("Sinh.complex", "Sinh", lambda tf, x: tf.sinh(x), [_c(B, 3)]),
    E("MulNoNan", "MulNoNan", lambda tf, x, y: tf.math.multiply_no_nan(x, y), [_f(B, 3), _f(3)], grad=True,
      refuses="int32"),
    E("NextAfter", "NextAfter", lambda tf, x, y: tf.math.nextafter(x, y), [_f(B, 3), _f(3)], grad=True,
      refuses="int32"),
    E("Betainc", "Betainc", lambda tf, a, b, x: tf.math.betainc(a, b, x),
      [_f(B, 3, values="positive"), _f(B, 3, values="positive"), _f(B, 3, values="positive")], grad=True,
      refuses="int32"),
    E("Betainc.scalars", "Betainc", lambda tf, a, b, x: tf.math.betainc(a, b, tf.math.sigmoid(x)),
      [_f(values="positive"), _f(values="positive"), _f(B, 3)], grad=True),
    E("Imag", "Imag", lambda tf, x: tf.math.imag(x), [_c(B, 3)]),
    E("Angle", "Angle", lambda tf, x: tf.math.angle(x), [_c(B, 3)]),
    E("angle.real", (), lambda tf, x: tf.math.angle(x), [_f(B, 3)]),
    E("imag.real", (), lambda tf, x: tf.math.imag(x), [_f(B, 3)]),
    E("InvertPermutation", "InvertPermutation", lambda tf, x: tf.math.invert_permutation(tf.argsort(x)),
      [_f(B)]),
    E("CumulativeLogsumexp", "CumulativeLogsumexp", lambda tf, x: tf.math.cumulative_logsumexp(x, axis=1),
      [_f(B, 4)], grad=True, refuses="int32"),
    E("CumulativeLogsumexp.batch", "CumulativeLogsumexp",
      lambda tf, x: tf.math.cumulative_logsumexp(x, axis=0, exclusive=True, reverse=True), [_f(B, 3)], grad=True),
    E("lbeta", (), lambda tf, x: tf.math.lbeta(x), [_f(B, 4, values="positive")], grad=True),
    E("erfcinv", (), lambda tf, x: tf.math.erfcinv(x + 1.0), [_f(B, 3, values="unit")], grad=True),
    E("reciprocal_no_nan", (), lambda tf, x: tf.math.reciprocal_no_nan(x), [_f(B, 3)], grad=True),
    E("polyval", (), lambda tf, a, x: tf.math.polyval([a, 2.0, a], x), [_f(3), _f(B, 3)], grad=True),
    E("accumulate_n", (), lambda tf, x, y: tf.math.accumulate_n([x, y, x]), [_f(B, 3), _f(B, 3)], grad=True),
    E("is_non_decreasing", (), lambda tf, x: tf.math.is_non_decreasing(tf.round(x)), [_i(B, 3, hi=2)]),
    E("is_strictly_increasing", (), lambda tf, x: tf.math.is_strictly_increasing(x), [_f(B, 3)]),
    E("softsign", (), lambda tf, x: tf.math.softsign(x), [_f(B, 3)], grad=True),
    # Composites: TensorFlow's Python over the ops above, compared with TensorFlow's values.
    E("Eig", "Eig", lambda tf, x: (lambda e, v: [tf.math.real(e), tf.abs(v)])(*tf.linalg.eig(x)), [_f(B, 3, 3)],
      grad=True),
    E("Eig.values", "Eig", lambda tf, x: tf.math.real(tf.linalg.eigvals(x)) ** 2, [Arg((B, 4, 4), "float64")],
      grad=True),
    E("Eig.complex", "Eig", lambda tf, x: list(tf.linalg.eig(x)), [_c(B, 3, 3)]),
    E("TridiagonalMatMul", "TridiagonalMatMul", lambda tf, d, r: tf.linalg.tridiagonal_matmul(d, r),
      [_f(B, 3, 4), _f(B, 4, 2)], grad=True),
    E("TridiagonalSolve", "TridiagonalSolve",
      lambda tf, d, r: tf.linalg.tridiagonal_solve(d + tf.constant([[0.], [4.], [0.]]), r),
      [_f(B, 3, 5), _f(B, 5, 2)], grad=True),
    E("TridiagonalSolve.vector_rhs", "TridiagonalSolve",
      lambda tf, d, r: tf.linalg.tridiagonal_solve(d + tf.constant([[0.], [4.], [0.]]), r, partial_pivoting=False),
      [_f(2, 3, 4), _f(2, 4)], grad=True),
    E("BandedTriangularSolve", "BandedTriangularSolve",
      lambda tf, b, r: tf.linalg.banded_triangular_solve(b + tf.constant([[3.], [0.]]), r),
      [_f(B, 2, 4), _f(B, 4, 3)], grad=True),
    E("BandedTriangularSolve.upper_adjoint", "BandedTriangularSolve",
      lambda tf, b, r: tf.linalg.banded_triangular_solve(b + tf.constant([[0.], [0.], [3.]]), r, lower=False,
                                                         adjoint=True),
      [_f(B, 3, 5), _f(B, 5, 1)], grad=True),
    # Lu has no gradient (TensorFlow registers none), so neither have these.
    E("lu_solve", (), lambda tf, x, b: tf.linalg.lu_solve(*tf.linalg.lu(x + 3 * tf.eye(3)), b),
      [_f(B, 3, 3), _f(B, 3, 2)]),
    E("lu_solve.matrix", (), lambda tf, x, b: tf.linalg.lu_solve(*tf.linalg.lu(x + 4 * tf.eye(4)), b),
      [_f(4, 4), _f(4, B)]),
    E("lu_matrix_inverse", (), lambda tf, x: tf.linalg.lu_matrix_inverse(*tf.linalg.lu(x + 3 * tf.eye(3))),
      [_f(B, 3, 3)]),
    E("lu_reconstruct", (), lambda tf, x: tf.linalg.lu_reconstruct(*tf.linalg.lu(x)), [_f(B, 4, 4)]),
    E("lu_reconstruct.matrix", (), lambda tf, x: tf.linalg.lu_reconstruct(*tf.linalg.lu(x[0])), [_f(B, 3, 3)]),
    E("lstsq", (), lambda tf, a, b: tf.linalg.lstsq(a, b), [_f(3, 5, 3), _f(3, 5, B)], grad=True),
    E("lstsq.regularized", (), lambda tf, a, b: tf.linalg.lstsq(a, b, l2_regularizer=0.5), [_f(2, 5), _f(2, B)],
      grad=True),
    E("pinv", (), lambda tf, x: tf.linalg.pinv(x), [_f(B, 4, 3)], grad=True),
    # expm's squarings are a tf.while_loop, which varrt differentiates only eagerly (linalg_cases.py has that gradient).
    E("expm", (), lambda tf, x: tf.linalg.expm(x), [_f(B, 3, 3)]),
    E("expm.float64", (), lambda tf, x: tf.linalg.expm(x * 2.0), [Arg((B, 2, 2), "float64")]),
    E("cholesky_solve", (), lambda tf, x, b: tf.linalg.cholesky_solve(tf.linalg.cholesky(
        tf.matmul(x, x, transpose_b=True) + tf.eye(3)), b), [_f(B, 3, 3), _f(B, 3, 2)], grad=True),
    E("logdet", (), lambda tf, x: tf.linalg.logdet(tf.matmul(x, x, transpose_b=True) + tf.eye(4)), [_f(B, 4, 4)],
      grad=True),
    E("trace", (), lambda tf, x: tf.linalg.trace(x), [_f(B, 3, 4)], grad=True),
    E("matvec", (), lambda tf, a, b: tf.linalg.matvec(a, b), [_f(B, 3, 4), _f(B, 4)], grad=True),
    E("matvec.transpose", (), lambda tf, a, b: tf.linalg.matvec(a, b, transpose_a=True), [_f(3, 4), _f(B, 3)],
      grad=True),
    E("norm", (), lambda tf, x: tf.norm(x), [_f(B, 3)], grad=True),
    E("norm.axis", (), lambda tf, x: tf.norm(x, ord=3, axis=1, keepdims=True), [_f(B, 4)], grad=True),
    E("norm.one", (), lambda tf, x: tf.linalg.norm(x, ord=1, axis=0), [_f(B, 4)], grad=True),
    E("norm.inf", (), lambda tf, x: tf.linalg.norm(x, ord=np.inf, axis=-1), [_f(B, 4)], grad=True),
    E("norm.fro", (), lambda tf, x: tf.norm(x, ord="fro", axis=[-2, -1]), [_f(B, 3, 4)], grad=True),
    E("norm.matrix_one", (), lambda tf, x: tf.norm(x, ord=1, axis=[1, 2]), [_f(B, 3, 4)], grad=True),
    E("norm.matrix_inf", (), lambda tf, x: tf.norm(x, ord=np.inf, axis=(-1, -2)), [_f(B, 3, 4)], grad=True),
    E("norm.matrix_2", (), lambda tf, x: tf.norm(x, ord=2, axis=[-2, -1]), [_f(B, 3, 4)], grad=True),
    E("LRN", ("LRN", "LRNGrad"), lambda tf, x: tf.nn.lrn(x), [_f(B, 2, 3, 7)], grad=True, refuses="float64"),
    E("LRN.params", ("LRN", "LRNGrad"),
      lambda tf, x: tf.nn.local_response_normalization(x, depth_radius=2, bias=0.5, alpha=0.3, beta=0.75),
      [_f(B, 1, 2, 6)], grad=True),
    E("MaxPoolWithArgmax", ("MaxPoolWithArgmax", "MaxPoolGradWithArgmax"),
      lambda tf, x: list(tf.nn.max_pool_with_argmax(x, 2, 2, "VALID")), [_f(B, 4, 5, 2)], grad=True),
    E("MaxPoolWithArgmax.same_batch_index", ("MaxPoolWithArgmax", "MaxPoolGradWithArgmax"),
      lambda tf, x: list(tf.nn.max_pool_with_argmax(x, 3, [2, 1], "SAME", include_batch_in_index=True)),
      [_f(B, 5, 3, 2)], grad=True),
    E("pool.max_dilated", (), lambda tf, x: tf.nn.pool(x, [2, 2], "MAX", dilations=[2, 2]), [_f(B, 7, 6, 2)], grad=True),
    E("pool.avg_strided", (), lambda tf, x: tf.nn.pool(x, [3, 2], "AVG", strides=[2, 1], padding="SAME"),
      [_f(B, 7, 5, 2)], grad=True),
    E("pool.1d", (), lambda tf, x: tf.nn.pool(x, [3], "MAX", strides=[2]), [_f(B, 9, 2)], grad=True),
    E("conv3d_transpose", "Conv3DBackpropInputV2",
      lambda tf, x, w: tf.nn.conv3d_transpose(x, w, tf.stack([tf.shape(x)[0], 6, 6, 4, 3]), 2),
      [_f(B, 3, 3, 2, 2), _f(2, 2, 2, 3, 2)], grad=True),
    E("CTCGreedyDecoder", "CTCGreedyDecoder",
      lambda tf, x: (lambda d, lp: [d[0].indices, d[0].values, d[0].dense_shape, lp])(
          *tf.nn.ctc_greedy_decoder(x, tf.fill([tf.shape(x)[1]], 3))), [_f(4, B, 3)]),
    E("CTCLoss", "CTCLoss",
      lambda tf, x: tf.compat.v1.nn.ctc_loss(
          tf.SparseTensor(tf.stack([tf.range(tf.shape(x)[1], dtype=tf.int64), tf.zeros([tf.shape(x)[1]], tf.int64)], 1),
                          tf.range(tf.shape(x)[1]) % 3, tf.stack([tf.cast(tf.shape(x)[1], tf.int64), 1])),
          x, tf.fill([tf.shape(x)[1]], 5)), [_f(5, B, 4)], grad=True),
    # (TensorFlow's gradient of BlockLSTMV2 runs BlockLSTMGrad, BlockLSTM's: ops/gradients/rnn_grad.py)
    E("BlockLSTMV2", ("BlockLSTMV2", "BlockLSTMGrad"),
      lambda tf, x, state, wb: list(tf.raw_ops.BlockLSTMV2(
          seq_len_max=tf.constant(5, tf.int64), x=x, cs_prev=state[:, :4], h_prev=state[:, 4:], w=wb[:7] * 0.5,
          wci=wb[7, :4], wcf=wb[7, 4:8], wco=wb[7, 8:12], b=wb[8], use_peephole=True)),
      [_f(5, B, 3), _f(B, 8), _f(9, 16)], grad=True, refuses="float64"),
    E("BlockLSTM", ("BlockLSTM", "BlockLSTMGrad"),
      lambda tf, x, state, wb: list(tf.raw_ops.BlockLSTM(
          seq_len_max=tf.constant(4, tf.int64), x=x, cs_prev=state[:, :3], h_prev=state[:, 3:], w=wb[:5] * 0.5,
          wci=tf.zeros([3]), wcf=tf.zeros([3]), wco=tf.zeros([3]), b=wb[5], cell_clip=0.8)),
      [_f(4, B, 2), _f(B, 6), _f(6, 12)], grad=True, refuses="float64"),
    E("BlockLSTMGradV2", "BlockLSTMGradV2",
      lambda tf, x, state, wb: list(tf.raw_ops.BlockLSTMGradV2(
          seq_len_max=tf.constant(3, tf.int64), x=x, cs_prev=state[:, :2], h_prev=state[:, 2:], w=wb[:4],
          wci=tf.zeros([2]), wcf=tf.zeros([2]), wco=tf.zeros([2]), b=wb[4],
          **dict(zip(("i", "cs", "f", "o", "ci", "co", "h"), tf.raw_ops.BlockLSTMV2(
              seq_len_max=tf.constant(3, tf.int64), x=x, cs_prev=state[:, :2], h_prev=state[:, 2:], w=wb[:4],
              wci=tf.zeros([2]), wcf=tf.zeros([2]), wco=tf.zeros([2]), b=wb[4]))),
          cs_grad=tf.ones_like(x[:, :, :2]), h_grad=x[:, :, :2] * 0.5, use_peephole=False)),
      [_f(3, B, 2), _f(B, 4), _f(5, 8)], refuses="float64"),
    E("collapse_repeated", (), lambda tf, x: list(tf.nn.collapse_repeated(x, tf.fill([tf.shape(x)[0]], 4))),
      [_i(B, 5, lo=0, hi=3)]),
    E("Dilation2D", ("Dilation2D", "Dilation2DBackpropInput", "Dilation2DBackpropFilter"),
      lambda tf, x, f: tf.nn.dilation2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]), [_f(B, 5, 4, 2), _f(2, 3, 2)],
      grad=True),
    E("erosion2d", ("Dilation2D", "Dilation2DBackpropInput", "Dilation2DBackpropFilter"),
      lambda tf, x, f: tf.nn.erosion2d(x, f, [1, 2, 1, 1], "VALID", "NHWC", [1, 1, 2, 1]), [_f(B, 6, 5, 1), _f(2, 2, 1)],
      grad=True),
    E("DepthToSpace", ("DepthToSpace", "SpaceToDepth"), lambda tf, x: tf.nn.depth_to_space(x, 2), [_f(B, 2, 3, 8)],
      grad=True),
    E("SpaceToDepth", ("SpaceToDepth", "DepthToSpace"), lambda tf, x: tf.nn.space_to_depth(x, 3), [_f(B, 6, 3, 2)],
      grad=True),
    E("DepthToSpace.int", "DepthToSpace", lambda tf, x: tf.nn.depth_to_space(x, 3), [_i(B, 1, 2, 9, hi=50)]),
    E("atrous_conv2d", "Conv2D", lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 2, "SAME"), [_f(B, 7, 6, 2), _f(3, 3, 2, 3)],
      grad=True),
    E("atrous_conv2d_transpose", (),
      lambda tf, x, w: tf.nn.atrous_conv2d_transpose(x, w, [3, 5, 4, 2], 2, "SAME"), [_f(3, 5, 4, B), _f(3, 3, 2, B)],
      grad=True),
    E("with_space_to_batch", (),
      lambda tf, x, w: tf.nn.with_space_to_batch(x, [2, 2], "SAME", lambda i, n, p: tf.nn.conv2d(i, w, 1, p),
                                                 filter_shape=[3, 3]), [_f(B, 7, 6, 2), _f(3, 3, 2, 3)], grad=True),
    E("atrous_conv2d.valid", (), lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 3, "VALID"),
      [_f(B, 9, 8, 1), _f(2, 2, 1, 2)], grad=True),
    E("batch_norm_with_global_normalization", (),
      lambda tf, x, m, v: tf.nn.batch_norm_with_global_normalization(x, m, v, 0.1, 2.0, 1e-3, True),
      [_f(B, 3), _f(3), _f(3, values="positive")], grad=True),
    E("batch_norm_with_global_normalization.unscaled", (),
      lambda tf, x, m, v: tf.nn.batch_norm_with_global_normalization(x, m, v, m, v, 0.01, False),
      [_f(B, 2, 3), _f(3), _f(3, values="positive")], grad=True),
    # tf.nn's composites (TensorFlow's nn_impl.py / embedding_ops.py over the ops above).
    E("crelu", ("ConcatV2", "Neg", "Relu"), lambda tf, x: tf.nn.crelu(x), [_f(B, 3)], grad=True),
    E("crelu.axis", (), lambda tf, x: tf.nn.crelu(x, axis=0), [_f(2, B)], grad=True),
    E("weighted_cross_entropy_with_logits", ("Log1p", "Exp", "Abs", "Relu"),
      lambda tf, z, x: tf.nn.weighted_cross_entropy_with_logits(z, x, 1.5), [_f(B, 3, values="unit"), _f(B, 3)],
      grad=True),
    E("weighted_cross_entropy_with_logits.tensor_weight", (),
      lambda tf, z, x, q: tf.nn.weighted_cross_entropy_with_logits(z, x, q),
      [_f(B, 4, values="unit"), _f(B, 4), _f(4, values="positive")], grad=True),
    E("log_poisson_loss", (), lambda tf, z, c: tf.nn.log_poisson_loss(z, c), [_f(B, 3, values="positive"), _f(B, 3)],
      grad=True),
    E("log_poisson_loss.full", (), lambda tf, z, c: tf.nn.log_poisson_loss(z * 3.0, c, compute_full_loss=True),
      [_f(B, 5, values="positive"), _f(B, 5)], grad=True),
    E("sufficient_statistics", (), lambda tf, x: list(tf.nn.sufficient_statistics(x, [0, 2])[:3]), [_f(B, 3, 2)],
      grad=True),
    E("sufficient_statistics.shift", (),
      lambda tf, x, s: list(tf.nn.sufficient_statistics(x, [-1], shift=s, keepdims=True)), [_f(B, 4), _f(B, 1)],
      grad=True),
    E("normalize_moments", (),
      lambda tf, x: list(tf.nn.normalize_moments(*tf.nn.sufficient_statistics(x, [0]))), [_f(B, 3)], grad=True),
    E("normalize_moments.shift", (),
      lambda tf, x: list(tf.nn.normalize_moments(*tf.nn.sufficient_statistics(x, [1], shift=0.5))), [_f(B, 6)],
      grad=True),
    E("weighted_moments", (), lambda tf, x, w: list(tf.nn.weighted_moments(x, [0], w)),
      [_f(B, 3), _f(B, 3, values="positive")], grad=True),
    E("weighted_moments.keepdims", (), lambda tf, x, w: list(tf.nn.weighted_moments(x, [1, 2], w, keepdims=True)),
      [_f(B, 2, 3), _f(B, 1, 1, values="positive")], grad=True),
    E("weighted_moments.half", (), lambda tf, x, w: list(tf.nn.weighted_moments(x, [0], w)),
      [Arg((B, 3), "float16"), Arg((B, 1), "float16", "positive")]),
    E("zero_fraction", (), lambda tf, x: tf.nn.zero_fraction(tf.nn.relu(x)), [_f(B, 5)]),
    E("zero_fraction.int", (), lambda tf, x: tf.nn.zero_fraction(x), [_i(B, 4, lo=-1, hi=2)]),
    E("compute_average_loss", (), lambda tf, x: tf.nn.compute_average_loss(x), [_f(B)], grad=True),
    E("compute_average_loss.weighted", (),
      lambda tf, x, w: tf.nn.compute_average_loss(x, sample_weight=w, global_batch_size=10),
      [_f(B, 2), _f(B, 2, 1)], grad=True),
    E("compute_average_loss.float64", (), lambda tf, x, w: tf.nn.compute_average_loss(x, sample_weight=w),
      [Arg((B,), "float64"), Arg((B,), "float64", "positive")], grad=True),
    E("scale_regularization_loss", (), lambda tf, x: tf.nn.scale_regularization_loss(tf.nn.l2_loss(x)), [_f(B, 3)],
      grad=True),
    E("embedding_lookup", "GatherV2", lambda tf, p, i: tf.nn.embedding_lookup(p, i), [_f(5, 3), _i(B, 2)], grad=True),
    # The ids of a SparseTensor with one id per row of the batch.
    E("embedding_lookup_sparse", (),
      lambda tf, p, i: tf.nn.embedding_lookup_sparse(p, tf.SparseTensor(
          tf.stack([tf.range(tf.size(i, out_type=tf.int64)), tf.zeros_like(i)], 1), i, [7, 1]), None,
          combiner="sqrtn"),
      [_f(5, 3), _i(B, lo=0, hi=5, dtype="int64")], grad=True),
    E("embedding_lookup_sparse.weighted_sum", (),
      lambda tf, p, i: tf.nn.embedding_lookup_sparse(p, tf.SparseTensor(
          tf.stack([tf.range(tf.size(i, out_type=tf.int64)) // 2, tf.zeros_like(i)], 1), i, [7, 1]),
          tf.SparseTensor(tf.stack([tf.range(tf.size(i, out_type=tf.int64)) // 2, tf.zeros_like(i)], 1),
                          tf.cast(i, tf.float32) - 1.5, [7, 1]), combiner="sum"),
      [_f(5, 2), _i(B, lo=0, hi=5, dtype="int64")], grad=True),
    E("embedding_lookup.max_norm", (), lambda tf, p, i: tf.nn.embedding_lookup(p, i, max_norm=1.0),
      [_f(4, 2, 3), _i(B, lo=0, hi=4)], grad=True),
    E("embedding_lookup.partitioned", (), lambda tf, p0, p1, i: tf.nn.embedding_lookup([p0, p1, p1[:2] * 2.0], i),
      [_f(3, 2), _f(3, 2), _i(B, 3, lo=0, hi=8)], grad=True),
    E("embedding_lookup.partitioned_max_norm", (),
      lambda tf, p0, p1, i: tf.nn.embedding_lookup([p0, p1], i, max_norm=0.5),
      [_f(2, 4), _f(2, 4), _i(B, lo=0, hi=4)], grad=True),
]


def _asserted(tf, x):
    # The check runs before the value is used (a control dependency in a graph, at once eagerly).
    with tf.control_dependencies([tf.debugging.Assert(tf.reduce_all(tf.math.is_finite(x)), [x])]):
        return tf.identity(x)


# Table ops with no entry here, and where they are tested instead.
SKIPPED = {
    # Every case runs these: eager inputs become _EagerConst, graph constants Const, TF1 inputs Placeholder.
    "Const": "every graph case", "Placeholder": "every TF1 case", "_EagerConst": "every eager case",
    "NoOp": "no output to compare (tf.no_op); test_tf1_graphs.py",
    "Rank": "a constant unless the rank is unknown while tracing, which op_db's inputs never are; "
            "test_custom_gradient_in_functions.py (rank_and_size)",
    "Timestamp": "the clock, different on every run: its dtype and shape in test_tfapi.py",
    "Add": "string concatenation (tf.add of strings); test_math_ops.py",
    "StatefulPartitionedCall": "a tf.function called in another's graph; test_function_recursion.py",
    "TensorArrayWriteV3": "varrt's own write on a TensorArray's flow; test_tensor_array.py",
    "PrintV2": "prints to stderr, no value to compare; test_print.py",
    "ParseExampleV2": "serialized Examples (strings) in, no float inputs to draw; test_example_parsing.py",
    "SparseToDense": "tf.sparse.to_dense of parsed SparseTensors; test_example_parsing.py",
    "CTCLossV2": "cuDNN's, with no CPU kernel in TensorFlow: its NotFoundError in test_ctc_loss.py",
    "SerializeTensor": "bytes out, compared with TensorFlow's; test_io_ops.py",
    "ParseTensor": "TensorProto bytes in; test_io_ops.py",
    "ReadFile": "a file in; test_io_ops.py", "WriteFile": "a file out; test_io_ops.py",
    "DecodeCSV": "CSV strings in; test_decode_csv.py",
    **{op: "a dataset iterated while a graph is built; test_data_in_graphs.py" for op in (
        "AnonymousIteratorV3", "IteratorV2", "IteratorGetNext", "IteratorGetNextAsOptional", "MakeIterator",
        "DeleteIterator")},
    "SaveV2": "checkpoints: test_checkpoint_*.py", "RestoreV2": "checkpoints: test_checkpoint_*.py",
    # Records only (no kernel): the ops of the saver a SavedModel export writes (TensorFlow runs
    # them; test_saved_model_saver.py checks the nodes and TensorFlow's loader running them).
    "DisableCopyOnRead": "export records only: test_saved_model_saver.py",
    "MergeV2Checkpoints": "export records only: test_saved_model_saver.py",
    "ShardedFilename": "export records only: test_saved_model_saver.py",
    # tf.strings' ops: strings in, no float inputs to draw; a case program compared with TensorFlow.
    **{op: "strings in; test_strings.py" for op in (
        "StringLower", "StringUpper", "StringStrip", "StringLength", "Substr", "StringJoin", "ReduceJoin",
        "RegexReplace", "StaticRegexReplace", "RegexFullMatch", "StaticRegexFullMatch", "StringToNumber",
        "StringToHashBucketFast", "StringToHashBucketStrong", "StringToHashBucket", "UnicodeTranscode")},
    **{op: "strings in; test_unicode_strings.py" for op in (
        "UnicodeDecode", "UnicodeDecodeWithOffsets", "UnicodeEncode", "DecodeRaw", "DecodePaddedRaw",
        "UnsortedSegmentJoin")},
    # tf.summary's writes: no value to compare; the event files they write are test_summary.py's.
    "WriteSummary": "writes an event file: test_summary.py",
    "WriteRawProtoSummary": "writes an event file: test_summary.py",
    # Variable ops need a variable, which a pure function of tensors has none of: the optimizer
    # cases (tests/op_db_optimizers.py) create, read and update variables in both graph kinds.
    "VarHandleOp": "optimizer cases", "ReadVariableOp": "optimizer cases", "AssignVariableOp": "optimizer cases",
    "VarIsInitializedOp": "optimizer cases (TF1 initializer)",
    "AssignAddVariableOp": "variable updates: test_variable.py, test_update_arguments.py",
    "AssignSubVariableOp": "variable updates: test_variable.py, test_update_arguments.py",
    "DestroyResourceOp": "variable lifetimes: test_lifetimes.py",
    "ResourceGather": "variable gathers: test_scatter.py, test_embedding.py",
    "ResourceGatherNd": "variable gathers: test_scatter.py",
    "ResourceStridedSliceAssign": "sliced variable assignment: test_slicing.py",
    **{op: "variable scatters: test_scatter.py" for op in (
        "ResourceScatterAdd", "ResourceScatterDiv", "ResourceScatterMax", "ResourceScatterMin", "ResourceScatterMul",
        "ResourceScatterSub", "ResourceScatterUpdate", "ResourceScatterNdAdd", "ResourceScatterNdMax",
        "ResourceScatterNdMin", "ResourceScatterNdSub", "ResourceScatterNdUpdate")},
    **{op: "sparse optimizer updates: test_optimizers_v1.py, test_training_raw_ops.py" for op in (
        "ResourceSparseApplyAdagrad", "ResourceSparseApplyCenteredRMSProp", "ResourceSparseApplyKerasMomentum",
        "ResourceSparseApplyMomentum", "ResourceSparseApplyRMSProp")},
    "ResourceApplyKerasMomentum": "tf.keras momentum through raw ops: test_training_raw_ops.py",
    # tf.random.Generator's ops update the generator's state variable.
    **{op: "tf.random.Generator (a state variable): test_random.py, test_generator_saved_model.py" for op in (
        "StatefulStandardNormalV2", "StatefulTruncatedNormal", "StatefulUniform", "StatefulUniformFullInt", "StatefulRandomBinomial",
        "StatefulUniformInt", "RngReadAndSkip")},
}
