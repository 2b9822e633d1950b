"""tf.keras.losses: Keras 3's values (TensorFlow 2.21 + Keras 3, recorded here) for every
reduction, sample weights, label smoothing and logits; gradients through the tape."""
import numpy as np
import pytest

import varrt as tf

L = tf.keras.losses
YT = np.array([[0., 1.], [0., 0.], [1., 1.]], np.float32)
YP = np.array([[0.6, 0.4], [0.4, 0.6], [1.0, 0.0]], np.float32)
LG = np.array([[1.5, -2.0], [0.3, 0.1], [4.0, -1.0]], np.float32)
CT = np.array([[0., 1., 0.], [0., 0., 1.], [1., 0., 0.]], np.float32)
CP = np.array([[0.05, 0.95, 0.], [0.1, 0.8, 0.1], [0.5, 0.3, 0.2]], np.float32)
CL = np.array([[1., 2., 3.], [1., -1., 0.5], [0., 0., 0.]], np.float32)
SL = np.array([1, 2, 0])
SW = np.array([1., 0.5, 2.], np.float32)

CASES = {
    "mse": (lambda r: L.MeanSquaredError(reduction=r)(YT, YP),
            0.3733333349227905, 1.1200000047683716, [0.36000001430511475, 0.2600000202655792, 0.5]),
    "mse_w": (lambda r: L.MeanSquaredError(reduction=r)(YT, YP, sample_weight=SW),
              0.49666666984558105, 1.4900000095367432, [0.36000001430511475, 0.1300000101327896, 1.0]),
    "bce": (lambda r: L.BinaryCrossentropy(reduction=r)(YT, YP),
            3.2296321392059326, 9.688896179199219, [0.9162907600402832, 0.7135581970214844, 8.05904769897461]),
    "bce_logits_w": (lambda r: L.BinaryCrossentropy(from_logits=True, reduction=r)(YT, LG, sample_weight=SW),
                     1.2150901556015015, 3.645270347595215,
                     [1.914170742034912, 0.3996880054473877, 1.3314117193222046]),
    "cce": (lambda r: L.CategoricalCrossentropy(reduction=r)(CT, CP),
            1.0156751871109009, 3.047025680541992, [0.051293306052684784, 2.3025851249694824, 0.6931471824645996]),
    "cce_logits_w": (lambda r: L.CategoricalCrossentropy(from_logits=True, reduction=r)(CT, CL, sample_weight=SW),
                     1.3774362802505493, 4.1323089599609375,
                     [1.4076058864593506, 0.5274784564971924, 2.1972246170043945]),
    "scce": (lambda r: L.SparseCategoricalCrossentropy(reduction=r)(SL, CP),
             1.0156751871109009, 3.047025680541992, [0.05129344388842583, 2.3025851249694824, 0.6931471228599548]),
    "scce_logits": (lambda r: L.SparseCategoricalCrossentropy(from_logits=True, reduction=r)(SL, CL),
                    1.1870583295822144, 3.5611751079559326,
                    [1.4076058864593506, 1.0549569129943848, 1.0986123085021973]),
}


def close(t, expected):
    assert isinstance(t, tf.Tensor) and t.dtype == tf.float32
    np.testing.assert_allclose(t.numpy(), np.float32(expected), rtol=1e-6)


@pytest.mark.parametrize("name", sorted(CASES))
def test_losses_match_keras_for_every_reduction(name):
    f, mean, total, per_sample = CASES[name]
    close(f("sum_over_batch_size"), mean)
    close(f("sum"), total)
    close(f("none"), per_sample)
    close(f(None), per_sample)
    assert f("sum").shape == () and f("none").shape == (3,)


def test_label_smoothing_and_function_forms():
    close(L.BinaryCrossentropy(label_smoothing=0.2)(YT, YP), 3.2131881713867188)
    close(L.BinaryCrossentropy(from_logits=True, label_smoothing=0.2)(YT, LG), 1.1114174127578735)
    close(L.CategoricalCrossentropy(label_smoothing=0.1)(CT, CP), 1.219663143157959)
    close(L.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)(CT, CL), 1.198169469833374)
    for mse in (L.mse, L.MSE):
        close(mse(YT, YP), [0.36000001430511475, 0.2600000202655792, 0.5])
    assert not hasattr(L, "mean_squared_error")  # TensorFlow 2.21's tf.keras.losses has only mse/MSE
    close(L.binary_crossentropy(YT, YP), [0.9162907600402832, 0.7135581970214844, 8.05904769897461])
    close(L.categorical_crossentropy(CT, CP), [0.051293306052684784, 2.3025851249694824, 0.6931471824645996])
    close(L.sparse_categorical_crossentropy(SL, CP), [0.05129344388842583, 2.3025851249694824, 0.6931471228599548])
    close(L.sparse_categorical_crossentropy(SL[:, None], CL, from_logits=True),
          [1.4076058864593506, 1.0549569129943848, 1.0986123085021973])
    close(L.MeanSquaredError()(YT, YP, sample_weight=SW[:, None]), 0.49666666984558105)


def test_invalid_reduction():
    with pytest.raises(ValueError) as e:
        L.MeanSquaredError(reduction="avg")
    text = str(e.value)
    assert text.startswith("Invalid value for argument `reduction`. Expected one of {")
    assert text.endswith("}. Received: reduction=avg") and "'sum_over_batch_size'" in text


def _gradient(loss, y_true, y_pred):
    x = tf.constant(y_pred)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loss(y_true, x)
    return tape.gradient(y, x).numpy()


def test_gradients_match_keras():
    np.testing.assert_allclose(_gradient(L.MeanSquaredError(), YT, YP),
                               [[0.2, -0.2], [0.13333334, 0.2], [0., -0.33333334]], rtol=1e-6)
    xent = [[0.030010191723704338, -0.2517572045326233, 0.22174698114395142],
            [0.19136565923690796, 0.025898527354002, -0.21726420521736145],
            [-0.2222222089767456, 0.111111119389534, 0.111111119389534]]
    np.testing.assert_allclose(_gradient(L.CategoricalCrossentropy(from_logits=True), CT, CL), xent, rtol=1e-6)
    np.testing.assert_allclose(_gradient(L.SparseCategoricalCrossentropy(from_logits=True), SL, CL), xent,
                               rtol=1e-6)


def test_probability_and_sigmoid_gradients_match_keras():
    np.testing.assert_allclose(_gradient(L.BinaryCrossentropy(from_logits=True), YT, LG),
                               [[0.1362624168395996, -0.14679951965808868], [0.0957404226064682, 0.08749653398990631],
                                [-0.0029977017547935247, -0.12184309959411621]], rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(_gradient(L.BinaryCrossentropy(), YT, YP),
                               [[0.416666716337204, -0.4166666865348816], [0.2777777910232544, 0.416666716337204],
                                [0.0, 0.0]], rtol=1e-6)


def test_the_legacy_reduction_names():
    # TensorFlow 2.21 keeps Keras's legacy tf.keras.losses.Reduction (also tf.losses.Reduction),
    # which the distributed-training guide passes as a loss's reduction.
    R = tf.keras.losses.Reduction
    assert tf.losses.Reduction is R and R.all() == ("auto", "none", "sum", "sum_over_batch_size")
    assert R.validate("sum") is None
    with pytest.raises(ValueError) as info:
        R.validate("bad")
    assert str(info.value) == "Invalid Reduction Key: bad. Expected keys are \"('auto', 'none', 'sum', 'sum_over_batch_size')\""
    loss = tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction=R.NONE)
    np.testing.assert_allclose(loss([[1.0], [0.0]], [[0.5], [-0.5]]).numpy(), [0.474077, 0.474077], rtol=1e-6)
