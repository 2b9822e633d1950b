"""Gradients of the tf.nn ops: TensorFlow 2.21's values at edge points (relu'(0) = 0, ...),
recorded here, and central differences in float64 (gradient_checks)."""
import numpy as np
import pytest

import varrt as tf
from gradient_checks import check_gradients

X = [-2., -0.5, 0., 0.5, 3., 6., 7.]

# tf.GradientTape().gradient(f(x), x) in TensorFlow 2.21, float32.
TF_GRADIENTS = {
    "relu": [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0],
    "relu6": [0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0],
    "leaky_relu": [0.1, 0.1, 0.1, 1.0, 1.0, 1.0, 1.0],
    "elu": [0.1353352665901184, 0.6065306663513184, 1.0, 1.0, 1.0, 1.0, 1.0],
    "selu": [0.23793280124664307, 1.0663411617279053] + [1.0507010221481323] * 5,
    "softplus": [0.11920291930437088, 0.3775406777858734, 0.5, 0.622459352016449, 0.9525741338729858,
                 0.9975273609161377, 0.9990889430046082],
    "softsign": [0.1111111119389534, 0.4444444477558136, 1.0, 0.4444444477558136, 0.0625, 0.020408162847161293,
                 0.015625],
    "sigmoid": [0.10499358177185059, 0.23500370979309082, 0.25, 0.23500370979309082, 0.04517665505409241,
                0.0024665251839905977, 0.0009102269541472197],
    "tanh": [0.07065081596374512, 0.7864477634429932, 1.0, 0.7864477634429932, 0.009866118431091309,
             2.4557113647460938e-05, 3.337860107421875e-06],
    "gelu": [-0.08523181825876236, 0.1325048804283142, 0.5, 0.8674951195716858, 1.0119456052780151, 1.0, 1.0],
    "l2_loss": X,
}
FUNCTIONS = {"relu": tf.nn.relu, "relu6": tf.nn.relu6, "leaky_relu": lambda t: tf.nn.leaky_relu(t, 0.1),
             "elu": tf.nn.elu, "selu": tf.nn.selu, "softplus": tf.nn.softplus, "softsign": tf.nn.softsign,
             "sigmoid": tf.nn.sigmoid, "tanh": tf.nn.tanh, "gelu": tf.nn.gelu, "l2_loss": tf.nn.l2_loss}


def _gradient(f, *xs):
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        y = f(*xs)
    return tape.gradient(y, list(xs))


@pytest.mark.parametrize("name", sorted(TF_GRADIENTS))
def test_gradient_matches_tensorflow_at_edge_points(name):
    x = tf.constant(X)
    (g,) = _gradient(FUNCTIONS[name], x)
    np.testing.assert_allclose(g.numpy(), np.float32(TF_GRADIENTS[name]), rtol=2e-6, atol=1e-7)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_activation_gradients_numerically(name):
    x = np.array([-2.1, -0.7, -0.2, 0.3, 1.4, 5.2, 7.3])  # away from the kinks
    check_gradients(FUNCTIONS[name], x)


LOGITS = [[1., 2., 3.], [1., -1., 0.5]]
LABELS = [[0.2, 0.3, 0.5], [1., 0., 0.]]
WEIGHTS = [[1., 2., 3.], [-1., 0.5, 2.]]


def test_softmax_family_matches_tensorflow():
    lg, lab, w = tf.constant(LOGITS), tf.constant(LABELS), tf.constant(WEIGHTS)
    cases = {
        "softmax": (lambda a, b: tf.reduce_sum(tf.nn.softmax(a) * w),
                    [[-0.14181706309318542, -0.14077028632164001, 0.28258761763572693],
                     [-0.6666216850280762, 0.026325935497879982, 0.6402957439422607]], None),
        "log_softmax": (lambda a, b: tf.reduce_sum(tf.nn.log_softmax(a) * w),
                        [[0.45981651544570923, 0.5316290855407715, -0.9914455413818359],
                         [-1.8611454963684082, 0.38345664739608765, 1.4776887893676758]], None),
        "softmax_xent": (lambda a, b: tf.reduce_sum(
            tf.nn.softmax_cross_entropy_with_logits(labels=b, logits=a) * [1., 2.]),
            [[-0.10996942967176437, -0.055271536111831665, 0.16524094343185425],
             [-0.8518060445785522, 0.1553911566734314, 0.6964148283004761]],
            [[2.4076058864593506, 1.4076058864593506, 0.40760594606399536],
             [1.109913945198059, 5.1099138259887695, 2.1099138259887695]]),
        "sparse_xent": (lambda a, b: tf.reduce_sum(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 0], logits=a) * [1., 2.]),
            [[0.09003057330846786, 0.2447284758090973, -0.33475905656814575],
             [-0.8518060445785522, 0.1553911566734314, 0.6964148283004761]], None),
    }
    for name, (f, g_logits, g_labels) in cases.items():
        ga, gb = _gradient(f, lg, lab)
        np.testing.assert_allclose(ga.numpy(), g_logits, rtol=2e-6, atol=1e-7, err_msg=name)
        if g_labels is None:
            assert gb is None, name
        else:
            np.testing.assert_allclose(gb.numpy(), g_labels, rtol=2e-6, atol=1e-7, err_msg=name)


def test_softmax_family_numerically():
    lg = np.array([[0.3, -1.2, 2.0, 0.1], [1.5, 0.2, -0.3, 0.9]])
    lab = np.array([[0.1, 0.2, 0.3, 0.4], [0.5, 0.0, 0.25, 0.25]])
    w = np.array([[1., -2., 0.5, 3.], [0.3, 1., -1., 2.]])
    check_gradients(lambda a: tf.nn.softmax(a) * w, lg)
    check_gradients(lambda a, b: tf.nn.softmax_cross_entropy_with_logits(labels=b, logits=a), lg, lab)
    check_gradients(lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[3, 0], logits=a), lg)


def test_cross_entropy_second_derivative_matches_tensorflow():
    lg, lab, w = tf.constant(LOGITS), tf.constant(LABELS), tf.constant(WEIGHTS)
    with tf.GradientTape() as outer:
        outer.watch(lg)
        with tf.GradientTape() as inner:
            inner.watch(lg)
            y = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=lab, logits=lg))
        s = tf.reduce_sum(inner.gradient(y, lg) * w)
    np.testing.assert_allclose(outer.gradient(s, lg).numpy(),
                               [[-0.14181706309318542, -0.14077028632164001, 0.28258761763572693],
                                [-0.6666216850280762, 0.026325935497879982, 0.6402957439422607]], rtol=2e-6)


def test_bias_add_gradients():
    v, b = np.random.rand(2, 3, 4), np.random.rand(4)
    check_gradients(lambda v, b: tf.nn.bias_add(v, b) * v, v, b)
    check_gradients(lambda v, b: tf.nn.bias_add(v, b, data_format="NCHW") * v, v, b[:3])
    lg, w = tf.constant(LOGITS), tf.constant(WEIGHTS)
    ga, gb = _gradient(lambda a, b: tf.reduce_sum(tf.nn.bias_add(a, b) * w), lg, tf.constant([1., 2., 3.]))
    np.testing.assert_array_equal(ga.numpy(), WEIGHTS)
    np.testing.assert_array_equal(gb.numpy(), [0.0, 2.5, 5.0])  # TensorFlow 2.21


def test_bias_add_second_derivative():
    lg = tf.constant(LOGITS)
    bias = tf.constant([1., 2., 3.])
    with tf.GradientTape() as outer:
        outer.watch(bias)
        with tf.GradientTape() as inner:
            inner.watch(bias)
            y = tf.reduce_sum(tf.nn.bias_add(lg, bias) * lg)
        g = inner.gradient(y, bias)
        s = tf.reduce_sum(g * bias)
    np.testing.assert_array_equal(outer.gradient(s, bias).numpy(), [2., 1., 3.5])  # column sums of LOGITS


def test_relu_second_derivative_is_zero_and_sigmoid_second_derivative():
    x = tf.constant([-1.0, 0.5, 2.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.sigmoid(x) + tf.nn.relu(x) * x)
        g = inner.gradient(y, x)
    s = tf.nn.sigmoid(x).numpy()
    expected = s * (1 - s) * (1 - 2 * s) + np.array([0., 2., 2.])  # relu(x) * x = x^2 for x > 0
    np.testing.assert_allclose(outer.gradient(g, x).numpy(), expected, rtol=1e-6)


def test_composite_gradients_numerically():
    x = np.array([[-2.1, -0.7, 0.3], [1.4, 5.2, -3.3]])
    z = np.array([[0., 1., 0.5], [1., 0.2, 0.]])
    check_gradients(lambda a, b: tf.nn.sigmoid_cross_entropy_with_logits(labels=b, logits=a), x, z)
    check_gradients(lambda a: tf.nn.gelu(a, approximate=True), x)
    check_gradients(lambda a: tf.math.log_sigmoid(a), x)
    check_gradients(lambda a: tf.nn.silu(a), x)
    check_gradients(lambda a: tf.nn.l2_normalize(a, axis=1), x)
    check_gradients(lambda a: tf.nn.moments(a, axes=[0])[1], x)
    lg = tf.constant(LOGITS)
    (g,) = _gradient(lambda a: tf.reduce_sum(tf.nn.softmax(a, axis=0) * WEIGHTS), lg)
    np.testing.assert_allclose(g.numpy(), [[0.5, 0.06776492297649384, 0.07010366022586823],  # TensorFlow 2.21
                                           [-0.5, -0.06776499003171921, -0.0701037347316742]], rtol=2e-6, atol=1e-7)
    w = np.array([[1., -2., 0.5], [0.3, 1., -1.]])
    check_gradients(lambda a: tf.nn.log_softmax(a, axis=0) * w, x)
    # Labels summing to 1 along the axis: the op's gradient is softmax - labels (TensorFlow's backprop).
    columns = np.array([[0., 0.8, 0.5], [1., 0.2, 0.5]])
    check_gradients(lambda a: tf.nn.softmax_cross_entropy_with_logits(labels=columns, logits=a, axis=0), x)
