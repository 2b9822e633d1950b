"""Initializers: Keras's classes (fan rules, statistics, orthogonality, identity, configs)
and TensorFlow's own tf.*_initializer functions."""
import math
import random

import numpy as np
import pytest

import varrt as tf
from varrt.initializers import compute_fans

K = tf.keras.initializers
TRUNC = 0.87962566103423978


@pytest.mark.parametrize("shape, fans", [((), (1, 1)), ((7,), (7, 7)), ((3, 5), (3, 5)),
                                         ((2, 3, 4, 5), (2 * 3 * 4, 2 * 3 * 5)), ((3, 3, 16, 32), (144, 288))])
def test_fans(shape, fans):
    assert compute_fans(shape) == fans


def test_fans_with_axes():
    assert compute_fans((2, 3, 4), input_axes=[0, 1], output_axes=[2]) == (6, 4)


def test_namespaces():
    assert tf.keras.initializers.GlorotUniform is tf.initializers.GlorotUniform
    assert K.glorot_uniform is K.GlorotUniform and K.he_normal is K.HeNormal and K.zeros is K.Zeros
    assert K.OrthogonalInitializer is K.Orthogonal and K.IdentityInitializer is K.Identity
    assert tf.zeros_initializer is K.Zeros and tf.ones_initializer is K.Ones


@pytest.mark.parametrize("cls, scale, mode", [(K.GlorotUniform, 1.0, "fan_avg"), (K.HeUniform, 2.0, "fan_in"),
                                              (K.LecunUniform, 1.0, "fan_in")])
def test_uniform_variance_scaling_limits(cls, scale, mode):
    shape = (300, 200)
    fan_in, fan_out = shape
    n = {"fan_in": fan_in, "fan_avg": (fan_in + fan_out) / 2}[mode]
    limit = math.sqrt(3.0 * scale / n)
    a = cls(seed=1)(shape).numpy()
    assert a.dtype == np.float32 and a.shape == shape
    assert a.min() >= -limit and a.max() <= limit
    assert a.max() > 0.95 * limit and a.min() < -0.95 * limit
    assert abs(a.std() - limit / math.sqrt(3)) < 0.02 * limit


@pytest.mark.parametrize("cls, scale, mode", [(K.GlorotNormal, 1.0, "fan_avg"), (K.HeNormal, 2.0, "fan_in"),
                                              (K.LecunNormal, 1.0, "fan_in")])
def test_truncated_normal_variance_scaling(cls, scale, mode):
    shape = (3, 3, 40, 60)  # receptive field 9
    fan_in, fan_out = 9 * 40, 9 * 60
    n = {"fan_in": fan_in, "fan_avg": (fan_in + fan_out) / 2}[mode]
    stddev = math.sqrt(scale / n)  # after truncation, thanks to the 0.8796 correction
    a = cls(seed=2)(shape).numpy()
    assert np.abs(a).max() <= 2 * stddev / TRUNC + 1e-7
    assert abs(a.std() - stddev) < 0.02 * stddev
    assert abs(a.mean()) < 0.02 * stddev


def test_variance_scaling_untruncated_and_modes():
    a = K.VarianceScaling(scale=2.0, mode="fan_out", distribution="untruncated_normal", seed=3)((100, 400)).numpy()
    assert abs(a.std() - math.sqrt(2.0 / 400)) < 0.02 * math.sqrt(2.0 / 400)
    assert np.abs(a).max() > 2 * math.sqrt(2.0 / 400)  # not truncated
    assert K.VarianceScaling(distribution="normal").distribution == "truncated_normal"
    with pytest.raises(ValueError, match="Argument `scale` must be positive float. Received: scale=-1"):
        K.VarianceScaling(scale=-1)
    with pytest.raises(ValueError, match="Invalid `mode` argument: x"):
        K.VarianceScaling(mode="x")
    with pytest.raises(ValueError, match="Invalid `distribution` argument: x"):
        K.VarianceScaling(distribution="x")


def test_scalar_shape_uses_fan_one():
    a = K.GlorotUniform(seed=1)(())
    assert a.shape == tf.TensorShape([]) and abs(float(a)) <= math.sqrt(3.0)


def test_random_normal_uniform_truncated_statistics():
    n = K.RandomNormal(mean=1.0, stddev=2.0, seed=1)((100_000,)).numpy()
    assert abs(n.mean() - 1.0) < 0.03 and abs(n.std() - 2.0) < 0.03
    u = K.RandomUniform(minval=-1.0, maxval=3.0, seed=1)((100_000,)).numpy()
    assert u.min() >= -1.0 and u.max() < 3.0 and abs(u.mean() - 1.0) < 0.02
    t = K.TruncatedNormal(mean=0.0, stddev=1.0, seed=1)((100_000,)).numpy()
    assert np.abs(t).max() <= 2.0 and abs(t.std() - TRUNC) < 0.01


def test_keras_seeds_give_the_same_values_on_every_call():
    for cls in (K.RandomNormal, K.RandomUniform, K.TruncatedNormal, K.GlorotUniform, K.Orthogonal):
        init = cls(seed=4)
        np.testing.assert_array_equal(init((3, 4)).numpy(), init((3, 4)).numpy())
        np.testing.assert_array_equal(init((3, 4)).numpy(), cls(seed=4)((3, 4)).numpy())
        unseeded = cls()
        np.testing.assert_array_equal(unseeded((3, 4)).numpy(), unseeded((3, 4)).numpy())
    assert not np.array_equal(K.RandomNormal(seed=1)((8,)).numpy(), K.RandomNormal(seed=2)((8,)).numpy())


def test_unseeded_keras_initializers_take_their_seed_from_pythons_random():
    # Keras 3's make_default_seed: random.randint(1, 1e9) when made; tf.random.set_seed does not
    # reach it (checked with TensorFlow 2.21: two GlorotUniform() after set_seed(11) differ).
    random.seed(3)
    a = K.GlorotUniform()((4, 4)).numpy()
    b = K.GlorotUniform(seed=random.Random(3).randint(1, int(1e9)))((4, 4)).numpy()
    np.testing.assert_array_equal(a, b)


def test_unseeded_tf_initializers_run_the_stateful_op():
    # TensorFlow's init_ops_v2: tf.random_normal_initializer() is tf.random.normal(seed=None),
    # so it follows the global seed (values recorded with TensorFlow 2.21).
    tf.random.set_seed(4)
    got = tf.random_normal_initializer()([3]).numpy()
    tf.random.set_seed(4)
    np.testing.assert_array_equal(got, tf.random.normal([3], stddev=0.05).numpy())
    np.testing.assert_allclose(got, [-0.00383826, -0.01041301, 0.09666681], rtol=1e-6)
    tf.random.set_seed(None)


def test_bad_seed():
    with pytest.raises(ValueError, match="`seed` argument should be an instance"):
        K.RandomNormal(seed="x")


@pytest.mark.parametrize("shape", [(5, 5), (3, 7), (7, 3), (2, 3, 8)])
def test_orthogonal(shape):
    a = K.Orthogonal(gain=2.0, seed=5)(shape).numpy().astype(np.float64)
    assert a.shape == shape
    m = a.reshape(-1, shape[-1]) / 2.0
    rows, cols = m.shape
    gram = m @ m.T if rows < cols else m.T @ m
    np.testing.assert_allclose(gram, np.eye(min(rows, cols)), atol=1e-5)


def test_orthogonal_rank_one_rejected():
    with pytest.raises(ValueError, match="The tensor to initialize must be at least two-dimensional"):
        K.Orthogonal()((3,))


def test_identity():
    np.testing.assert_array_equal(K.Identity(gain=2.0)((2, 3)).numpy(), [[2, 0, 0], [0, 2, 0]])
    assert K.Identity()((3, 3), dtype=tf.float64).dtype == tf.float64
    with pytest.raises(ValueError, match="Identity matrix initializer can only be used for 2D matrices"):
        K.Identity()((2, 3, 3))
    with pytest.raises(TypeError, match="Cannot convert 1.0 to EagerTensor of dtype int32"):
        K.Identity()((2, 2), dtype=tf.int32)


def test_constants():
    np.testing.assert_array_equal(K.Zeros()((2, 2)).numpy(), np.zeros((2, 2), np.float32))
    assert K.Ones()((2,), dtype="int32").dtype == tf.int32
    assert K.Zeros()((2,), dtype="bool").numpy().tolist() == [False, False]
    np.testing.assert_array_equal(K.Constant(3)((2,)).numpy(), [3.0, 3.0])
    assert K.Constant(2.5)((2,), dtype=tf.int32).numpy().tolist() == [2, 2]
    assert K.Zeros()(tf.TensorShape([2])).shape == tf.TensorShape([2])
    with pytest.raises(ValueError, match="Argument `dtype` expected to be numeric or boolean"):
        tf.zeros_initializer()([2], dtype=tf.string)
    with pytest.raises(ValueError, match="unsupported type"):
        K.Zeros()((None, 2))


def test_random_keras_initializers_reject_integer_dtypes():
    with pytest.raises(TypeError, match="Cannot convert 0.0 to EagerTensor of dtype int32"):
        K.RandomNormal()((2,), dtype="int32")
    with pytest.raises(TypeError, match="Cannot convert 0.0 to EagerTensor of dtype int32"):
        K.GlorotNormal()((2,), dtype="int32")


def test_dtypes():
    assert K.GlorotUniform(seed=1)((2, 3), dtype="float64").dtype == tf.float64
    assert K.RandomNormal(seed=1)((2,), dtype=tf.float16).dtype == tf.float16


def test_configs_and_round_trip():
    assert K.GlorotUniform().get_config() == {"seed": None, "input_axes": None, "output_axes": None}
    assert K.Orthogonal().get_config() == {"seed": None, "gain": 1.0}
    assert K.Identity().get_config() == {}
    assert K.Constant().get_config() == {"value": 0.0}
    assert K.RandomNormal().get_config() == {"seed": None, "mean": 0.0, "stddev": 0.05}
    assert K.RandomUniform().get_config() == {"seed": None, "minval": -0.05, "maxval": 0.05}
    assert K.VarianceScaling(2.0, "fan_out", "uniform", seed=4).get_config() == {
        "seed": 4, "scale": 2.0, "mode": "fan_out", "distribution": "uniform", "input_axes": None,
        "output_axes": None}
    init = K.RandomNormal(mean=1.0, stddev=2.0, seed=5)
    clone = K.RandomNormal.from_config(init.get_config())
    np.testing.assert_array_equal(clone((4,)).numpy(), init((4,)).numpy())
    np.testing.assert_array_equal(init.clone()((4,)).numpy(), init((4,)).numpy())


def test_get_serialize_deserialize():
    assert isinstance(K.get("glorot_uniform"), K.GlorotUniform)
    assert isinstance(K.get("GlorotUniform"), K.GlorotUniform)
    assert isinstance(K.get(K.Zeros), K.Zeros)
    assert K.get(None) is None
    f = lambda shape, dtype=None: tf.zeros(shape)  # noqa: E731
    assert K.get(f) is f
    with pytest.raises(ValueError, match="Could not interpret initializer identifier: nope"):
        K.get("nope")
    s = K.serialize(K.GlorotUniform(seed=1))
    assert s == {"module": "keras.initializers", "class_name": "GlorotUniform",
                 "config": {"seed": 1, "input_axes": None, "output_axes": None}, "registered_name": None}
    assert K.deserialize(s).get_config() == s["config"]
    assert isinstance(K.get({"class_name": "Zeros", "config": {}}), K.Zeros)


def test_tensorflow_core_initializers():
    assert tf.constant_initializer().get_config() == {"value": 0}
    assert tf.constant_initializer([1, 2])([2]).dtype == tf.int32
    assert tf.constant_initializer(2.5)([2]).numpy().tolist() == [2.5, 2.5]
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        tf.constant_initializer(2.5)([2], dtype=tf.int32)
    with pytest.raises(TypeError, match="has 2 elements, but got `shape` \\(3,\\) with 3 elements"):
        tf.constant_initializer([1, 2])([3])
    with pytest.raises(TypeError, match="Invalid type for initial value: object"):
        tf.constant_initializer(object())
    assert tf.random_normal_initializer(1.0, 2.0, 3).get_config() == {"mean": 1.0, "stddev": 2.0, "seed": 3}
    assert tf.random_uniform_initializer().get_config() == {"minval": -0.05, "maxval": 0.05, "seed": None}
    seeded = tf.random_normal_initializer(seed=1)
    np.testing.assert_array_equal(seeded([3]).numpy(), seeded([3]).numpy())
    unseeded = tf.random_normal_initializer()
    assert not np.array_equal(unseeded([8]).numpy(), unseeded([8]).numpy())
    with pytest.raises(ValueError, match="Argument `dtype` is expected to be floating point"):
        tf.random_normal_initializer()([2], dtype=tf.int32)
    ints = tf.random_uniform_initializer(0, 10, seed=1)([1000], dtype=tf.int32).numpy()
    assert ints.min() >= 0 and ints.max() < 10


def test_initializer_as_variable_initial_value():
    v = tf.Variable(K.GlorotUniform(seed=1)((3, 4)), name="kernel")
    assert v.shape == tf.TensorShape([3, 4]) and v.dtype == tf.float32
    w = tf.Variable(lambda: tf.zeros_initializer()(shape=[2]))
    assert w.numpy().tolist() == [0.0, 0.0]
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'shape'"):
        tf.Variable(tf.zeros_initializer(), shape=[2])


def test_scalar_shapes_stay_scalar():
    # TensorFlow 2.21: shape () every time (np.ascontiguousarray had made each of these (1,)).
    assert tf.constant(2.0, shape=[]).shape == () and tf.constant([3], shape=()).shape == ()
    assert tf.keras.initializers.Constant(2.0)(shape=()).shape == ()
    assert tf.constant_initializer(2.0)([]).shape == ()
    a = tf.compat.v1.get_variable("scalar_from_constant_initializer", [],
                                  initializer=tf.compat.v1.constant_initializer(2.0))
    assert a.shape == () and float(a.numpy()) == 2.0
    with tf.Graph().as_default():
        b = tf.compat.v1.get_variable("b", [], initializer=tf.compat.v1.constant_initializer(2.0))
        assert b.shape == ()
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            assert sess.run(b).shape == () and float(sess.run(b)) == 2.0


def test_orthogonal_draws_tensorflows_matrix():
    # Keras 3 on TensorFlow 2.21 (recorded): a normal draw in the initializer's dtype, its QR, Q's
    # columns signed by R's diagonal; equal up to the QR's rounding (Eigen's against LAPACK's).
    tf4 = [[-0.260564923286438, 0.8313620090484619, -0.48049983382225037, -0.1003141924738884],
           [0.4860619604587555, 0.511482834815979, 0.5211490392684937, 0.48013821244239807],
           [-0.4359966516494751, 0.2023979276418686, 0.6975562572479248, -0.5313729643821716],
           [0.7111656069755554, 0.07910439372062683, -0.10458880662918091, -0.6906859874725342]]
    tf324 = [[[0.337164044380188, -0.052509795874357224, -0.011448974721133709, 1.0925118923187256],
              [0.24711838364601135, 0.8996145129203796, 0.7887046337127686, -0.1016756147146225]],
             [[-0.7999163866043091, 0.12208595126867294, -0.808785617351532, 0.34958964586257935],
              [0.5882066488265991, -0.6552469730377197, 0.23222807049751282, 0.6025183796882629]],
             [[0.3608553409576416, 0.9934815168380737, -0.528083086013794, 0.45533743500709534],
              [0.9793789386749268, -0.08171592652797699, -0.8005487322807312, -0.5945640802383423]]]
    np.testing.assert_allclose(K.Orthogonal(seed=3)([4, 4]).numpy(), tf4, atol=1e-6)
    np.testing.assert_allclose(K.Orthogonal(seed=11, gain=1.5)([3, 2, 4]).numpy(), tf324, atol=1e-6)


def test_a_recurrent_layer_built_inside_a_function():
    # An LSTM built by its first call inside a tf.function (its orthogonal recurrent kernel drawn
    # while tracing); TensorFlow 2.21's output for the same seed.
    tf.keras.utils.set_random_seed(1)
    layer = tf.keras.layers.LSTM(4)

    @tf.function
    def f(x):
        return layer(x)

    row = [0.27544182538986206, -0.11081807315349579, 0.008104798384010792, -0.42454788088798523]
    np.testing.assert_allclose(f(tf.ones([2, 3, 5])).numpy(), [row, row], atol=1e-6)
