"""Gradients of the element-wise math ops, checked against central differences through the
tape (gradient_checks), with broadcasting, plus second derivatives through nested tapes."""
import numpy as np
import pytest

import varrt as tf
from gradient_checks import check_gradients

rng = np.random.default_rng(7)


def positive(*shape):
    return rng.uniform(0.5, 2.0, shape)


def signed(*shape):
    """Values away from 0 (where |x|, sign and friends are not smooth)."""
    return rng.uniform(0.3, 2.0, shape) * rng.choice([-1.0, 1.0], shape)


@pytest.mark.parametrize("f, make", [
    (tf.exp, signed), (tf.math.expm1, signed), (tf.math.log, positive), (tf.math.log1p, positive),
    (tf.sqrt, positive), (tf.math.rsqrt, positive), (tf.math.reciprocal, signed), (tf.abs, signed),
    (tf.sin, signed), (tf.cos, signed), (tf.math.tan, lambda *s: rng.uniform(-1.2, 1.2, s)),
    (tf.square, signed), (tf.negative, signed),
], ids=lambda v: getattr(v, "__name__", ""))
def test_unary(f, make):
    check_gradients(f, make(2, 3))


@pytest.mark.parametrize("f", [tf.add, tf.subtract, tf.multiply, tf.divide, tf.maximum, tf.minimum,
                               tf.math.squared_difference, tf.math.divide_no_nan, tf.pow],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("shapes", [((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 3))],
                         ids=str)
def test_binary_with_broadcasting(f, shapes):
    x, y = positive(*shapes[0]), positive(*shapes[1]) + 0.1  # maximum/minimum: no ties (x != y)
    check_gradients(f, x, y)


def test_floormod_and_floordiv():
    x, y = np.array([5.5, -5.5, 7.25]), np.array([3.0, 2.0, -2.0])
    check_gradients(tf.math.floormod, x, y)
    with tf.GradientTape() as tape:
        a, b = tf.constant(x), tf.constant(y)
        tape.watch([a, b])
        z = tf.math.floordiv(a, b)
    assert tape.gradient(z, [a, b]) == [None, None]  # TensorFlow's gradient function returns None


def test_piecewise_constant_ops():
    x = tf.constant([1.5, -0.5])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        ys = [tf.floor(x), tf.math.ceil(x), tf.round(x), tf.sign(x)]
    assert [tape.gradient(y, x) for y in ys[:3]] == [None, None, None]
    np.testing.assert_array_equal(tape.gradient(ys[3], x).numpy(), [0.0, 0.0])  # Sign: zeros


def test_where_and_clip_by_value():
    c = np.array([[True, False, True]])
    check_gradients(lambda x, y: tf.where(c, x, y), signed(2, 3), signed(3))
    check_gradients(lambda x: tf.clip_by_value(x, -0.5, 0.5), np.array([-1.0, -0.2, 0.3, 0.9]))


def test_comparisons_and_predicates_have_no_gradient():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cast(tf.greater(x, 1.5), tf.float32) * x + tf.cast(tf.math.is_finite(x), tf.float32)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [0.0, 1.0])


def test_batch_matmul_with_broadcast_batches_and_adjoints():
    a, b = rng.random((2, 3, 4)), rng.random((4, 5))
    check_gradients(tf.matmul, a, b)
    check_gradients(lambda x, y: tf.matmul(x, y, adjoint_a=True), rng.random((2, 4, 3)), rng.random((1, 4, 5)))
    check_gradients(lambda x, y: tf.matmul(x, y, transpose_b=True), rng.random((3, 4)), rng.random((2, 5, 4)))
    check_gradients(lambda x, y: tf.matmul(x, y, adjoint_a=True, adjoint_b=True), rng.random((2, 4, 3)),
                    rng.random((2, 5, 4)))


def test_cast_between_floats():
    x = tf.constant([1.0, 2.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cast(tf.cast(x, tf.float32) * 3.0, tf.float64)
    g = tape.gradient(y, x)
    assert g.dtype == tf.float64
    np.testing.assert_array_equal(g.numpy(), [3.0, 3.0])


def _second_derivative(f, x):
    x = tf.constant(np.asarray(x, np.float64))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        dy = inner.gradient(y, x)
    return outer.gradient(dy, x).numpy()


@pytest.mark.parametrize("f, d2", [
    (tf.exp, np.exp), (tf.sin, lambda x: -np.sin(x)), (tf.cos, lambda x: -np.cos(x)),
    (tf.math.log, lambda x: -1 / x ** 2), (tf.sqrt, lambda x: -0.25 * x ** -1.5),
    (tf.math.rsqrt, lambda x: 0.75 * x ** -2.5), (tf.math.reciprocal, lambda x: 2 / x ** 3),
    (lambda x: tf.pow(x, 3.0), lambda x: 6 * x), (tf.math.tan, lambda x: 2 * np.tan(x) / np.cos(x) ** 2),
], ids=lambda v: getattr(v, "__name__", ""))
def test_second_derivatives(f, d2):
    x = np.array([0.5, 0.9, 1.3])
    np.testing.assert_allclose(_second_derivative(f, x), d2(x), rtol=1e-6)
