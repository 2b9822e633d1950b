"""Graphs never compute with stand-in values (issue 24): tracing and TensorFlow 1 graph building
run no kernel on an argument's or placeholder's value, static shapes come from shape functions,
and one graph gives TensorFlow 2.21's values at every batch size. Expected values were recorded
from TensorFlow 2.21 on the same programs."""
import numpy as np
import pytest

import varrt as tf
from varrt import _C, dtypes
from varrt.ops import op_util

tf1 = tf.compat.v1


def counting_multiply(calls):
    """x * y through the core dispatch with a NumPy kernel that counts its calls (a Mul node)."""
    def kernel(a, b, out=None):
        calls.append(np.shape(a))
        np.multiply(a, b, out=out)

    def multiply(x, y):
        x, y = tf.convert_to_tensor(x), tf.convert_to_tensor(y, dtype=x.dtype)
        return op_util.run("Mul", kernel, (x, y), x.dtype, "broadcast")
    return multiply


def test_no_kernel_runs_on_a_traced_argument_or_a_placeholder():
    calls = []
    multiply = counting_multiply(calls)
    seen = []

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        y = multiply(x, 2.0)
        seen.extend([x, y])
        return y

    concrete = f.get_concrete_function()
    assert calls == []  # traced: recorded, not run
    assert all(_C._has_no_value(t) for t in seen)  # the trace's tensors have no value to compute with
    assert concrete.structured_outputs.shape.as_list() == [None, 3]
    for batch in (5, 1, 9):
        np.testing.assert_array_equal(f(np.ones((batch, 3), np.float32)).numpy(), np.full((batch, 3), 2.0))
    assert calls == [(5, 3), (1, 3), (9, 3)]

    calls.clear()
    with tf.Graph().as_default():
        p = tf1.placeholder(tf.float32, [None, 2])
        q = multiply(p, 3.0)
        assert calls == [] and _C._has_no_value(p) and _C._has_no_value(q)
        with tf1.Session() as s:
            np.testing.assert_array_equal(s.run(q, {p: np.ones((4, 2))}), np.full((4, 2), 3.0))
    assert calls == [(4, 2)]

    # A constant subexpression is folded while building (TensorFlow's shape refiner): its kernel runs once.
    calls.clear()

    @tf.function
    def g():
        return multiply(tf.constant([1.0, 2.0]), 2.0)

    np.testing.assert_array_equal(g().numpy(), [2.0, 4.0])
    assert len(calls) == 2  # once while tracing (folded), once when the graph runs


# TensorFlow 2.21: the TF1 tutorial step over x = placeholder([None, 1]) fed (n % 5 + 1) * ones((n, 1))
# for n = 100, 7, 3 in turn, w = get_variable("w", [1], constant_initializer(2.0)).
TF1_STEPS = {
    "GradientDescentOptimizer": ((0.1,), [1.6, -1.2800006, 2.8160014]),
    "MomentumOptimizer": ((0.1, 0.9), [1.6, -1.6400005, 0.692001]),
    "AdamOptimizer": ((0.1,), [1.9, 1.8183098, 1.7311794]),
    "RMSPropOptimizer": ((0.1,), [1.7470179, 1.4343275, 1.1700759]),
    "AdagradOptimizer": ((0.1,), [1.900311, 1.800992, 1.7151515]),
}


@pytest.mark.parametrize("optimizer", sorted(TF1_STEPS))
def test_tf1_optimizer_steps_over_an_unknown_batch_are_tensorflows(optimizer):
    args, expected = TF1_STEPS[optimizer]
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 1])
        w = tf1.get_variable("w", [1], initializer=tf1.constant_initializer(2.0))
        loss = tf.reduce_mean(tf.square(x * w))
        step = getattr(tf1.train, optimizer)(*args).minimize(loss)
        got = []
        with tf1.Session() as s:
            s.run(tf1.global_variables_initializer())
            for n in (100, 7, 3):
                s.run(step, {x: np.ones((n, 1), np.float32) * (n % 5 + 1)})
                got.append(s.run(w)[0])
    np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_size_dependent_graphs_run_on_any_batch():
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 1])
        labels = tf1.placeholder(tf.float32, [None, 1])
        ce = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=x)
        grad = tf1.gradients(tf.reduce_sum(tf.math.log1p(x * x)), x)[0]
        flat, zeros, shape = tf.reshape(x, [-1]), tf.zeros_like(x), tf.shape(x)
        # TensorFlow 2.21's static shapes
        assert [t.shape.as_list() for t in (ce, grad, flat, zeros, shape)] == [[None, 1], [None, 1], [None], [None, 1],
                                                                               [2]]
        with tf1.Session() as s:
            for n in (100, 3):
                xs = np.linspace(-1, 1, n, dtype=np.float32).reshape(n, 1)
                c, g, r, z, sh = s.run([ce, grad, flat, zeros, shape], {x: xs, labels: np.zeros((n, 1))})
                np.testing.assert_allclose(c, np.log1p(np.exp(xs)), rtol=1e-5)
                np.testing.assert_allclose(g, 2 * xs / (1 + xs * xs), rtol=1e-5)
                assert r.shape == (n,) and z.shape == (n, 1) and sh.tolist() == [n, 1]


def test_static_shapes_are_tensorflows():
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        seen["range"] = tf.range(tf.constant(2) + 3).shape
        seen["reshape"] = tf.reshape(x, [-1]).shape
        seen["shape"] = tf.shape(x).shape
        seen["zeros_like"] = tf.zeros_like(x).shape
        seen["mean"] = tf.reduce_mean(x, axis=0).shape
        return x

    f.get_concrete_function()
    assert {k: v.as_list() for k, v in seen.items()} == {
        "range": [5], "reshape": [None], "shape": [2], "zeros_like": [None, 3], "mean": [3]}
    assert tf.range(tf.constant(2) + 3).shape == (5,)


def test_a_scalar_get_variable_has_shape_scalar():
    with tf.Graph().as_default():
        a = tf1.get_variable("a", [], initializer=tf1.constant_initializer(2.0))
        assert a.shape.as_list() == [] and a.dtype == dtypes.float32
