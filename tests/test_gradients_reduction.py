"""Gradients of the reductions, scans and composites built from them (reduce_logsumexp,
reduce_variance, reduce_std, norms), checked numerically through the tape."""
import numpy as np
import pytest

import varrt as tf
from gradient_checks import check_gradients, tape_gradients

rng = np.random.default_rng(11)
X = rng.uniform(0.5, 2.0, (2, 3, 4))


@pytest.mark.parametrize("reduce", [tf.reduce_sum, tf.reduce_mean, tf.reduce_max, tf.reduce_min,
                                    tf.reduce_prod, tf.math.reduce_euclidean_norm, tf.reduce_logsumexp,
                                    tf.math.reduce_variance, tf.math.reduce_std], ids=lambda f: f.__name__)
@pytest.mark.parametrize("axis, keepdims", [(None, False), (1, False), ([0, 2], True), (-1, True), ([], False)],
                         ids=str)
def test_reductions(reduce, axis, keepdims):
    if reduce is tf.math.reduce_std and axis == []:
        # std over no axis is sqrt(0): the gradient is nan (inf * 0), TensorFlow's too.
        assert np.isnan(tape_gradients(lambda x: reduce(x, axis=axis), [X])[0]).all()
        return
    check_gradients(lambda x: reduce(x, axis=axis, keepdims=keepdims), X)


def test_reductions_of_variables_and_scalars():
    v = tf.Variable([[1.0, 4.0], [3.0, 2.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_max(v, axis=0) + tf.reduce_prod(v)  # (2,): the product counts twice
    np.testing.assert_allclose(tape.gradient(y, v).numpy(), [[48.0, 13.0], [17.0, 24.0]])
    check_gradients(lambda x: tf.reduce_prod(x) * tf.reduce_max(x), np.array(3.0))


@pytest.mark.parametrize("scan", [tf.math.cumsum, tf.math.cumprod], ids=lambda f: f.__name__)
@pytest.mark.parametrize("axis, exclusive, reverse", [(0, False, False), (1, True, False), (-1, False, True),
                                                       (1, True, True)], ids=str)
def test_scans(scan, axis, exclusive, reverse):
    check_gradients(lambda x: scan(x, axis=axis, exclusive=exclusive, reverse=reverse), X[0])


def test_argmax_gives_no_gradient():
    x = tf.constant([1.0, 3.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cast(tf.argmax(x), tf.float32)
    assert tape.gradient(y, x) is None


def test_second_derivative_of_logsumexp():
    x = tf.constant([0.5, 1.0, -0.5], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_logsumexp(x)
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g * g)
    p = np.exp(x.numpy()) / np.exp(x.numpy()).sum()
    expected = 2 * p * (p - (p * p).sum())  # d/dx sum(softmax^2)
    np.testing.assert_allclose(outer.gradient(s, x).numpy(), expected, rtol=1e-9)


def test_an_empty_axis_list_reaches_hooks_as_an_empty_tuple():
    """An empty int-list attribute used to reach hooks as the int 0 (reduce over axis 0)."""
    from varrt import _C
    seen = []
    hook = _C.push_dispatch_hook("observe", lambda op, device, inputs, outputs, attrs, resource: seen.append(attrs))
    try:
        tf.reduce_sum(tf.constant([[1.0, 2.0]]), axis=[])  # the C++ fast reduction
        tf.reduce_sum(tf.constant([[1, 2]], tf.int8), axis=[])  # the Python reduction
        tf.constant([1.0])[()]  # a StridedSlice with empty begin/end/strides
    finally:
        _C.pop_dispatch_hook(hook)
    assert [a["reduction_indices"] for a in seen if "reduction_indices" in a] == [(), ()]
    assert [a["begin"] for a in seen if "begin" in a] == [()]
