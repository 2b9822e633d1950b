"""Gradients of the shape, slicing and gather ops, checked numerically through the tape, and
the sparse (IndexedSlices) results where TensorFlow gives them."""
import numpy as np
import pytest

import varrt as tf
from gradient_checks import check_gradients

rng = np.random.default_rng(3)
X = rng.random((2, 3, 4))


@pytest.mark.parametrize("f", [
    lambda x: tf.transpose(x),
    lambda x: tf.transpose(x, [1, -1, 0]),
    lambda x: tf.reshape(x, [4, -1]),
    lambda x: tf.expand_dims(x, -1) * tf.constant(np.arange(2.0)),
    lambda x: tf.squeeze(x[:, :1, :], 1),
    lambda x: tf.tile(x, [1, 2, 3]),
    lambda x: tf.tile(x, [2, 0, 1]),
    lambda x: tf.broadcast_to(x[:, :1, :], [5, 2, 3, 4]),
    lambda x: tf.concat([x, x * 2.0, x[:, :1]], axis=1),
    lambda x: tf.concat([x, x * 2.0], axis=-1),
    lambda x: tf.stack([x, x * x], axis=1),
    lambda x: tf.unstack(x, axis=2)[1] * tf.unstack(x, axis=2)[3],
    lambda x: tf.identity(x) + tf.stop_gradient(x) * 0.0,
    lambda x: tf.fill([2, 2], x[0, 0, 0]),
], ids=["transpose", "transpose_perm", "reshape", "expand_dims", "squeeze", "tile", "tile_zero", "broadcast_to",
        "concat", "concat_neg_axis", "stack", "unstack", "identity_stop_gradient", "fill"])
def test_shape_ops(f):
    check_gradients(f, X)


@pytest.mark.parametrize("key", [
    (1,), (slice(None), 1), (Ellipsis, slice(None, None, -2)), (slice(1, None), None, slice(0, 3, 2), -1),
    (0, Ellipsis, None), (slice(-5, 10), 2, slice(None, None, 3)),
], ids=str)
def test_strided_slice(key):
    check_gradients(lambda x: x[key] * x[key], X)


def test_slicing_a_variable_and_second_derivative():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = v[1] * v[:, 0]  # integer key: the core's one-call read + slice; slice key: the Python path
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [[3.0, 0.0], [5.0, 3.0]])
    x = tf.constant([1.0, 2.0, 3.0], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(x[1:] ** 3)
        g = inner.gradient(y, x)  # StridedSliceGrad, whose gradient slices again
    np.testing.assert_array_equal(outer.gradient(g, x).numpy(), [0.0, 12.0, 18.0])


@pytest.mark.parametrize("axis, batch_dims, indices", [
    (0, 0, [1, 0, 1]), (1, 0, [[2, 0], [1, 1]]), (2, 0, [3, 3, 0]), (-1, 0, [1]),
    (1, 1, [[2, 0, 0], [1, 1, 2]]), (2, 1, [[3], [0]]), (2, 2, [[[1], [0], [3]], [[2], [2], [0]]]),
])
def test_gather(axis, batch_dims, indices):
    check_gradients(lambda x: tf.gather(x, indices, axis=axis, batch_dims=batch_dims) ** 2, X)


def test_gather_axis_0_gives_indexed_slices():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.gather(x, [1, 1])
    g = tape.gradient(y, x)
    assert isinstance(g, tf.IndexedSlices)  # as TensorFlow's
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), [[0.0, 0.0], [2.0, 2.0]])


@pytest.mark.parametrize("indices, batch_dims", [
    ([[0, 1, 2], [1, 2, 3], [0, 1, 2]], 0), ([[1], [0], [1]], 0), ([[[0, 1]], [[1, 0]]], 0), ([[1, 3], [0, 0]], 1),
], ids=str)
def test_gather_nd(indices, batch_dims):
    check_gradients(lambda x: tf.gather_nd(x, indices, batch_dims=batch_dims) ** 2, X)


def test_variable_gather_nd():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.gather_nd(v, [[0, 1], [1, 1], [0, 1]]) * tf.constant([1.0, 2.0, 3.0])  # ResourceGatherNd
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [[0.0, 4.0], [0.0, 2.0]])
    with tf.GradientTape() as tape:
        y = tf.gather_nd(v, [[0], [1], [0]])
    g = tape.gradient(y, v)
    assert isinstance(g, tf.IndexedSlices)  # whole rows, as TensorFlow gives them
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), [[2.0, 2.0], [1.0, 1.0]])


def test_gather_second_derivative():
    x = tf.constant([1.0, 2.0, 3.0], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.gather_nd(tf.reshape(x, [3, 1]), [[2, 0], [0, 0], [2, 0]]) ** 3)
        g = inner.gradient(y, x)  # a ScatterNd, whose gradient is a gather
    np.testing.assert_allclose(outer.gradient(g, x).numpy(), [6.0, 0.0, 36.0])


def test_one_hot_range_and_shape_ops_have_no_gradient():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * tf.one_hot([1, 0], 2)[0] + tf.cast(tf.shape(x)[0], tf.float32) + tf.zeros_like(x) + tf.ones_like(x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [0.0, 1.0])


@pytest.mark.parametrize("num, axis", [(4, 0), (1, 0), (2, -1), (5, 1)], ids=str)
def test_linspace(num, axis):
    check_gradients(lambda a, b: tf.linspace(a, b, num, axis=axis) ** 2, [[0.5, -1.0]], [[2.0], [1.5]])


def test_linspace_value_of_tensorflow():
    start, stop = tf.constant(0.0), tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch([start, stop])
        y = tf.linspace(start, stop, 4)
    assert [g.numpy() for g in tape.gradient(y, [start, stop])] == [2.0, 2.0]  # TensorFlow 2.21's


@pytest.mark.parametrize("f", [
    lambda x: x + 1.0, lambda x: x[0] + x, lambda x: tf.broadcast_to(x[:1], [3, 4]), lambda x: tf.concat([x, x], 0),
    lambda x: x[1:], lambda x: tf.math.cumsum(x, 1), lambda x: tf.where([[True, False, True, False]], x, 2.0),
    lambda x: tf.reduce_max(x, axis=1, keepdims=True), lambda x: tf.linspace(x[0], x[1], 3),
    lambda x: tf.stack(tf.unstack(x), 1), lambda x: tf.transpose(x) * 2.0,
], ids=["add", "broadcast_add", "broadcast_to", "concat", "slice", "cumsum", "where", "max", "linspace", "unstack",
        "transpose"])
def test_gradients_arriving_as_indexed_slices(f):
    """A gather after the op hands its gradient function IndexedSlices (made dense where needed)."""
    check_gradients(lambda x: tf.gather(f(x), [1, 0, 1]) ** 2, X[0])


def test_second_derivative_through_indexed_slices():
    """Making a gather's IndexedSlices gradient dense is an op (UnsortedSegmentSum) a tape records."""
    x = tf.constant([1.0, 2.0, 3.0], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.gather(x, [2, 0, 2]) ** 3)
        g = tf.convert_to_tensor(inner.gradient(y, x))
    np.testing.assert_allclose(tf.convert_to_tensor(outer.gradient(g, x)).numpy(), [6.0, 0.0, 36.0])


def test_boolean_mask_of_rows():
    check_gradients(lambda x: x[np.array([True, False])] ** 2, X)
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        y = v[tf.constant([False, True, True])] * tf.constant([2.0, 3.0])
    np.testing.assert_array_equal(tf.convert_to_tensor(tape.gradient(y, v)).numpy(), [0.0, 2.0, 3.0])
