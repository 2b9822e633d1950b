"""tf.keras.optimizers (Keras 3): bit-identical to Keras 3 under TensorFlow 2.21 (recorded by
tests/fixtures/record_optimizers.py), one fused op per update, Keras's variables and
arguments, refused arguments, bad input changing nothing."""
import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops
from optimizer_cases import HERE

REC = np.load(f"{HERE}/keras.npz")
K = tf.keras.optimizers

MAKE = {
    "sgd": lambda: K.SGD(0.0123),
    "sgd_momentum": lambda: K.SGD(0.0123, momentum=0.913),
    "sgd_nesterov": lambda: K.SGD(0.0123, momentum=0.913, nesterov=True),
    "adam": lambda: K.Adam(0.0123, beta_1=0.913, beta_2=0.9991, epsilon=1.3e-7),
    "adam_default": lambda: K.Adam(),
    "adam_amsgrad": lambda: K.Adam(0.0123, amsgrad=True),
    "adagrad": lambda: K.Adagrad(0.0123, initial_accumulator_value=0.13, epsilon=1.3e-7),
    "rmsprop": lambda: K.RMSprop(0.0123, rho=0.913, epsilon=1.3e-7),
    "rmsprop_momentum_centered": lambda: K.RMSprop(0.0123, rho=0.913, momentum=0.31, epsilon=1.3e-7, centered=True),
    "adam_schedule": lambda: K.Adam(K.schedules.ExponentialDecay(0.0123, decay_steps=2, decay_rate=0.87)),
}


def same(a, b):
    return np.asarray(a).tobytes() == np.asarray(b).tobytes()


@pytest.mark.parametrize("case", sorted(MAKE))
def test_steps_bit_identical_to_keras(case):
    var, var2 = tf.Variable(REC[f"{case}/init"]), tf.Variable(REC[f"{case}/init2"])
    opt = MAKE[case]()
    for step, (g, g2) in enumerate(zip(REC[f"{case}/grads"], REC[f"{case}/grads2"])):
        assert opt.apply_gradients([(tf.constant(g), var), (tf.constant(g2), var2)]) is opt.iterations
        assert same(var.numpy(), REC[f"{case}/var/{step}"]), step
        assert same(var2.numpy(), REC[f"{case}/var2/{step}"]), step
        assert len(opt.variables) == len(REC[f"{case}/names"])
        for i, v in enumerate(opt.variables):
            assert same(v.numpy(), REC[f"{case}/opt/{i}/{step}"]), (i, step)
    assert opt.iterations.numpy() == len(REC[f"{case}/grads"])


def test_each_update_is_one_fused_op():
    var = tf.Variable(np.ones(4, np.float32))
    opt = K.Adam(0.1)
    opt.build([var])
    g = np.ones(4, np.float32)
    _, ops = logged_ops(lambda: opt.apply([g], [var]))
    assert ops.count("KerasAdam") == 1 and "AssignAddVariableOp" in ops  # the iterations counter
    # Keras's SGD is TensorFlow's Keras momentum arithmetic, run by varrt's multi-variable KerasSGD
    # (one op for all of a step's variables, as the other Keras optimizers).
    _, ops = logged_ops(lambda: K.SGD(0.1, momentum=0.5).apply([g], [var]))
    assert ops.count("KerasSGD") == 1


def test_defaults_and_settable_learning_rate():
    opt = K.Adam()
    assert (opt.beta_1, opt.beta_2, opt.epsilon, opt.amsgrad) == (0.9, 0.999, 1e-7, False)
    assert opt.learning_rate.numpy() == np.float32(0.001) and opt.iterations.dtype == tf.int64
    opt.learning_rate = 0.5
    assert opt.learning_rate.numpy() == 0.5
    assert K.SGD().learning_rate.numpy() == np.float32(0.01)
    with pytest.raises(ValueError, match="Argument `learning_rate` should be float"):
        K.Adam(learning_rate=1)
    with pytest.raises(ValueError, match=r"Argument\(s\) not recognized: \{'foo': 1\}"):
        K.Adam(foo=1)
    sched = K.Adam(K.schedules.ExponentialDecay(0.1, 10, 0.5))
    with pytest.raises(TypeError, match="not settable"):
        sched.learning_rate = 0.2


@pytest.mark.parametrize("argument", [dict(weight_decay=0.1), dict(loss_scale_factor=2.0),
                                      dict(gradient_accumulation_steps=2)])
def test_unimplemented_arguments_are_refused(argument):
    (name, _), = argument.items()
    with pytest.raises(NotImplementedError, match=name):
        K.Adam(**argument)


def test_build_then_apply_without_variables():
    var = tf.Variable([1.0, 2.0])
    opt = K.Adam(0.1)
    opt.build([var])
    assert [v.name.split(":")[0].split("/")[-1] for v in opt.variables][:2] == ["iteration", "learning_rate"]
    assert len(opt.variables) == 4
    opt.apply([tf.constant([1.0, 1.0])])
    assert opt.iterations.numpy() == 1 and var.numpy()[0] < 1.0


def test_none_gradients_warn_and_are_skipped():
    a, b = tf.Variable([1.0]), tf.Variable([2.0])
    opt = K.SGD(1.0)
    with pytest.warns(UserWarning, match="Gradients do not exist for variables"):
        opt.apply_gradients([(None, a), (tf.constant([1.0]), b)])
    assert a.numpy()[0] == 1.0 and b.numpy()[0] == 1.0
    with pytest.raises(ValueError, match="No gradients provided for any variable."):
        opt.apply_gradients([(None, a), (None, b)])


def test_mismatched_gradient_changes_nothing():
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0, 5.0])
    opt = K.Adam(0.1)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"var and grad do not have the same shape\[3\] \[2\]"):
        opt.apply_gradients([(tf.constant([1.0, 1.0]), a), (tf.constant([1.0, 1.0]), b)])
    assert a.numpy().tolist() == [1.0, 2.0] and b.numpy().tolist() == [3.0, 4.0, 5.0]
    assert opt.iterations.numpy() == 0 and all((v.numpy() == 0).all() for v in opt.variables[2:])


def test_gradients_are_cast_to_the_variable_dtype():
    var = tf.Variable([1.0, 2.0])
    K.SGD(0.5).apply_gradients([(tf.constant([1.0, 1.0], tf.float64), var)])
    assert var.numpy().tolist() == [0.5, 1.5]


def test_clipping():
    var = tf.Variable([0.0, 0.0])
    K.SGD(1.0, clipvalue=0.5).apply_gradients([(tf.constant([2.0, -0.25]), var)])
    assert var.numpy().tolist() == [-0.5, 0.25]
    var = tf.Variable([0.0, 0.0])
    K.SGD(1.0, clipnorm=1.0).apply_gradients([(tf.constant([3.0, 4.0]), var)])
    np.testing.assert_allclose(var.numpy(), [-0.6, -0.8], rtol=1e-6)
    a, b = tf.Variable([0.0]), tf.Variable([0.0])
    K.SGD(1.0, global_clipnorm=1.0).apply_gradients([(tf.constant([3.0]), a), (tf.constant([4.0]), b)])
    np.testing.assert_allclose([a.numpy()[0], b.numpy()[0]], [-0.6, -0.8], rtol=1e-6)
    with pytest.raises(ValueError, match="Only one of `clipnorm`, `clipvalue` and `global_clipnorm`"):
        K.SGD(clipnorm=1.0, clipvalue=1.0)


def test_indexed_slices_gradients_update_their_rows():
    var = tf.Variable(np.zeros((3, 2), np.float32))
    g = tf.IndexedSlices(tf.constant(np.ones((2, 2), np.float32)), tf.constant([2, 2]))
    K.SGD(1.0).apply_gradients([(g, var)])
    assert var.numpy().tolist() == [[0, 0], [0, 0], [-2, -2]]


def test_schedules_follow_the_step():
    s = K.schedules
    decay = s.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5, staircase=True)
    assert decay(9) == np.float32(0.1) and decay(10) == np.float32(0.1) * np.float32(0.5)
    inverse = s.InverseTimeDecay(1.0, decay_steps=1, decay_rate=1.0)
    assert inverse(3) == np.float32(0.25)
    piecewise = s.PiecewiseConstantDecay([10, 20], [1.0, 0.5, 0.1])
    assert [piecewise(x) for x in (10, 11, 20, 21)] == [np.float32(1.0), np.float32(0.5), np.float32(0.5),
                                                          np.float32(0.1)]
    opt = K.SGD(decay)
    var = tf.Variable([1.0])
    opt.apply_gradients([(tf.constant([1.0]), var)])
    assert var.numpy()[0] == np.float32(1.0) - np.float32(0.1)
    assert opt.learning_rate == np.float32(0.1)


def test_a_scalar_variable_takes_a_python_number_gradient():
    # TensorFlow 2.21: 0.0 and 0.9000013 (the gradient was made 1-d, and the fused op refused it).
    v = tf.Variable(1.0)
    tf.keras.optimizers.SGD(0.5).apply_gradients([(2.0, v)])
    assert v.numpy() == np.float32(0.0)
    w = tf.Variable(1.0)
    tf.keras.optimizers.Adam(0.1).apply_gradients([(0.5, w)])
    assert w.numpy() == np.float32(0.9000013) and w.shape == ()
