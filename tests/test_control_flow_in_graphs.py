"""tf.cond and tf.while_loop in TensorFlow 1 graphs run by a Session, tf.control_dependencies and
tf.debugging.Assert, and the gradient through a graph's while loop that varrt refuses rather
than leaving silently empty. Values and texts from TensorFlow 2.21 on the same programs."""
import numpy as np
import pytest

import varrt as tf
from varrt import errors


def test_cond_and_while_loop_run_in_a_session_at_any_batch_size():
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None])
        c = tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2, lambda: x - 1)
        w = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 1.5), [0, x])[1]
        with tf.compat.v1.Session() as s:
            np.testing.assert_allclose(s.run(c, {x: [1., 2.]}), [2., 4.])
            np.testing.assert_allclose(s.run(c, {x: [-1., -2., -3.]}), [-2., -3., -4.])
            np.testing.assert_allclose(s.run(w, {x: [1., 2.]}), [3.375, 6.75])
            np.testing.assert_allclose(s.run(w, {x: [2., 2., 2., 2., 2.]}), [6.75] * 5)


def test_assert_checks_when_the_graph_runs_and_control_dependencies_keep_it():
    x = tf.constant([1.0, np.inf])
    with pytest.raises(errors.InvalidArgumentError) as info:
        tf.debugging.Assert(tf.reduce_all(tf.math.is_finite(x)), [x])
    assert str(info.value) == "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: 1.0, inf"
    assert tf.debugging.Assert(True, [x]) is None

    @tf.function
    def f(x):
        with tf.control_dependencies([tf.debugging.Assert(tf.reduce_all(tf.math.is_finite(x)), [x])]):
            return tf.identity(x)

    np.testing.assert_array_equal(f(tf.constant([1.0, 2.0])).numpy(), [1.0, 2.0])
    with pytest.raises(errors.InvalidArgumentError) as info:
        f(x)
    lines = str(info.value).splitlines()
    assert lines[:3] == ["Graph execution error:", "",
                         "Detected at node Assert/AssertGuard/Assert defined at (most recent call last):"]
    assert "assertion failed: [1 inf]" in lines
    assert lines[-1].startswith("\t [[{{node Assert/AssertGuard/Assert}}]] [Op:__inference_f_")

    with tf.Graph().as_default():
        p = tf.compat.v1.placeholder(tf.float32, [None])
        check = tf.debugging.Assert(tf.reduce_all(p > 0), [p])
        with tf.control_dependencies([check]):
            y = tf.identity(p)
        z = p * 2  # outside the block: the check is not its dependency
        with tf.compat.v1.Session() as s:
            np.testing.assert_array_equal(s.run(y, {p: [1., 2.]}), [1., 2.])
            np.testing.assert_array_equal(s.run(z, {p: [-1., 2.]}), [-2., 4.])
            with pytest.raises(errors.InvalidArgumentError, match=r"assertion failed: \[-1 2\]"):
                s.run(y, {p: [-1., 2.]})


def test_a_gradient_through_a_graphs_while_loop_is_refused_not_left_empty():
    message = "varrt cannot yet compute gradients through a tf.while_loop in a graph"

    @tf.function
    def f(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 1.5), [0, x])[1]
        return t.gradient(y, x)

    with pytest.raises(NotImplementedError, match=message):
        f(tf.ones([2]))
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None])
        y = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 1.5), [0, x])[1]
        with pytest.raises(NotImplementedError, match=message):
            tf.compat.v1.gradients(y, x)
    # Eagerly the loop is Python: TensorFlow's gradient, 1.5 ** 3.
    x = tf.ones([2])
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 1.5), [0, x])[1]
    np.testing.assert_allclose(t.gradient(y, x).numpy(), [3.375, 3.375])
