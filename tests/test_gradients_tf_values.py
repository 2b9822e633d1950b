"""Gradients at the points where TensorFlow had to choose (non-smooth points, singularities,
ties, zeros), with the values TensorFlow 2.21 returns, recorded from it."""
import math

import numpy as np
import pytest

import varrt as tf

inf, nan = math.inf, math.nan


def grads(f, *values):
    xs = [tf.constant(v) for v in values]
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        y = f(*xs)
    return [None if g is None else tf.convert_to_tensor(g).numpy().tolist() for g in tape.gradient(y, xs)]


CASES = [
    # name, function, inputs, TensorFlow 2.21's gradients
    ("abs at 0", tf.abs, ([0.0, -1.0, 2.0],), [[0.0, -1.0, 1.0]]),
    ("maximum ties go to x", tf.maximum, ([1.0, 2.0, 3.0], [1.0, 1.0, 4.0]), [[1.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    ("minimum ties go to x", tf.minimum, ([1.0, 2.0, 3.0], [1.0, 1.0, 4.0]), [[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]),
    ("sqrt at 0", tf.sqrt, ([0.0, 4.0],), [[inf, 0.25]]),
    ("pow with 0 base", tf.pow, ([0.0, 0.0, 2.0, -2.0], [2.0, 0.0, 3.0, 2.0]),
     [[0.0, nan, 12.0, -4.0], [0.0, 0.0, 5.545177459716797, 0.0]]),
    ("reduce_max splits ties", lambda x: tf.reduce_max(x), ([[1.0, 3.0], [3.0, 2.0]],), [[[0.0, 0.5], [0.5, 0.0]]]),
    ("reduce_prod with zeros", lambda x: tf.reduce_prod(x, 1), ([[0.0, 2.0, 3.0], [0.0, 0.0, 1.0]],),
     [[[6.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]),
    ("cumprod divides by x (0 at 0)", tf.math.cumprod, ([2.0, 0.0, 3.0],), [[1.0, 0.0, 0.0]]),
    ("divide_no_nan at 0", tf.math.divide_no_nan, ([1.0, 2.0], [0.0, 4.0]), [[0.0, 0.25], [0.0, -0.125]]),
    ("log at 0", tf.math.log, ([0.0, 1.0],), [[inf, 1.0]]),
    ("rsqrt at 0", tf.math.rsqrt, ([0.0, 4.0],), [[-inf, -0.0625]]),
    ("reciprocal at 0", tf.math.reciprocal, ([0.0, 2.0],), [[-inf, -0.25]]),
    ("sign", tf.sign, ([0.0, -3.0],), [[0.0, 0.0]]),
    ("floor", tf.floor, ([1.5],), [None]),
    ("clip_by_value at its bounds", lambda x: tf.clip_by_value(x, 0.0, 1.0), ([-1.0, 0.0, 0.5, 1.0, 2.0],),
     [[0.0, 1.0, 1.0, 1.0, 0.0]]),
    ("euclidean norm at 0", tf.math.reduce_euclidean_norm, ([0.0, 0.0],), [[nan, nan]]),
    ("floormod", tf.math.floormod, ([5.0, -5.0], [3.0, 3.0]), [[1.0, 1.0], [-1.0, 2.0]]),
    ("squared_difference broadcast", tf.math.squared_difference, ([1.0, 2.0], [3.0]), [[-4.0, -2.0], [6.0]]),
    ("where broadcast", lambda x, y: tf.where([True, False], x, y), ([1.0, 2.0], [3.0]), [[1.0, 0.0], [1.0]]),
    ("logsumexp with inf", tf.reduce_logsumexp, ([1.0, 2.0, inf],), [[0.0, 0.0, nan]]),
    ("std of equal values", tf.math.reduce_std, ([1.0, 1.0],), [[nan, nan]]),
]


@pytest.mark.parametrize("f, values, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_tensorflow_values(f, values, expected):
    got = grads(f, *values)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        if e is None:
            assert g is None
        else:
            np.testing.assert_allclose(g, e, rtol=1e-6)  # nan matches nan, inf inf


A = [1 + 2j, -0.5 + 1j]
B = [0.5 - 1j, 2 + 0.25j]
COMPLEX_CASES = [
    # Complex inputs: the gradient is the conjugate direction, TensorFlow's convention.
    ("mul", tf.multiply, (A, B), [[0.5 + 1j, 2 - 0.25j], [1 - 2j, -0.5 - 1j]]),
    ("div", tf.divide, (A, B), [[0.4 - 0.8j, 0.492308 + 0.061538j], [1.76 - 0.32j, 0.058698 + 0.268876j]]),
    ("abs", tf.abs, (A,), [[0.447214 + 0.894427j, -0.447214 + 0.894427j]]),
    ("square", tf.square, (A,), [[2 - 4j, -1 - 2j]]),
    ("exp", tf.exp, (A,), [[-1.131204 - 2.471727j, 0.32771 - 0.510378j]]),
    ("variance", tf.math.reduce_variance, (A,), [[0.75 + 0.5j, -0.75 - 0.5j]]),
    ("sqrt", tf.sqrt, (A,), [[0.284432 + 0.175789j, 0.248603 + 0.402248j]]),
    ("prod", tf.reduce_prod, (A,), [[-0.5 - 1j, 1 - 2j]]),
]


@pytest.mark.parametrize("f, values, expected", [c[1:] for c in COMPLEX_CASES], ids=[c[0] for c in COMPLEX_CASES])
def test_tensorflow_values_complex(f, values, expected):
    got = grads(f, *values)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, e, atol=2e-6)


def test_complex_matmul():
    a, b = tf.constant([[1 + 2j, -0.5 + 1j]]), tf.constant([[0.5 - 1j], [2 + 0.25j]])
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.matmul(a, b)
    ga, gb = tape.gradient(y, [a, b])
    np.testing.assert_allclose(ga.numpy(), [[0.5 + 1j, 2 - 0.25j]])
    np.testing.assert_allclose(gb.numpy(), [[1 - 2j], [-0.5 - 1j]])
