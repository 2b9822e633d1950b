"""tf.math's element-wise functions whose kernels are the core's table of math functions
(csrc/varrt/kernels/math_functions.h, listed by _C.MATH_FUNCTIONS): the inverse trigonometric and
hyperbolic functions, rint, the no-nan products (xlogy, xdivy, xlog1py, mul_no_nan), nextafter
and the special functions (lgamma, digamma, polygamma, zeta, igamma, igammac, betainc, erfinv,
ndtri, the modified Bessel functions, and tf.math.special's Bessel functions, Dawson's integral,
the exponential integral, the Fresnel integrals and Spence's integral). The real floats run the
core's kernel (so a graph node runs it with no Python frame); the complex dtypes TensorFlow also
registers for some of them run NumPy here.

The core ports Eigen's code, which TensorFlow's CPU kernels run, computing float in float and
double in double: results equal TensorFlow's, or differ by a few ulps where TensorFlow's float32
kernel is an Eigen packet approximation (tests/math_function_cases.py states the measured bounds).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt import _C
from varrt.framework.tensor import Tensor
from varrt.ops import dispatch, op_def_lib
from varrt.ops.op_util import check_dtype, error_name, matching, operand, pair, quiet, run, run_core, slow


def _end(*args):
    """"" where TensorFlow's errors for these arguments end without " name: " (see op_util.slow)."""
    return "" if slow(*args) else None


def _run(op, inputs, dtype, name, end, complex_kernel=None):
    """`op` on converted operands of `dtype`: the core's kernel for the real floats, else
    `complex_kernel` (NumPy, for the complex dtypes the op's record allows)."""
    if _C.math_function_supported(dtype._enum):
        return run_core(_C.math_function, name, op, inputs, error_name(name, end))
    with quiet(all="ignore"):
        return run(op, complex_kernel, inputs, dtype, name=name)


def _unary(op, x, name, complex_kernel=None):
    a, dtype = operand(x)
    end = _end(x)
    check_dtype(op, dtype, name, end)
    return _run(op, (a,), dtype, name, end, complex_kernel)


def _binary(op, x, y, name, complex_kernel=None):
    xa, ya, dtype = pair(op, x, y, False, name)
    end = _end(x, y)
    check_dtype(op, dtype, name, end)
    return _run(op, (xa, ya), dtype, name, end, complex_kernel)


# --- inverse trigonometric and hyperbolic ---------------------------------------------------

@op_def_lib.implements("Acos")
def acos(x, name=None) -> Tensor:
    """The inverse cosine of x element-wise, in [0, pi] (nan outside [-1, 1])."""
    return _unary("Acos", x, name, np.arccos)


@op_def_lib.implements("Asin")
def asin(x, name=None) -> Tensor:
    """The inverse sine of x element-wise, in [-pi/2, pi/2] (nan outside [-1, 1])."""
    return _unary("Asin", x, name, np.arcsin)


@op_def_lib.implements("Acosh")
def acosh(x, name=None) -> Tensor:
    """The inverse hyperbolic cosine of x element-wise (nan below 1)."""
    return _unary("Acosh", x, name, np.arccosh)


@op_def_lib.implements("Asinh")
def asinh(x, name=None) -> Tensor:
    """The inverse hyperbolic sine of x element-wise."""
    return _unary("Asinh", x, name, np.arcsinh)


@op_def_lib.implements("Atanh")
def atanh(x, name=None) -> Tensor:
    """The inverse hyperbolic tangent of x element-wise (+-inf at +-1, nan beyond)."""
    return _unary("Atanh", x, name, np.arctanh)


@op_def_lib.implements("Cosh")
def cosh(x, name=None) -> Tensor:
    """The hyperbolic cosine of x element-wise."""
    return _unary("Cosh", x, name, np.cosh)


@op_def_lib.implements("Sinh")
def sinh(x, name=None) -> Tensor:
    """The hyperbolic sine of x element-wise."""
    return _unary("Sinh", x, name, np.sinh)


@op_def_lib.implements("Rint")
def rint(x, name=None) -> Tensor:
    """x rounded to the nearest integer, halves to even, element-wise (tf.math.rint)."""
    return _unary("Rint", x, name)


# --- products that a zero operand decides ------------------------------------------------------

def _complex_where_zero(zero, value):
    return np.where(zero, np.zeros((), value.dtype), value)


@op_def_lib.implements("Xlogy")
def xlogy(x, y, name=None) -> Tensor:
    """x * log(y), and 0 where x is 0 whatever y is (tf.math.xlogy)."""
    return _binary("Xlogy", x, y, name, lambda a, b: _complex_where_zero(a == 0, a * np.log(b)))


@op_def_lib.implements("Xlog1py")
def xlog1py(x, y, name=None) -> Tensor:
    """x * log1p(y), and 0 where x is 0 whatever y is (tf.math.xlog1py)."""
    return _binary("Xlog1py", x, y, name, lambda a, b: _complex_where_zero(a == 0, a * np.log1p(b)))


@op_def_lib.implements("Xdivy")
def xdivy(x, y, name=None) -> Tensor:
    """x / y, and 0 where x is 0 whatever y is (tf.math.xdivy)."""
    return _binary("Xdivy", x, y, name, lambda a, b: _complex_where_zero(a == 0, a / b))


@op_def_lib.implements("MulNoNan")
def mul_no_nan(x, y, name=None) -> Tensor:
    """The MulNoNan op: x * y, and 0 where y is 0 whatever x is."""
    return _binary("MulNoNan", x, y, name, lambda a, b: _complex_where_zero(b == 0, a * b))


@op_def_lib.implements("NextAfter")
def nextafter(x1, x2, name=None) -> Tensor:
    """The next representable value after x1 in the direction of x2, element-wise."""
    return _binary("NextAfter", x1, x2, name)


# --- special functions --------------------------------------------------------------------------

@op_def_lib.implements("Lgamma")
def lgamma(x, name=None) -> Tensor:
    """log|Gamma(x)| element-wise (inf at the poles 0, -1, -2, ...)."""
    return _unary("Lgamma", x, name)


@op_def_lib.implements("Digamma")
def digamma(x, name=None) -> Tensor:
    """psi(x), the derivative of lgamma, element-wise (nan at the poles)."""
    return _unary("Digamma", x, name)


@op_def_lib.implements("Polygamma")
def polygamma(a, x, name=None) -> Tensor:
    """The a-th derivative of digamma at x (a a non-negative integer value, else nan)."""
    return _binary("Polygamma", a, x, name)


@op_def_lib.implements("Zeta")
def zeta(x, q, name=None) -> Tensor:
    """The Hurwitz zeta function: the sum over n >= 0 of (q + n) ** -x."""
    return _binary("Zeta", x, q, name)


@op_def_lib.implements("Igamma")
def igamma(a, x, name=None) -> Tensor:
    """The regularized lower incomplete gamma function P(a, x)."""
    return _binary("Igamma", a, x, name)


@op_def_lib.implements("Igammac")
def igammac(a, x, name=None) -> Tensor:
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    return _binary("Igammac", a, x, name)


@op_def_lib.implements("IgammaGradA")
def igamma_grad_a(a, x, name=None) -> Tensor:
    """dP(a, x)/da, Igamma's gradient with respect to a (tf.raw_ops.IgammaGradA)."""
    return _binary("IgammaGradA", a, x, name)


@op_def_lib.implements("Betainc")
def betainc(a, b, x, name=None) -> Tensor:
    """The regularized incomplete beta function I_x(a, b); a, b and x are scalars or of one shape."""
    operands, dtype = matching("Betainc", [a, b, x], name)
    end = _end(a, b, x)
    check_dtype("Betainc", dtype, name, end)
    return _run("Betainc", tuple(operands), dtype, name, end)


@op_def_lib.implements("Erfinv")
def erfinv(x, name=None) -> Tensor:
    """The inverse of erf on (-1, 1), element-wise (+-inf at +-1, nan beyond)."""
    return _unary("Erfinv", x, name)


@op_def_lib.implements("Ndtri")
def ndtri(x, name=None) -> Tensor:
    """The quantile of the standard normal distribution at x in [0, 1], element-wise."""
    return _unary("Ndtri", x, name)


@op_def_lib.implements("BesselI0")
def bessel_i0(x, name=None) -> Tensor:
    """The modified Bessel function of the first kind of order 0, element-wise."""
    return _unary("BesselI0", x, name)


@op_def_lib.implements("BesselI0e")
def bessel_i0e(x, name=None) -> Tensor:
    """exp(-|x|) * bessel_i0(x), element-wise, without its overflow."""
    return _unary("BesselI0e", x, name)


@op_def_lib.implements("BesselI1")
def bessel_i1(x, name=None) -> Tensor:
    """The modified Bessel function of the first kind of order 1, element-wise."""
    return _unary("BesselI1", x, name)


@op_def_lib.implements("BesselI1e")
def bessel_i1e(x, name=None) -> Tensor:
    """exp(-|x|) * bessel_i1(x), element-wise, without its overflow."""
    return _unary("BesselI1e", x, name)


@op_def_lib.implements("BesselK0")
def bessel_k0(x, name=None) -> Tensor:
    """The modified Bessel function of the second kind of order 0, element-wise (inf at 0, nan below)."""
    return _unary("BesselK0", x, name)


@op_def_lib.implements("BesselK0e")
def bessel_k0e(x, name=None) -> Tensor:
    """exp(x) * bessel_k0(x), element-wise, without its underflow."""
    return _unary("BesselK0e", x, name)


@op_def_lib.implements("BesselK1")
def bessel_k1(x, name=None) -> Tensor:
    """The modified Bessel function of the second kind of order 1, element-wise (inf at 0, nan below)."""
    return _unary("BesselK1", x, name)


@op_def_lib.implements("BesselK1e")
def bessel_k1e(x, name=None) -> Tensor:
    """exp(x) * bessel_k1(x), element-wise, without its underflow."""
    return _unary("BesselK1e", x, name)


@op_def_lib.implements("BesselJ0")
def bessel_j0(x, name=None) -> Tensor:
    """The Bessel function of the first kind of order 0, element-wise."""
    return _unary("BesselJ0", x, name)


@op_def_lib.implements("BesselJ1")
def bessel_j1(x, name=None) -> Tensor:
    """The Bessel function of the first kind of order 1, element-wise."""
    return _unary("BesselJ1", x, name)


@op_def_lib.implements("BesselY0")
def bessel_y0(x, name=None) -> Tensor:
    """The Bessel function of the second kind of order 0, element-wise (-inf at 0, nan below)."""
    return _unary("BesselY0", x, name)


@op_def_lib.implements("BesselY1")
def bessel_y1(x, name=None) -> Tensor:
    """The Bessel function of the second kind of order 1, element-wise (-inf at 0, nan below)."""
    return _unary("BesselY1", x, name)


@op_def_lib.implements("Dawsn")
def dawsn(x, name=None) -> Tensor:
    """Dawson's integral exp(-x**2) * (the integral of exp(t**2) from 0 to x), element-wise."""
    return _unary("Dawsn", x, name)


@op_def_lib.implements("Expint")
def expint(x, name=None) -> Tensor:
    """The exponential integral Ei(x), element-wise (nan below 0)."""
    return _unary("Expint", x, name)


@op_def_lib.implements("FresnelCos")
def fresnel_cos(x, name=None) -> Tensor:
    """The Fresnel cosine integral: the integral of cos(pi t**2 / 2) from 0 to x, element-wise."""
    return _unary("FresnelCos", x, name)


@op_def_lib.implements("FresnelSin")
def fresnel_sin(x, name=None) -> Tensor:
    """The Fresnel sine integral: the integral of sin(pi t**2 / 2) from 0 to x, element-wise."""
    return _unary("FresnelSin", x, name)


@op_def_lib.implements("Spence")
def spence(x, name=None) -> Tensor:
    """Spence's integral: the integral of log(t) / (1 - t) from 1 to x, element-wise (nan below 0)."""
    return _unary("Spence", x, name)


# --- one-crossing entries ---------------------------------------------------------------------
# The one-input functions of a tensor or variable enter the core in one call (_C.fast_op: the
# operand read and the table's kernel run through the dispatch in C++), as math_ops' unary ops do;
# the functions above stay their implementation for everything else (Python values, name=, other
# dtypes, every error).
def _fast_entries():
    g = globals()
    for fn_name, op in (("acos", "Acos"), ("asin", "Asin"), ("acosh", "Acosh"), ("asinh", "Asinh"),
                        ("atanh", "Atanh"), ("cosh", "Cosh"), ("sinh", "Sinh"), ("rint", "Rint"),
                        ("lgamma", "Lgamma"), ("digamma", "Digamma"), ("erfinv", "Erfinv"), ("ndtri", "Ndtri"),
                        ("bessel_i0", "BesselI0"), ("bessel_i0e", "BesselI0e"), ("bessel_i1", "BesselI1"),
                        ("bessel_i1e", "BesselI1e"), ("bessel_k0", "BesselK0"), ("bessel_k0e", "BesselK0e"),
                        ("bessel_k1", "BesselK1"), ("bessel_k1e", "BesselK1e"), ("bessel_j0", "BesselJ0"),
                        ("bessel_j1", "BesselJ1"), ("bessel_y0", "BesselY0"), ("bessel_y1", "BesselY1"),
                        ("dawsn", "Dawsn"), ("expint", "Expint"), ("fresnel_cos", "FresnelCos"),
                        ("fresnel_sin", "FresnelSin"), ("spence", "Spence")):
        g[fn_name] = _C.fast_op("math", _C.MATH_FUNCTIONS[op], "hint", g[fn_name])


# Ragged operands reach their handler (ops/ragged/ragged_dispatch.py) through these.
UNARY_ELEMENTWISE = ("acos", "asin", "acosh", "asinh", "atanh", "cosh", "sinh", "rint", "lgamma", "digamma", "erfinv",
                     "ndtri", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e")
dispatch.install(globals(), "special_math_ops", UNARY_ELEMENTWISE)
_fast_entries()
