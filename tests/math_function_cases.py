"""The inputs on which tf.math's element-wise functions (python/varrt/ops/special_math_ops.py) are
compared with TensorFlow: per op, a dense grid over the region where the function is interesting
and its special values (0, -0, the poles, the domain's edges, inf, -inf, nan, float32's denormals).
Importable with NumPy alone: tests/tools/record_math_functions.py runs TensorFlow 2.21 on them
(tests/fixtures/math_functions_tf.npz) and tests/test_math_functions.py runs varrt.

ULPS says how far varrt may be from TensorFlow, in units in the last place (0: bit for bit), the
maximum measured over these inputs. Where it is not 0, TensorFlow's float32 kernel is one of
Eigen's packet approximations (acos, asin, atanh, and the exp and log inside ndtri, erfinv and
the Bessel functions) while varrt calls libm.
"""
import numpy as np

SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-30, -1e-30, 1e-40, 1e30, -1e30]


def _grid(lo, hi, n=1500):
    return np.linspace(lo, hi, n)


def _unary(*parts):
    return (np.concatenate([np.asarray(p, np.float64).ravel() for p in parts + (SPECIAL,)]),)


def _pairs(xs, ys):
    """Every (x, y) of the two lists: the binary ops' inputs, as two flat arrays."""
    x, y = np.meshgrid(np.asarray(xs, np.float64), np.asarray(ys, np.float64), indexing="ij")
    return x.ravel(), y.ravel()


def _triples(xs, ys, zs):
    """Every (x, y, z) of the three lists, as three flat arrays (Betainc's inputs)."""
    grids = np.meshgrid(*(np.asarray(v, np.float64) for v in (xs, ys, zs)), indexing="ij")
    return tuple(g.ravel() for g in grids)


_LOGS = np.concatenate([-np.logspace(-3, 3, 25)[::-1], [0.0, -0.0], np.logspace(-3, 3, 25)])
_EDGES = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0]
_POSITIVE = np.concatenate([np.logspace(-3, 2.5, 45), [0.0, -1.0, np.inf, np.nan, 1.0, 0.5]])

# op -> the inputs (a tuple of equal-length float64 arrays, cast to each dtype).
CASES = {
    "Acos": _unary(_grid(-1.1, 1.1)),
    "Asin": _unary(_grid(-1.1, 1.1)),
    "Atanh": _unary(_grid(-1.1, 1.1), [1 - 1e-7, -1 + 1e-7]),
    "Acosh": _unary(_grid(0.5, 40.0), np.logspace(0, 30, 100)),
    "Asinh": _unary(_grid(-40.0, 40.0), np.logspace(-30, 30, 100)),
    "Cosh": _unary(_grid(-100.0, 100.0)),
    "Sinh": _unary(_grid(-100.0, 100.0), np.logspace(-20, 0, 50)),
    "Rint": _unary(np.arange(-20.0, 20.0, 0.25), _grid(-1e4, 1e4)),
    # float64's reflection interval (-28, -5) whole (lgamma_reflection.h), and glibc's on either side
    "Lgamma": _unary(_grid(-12.0, 40.0, 3000), _grid(-30.0, -12.0, 1500), -np.arange(30.0),
                     np.logspace(-35, 35, 100)),
    "Digamma": _unary(_grid(-12.0, 40.0, 3000), -np.arange(12.0), -np.arange(12.0) - 0.5, np.logspace(-35, 35, 100)),
    "Erfinv": _unary(_grid(-1.05, 1.05, 3000), 1 - np.logspace(-7, -1, 30), np.logspace(-30, -1, 50)),
    "Ndtri": _unary(_grid(-0.05, 1.05, 3000), np.logspace(-37, -1, 80), 1 - np.logspace(-7, -1, 30)),
    "BesselI0": _unary(_grid(-100.0, 100.0, 3000)),
    "BesselI0e": _unary(_grid(-100.0, 100.0, 3000), np.logspace(0, 30, 50)),
    "BesselI1": _unary(_grid(-100.0, 100.0, 3000)),
    "BesselI1e": _unary(_grid(-100.0, 100.0, 3000), np.logspace(0, 30, 50)),
    "BesselK0": _unary(_grid(-1.0, 60.0, 3000), np.logspace(-30, 0, 40)),
    "BesselK0e": _unary(_grid(-1.0, 60.0, 3000), np.logspace(-30, 30, 60)),
    "BesselK1": _unary(_grid(-1.0, 60.0, 3000), np.logspace(-30, 0, 40)),
    "BesselK1e": _unary(_grid(-1.0, 60.0, 3000), np.logspace(-30, 30, 60)),
    "BesselJ0": _unary(_grid(-60.0, 60.0, 3000), np.logspace(-30, 30, 60)),
    "BesselJ1": _unary(_grid(-60.0, 60.0, 3000), np.logspace(-30, 30, 60)),
    "BesselY0": _unary(_grid(-1.0, 60.0, 3000), np.logspace(-30, 30, 60)),
    "BesselY1": _unary(_grid(-1.0, 60.0, 3000), np.logspace(-30, 30, 60)),
    "Dawsn": _unary(_grid(-20.0, 20.0, 3000), np.logspace(-30, 12, 60), -np.logspace(-30, 12, 60)),
    "Expint": _unary(_grid(-1.0, 100.0, 3000), np.logspace(-30, 2.9, 60)),
    "FresnelCos": _unary(_grid(-10.0, 10.0, 3000), np.logspace(-30, 6, 60), -np.logspace(-30, 6, 60)),
    "FresnelSin": _unary(_grid(-10.0, 10.0, 3000), np.logspace(-30, 6, 60), -np.logspace(-30, 6, 60)),
    "Spence": _unary(_grid(-0.5, 10.0, 3000), np.logspace(-30, 30, 60)),
    "Xlogy": _pairs(_LOGS.tolist() + _EDGES, _LOGS.tolist() + _EDGES),
    "Xlog1py": _pairs(_LOGS.tolist() + _EDGES, _LOGS.tolist() + _EDGES),
    "Xdivy": _pairs(_LOGS.tolist() + _EDGES, _LOGS.tolist() + _EDGES),
    "MulNoNan": _pairs(_LOGS.tolist() + _EDGES, _LOGS.tolist() + _EDGES),
    "NextAfter": _pairs(_LOGS.tolist() + _EDGES + [1e-40, 1e-45], _LOGS.tolist() + _EDGES),
    "Igamma": _pairs(_POSITIVE, _POSITIVE),
    "Igammac": _pairs(_POSITIVE, _POSITIVE),
    "IgammaGradA": _pairs(np.logspace(-2, 2, 30), np.logspace(-2, 2, 30)),
    "Zeta": _pairs(np.concatenate([_grid(0.5, 20.0, 40), [1.0, 2.0, 3.0, np.inf, np.nan]]),
                   np.concatenate([_grid(-3.5, 12.0, 32), [0.0, -1.0, -2.0, np.inf, np.nan]])),
    "Betainc": _triples([0.1, 0.5, 1.0, 2.0, 5.0, 20.0, 100.0, 0.0, np.nan], [0.1, 0.5, 1.0, 3.0, 15.0, 200.0, -1.0],
                        np.concatenate([_grid(0.0, 1.0, 26), [1e-5, 0.999, -0.1, 1.1, np.nan]])),
    "Polygamma": _pairs([0.0, 1.0, 2.0, 3.0, 5.0, 10.0, 0.5, -1.0, np.nan],
                        np.concatenate([_grid(-5.25, 12.0, 70), [0.0, -1.0, -2.0, 1e-3, 1e3, np.inf, np.nan]])),
}

# The dtypes each op is compared in: float and double everywhere, the 16-bit floats where the op's
# record has them.
DTYPES = {op: ("float32", "float64") for op in CASES}
for _op in ("Acos", "Lgamma", "Digamma", "Erfinv", "Ndtri", "BesselI0e", "BesselI1", "Xlogy", "Rint", "Igamma",
            "BesselK0", "BesselJ1", "Dawsn"):
    DTYPES[_op] += ("float16", "bfloat16")

# op -> {dtype: the largest distance from TensorFlow's result measured, in ulps}; an op or dtype
# not named here is bit for bit (lgamma float32, digamma, polygamma, zeta, igamma, igammac, IgammaGradA,
# betainc, dawsn, expint, the Fresnel integrals, spence, acosh, asinh, cosh, sinh, rint, xdivy,
# mul_no_nan, nextafter, and every float64 Bessel function: the same code or libm call as
# TensorFlow's). The others: TensorFlow evaluates acos, asin, atanh and the exp and log inside
# ndtri, erfinv, the Bessel functions, xlogy and xlog1py with Eigen's vectorised approximations;
# float64 lgamma is the reflection formula on -28 < x < -5 away from the zeros where TensorFlow calls
# glibc (csrc/varrt/kernels/lgamma_reflection.h: at most 5 ulps over dense sweeps, 3 on this grid).
ULPS = {
    "Lgamma": {"float64": 3},
    "Acos": {"float32": 4}, "Asin": {"float32": 3}, "Atanh": {"float32": 2, "float64": 2},
    "BesselI0": {"float32": 4}, "BesselI0e": {"float32": 2}, "BesselI1": {"float32": 4}, "BesselI1e": {"float32": 2},
    "Erfinv": {"float32": 4}, "Ndtri": {"float32": 4},
    # K, J and Y: Eigen's float32 log, exp, sin and cos; Y0's 32 is next to its first zero (0.894),
    # where the cancellation turns a last-bit difference into many of the small result's ulps.
    "BesselK0": {"float32": 6}, "BesselK0e": {"float32": 6}, "BesselK1": {"float32": 6}, "BesselK1e": {"float32": 3},
    "BesselJ0": {"float32": 4}, "BesselJ1": {"float32": 4}, "BesselY0": {"float32": 32}, "BesselY1": {"float32": 4},
    "Xlogy": {"float64": 2, "float16": 1, "bfloat16": 1}, "Xlog1py": {"float32": 3, "float64": 2},
}
