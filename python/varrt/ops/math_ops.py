"""Element-wise math under TensorFlow's names and op names (AddV2, Sub, Mul, RealDiv, ...).

Each op converts its operands with TensorFlow's rules (ops/op_util), checks the dtype against
TensorFlow's op registry, is placed (and logged) by the core's executor, then runs a NumPy
kernel on zero-copy views and wraps the result. TensorFlow's semantics where NumPy's differ:
integer division and modulo floor and fail on zero, `/` on integers casts to float first,
integer overflow wraps silently, float overflow and 0/0 give inf/nan without warnings.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import math

import ml_dtypes
import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.ops import dispatch, op_def_lib
from varrt.ops.op_util import (cast_operand, check_dtype, error_name, is_inexact, is_tensor_like, kernel_error, mismatch,
                            operand, pair, quiet, run, run_core, shape_of, shape_text, slow, value_operand)
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops.shape_fns import is_node_shape_error
from varrt.ops.op_util import matching

_bool = dtypes.bool
# Op name -> its core kernel's enum. _C.FastOp takes the common calls of these ops straight to
# the core; the calls it leaves to Python (name=, sequences, ...) reach the same kernel here, so
# the op's graph node runs it with no Python frame and eager and traced agree bit for bit.
_CORE_BINARY = _C.BINARY_OPS
_CORE_UNARY = _C.UNARY_OPS


def _run(op, kernel, inputs, dtype, name, end=None, out=None, node_name=None):
    """Runs `op` through the core dispatch: with its core kernel where the core has one for
    `dtype` (the inputs' dtype), else with `kernel`; its Tensor of dtype `out` (default `dtype`).
    A NumPy ufunc writes into the core-allocated output; NumPy's broadcast failure becomes
    TensorFlow's error."""
    core_op = _CORE_BINARY.get(op)
    if core_op is not None and _C.binary_supported(core_op, dtype._enum):
        return run_core(_C.binary_op, node_name, core_op, inputs[0], inputs[1], error_name(name, end))
    shape = "broadcast" if type(kernel) is np.ufunc else None
    try:
        if is_inexact(dtype):
            with quiet(all="ignore"):
                return run(op, kernel, inputs, out or dtype, shape, name=node_name)
        return run(op, kernel, inputs, out or dtype, shape, name=node_name)
    except ValueError as e:
        if is_node_shape_error(e):  # a graph being built refused the node: TensorFlow's ValueError
            raise
        shapes = " vs. ".join(shape_text(shape_of(a)) for a in inputs)
        raise kernel_error(op, f"Incompatible shapes: {shapes}", name, end=end) from None


def _end(*args):
    """"" where TensorFlow's errors for these arguments end without " name: " (see op_util.slow)."""
    return "" if slow(*args) else None


def _binary(op, kernel, x, y, name=None, hint=False, out=None):
    xa, ya, dtype = pair(op, x, y, hint, name)
    end = None if hint else _end(x, y)
    check_dtype(op, dtype, name, end)
    return _run(op, kernel, (xa, ya), dtype, name, end, out, node_name=name)


_NARROW_FLOATS = (np.dtype(np.float16), np.dtype(dtypes.bfloat16.as_numpy_dtype), np.dtype(np.float32))
_TINY = {d: float(ml_dtypes.finfo(d).tiny) for d in _NARROW_FLOATS}


def _wide(kernel):
    """Runs a transcendental kernel on narrow floats in float64 and rounds back: correctly rounded
    results, which is what TensorFlow's kernels return on ordinary inputs. TensorFlow's CPU
    threads flush denormals to zero, so results below the narrow type's normal range are 0."""
    def run(a, *others):
        if a.dtype not in _NARROW_FLOATS:
            return kernel(a, *others)
        r = kernel(a.astype(np.float64), *(b.astype(np.float64) for b in others))
        return np.where(np.abs(r) < _TINY[a.dtype], r * 0, r)
    return run


def _unary(op, kernel, x, name=None, out=None):
    a, dtype = operand(x)
    return _unary_of(op, kernel, a, dtype, name, _end(x), out)


def _unary_of(op, kernel, a, dtype, name, end, out=None):
    """_unary on an operand already converted (`a` of `dtype`)."""
    check_dtype(op, dtype, name, end)
    core_op = _CORE_UNARY.get(op)
    if core_op is not None and _C.unary_supported(core_op, dtype._enum):  # as _run does for binary ops
        return run_core(_C.unary_op, name, core_op, a)
    shape = shape_of(a) if type(kernel) is np.ufunc else None
    if is_inexact(dtype):
        with quiet(all="ignore"):
            return run(op, kernel, (a,), out or dtype, shape, name=name)
    return run(op, kernel, (a,), out or dtype, shape, name=name)


_REAL_FLOATS = frozenset(d._enum for d in (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64))


def _real_float_core(op, entry, kernel, x, name=None):
    """A unary op with a core kernel for the real floats (`entry`, a _C function) and a NumPy
    `kernel` for its other dtypes (complex)."""
    a, dtype = operand(x)
    check_dtype(op, dtype, name, _end(x))
    if dtype._enum in _REAL_FLOATS:
        return run_core(entry, name, a)
    with quiet(all="ignore"):
        return run(op, kernel, (a,), dtype, name=name)


# --- arithmetic --------------------------------------------------------------------------

def add(x, y, name=None) -> Tensor:
    """x + y. `y` is converted with x's dtype as a hint, so `int32 + 2.5` is an
    InvalidArgumentError (as in TensorFlow), not a TypeError. Strings concatenate."""
    return _add(x, y, True, name)


def _add(x, y, hint, name=None):
    node_name = name
    name = None if hint else name  # tf.add's name scope hides the name from its messages
    xa, ya, dtype = pair("AddV2", x, y, hint, name)
    op = "Add" if dtype is dtypes.string else "AddV2"
    end = None if hint else _end(x, y)
    if op == "AddV2":
        check_dtype(op, dtype, name, end)
    return _run(op, np.add, (xa, ya), dtype, name, end, node_name=node_name)


def _strict_add(x, y, name=None):
    """`other + tensor`: the other operand is converted strictly to the tensor's dtype."""
    return _add(x, y, False, name)


@op_def_lib.implements("Sub")
def subtract(x, y, name=None) -> Tensor:
    """x - y element-wise, with broadcasting (tf.math.subtract)."""
    return _binary("Sub", np.subtract, x, y, name)


@op_def_lib.implements("Mul")
def multiply(x, y, name=None) -> Tensor:
    """x * y element-wise, with broadcasting (tf.math.multiply)."""
    return _binary("Mul", np.multiply, x, y, name)


def scalar_mul(scalar, x, name=None) -> Tensor:
    """`scalar` times `x` (tf.math.scalar_mul); `scalar` must be a 0-d value."""
    return multiply(scalar, x, name)


def _floor_kernel(op, kernel, x, y, name):
    xa, ya, dtype = pair(op, x, y, False, name)
    end = _end(x, y)
    check_dtype(op, dtype, name, end)
    if dtype.is_integer:
        def integer_kernel(a, b):
            if not np.all(b):
                raise kernel_error(op, "Integer division by zero", name, end=end)
            with quiet(all="ignore"):  # INT_MIN // -1 wraps as in TensorFlow
                return kernel(a, b)
        return _run(op, integer_kernel, (xa, ya), dtype, name, end)
    return _run(op, kernel, (xa, ya), dtype, name, end)


@op_def_lib.implements("FloorDiv")
def floordiv(x, y, name=None) -> Tensor:
    """Division rounded toward negative infinity (integers fail on a zero divisor)."""
    return _floor_kernel("FloorDiv", np.floor_divide, x, y, name)


@op_def_lib.implements("FloorMod")
def floormod(x, y, name=None) -> Tensor:
    """Remainder of floor division: the sign of the divisor (integers fail on zero)."""
    return _floor_kernel("FloorMod", np.mod, x, y, name)


mod = floormod

_TRUEDIV_TYPES = (dtypes.uint8, dtypes.int8, dtypes.uint16, dtypes.int16, dtypes.uint32, dtypes.int32, dtypes.uint64,
                  dtypes.int64, dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64,
                  dtypes.complex128)
# TensorFlow's truediv: small integers divide in float32, wide ones in float64.
_TRUEDIV_FLOAT = {dtypes.uint8: np.float32, dtypes.int8: np.float32, dtypes.uint16: np.float32,
                  dtypes.int16: np.float32, dtypes.uint32: np.float64, dtypes.int32: np.float64,
                  dtypes.uint64: np.float64, dtypes.int64: np.float64}


def _truediv_operands(x, y, x_like_y=False, caller="__truediv__"):
    """`caller`: the function TensorFlow's dtype error names."""
    if x_like_y:  # tf.divide: a non-tensor x takes y's dtype
        ya, yd = operand(y)
        xa, xd = value_operand(x, yd)
    else:
        xa, xd = operand(x)
        ya, yd = operand(y, xd, strict=False)
    if xd is not yd:
        raise TypeError(f"`x` and `y` must have the same dtype, got {xd!r} != {yd!r}.")
    if xd not in _TRUEDIV_TYPES:
        expected = ", ".join(repr(d) for d in _TRUEDIV_TYPES)
        raise TypeError(f"Invalid dtype {xd!r} in {caller}. Expected one of {{{expected}}}.")
    return xa, ya, xd


def _divide_arrays(op, kernel, xa, ya, dtype, name):
    ftype = _TRUEDIV_FLOAT.get(dtype)
    if ftype is not None:
        dtype = dtypes.as_dtype(ftype)
        xa = cast_operand(xa, dtype)
        ya = cast_operand(ya, dtype)
    return _run(op, kernel, (xa, ya), dtype, name)


def truediv(x, y, name=None) -> Tensor:
    """x / y as Python 3 divides: integers are cast to float first (int32 -> float64)."""
    xa, ya, dtype = _truediv_operands(x, y)
    return _divide_arrays("RealDiv", np.true_divide, xa, ya, dtype, name)


def divide(x, y, name=None) -> Tensor:
    """x / y; a non-tensor `x` takes y's dtype."""
    xa, ya, dtype = _truediv_operands(x, y, not is_tensor_like(x) and is_tensor_like(y))
    return _divide_arrays("RealDiv", np.true_divide, xa, ya, dtype, name)


def _no_nan_kernel(xa, ya):
    out = np.true_divide(xa, np.where(ya == 0, 1, ya))
    return np.where(ya == 0, np.zeros((), out.dtype), out)


@op_def_lib.implements("DivNoNan")
def divide_no_nan(x, y, name=None) -> Tensor:
    """x / y, and 0 where y is 0."""
    xa, ya, dtype = _truediv_operands(x, y, not is_tensor_like(x) and is_tensor_like(y), "tf.math.divide_no_nan")
    return _divide_arrays("DivNoNan", _no_nan_kernel, xa, ya, dtype, name)


@op_def_lib.implements("RealDiv")
def realdiv(x, y, name=None) -> Tensor:
    """x / y element-wise for real (floating) dtypes (tf.realdiv)."""
    return _binary("RealDiv", np.true_divide, x, y, name)


@op_def_lib.implements("Pow")
def pow(x, y, name=None) -> Tensor:  # noqa: A001 - TensorFlow's public name
    """x ** y. Integers to negative integer powers fail; integer results wrap."""
    xa, ya, dtype = pair("Pow", x, y, False, name)
    end = _end(x, y)
    check_dtype("Pow", dtype, name, end)
    if dtype.is_integer:
        def integer_power(a, b):
            if np.any(b < 0):
                raise kernel_error("Pow", "Integers to negative integer powers are not allowed", name, end=end)
            return np.power(a, b)
        return _run("Pow", integer_power, (xa, ya), dtype, name, end)
    return _run("Pow", np.power, (xa, ya), dtype, name, end)


@op_def_lib.implements("Maximum")
def maximum(x, y, name=None) -> Tensor:
    """The element-wise maximum of x and y, with broadcasting (tf.math.maximum)."""
    return _binary("Maximum", np.maximum, x, y, name)


@op_def_lib.implements("Minimum")
def minimum(x, y, name=None) -> Tensor:
    """The element-wise minimum of x and y, with broadcasting (tf.math.minimum)."""
    return _binary("Minimum", np.minimum, x, y, name)


def _squared_difference(xa, ya):
    d = np.subtract(xa, ya)
    return d * np.conj(d) if np.iscomplexobj(d) else d * d


@op_def_lib.implements("SquaredDifference")
def squared_difference(x, y, name=None) -> Tensor:
    """(x - y) ** 2 element-wise, with broadcasting (tf.math.squared_difference)."""
    return _binary("SquaredDifference", _squared_difference, x, y, name)


@op_def_lib.implements("AddN")
def add_n(inputs, name=None) -> Tensor:
    """The element-wise sum of a list of tensors of one dtype and shape."""
    if isinstance(inputs, Tensor) or is_tensor_like(inputs):
        inputs = list(inputs)
    inputs = list(inputs) if isinstance(inputs, (list, tuple)) else inputs
    if not isinstance(inputs, list) or not inputs:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and "
                         "shape.")
    operands, dtype = matching("AddN", inputs, name)
    check_dtype("AddN", dtype, name)
    if _C.binary_supported(_CORE_BINARY["AddV2"], dtype._enum):  # the core's AddN adds as AddV2 does
        return run_core(_C.add_n, name, operands, error_name(name, None))

    def kernel(*arrays):
        for i, a in enumerate(arrays[1:], 1):
            if np.shape(a) != np.shape(arrays[0]):
                raise kernel_error("AddN", f"Inputs to operation AddN of type AddN must have the same size and "
                                           f"shape.  Input 0: {shape_text(np.shape(arrays[0]))} != input {i}: "
                                           f"{shape_text(np.shape(a))}", name, node=f"AddN_N_{len(arrays)}")
        with quiet(all="ignore"):
            # asarray: NumPy returns a scalar, not an array, for the sum of two 0-d arrays.
            total = arrays[0].copy() if len(arrays) == 1 else np.asarray(np.add(arrays[0], arrays[1]))
            for a in arrays[2:]:
                np.add(total, a, out=total)
        return total
    return run("AddN", kernel, operands, dtype)


# --- unary -------------------------------------------------------------------------------

@op_def_lib.implements("Neg")
def negative(x, name=None) -> Tensor:
    """-x element-wise (tf.math.negative)."""
    return _unary("Neg", np.negative, x, name)


def abs(x, name=None) -> Tensor:  # noqa: A001 - TensorFlow's public name
    """|x|; complex inputs give their magnitude in the real dtype (ComplexAbs)."""
    a, dtype = operand(x)
    if dtype.is_complex:
        return run("ComplexAbs", np.abs, (a,), dtype.real_dtype, shape_of(a))
    return _unary_of("Abs", np.abs, a, dtype, name, _end(x))


@op_def_lib.implements("Square")
def square(x, name=None) -> Tensor:
    """x * x element-wise (tf.math.square)."""
    return _unary("Square", np.square, x, name)


@op_def_lib.implements("Sqrt")
def sqrt(x, name=None) -> Tensor:
    """The square root of x element-wise (tf.math.sqrt)."""
    return _unary("Sqrt", np.sqrt, x, name)


@op_def_lib.implements("Rsqrt")
def rsqrt(x, name=None) -> Tensor:
    """1 / sqrt(x) element-wise (tf.math.rsqrt)."""
    return _unary("Rsqrt", _wide(lambda a: np.reciprocal(np.sqrt(a))), x, name)


@op_def_lib.implements("Exp")
def exp(x, name=None) -> Tensor:
    """e ** x element-wise (tf.math.exp)."""
    return _unary("Exp", _wide(np.exp), x, name)


@op_def_lib.implements("Expm1")
def expm1(x, name=None) -> Tensor:
    """e ** x - 1 element-wise, accurate for small x (tf.math.expm1)."""
    return _unary("Expm1", _wide(np.expm1), x, name)


@op_def_lib.implements("Log")
def log(x, name=None) -> Tensor:
    """The natural logarithm of x element-wise (tf.math.log)."""
    return _unary("Log", _wide(np.log), x, name)


@op_def_lib.implements("Log1p")
def log1p(x, name=None) -> Tensor:
    """log(1 + x) element-wise, accurate for small x (tf.math.log1p)."""
    return _unary("Log1p", _wide(np.log1p), x, name)


@op_def_lib.implements("Sin")
def sin(x, name=None) -> Tensor:
    """The sine of x element-wise (tf.math.sin)."""
    return _unary("Sin", _wide(np.sin), x, name)


@op_def_lib.implements("Cos")
def cos(x, name=None) -> Tensor:
    """The cosine of x element-wise (tf.math.cos)."""
    return _unary("Cos", _wide(np.cos), x, name)


@op_def_lib.implements("Tan")
def tan(x, name=None) -> Tensor:
    """The tangent of x element-wise (tf.math.tan)."""
    return _unary("Tan", _wide(np.tan), x, name)


@op_def_lib.implements("Atan")
def atan(x, name=None) -> Tensor:
    """The element-wise arctangent (tf.math.atan)."""
    return _unary("Atan", _wide(np.arctan), x, name)


@op_def_lib.implements("Atan2")
def atan2(y, x, name=None) -> Tensor:
    """The angle of the point (x, y), element-wise with broadcasting (tf.math.atan2)."""
    return _binary("Atan2", _wide(np.arctan2), y, x, name)


_erf = np.vectorize(math.erf, otypes=[np.float64])


@op_def_lib.implements("Erf")
def erf(x, name=None) -> Tensor:
    """The Gauss error function (tf.math.erf)."""
    return _unary("Erf", _wide(_erf), x, name)


# --- complex parts -------------------------------------------------------------------------

def conj(x, name=None) -> Tensor:
    """The complex conjugate (Conj); a real tensor is returned as it is (tf.math.conj)."""
    if isinstance(x, Tensor) and (x.dtype.is_floating or x.dtype.is_integer):
        return x
    t = convert_to_tensor(x)
    if t.dtype.is_complex:
        return run("Conj", np.conj, (t,), t.dtype, shape_of(t))
    if t.dtype.is_floating or t.dtype.is_integer:
        return t
    raise TypeError(f"Expected numeric or variant tensor, got dtype {t.dtype!r}.")


def real(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The real part (Real, in the real dtype); a real tensor is returned as it is (tf.math.real)."""
    t = convert_to_tensor(input)
    if t.dtype.is_complex:
        return run("Real", np.real, (t,), t.dtype.real_dtype)
    if t.dtype.is_numeric:
        return t
    raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {t.dtype}")


def _complex_kernel(real, imag):
    out = np.empty(np.broadcast_shapes(np.shape(real), np.shape(imag)),
                   np.complex64 if real.dtype == np.float32 else np.complex128)
    out.real = real  # set apart, so inf and nan parts stay as they are (inf * 1j would be nan + inf j)
    out.imag = imag
    return out


@op_def_lib.implements("Complex")
def raw_complex(real, imag, Tout=dtypes.complex64, name=None) -> Tensor:  # noqa: N803 - TensorFlow's names
    """The Complex op: real + imag * 1j element-wise, with broadcasting (complex64 from float32,
    complex128 from float64)."""
    ra, ia, dtype = pair("Complex", real, imag, name=name)
    end = _end(real, imag)
    check_dtype("Complex", dtype, name, end)
    out = dtypes.complex64 if dtype == dtypes.float32 else dtypes.complex128
    return _run("Complex", _complex_kernel, (ra, ia), dtype, name, end, out=out, node_name=name)


def complex_from_parts(real, imag, name=None) -> Tensor:
    """A complex tensor from its real and imaginary parts, both float32 (complex64) or both
    float64 (complex128), broadcast together (tf.complex)."""
    real = convert_to_tensor(real)
    imag = convert_to_tensor(imag)
    if (real.dtype, imag.dtype) not in ((dtypes.float32, dtypes.float32), (dtypes.float64, dtypes.float64)):
        raise TypeError(f"The `real` and `imag` components have incorrect types: {real.dtype.name} {imag.dtype.name}. "
                        f"They must be consistent, and one of {[dtypes.float32, dtypes.float64]}")
    return raw_complex(real, imag, name=name)


@op_def_lib.implements("Imag")
def complex_imag(input, Tout=dtypes.float32, name=None) -> Tensor:  # noqa: A002,N803 - TensorFlow's names
    """The Imag op: the imaginary part of a complex tensor, in its real dtype (tf.math.imag:
    math_composites.imag)."""
    t = convert_to_tensor(input)
    check_dtype("Imag", t.dtype, name, _end(input))
    return run("Imag", np.imag, (t,), t.dtype.real_dtype)


@op_def_lib.implements("Angle")
def complex_angle(input, Tout=dtypes.float32, name=None) -> Tensor:  # noqa: A002,N803 - TensorFlow's names
    """The Angle op: the argument of each element of a complex tensor, in its real dtype
    (tf.math.angle: math_composites.angle)."""
    t = convert_to_tensor(input)
    check_dtype("Angle", t.dtype, name, _end(input))
    return run("Angle", np.angle, (t,), t.dtype.real_dtype)


@op_def_lib.implements("Tanh")
def tanh(x, name=None) -> Tensor:
    """The hyperbolic tangent of x element-wise (tf.math.tanh)."""
    return _real_float_core("Tanh", _C.tanh, _wide(np.tanh), x, name)


def _sigmoid(a):
    one = np.ones((), a.dtype)
    return one / (one + np.exp(-a))


@op_def_lib.implements("Sigmoid")
def sigmoid(x, name=None) -> Tensor:
    """1 / (1 + exp(-x)) element-wise (tf.math.sigmoid)."""
    return _real_float_core("Sigmoid", _C.sigmoid, _wide(_sigmoid), x, name)


@op_def_lib.implements("Floor")
def floor(x, name=None) -> Tensor:
    """The largest integer not greater than x, element-wise (tf.math.floor)."""
    return _unary("Floor", np.floor, x, name)


@op_def_lib.implements("Ceil")
def ceil(x, name=None) -> Tensor:
    """The smallest integer not less than x, element-wise (tf.math.ceil)."""
    return _unary("Ceil", np.ceil, x, name)


def _sign(a):
    if np.iscomplexobj(a):
        m = np.abs(a)
        m = np.where(m == 0, np.ones((), m.dtype), m)
        out = np.empty(np.shape(a), a.dtype)
        out.real, out.imag = a.real / m, a.imag / m  # per part: complex division would round differently
        return out
    return np.sign(a)


@op_def_lib.implements("Sign")
def sign(x, name=None) -> Tensor:
    """-1, 0 or 1 (0 for -0.0, nan for nan; x/|x| for complex)."""
    return _unary("Sign", _sign, x, name)


@op_def_lib.implements("Round")
def round(x, name=None) -> Tensor:  # noqa: A001 - TensorFlow's public name
    """Rounds half to even. Integers are returned as they are."""
    a, dtype = operand(x)
    if dtype.is_integer:
        return x if isinstance(x, Tensor) else convert_to_tensor(x)
    check_dtype("Round", dtype, name, _end(x))
    return run("Round", np.round, (a,), dtype)


@op_def_lib.implements("Reciprocal")
def reciprocal(x, name=None) -> Tensor:
    """1 / x element-wise (tf.math.reciprocal)."""
    return _unary("Reciprocal", np.reciprocal, x, name)


@op_def_lib.implements("IsNan")
def is_nan(x, name=None) -> Tensor:
    """Which elements of x are NaN, as a bool tensor (tf.math.is_nan)."""
    return _unary("IsNan", np.isnan, x, name, _bool)


@op_def_lib.implements("IsInf")
def is_inf(x, name=None) -> Tensor:
    """Which elements of x are +/- infinity, as a bool tensor (tf.math.is_inf)."""
    return _unary("IsInf", np.isinf, x, name, _bool)


@op_def_lib.implements("IsFinite")
def is_finite(x, name=None) -> Tensor:
    """Which elements of x are finite, as a bool tensor (tf.math.is_finite)."""
    return _unary("IsFinite", np.isfinite, x, name, _bool)


def clip_by_value(t, clip_value_min, clip_value_max, name=None) -> Tensor:
    """min(max(t, clip_value_min), clip_value_max), as TensorFlow composes it (Minimum, then
    Maximum); the bounds may not broadcast `t` to a larger shape."""
    values = t if isinstance(t, Tensor) else convert_to_tensor(t)
    t_min = minimum(values, clip_value_max)
    _same_shape(values, t_min)
    t_max = maximum(t_min, clip_value_min, name=name)
    _same_shape(values, t_max)
    return t_max


def _same_shape(a, b):
    if a.shape != b.shape:
        raise ValueError(f"Shapes {a.shape} and {b.shape} are incompatible")


# --- comparison ----------------------------------------------------------------------------

def equal(x, y, name=None) -> Tensor:
    """x == y element-wise, with broadcasting, as a bool tensor (tf.math.equal)."""
    return _binary("Equal", np.equal, x, y, name, out=_bool)


def not_equal(x, y, name=None) -> Tensor:
    """x != y element-wise, with broadcasting, as a bool tensor (tf.math.not_equal)."""
    return _binary("NotEqual", np.not_equal, x, y, name, out=_bool)


@op_def_lib.implements("Less")
def less(x, y, name=None) -> Tensor:
    """x < y element-wise, with broadcasting, as a bool tensor (tf.math.less)."""
    return _binary("Less", np.less, x, y, name, out=_bool)


@op_def_lib.implements("LessEqual")
def less_equal(x, y, name=None) -> Tensor:
    """x <= y element-wise, with broadcasting, as a bool tensor (tf.math.less_equal)."""
    return _binary("LessEqual", np.less_equal, x, y, name, out=_bool)


@op_def_lib.implements("Greater")
def greater(x, y, name=None) -> Tensor:
    """x > y element-wise, with broadcasting, as a bool tensor (tf.math.greater)."""
    return _binary("Greater", np.greater, x, y, name, out=_bool)


@op_def_lib.implements("GreaterEqual")
def greater_equal(x, y, name=None) -> Tensor:
    """x >= y element-wise, with broadcasting, as a bool tensor (tf.math.greater_equal)."""
    return _binary("GreaterEqual", np.greater_equal, x, y, name, out=_bool)


def tensor_equals(x, y, negate=False) -> Tensor:
    """`==`/`!=` on tensors: element-wise where the shapes broadcast, else a scalar False
    (True for !=), as TensorFlow's Equal with incompatible_shape_error=False."""
    op = "NotEqual" if negate else "Equal"
    xa, ya, dtype = pair(op, x, y)

    def kernel(a, b):
        try:
            return (np.not_equal if negate else np.equal)(a, b)
        except ValueError:
            return np.array(negate)
    return run(op, kernel, (xa, ya), _bool)


# --- logical and bitwise -------------------------------------------------------------------

def _bool_operand(op, x, index, name):
    a, dtype = operand(x, _bool)
    if dtype is not _bool:
        raise mismatch(op, index, _bool, dtype, name)
    return a


def _logical(op, kernel, x, y, name):
    xa = _bool_operand(op, x, 0, name)
    ya = _bool_operand(op, y, 1, name)
    return _run(op, kernel, (xa, ya), _bool, name)


@op_def_lib.implements("LogicalAnd")
def logical_and(x, y, name=None) -> Tensor:
    """x AND y element-wise for bool tensors, with broadcasting (tf.math.logical_and)."""
    return _logical("LogicalAnd", np.logical_and, x, y, name)


@op_def_lib.implements("LogicalOr")
def logical_or(x, y, name=None) -> Tensor:
    """x OR y element-wise for bool tensors, with broadcasting (tf.math.logical_or)."""
    return _logical("LogicalOr", np.logical_or, x, y, name)


def logical_xor(x, y, name=None) -> Tensor:
    """(x | y) & ~(x & y), TensorFlow's composition (and its ops in the placement log)."""
    xa = _bool_operand("LogicalOr", x, 0, name)
    ya = _bool_operand("LogicalOr", y, 1, name)
    either = _run("LogicalOr", np.logical_or, (xa, ya), _bool, name)
    both = _run("LogicalAnd", np.logical_and, (xa, ya), _bool, name)
    return _run("LogicalAnd", np.logical_and, (either, _run("LogicalNot", np.logical_not, (both,), _bool, name)),
                _bool, name)


@op_def_lib.implements("LogicalNot")
def logical_not(x, name=None) -> Tensor:
    """NOT x element-wise for a bool tensor (tf.math.logical_not)."""
    a = _bool_operand("LogicalNot", x, 0, name)
    return run("LogicalNot", np.logical_not, (a,), _bool, shape_of(a))


@op_def_lib.implements("BitwiseAnd")
def bitwise_and(x, y, name=None) -> Tensor:
    """x & y element-wise for integer tensors (tf.bitwise.bitwise_and)."""
    return _binary("BitwiseAnd", np.bitwise_and, x, y, name)


@op_def_lib.implements("BitwiseOr")
def bitwise_or(x, y, name=None) -> Tensor:
    """x | y element-wise for integer tensors (tf.bitwise.bitwise_or)."""
    return _binary("BitwiseOr", np.bitwise_or, x, y, name)


@op_def_lib.implements("BitwiseXor")
def bitwise_xor(x, y, name=None) -> Tensor:
    """x ^ y element-wise for integer tensors (tf.bitwise.bitwise_xor)."""
    return _binary("BitwiseXor", np.bitwise_xor, x, y, name)


@op_def_lib.implements("Invert")
def invert(x, name=None) -> Tensor:
    """~x (bitwise NOT) element-wise for integer tensors (tf.bitwise.invert)."""
    return _unary("Invert", np.invert, x, name)


# --- cast ----------------------------------------------------------------------------------

_VIA_INT32 = frozenset((dtypes.int8, dtypes.int16, dtypes.int32, dtypes.uint8, dtypes.uint16))


def _float_to_int(a, target):
    """Truncation toward zero as TensorFlow's CPU kernel does it: through a 32-bit conversion
    for types up to int32 and a 64-bit one above; NaN and out-of-range values become that
    type's minimum (then wrap to the target width)."""
    wide = np.int32 if target in _VIA_INT32 else np.int64
    bound = 2.0 ** (31 if wide is np.int32 else 63)
    t = np.trunc(a.astype(np.float64) if a.dtype.itemsize < 8 else a)
    bad = ~((t >= -bound) & (t < bound))
    with quiet(all="ignore"):
        w = t.astype(wide)
    if bad.any():
        w = np.where(bad, np.iinfo(wide).min, w)
    return w.astype(target.as_numpy_dtype)


def _cast_array(a, source, target):
    if source.is_complex and not target.is_complex:
        a = a.real
    if (source.is_floating or source.is_complex) and target.is_integer:
        return _float_to_int(a, target)
    with quiet(all="ignore"):
        return a.astype(target.as_numpy_dtype)


def cast(x, dtype, name=None) -> Tensor:
    """Casts a tensor to a new type (TensorFlow's `tf.cast`).

    float->int truncates toward zero, int->narrower int wraps, complex->real keeps the real
    part, anything->bool is `!= 0`. Strings cast to nothing else.

    Args:
        x: A `Tensor`, `Variable`, `IndexedSlices` or a value convertible to a tensor.
        dtype: The destination type (a `tf.DType` or anything `tf.as_dtype` takes).
        name: A name for the operation (optional).

    Returns:
        A `Tensor` (or `IndexedSlices`) with `x`'s shape and type `dtype`.

    Raises:
        TypeError: If `dtype` is not a dtype.
        UnimplementedError: If the cast is not supported (a string to a number, as in
            TensorFlow).
    """
    dtype = dtypes.as_dtype(dtype)
    if dtype._np is None or dtype.is_quantized:
        dtypes.check_holds_tensors(dtype, x)
    if is_tensor_like(x) and x.dtype is dtype:
        return x  # TensorFlow returns the tensor (or variable) itself
    a, source = operand(x)
    if source is dtype:
        return convert_to_tensor(x)
    def kernel(a):
        if source is dtypes.string or dtype is dtypes.string:
            raise kernel_error("Cast", f"Cast {source.name} to {dtype.name} is not supported", name,
                               cls=errors.UnimplementedError)
        return _cast_array(np.asarray(a), source, dtype)
    return run("Cast", kernel, (a,), dtype)




# --- one-crossing entries ---------------------------------------------------------------------
# The ops with core kernels enter the core in one call (_C.fast_op: operands read, converted and
# the kernel run through the dispatch in C++); the functions above stay their implementation for
# everything else (keywords, sequences, dtypes without a core kernel, and every error).
def _fast_entries():
    ops = _C.BINARY_OPS
    g = globals()
    for fn_name, op, mode in (("add", "AddV2", "hint"), ("subtract", "Sub", "strict"),
                              ("multiply", "Mul", "strict"), ("truediv", "RealDiv", "hint"),
                              ("divide", "RealDiv", "hint"), ("realdiv", "RealDiv", "strict"),
                              ("less", "Less", "strict"), ("less_equal", "LessEqual", "strict"),
                              ("greater", "Greater", "strict"), ("greater_equal", "GreaterEqual", "strict"),
                              ("equal", "Equal", "strict"), ("not_equal", "NotEqual", "strict")):
        g[fn_name] = _C.fast_op("binary", ops[op], mode, g[fn_name])
    for fn_name, op in (("negative", "Neg"), ("square", "Square"), ("abs", "Abs"), ("exp", "Exp"), ("log", "Log"),
                        ("log1p", "Log1p"), ("expm1", "Expm1"), ("reciprocal", "Reciprocal")):
        g[fn_name] = _C.fast_op("unary", _C.UNARY_OPS[op], "hint", g[fn_name])
    g["cast"] = _C.fast_op("cast", 0, "hint", g["cast"])


# Ragged (and other composite) operands reach their handlers (ops/ragged/ragged_dispatch.py) through these.
UNARY_ELEMENTWISE = ("abs", "negative", "square", "sqrt", "rsqrt", "exp", "expm1", "log", "log1p", "sin", "cos", "tan",
                     "atan", "tanh", "sigmoid", "floor", "ceil", "sign", "round", "reciprocal", "is_nan", "is_inf",
                     "is_finite", "logical_not", "erf", "cast", "conj", "real", "invert")
BINARY_ELEMENTWISE = ("add", "subtract", "multiply", "truediv", "divide", "realdiv", "floordiv", "floormod",
                      "pow", "maximum", "minimum", "squared_difference", "divide_no_nan", "atan2", "equal",
                      "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and", "logical_or",
                      "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor")
dispatch.install(globals(), "math_ops", UNARY_ELEMENTWISE + BINARY_ELEMENTWISE + ("tensor_equals", "clip_by_value", "add_n"))
mod = floormod
_fast_entries()


# --- tf.raw_ops: ops whose TensorFlow arguments or checks differ from the functions above -------

@op_def_lib.implements("AddV2")
def _raw_add_v2(x, y, name=None):
    return _strict_add(x, y, name)  # both operands converted strictly, as args_to_matching_eager does


@op_def_lib.implements("Abs")
def _raw_abs(x, name=None):
    return _unary("Abs", np.abs, x, name)  # tf.abs turns complex into ComplexAbs; the op refuses it


@op_def_lib.implements("Equal")
def _raw_equal(x, y, incompatible_shape_error=True, name=None):
    return equal(x, y, name) if incompatible_shape_error else tensor_equals(x, y)


@op_def_lib.implements("NotEqual")
def _raw_not_equal(x, y, incompatible_shape_error=True, name=None):
    return not_equal(x, y, name) if incompatible_shape_error else tensor_equals(x, y, negate=True)


@op_def_lib.implements("Cast")
def _raw_cast(x, DstT, Truncate=False, name=None):  # noqa: N803 - TensorFlow's argument names
    return cast(x, DstT, name)
