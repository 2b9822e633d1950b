"""Every call of an element-wise op the core implements reaches the core kernel (issue 25): the
binary ops (AddV2, Sub, Mul, RealDiv, the comparisons, Equal, NotEqual), Select, SelectV2, Neg,
Square and Abs called with name=, with a Python sequence operand or on half/bfloat16; Exp, Log,
Log1p, Expm1 and Reciprocal on the real floats; AddN, SigmoidGrad, TanhGrad, and Elu, Selu,
Softplus, Softsign and their gradient ops. Their graph nodes
call no Python kernel, eager and traced agree bit for bit, and the values and errors are TensorFlow's (tests/fixtures/core_elementwise_tf.json, recorded by
tests/tools/record_core_elementwise.py).
"""
import importlib.util
import json
import subprocess

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from conftest import REPO
from recorded_values import EPS as _EPS, bits as _bits, decode as _decode, ulps as _ulps
from cpu_features import skip_if_tensorflow_kernels_differ

_spec = importlib.util.spec_from_file_location("record_core_elementwise",
                                               REPO / "tests" / "tools" / "record_core_elementwise.py")
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

FIXTURE = json.loads((REPO / "tests" / "fixtures" / "core_elementwise_tf.json").read_text())["cases"]
CASES = record.cases()
# TensorFlow's float32 (and 16-bit, computed through float) Exp, Log, Log1p, Expm1 (and Elu's exp) are Eigen's
# vectorised approximations, and its float32 Reciprocal a hardware reciprocal estimate refined
# by a Newton step; varrt's are correctly rounded (computed in double, rounded once). They agree
# within MATH_ULPS units in the last place (float64: the C library's functions against Eigen's),
# with NaN where TensorFlow has NaN (not its payload: Eigen's log gives the all-ones NaN).
# Everything else is bit for bit (the 16-bit floats' Reciprocal and +, -, *, / included).
MATH_ULPS = {"Exp": 2, "Log": 2, "Log1p": 2, "Expm1": 2, "Reciprocal": 2}
# ...except those varrt computes as TensorFlow does (kernels/tensorflow_float_activations.cc: Eigen's
# float32 exp in packets, libm's expf for the tail, denormal results flushed): bit for bit.
TENSORFLOWS_OWN = {("Exp", "float32")}
# Elu's exp(x) - 1 cancels near 0, and Softplus and SoftplusGrad round an exp before log1p or a
# division: exp's last-bit difference becomes up to APPROX_EPS units of the dtype's epsilon
# relative to max(1, |result|), as tests/test_nn_core_kernels.py bounds approximations.
APPROXIMATE = {"Elu", "Softplus", "SoftplusGrad"}
APPROX_EPS = 2


@pytest.mark.parametrize("case", sorted(c for c in CASES if "error" not in FIXTURE[c]))
def test_values_match_tensorflow(case):
    op, kwargs = CASES[case]
    got = record.run_case(tf, op, kwargs)
    want = FIXTURE[case]
    assert got.dtype.name == want["dtype"] and list(got.shape) == want["shape"]
    if op in MATH_ULPS and (op, want["dtype"]) not in TENSORFLOWS_OWN:
        assert _ulps(got.numpy(), _decode(want)).max(initial=0) <= MATH_ULPS[op], case
    elif op in APPROXIMATE:
        g, w = got.numpy().astype(np.float64), _decode(want).astype(np.float64)
        assert np.array_equal(np.isnan(g), np.isnan(w)), case
        finite = np.isfinite(w)
        assert np.array_equal(g[~finite & ~np.isnan(w)], w[~finite & ~np.isnan(w)]), case
        bound = APPROX_EPS * _EPS[want["dtype"]] * np.maximum(1.0, np.abs(w[finite]))
        assert np.all(np.abs(g[finite] - w[finite]) <= bound), case
    else:
        assert _bits(got) == want["hex"], case


@pytest.mark.parametrize("case", sorted(c for c in CASES if "error" in FIXTURE[c]))
def test_errors_match_tensorflow(case):
    op, kwargs = CASES[case]
    with pytest.raises(Exception) as info:
        record.run_case(tf, op, kwargs)
    assert type(info.value).__name__ == FIXTURE[case]["error"]
    assert str(info.value) == FIXTURE[case]["message"]


def test_the_fixture_is_what_tensorflow_gives_now(tmp_path):
    skip_if_tensorflow_kernels_differ()  # (tests/cpu_features.py)
    # With VARRT_TF_PYTHON, the recorded results are checked against a live TensorFlow run.
    out = tmp_path / "tf.json"
    subprocess.run([required_tf_python(), str(REPO / "tests" / "tools" / "record_core_elementwise.py"), str(out)],
                   check=True, capture_output=True, timeout=600)
    live = json.loads(out.read_text())
    assert live["tensorflow"].startswith("2.21")
    assert live["cases"] == FIXTURE


# --- the slow paths' graph nodes are the core's ----------------------------------------------

def _slow_path_programs():
    """name -> (function of x, dtype of x): calls _C.FastOp leaves to the Python layer."""
    return {
        "add_named": (lambda x: tf.add(x, x, name="total"), tf.float32),
        "subtract_list": (lambda x: tf.subtract(x, [1.0, 2.0, 3.0, 4.0, 5.0]), tf.float32),
        "multiply_named": (lambda x: tf.multiply(x, 3.0, name="scaled"), tf.float32),
        "realdiv_named": (lambda x: tf.realdiv(x, x + 1.0, name="ratio"), tf.float64),
        "less_named": (lambda x: tf.math.less(x, 0.5, name="small"), tf.float32),
        "half_arithmetic": (lambda x: (x + x) * x - x / (x + 3.0), tf.float16),
        "bfloat16_compare": (lambda x: (x > 0.0, x <= 1.0), tf.bfloat16),
        "half_unary": (lambda x: (-x, tf.square(x), tf.abs(x)), tf.float16),
        "negative_named": (lambda x: tf.negative(x, name="neg"), tf.int32),
        "math": (lambda x: (tf.exp(x), tf.math.log(tf.abs(x)), tf.math.log1p(tf.abs(x)), tf.math.expm1(x),
                            tf.math.reciprocal(x)), tf.float32),
        "math_half": (lambda x: (tf.exp(x), tf.math.reciprocal(x)), tf.bfloat16),
        "math_named": (lambda x: tf.exp(x, name="e"), tf.float64),
        "select": (lambda x: (tf.where(x > 0, x, -x), tf.raw_ops.Select(condition=x > 1, x=x, y=x * 2.0),
                              tf.where(x[:, :1] > 0, 1.0, x)), tf.float32),
        "sigmoid_xent": (lambda x: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones_like(x) * 0.25, logits=x),
                         tf.float32),
        "elu": (lambda x: (tf.nn.elu(x), tf.raw_ops.EluGrad(gradients=x * 3.0, outputs=tf.nn.elu(x), name="g")),
                tf.float32),
        "activations": (lambda x: (tf.nn.selu(x), tf.nn.softplus(x), tf.nn.softsign(x),
                                   tf.raw_ops.SeluGrad(gradients=x, outputs=tf.nn.selu(x), name="s"),
                                   tf.raw_ops.SoftplusGrad(gradients=x, features=x * 2.0),
                                   tf.raw_ops.SoftsignGrad(gradients=x, features=x * 2.0)), tf.float32),
        "equal": (lambda x: (tf.equal(x, 0.5, name="eq"), tf.math.not_equal(x, x), tf.equal(x > 0, x < 1)),
                  tf.float32),
        "equal_half": (lambda x: (tf.equal(x, x * 2.0), tf.not_equal(x, [1.0, 2.0, 3.0, 4.0, 5.0])), tf.float16),
    }


def _inputs(dtype, batch, seed):
    v = np.random.default_rng(seed).standard_normal((batch, 5)) * 4
    return tf.constant(v.astype(dtype.as_numpy_dtype))


@pytest.mark.parametrize("name", sorted(_slow_path_programs()))
def test_slow_paths_trace_to_core_nodes_with_eager_bits(name):
    program, dtype = _slow_path_programs()[name]
    traced = tf.function(program, input_signature=[tf.TensorSpec([None, 5], dtype)])
    for batch in (1, 4, 19):
        x = _inputs(dtype, batch, batch)
        eager = tf.nest.flatten(program(x))
        graph = tf.nest.flatten(traced(x))
        assert [_bits(t) for t in graph] == [_bits(t) for t in eager], (name, batch)
    assert traced.get_concrete_function().graph.host_node_ops() == []


def test_a_named_binary_op_names_its_graph_node():
    @tf.function
    def f(x):
        return tf.add(x, 1.0, name="total")

    x = tf.constant([1.0, 2.0])
    np.testing.assert_array_equal(f(x).numpy(), [2.0, 3.0])
    graph = f.get_concrete_function(x).graph
    assert ("total", "AddV2") in graph.node_names and graph.host_node_ops() == []


def test_exps_gradient_runs_in_the_core():
    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.exp(x) + tf.math.log(x) + tf.math.reciprocal(x))
        return tape.gradient(y, x)

    x = tf.constant([0.5, 1.0, 2.0])
    eager_x = x.numpy().astype(np.float64)
    np.testing.assert_allclose(grad(x).numpy(), np.exp(eager_x) + 1 / eager_x - 1 / eager_x ** 2, rtol=1e-6)
    assert grad.get_concrete_function(x).graph.host_node_ops() == []


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64, tf.float16, tf.bfloat16])
def test_negating_zero_gives_negative_zero_as_in_tensorflow(dtype):
    x = tf.constant([0.0, -0.0, 1.5], dtype)  # TensorFlow 2.21: Neg gives [-0., 0., -1.5]
    for negated in (-x, tf.negative(x), tf.negative(x, name="n"), tf.function(lambda t: -t)(x)):
        assert np.signbit(negated.numpy().astype(np.float32)).tolist() == [True, False, True]


# --- Sigmoid's and Tanh's gradients are TensorFlow's SigmoidGrad and TanhGrad nodes -----------

# TensorFlow 2.21's first and second derivatives at X (float32 bytes, hex), bit for bit: the
# float32 Sigmoid and Tanh are TensorFlow's approximations (kernels/tensorflow_float_activations.h)
# and their gradient kernels TensorFlow's formulas.
X = [-2.0, -0.5, 0.0, 0.75, 3.0]
TF_DERIVATIVES = {
    "sigmoid": ("e006d73dd0a4703e0000803edd1f5f3e280b393d", "62c3a33daac06b3d00000000a8ea9fbdeb7d27bd"),
    "tanh": ("60b1903da454493f0000803fd9b9183f80a5213c", "e87c0b3ea0133a3f00000080ea0142bfdbd8a0bc"),
}


@pytest.mark.parametrize("name", sorted(TF_DERIVATIVES))
def test_sigmoid_and_tanh_derivatives_are_tensorflows(name):
    f = getattr(tf, name)

    def derivatives(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = f(x)
            g = inner.gradient(y, x)
        return g, outer.gradient(g, x)

    x = tf.constant(X)
    traced = tf.function(derivatives)
    eager = derivatives(x)
    assert [_bits(t) for t in traced(x)] == [_bits(t) for t in eager]
    assert [_bits(t) for t in eager] == list(TF_DERIVATIVES[name])
    graph = traced.get_concrete_function(x).graph
    ops = [op for _, op in graph.node_names]
    grad_op = "SigmoidGrad" if name == "sigmoid" else "TanhGrad"
    assert grad_op in ops and graph.host_node_ops() == []


@pytest.mark.parametrize("name", ["sigmoid", "tanh"])
def test_activation_gradients_traced_with_unknown_batch_are_the_eager_bits(name):
    f = getattr(tf, name)

    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x) * 3.0
        return tape.gradient(y, x)

    traced = tf.function(grad, input_signature=[tf.TensorSpec([None, 5], tf.float32)])
    for batch in (1, 3, 21):
        x = _inputs(tf.float32, batch, batch)
        assert _bits(traced(x)) == _bits(grad(x)), batch
