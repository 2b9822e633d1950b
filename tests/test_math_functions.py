"""tf.math's element-wise functions on the core's table of kernels (csrc/varrt/kernels/
math_functions.h; python/varrt/ops/special_math_ops.py): the inverse trigonometric and
hyperbolic functions, rint, xlogy, xdivy, xlog1py, mul_no_nan, nextafter, lgamma, digamma,
polygamma, zeta, igamma, igammac, IgammaGradA, erfinv, ndtri and the Bessel functions I0, I0e,
I1, I1e, against TensorFlow 2.21's results on dense grids with their special values (0, -0, poles,
domain edges, inf, nan, denormals; tests/math_function_cases.py, recorded by
tests/tools/record_math_functions.py into tests/fixtures/math_functions_tf.npz). Results are
TensorFlow's bit for bit, except where math_function_cases.ULPS states the largest distance
measured. Also: the graph nodes run the core's kernels, and the dtypes TensorFlow has no CPU
kernel for fail as in TensorFlow.
"""
import subprocess

import ml_dtypes
import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from conftest import REPO
import math_function_cases as cases
from cpu_features import skip_if_tensorflow_kernels_differ

FIXTURE_PATH = REPO / "tests" / "fixtures" / "math_functions_tf.npz"
FIXTURE = dict(np.load(FIXTURE_PATH))
_NARROW = {"float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
ARGUMENTS = {"NextAfter": ("x1", "x2"), "Igamma": ("a", "x"), "Igammac": ("a", "x"), "IgammaGradA": ("a", "x"),
             "Zeta": ("x", "q"), "Polygamma": ("a", "x"), "Betainc": ("a", "b", "x")}


def _inputs(op, dtype):
    """The case's inputs in `dtype`: the 16-bit floats rounded from float32, as the recorder does."""
    out = []
    for a in cases.CASES[op]:
        wide = np.asarray(a, np.float64 if dtype == "float64" else np.float32)
        with np.errstate(over="ignore"):  # 1e30 is inf in half, as in TensorFlow's cast
            out.append(wide.astype(_NARROW[dtype]) if dtype in _NARROW else wide)
    return out


def _raw(op, dtype):
    names = ARGUMENTS.get(op, ("x", "y") if len(cases.CASES[op]) == 2 else ("x",))
    args = [tf.constant(a, dtype=getattr(tf, dtype)) for a in _inputs(op, dtype)]
    return getattr(tf.raw_ops, op)(**dict(zip(names, args)))


def _ordered(values):
    """The floats as integers in the floats' order (-0 and 0 both 0): ulps are differences."""
    width = {2: np.int16, 4: np.int32, 8: np.int64}[values.dtype.itemsize]
    i = values.view(width).astype(np.int64)
    return np.where(i < 0, -(i & np.int64(np.iinfo(width).max)), i)


def ulp_distance(got, want):
    """Per element, how many representable values lie between got and want; nan only matches nan."""
    got, want = np.asarray(got), np.asarray(want)
    gnan, wnan = np.isnan(got.astype(np.float64)), np.isnan(want.astype(np.float64))
    d = np.abs(_ordered(got) - _ordered(want)).astype(np.float64)
    d[gnan & wnan] = 0
    d[gnan != wnan] = np.inf
    return d


def _stored(t, dtype):
    a = t.numpy()
    return a.view(np.uint16).view(_NARROW[dtype]) if dtype in _NARROW else a


@pytest.mark.parametrize("key", sorted(FIXTURE))
def test_values_match_tensorflow_within_the_stated_ulps(key):
    op, dtype = key.split("/")
    want = FIXTURE[key].view(_NARROW[dtype]) if dtype in _NARROW else FIXTURE[key]
    got = _raw(op, dtype)
    assert got.dtype.name == dtype and got.shape == want.shape
    d = ulp_distance(_stored(got, dtype), want)
    bound = cases.ULPS.get(op, {}).get(dtype, 0)
    worst = int(np.argmax(d))
    assert d.max() <= bound, (key, [a[worst] for a in _inputs(op, dtype)], _stored(got, dtype)[worst], want[worst])


def test_every_core_math_function_is_compared():
    assert set(tf._C.MATH_FUNCTIONS) == set(cases.CASES)
    assert {k.split("/")[0] for k in FIXTURE} == set(cases.CASES)


def test_the_stated_bounds_are_measured_ones():
    # A bound above what the comparison needs would hide a regression.
    for op, bounds in cases.ULPS.items():
        for dtype, bound in bounds.items():
            key = f"{op}/{dtype}"
            want = FIXTURE[key].view(_NARROW[dtype]) if dtype in _NARROW else FIXTURE[key]
            assert ulp_distance(_stored(_raw(op, dtype), dtype), want).max() == bound, key


@pytest.mark.parametrize("op,dtype", [(op, dtype) for op in sorted(cases.CASES) for dtype in cases.DTYPES[op]
                                      if f"{op}/{dtype}" not in FIXTURE])
def test_dtypes_without_a_cpu_kernel_fail_as_in_tensorflow(op, dtype):
    with pytest.raises(tf.errors.NotFoundError, match=rf"Could not find device for node: {{{{node {op}}}}} = "
                                                      rf"{op}\[T=DT_(HALF|BFLOAT16)\]"):
        _raw(op, dtype)


_PUBLIC = {
    "acos": (tf.math.acos, "unit"), "asin": (tf.math.asin, "unit"), "atanh": (tf.math.atanh, "unit"),
    "acosh": (lambda x: tf.math.acosh(x + 2.0), "normal"), "asinh": (tf.math.asinh, "normal"),
    "cosh": (tf.math.cosh, "normal"), "sinh": (tf.math.sinh, "normal"), "rint": (tf.math.rint, "normal"),
    "lgamma": (tf.math.lgamma, "normal"), "digamma": (tf.math.digamma, "normal"),
    "erfinv": (tf.math.erfinv, "unit"), "ndtri": (lambda x: tf.math.ndtri(x * 0.5 + 0.5), "unit"),
    "bessel": (lambda x: (tf.math.bessel_i0(x), tf.math.bessel_i0e(x), tf.math.bessel_i1(x),
                          tf.math.bessel_i1e(x)), "normal"),
    "xlogy": (lambda x: (tf.math.xlogy(x, x * x), tf.math.xlog1py(x, x * x), tf.math.xdivy(x, x + 4.0),
                         tf.math.multiply_no_nan(x, x), tf.math.nextafter(x, 0.0)), "normal"),
    "gamma": (lambda x: (tf.math.igamma(x * x + 0.5, x * x), tf.math.igammac(x * x + 0.5, 2.0),
                         tf.math.zeta(x * x + 1.5, 2.0), tf.math.polygamma(2.0, x * x + 0.1)), "normal"),
}


@pytest.mark.parametrize("name", sorted(_PUBLIC))
def test_traced_nodes_run_the_core_kernels_with_the_eager_bits(name):
    program, values = _PUBLIC[name]
    traced = tf.function(program, input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    for batch in (2, 9):
        v = np.random.default_rng(batch).standard_normal((batch, 3))
        x = tf.constant((np.tanh(v) * 0.9 if values == "unit" else v * 3).astype(np.float32))
        eager = [t.numpy().tobytes() for t in tf.nest.flatten(program(x))]
        assert [t.numpy().tobytes() for t in tf.nest.flatten(traced(x))] == eager, (name, batch)
    assert traced.get_concrete_function().graph.host_node_ops() == []


def test_gradients_run_in_the_core():
    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.math.lgamma(x) + tf.math.xlogy(x, x) + tf.math.asinh(x) + tf.math.bessel_i0(x))
        return tape.gradient(y, x)

    x = tf.constant([0.5, 1.0, 2.5])
    assert grad.get_concrete_function(x).graph.host_node_ops() == []
    # digamma(x) + log(x) + 1 + 1 / sqrt(1 + x^2) + i1(x), as TensorFlow printed it
    np.testing.assert_allclose(grad(x).numpy(), [-0.50433636, 1.6950499, 5.5075545], rtol=2e-6)


def test_the_fixture_is_what_tensorflow_gives_now(tmp_path):
    skip_if_tensorflow_kernels_differ()  # (tests/cpu_features.py)
    # With VARRT_TF_PYTHON, the recorded results are checked against a live TensorFlow run.
    out = tmp_path / "tf.npz"
    subprocess.run([required_tf_python(), str(REPO / "tests" / "tools" / "record_math_functions.py"), str(out)],
                   check=True, capture_output=True, timeout=600)
    live = dict(np.load(out))
    assert sorted(live) == sorted(FIXTURE)
    for key in FIXTURE:
        assert live[key].tobytes() == FIXTURE[key].tobytes(), key


def test_one_input_functions_take_the_one_crossing_entry_with_the_same_bits():
    # A tensor or variable operand goes to the core in one call (_C.FastOp); name=, Python values
    # and refused dtypes take the Python function, which gives the same bits and TensorFlow's errors.
    x = tf.constant(np.linspace(0.1, 5.0, 7, dtype=np.float32))
    v = tf.Variable(x)
    for fn in (tf.math.lgamma, tf.math.special.bessel_k0, tf.acos, tf.math.rint):
        assert type(fn).__name__ == "FastOp"
        fast = fn(x).numpy().tobytes()
        assert fn(x, name="named").numpy().tobytes() == fast == fn(v).numpy().tobytes()
        assert fn(x.numpy().tolist()).numpy().tobytes() == fast
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.math.lgamma(tf.constant([1, 2]))
