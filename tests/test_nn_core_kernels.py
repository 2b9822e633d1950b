"""The training step's array and nn ops run the core's kernels (issue 25): Relu, ReluGrad, Relu6,
LeakyRelu, Sigmoid, Tanh, Softmax, LogSoftmax, BiasAdd, BiasAddGrad, Reshape, BroadcastTo,
ZerosLike, OnesLike, Shape and the softmax cross-entropies give TensorFlow's values and
errors eagerly, the same bits traced, and the graphs of a traced training step and of typical
programs call no Python kernel for them (Graph.host_node_ops, the nodes that still do, is held
to a listed set).

TensorFlow's results are recorded in tests/fixtures/nn_core_kernels_tf.json by
tests/tools/record_nn_core_kernels.py, whose cases() this file runs through varrt.
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

_spec = importlib.util.spec_from_file_location("record_nn_core_kernels",
                                               REPO / "tests" / "tools" / "record_nn_core_kernels.py")
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

FIXTURE = json.loads((REPO / "tests" / "fixtures" / "nn_core_kernels_tf.json").read_text())["cases"]
CASES = record.cases()
# SparseSoftmaxCrossEntropyWithLogits's exp and log are the C library's where TensorFlow's are
# Eigen's vectorised polynomials, its sums run in another order, and TensorFlow computes the 16-bit
# floats in 16-bit steps where varrt rounds once: the loss may differ by 1 ulp, the backprop
# (probabilities, and p - 1 at the label, where the difference cancels) by XENT_BACKPROP_EPS
# units of the dtype's epsilon. Everything else is bit for bit.
XENT_LOSS_ULPS = 1
XENT_BACKPROP_EPS = 4
# Sigmoid and Tanh (but in float32, where varrt computes TensorFlow's approximations: bit for bit,
# tests/test_core_elementwise_paths.py), Softmax and LogSoftmax use Eigen's (or oneDNN's)
# approximations in TensorFlow where varrt's float results are correctly rounded, BiasAddGrad sums in another order (in
# double), and the dense cross-entropy's loss is a label-weighted sum (with cancellation where
# labels have both signs): their float results are within APPROX_EPS units of the dtype's
# epsilon, relative to the result's magnitude (at least 1). Integer results are exact.
APPROXIMATE = {"sigmoid", "tanh", "softmax", "log_softmax", "softmax_axis0", "bias_add_grad", "xent", "xent_api"}
APPROX_EPS = 8


@pytest.mark.parametrize("case", sorted(c for c in CASES if "error" not in FIXTURE[c]))
def test_values_match_tensorflow(case):
    fn, kwargs = CASES[case]
    outputs = record.run_case(tf, fn, kwargs)
    expected = FIXTURE[case]["outputs"]
    assert len(outputs) == len(expected)
    for got, want in zip(outputs, expected):
        assert got.dtype.name == want["dtype"] and list(got.shape) == want["shape"]
        if fn.startswith("sparse_xent") and got.dtype.is_floating and got.shape.rank <= 1:
            assert _ulps(got.numpy(), _decode(want)).max(initial=0) <= XENT_LOSS_ULPS, case
        elif fn.startswith("sparse_xent") and got.dtype.is_floating:
            g, w = got.numpy().astype(np.float64), _decode(want).astype(np.float64)
            assert np.array_equal(np.isnan(g), np.isnan(w)), case
            finite = ~np.isnan(w)
            assert np.max(np.abs(g[finite] - w[finite]), initial=0) <= XENT_BACKPROP_EPS * _EPS[want["dtype"]], case
        elif fn in APPROXIMATE and want["dtype"] in _EPS:
            g, w = got.numpy().astype(np.float64), _decode(want).astype(np.float64)
            assert np.array_equal(np.isnan(g), np.isnan(w)), case
            finite = ~np.isnan(w)
            bound = APPROX_EPS * _EPS[want["dtype"]] * np.maximum(1.0, np.abs(w[finite]))
            assert np.all(np.abs(g[finite] - w[finite]) <= bound), case
        elif fn in APPROXIMATE and want["dtype"].startswith("complex"):
            np.testing.assert_allclose(got.numpy(), _decode(want), rtol=1e-6 if want["dtype"] == "complex64" else 1e-14)
        else:
            assert _bits(got) == want["hex"], case


@pytest.mark.parametrize("case", sorted(c for c in CASES if "error" in FIXTURE[c]))
def test_errors_match_tensorflow(case):
    fn, kwargs = CASES[case]
    with pytest.raises(Exception) as info:
        record.run_case(tf, fn, kwargs)
    assert type(info.value).__name__ == FIXTURE[case]["error"]
    assert str(info.value) == FIXTURE[case]["message"]


def test_the_fixture_is_what_tensorflow_gives_now(tmp_path):
    skip_if_tensorflow_kernels_differ()  # (tests/cpu_features.py)
    # With VARRT_TF_PYTHON, the recorded results are checked against a live TensorFlow run.
    out = tmp_path / "tf.json"
    subprocess.run([required_tf_python(), str(REPO / "tests" / "tools" / "record_nn_core_kernels.py"), str(out)],
                   check=True, capture_output=True, timeout=600)
    live = json.loads(out.read_text())
    assert live["tensorflow"].startswith("2.21")
    assert live["cases"] == FIXTURE


def test_a_bad_label_leaves_nothing_behind_and_the_next_call_works():
    logits = tf.constant(np.zeros((2, 3), np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Received a label value of 3 which is outside"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0, 3]), logits=logits)
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0, 2]), logits=logits)
    np.testing.assert_allclose(loss.numpy(), [np.log(3)] * 2, rtol=1e-6)


# --- eager == traced, at batch sizes the trace never saw -------------------------------------

def _programs():
    """name -> (function of (x, labels), the eager inputs' shapes): each op of this file, traced
    with an unknown batch dimension."""
    return {
        "relu": lambda x, y: tf.nn.relu(x),
        "relu_grad": lambda x, y: tf.raw_ops.ReluGrad(gradients=x * 3.0, features=x),
        "reshape": lambda x, y: tf.reshape(x, [-1]),
        "reshape_computed": lambda x, y: tf.reshape(x, tf.shape(x)[::-1]),
        "broadcast_to": lambda x, y: tf.broadcast_to(x[:, :1], tf.shape(x)),
        "zeros_like": lambda x, y: tf.zeros_like(x),
        "ones_like": lambda x, y: tf.ones_like(x),
        "shape": lambda x, y: tf.shape(x),
        "sparse_xent": lambda x, y: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=x),
        "xent_gradient": _xent_gradient,
    }


def _xent_gradient(x, y):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=tf.nn.relu(x)))
    return tape.gradient(loss, x)


@pytest.mark.parametrize("name", sorted(_programs()))
def test_eager_and_traced_results_are_bit_identical(name):
    program = _programs()[name]
    traced = tf.function(program, input_signature=[tf.TensorSpec([None, 7], tf.float32),
                                                   tf.TensorSpec([None], tf.int32)])
    rng = np.random.default_rng(3)
    for batch in (1, 5, 33):
        x = tf.constant(rng.standard_normal((batch, 7)).astype(np.float32))
        y = tf.constant(rng.integers(0, 7, batch).astype(np.int32))
        assert _bits(traced(x, y)) == _bits(program(x, y)), (name, batch)


def test_relus_gradient_is_a_relu_grad_node_as_in_tensorflow():
    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.relu(x)
        return tape.gradient(y, x)

    x = tf.constant([-1.0, 0.0, 2.0])
    np.testing.assert_array_equal(grad(x).numpy(), [0.0, 0.0, 1.0])
    ops = [op for _, op in grad.get_concrete_function(x).graph.node_names]
    assert "ReluGrad" in ops and "Greater" not in ops  # TensorFlow's graph: Relu, Const, ReluGrad


def test_relu_grad_has_tensorflows_second_derivative():
    x = tf.constant([-1.0, 2.0, 3.0])
    g = tf.constant([5.0, 6.0, 7.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, g])
        out = tf.reduce_sum(tf.raw_ops.ReluGrad(gradients=g, features=x) * tf.constant([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(tape.gradient(out, g).numpy(), [0.0, 2.0, 3.0])
    assert tape.gradient(out, x) is None or not np.any(tape.gradient(out, x).numpy())


# --- graphs of typical programs call no Python kernel --------------------------------------

# The nodes that may still call into Python, each with its reason. The guard fails on any other.
# None left: MatMul runs the core's GEMM, and Keras Adam's step is one fused node (issue 25).
HOST_EXCEPTIONS = {}


def _mlp_step():
    rng = np.random.default_rng(0)
    sizes = [784, 256, 128, 10]
    ws = [tf.Variable((rng.standard_normal((a, b)) * 0.05).astype(np.float32)) for a, b in zip(sizes, sizes[1:])]
    bs = [tf.Variable(np.zeros(b, np.float32)) for b in sizes[1:]]
    opt = tf.keras.optimizers.Adam()

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            h = x
            for i, (w, b) in enumerate(zip(ws, bs)):
                h = tf.matmul(h, w) + b
                if i < 2:
                    h = tf.nn.relu(h)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=h))
        grads = tape.gradient(loss, ws + bs)
        opt.apply_gradients(zip(grads, ws + bs))
        return loss

    x = tf.constant(rng.random((16, 784), dtype=np.float32))
    y = tf.constant(rng.integers(0, 10, 16).astype(np.int32))
    return step, (x, y)


def test_a_traced_mlp_training_step_calls_python_only_for_the_listed_ops():
    step, args = _mlp_step()
    first = step(*args).numpy()
    assert np.isfinite(first) and step(*args).numpy() < first  # it trains
    graph = step.get_concrete_function(*args).graph
    ops = {op for _, op in graph.node_names}
    assert {"Relu", "ReluGrad", "Reshape", "SparseSoftmaxCrossEntropyWithLogits"} <= ops
    assert set(graph.host_node_ops()) <= set(HOST_EXCEPTIONS), graph.host_node_ops()


def _typical_programs():
    """name -> (function, example arguments): what common TensorFlow code traces, each with the
    gradient of its result where it has one."""
    rng = np.random.default_rng(1)
    x = tf.constant(rng.standard_normal((6, 5)).astype(np.float32))
    labels = tf.constant((rng.random((6, 1)) > 0.5).astype(np.float32))
    w, b = tf.Variable(np.zeros((5, 1), np.float32)), tf.Variable(np.zeros(1, np.float32))
    bias = tf.Variable(np.zeros(5, np.float32))

    def logistic_regression(x, labels):
        with tf.GradientTape() as tape:
            z = tf.matmul(x, w) + b
            loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=z))
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.1 * gw)
        b.assign_sub(0.1 * gb)
        return loss

    def with_gradient(f):
        def program(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = f(x)
            return y, tape.gradient(tf.reduce_sum(y), x)
        return program

    programs = {"logistic_regression": (logistic_regression, (x, labels))}
    for name, f in [("softmax", tf.nn.softmax), ("log_softmax", tf.nn.log_softmax),
                    ("reshape", lambda x: tf.reshape(x, [-1])), ("broadcast_to", lambda x: tf.broadcast_to(x[:1], [6, 5])),
                    ("zeros_ones_like", lambda x: tf.zeros_like(x) + tf.ones_like(x)),
                    ("bias_add", lambda x: tf.nn.bias_add(x, bias)), ("relu", tf.nn.relu), ("relu6", tf.nn.relu6),
                    ("leaky_relu", tf.nn.leaky_relu), ("sigmoid", tf.nn.sigmoid), ("tanh", tf.nn.tanh),
                    ("elu", tf.nn.elu), ("selu", tf.nn.selu), ("softplus", tf.nn.softplus),
                    ("softsign", tf.nn.softsign)]:
        programs[name] = (with_gradient(f), (x,))
    programs["cast_and_compare"] = (lambda x: (tf.cast(x, tf.int32), x > 0, x < 1, x >= 0, x <= 0), (x,))
    return programs


# What the typical programs may still run in Python, by program, each with its reason.
TYPICAL_EXCEPTIONS = {}


@pytest.mark.parametrize("name", sorted(_typical_programs()))
def test_typical_programs_call_python_only_for_the_listed_ops(name):
    program, args = _typical_programs()[name]
    traced = tf.function(program)
    traced(*args)
    host = set(traced.get_concrete_function(*args).graph.host_node_ops())
    assert host <= set(TYPICAL_EXCEPTIONS.get(name, {})), host


def test_host_node_ops_names_the_nodes_that_call_python():
    @tf.function
    def f(x):
        return tf.py_function(lambda v: v * 2, [tf.nn.relu(x)], tf.float32)

    x = tf.constant([1.0, -1.0])
    np.testing.assert_array_equal(f(x).numpy(), [2.0, 0.0])
    assert f.get_concrete_function(x).graph.host_node_ops() == ["EagerPyFunc"]
