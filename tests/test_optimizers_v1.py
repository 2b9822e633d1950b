"""tf.compat.v1.train optimizers: bit-identical to TensorFlow 2.21 (recorded by
tests/fixtures/record_optimizers.py), TensorFlow's slot names, bad input changing nothing."""
import numpy as np
import pytest

import varrt as tf
from optimizer_cases import HERE, SPARSE_INDICES, assert_same_bits

REC = np.load(f"{HERE}/v1.npz")
train = tf.compat.v1.train

MAKE = {
    "gd": lambda: train.GradientDescentOptimizer(0.0123),
    "momentum": lambda: train.MomentumOptimizer(0.0123, 0.913),
    "momentum_nesterov": lambda: train.MomentumOptimizer(0.0123, 0.913, use_nesterov=True),
    "adagrad": lambda: train.AdagradOptimizer(0.0123, initial_accumulator_value=0.13),
    "rmsprop": lambda: train.RMSPropOptimizer(0.0123, decay=0.913, momentum=0.31, epsilon=1.3e-7),
    "rmsprop_centered": lambda: train.RMSPropOptimizer(0.0123, decay=0.913, momentum=0.31, epsilon=1.3e-7,
                                                       centered=True),
    "adam": lambda: train.AdamOptimizer(0.0123, beta1=0.913, beta2=0.9991, epsilon=1.3e-7),
}


def same(a, b):
    return np.asarray(a).tobytes() == np.asarray(b).tobytes()


@pytest.mark.parametrize("case", sorted(MAKE))
def test_steps_bit_identical_to_tensorflow(case):
    var = tf.Variable(REC[f"{case}/init"], name="w")
    opt = MAKE[case]()
    for step, g in enumerate(REC[f"{case}/grads"]):
        assert opt.apply_gradients([(tf.constant(g), var)]) is None
        assert_same_bits(var.numpy(), REC[f"{case}/var/{step}"], case, np.float32, step)
        for s in opt.get_slot_names():
            assert same(opt.get_slot(var, s).numpy(), REC[f"{case}/slot/{s}/{step}"]), (s, step)
    assert opt.get_slot_names() == list(REC[f"{case}/slot_names"])


@pytest.mark.parametrize("case", ["gd", "momentum", "adagrad", "adam", "rmsprop", "rmsprop_centered"])
def test_indexed_slices_with_duplicates_bit_identical(case):
    var = tf.Variable(REC[f"sparse_{case}/init"])
    opt = MAKE[case]()
    for step, g in enumerate(REC[f"sparse_{case}/grads"]):
        opt.apply_gradients([(tf.IndexedSlices(tf.constant(g), tf.constant(SPARSE_INDICES)), var)])
        assert same(var.numpy(), REC[f"sparse_{case}/var/{step}"]), step


def test_adam_beta_powers_advance_and_are_float32():
    var = tf.Variable([1.0, 2.0])
    opt = train.AdamOptimizer(0.1)
    opt.apply_gradients([(tf.constant([1.0, 1.0]), var)])
    b1, b2 = opt._get_beta_accumulators()
    assert b1.dtype == tf.float32 and b1.numpy() == np.float32(0.9) * np.float32(0.9)
    assert b2.numpy() == np.float32(0.999) * np.float32(0.999)


def test_global_step_is_incremented():
    var, step = tf.Variable([1.0]), tf.Variable(0, dtype=tf.int64)
    train.GradientDescentOptimizer(0.5).apply_gradients([(tf.constant([1.0]), var)], global_step=step)
    assert step.numpy() == 1 and var.numpy()[0] == 0.5


def test_a_bad_pair_changes_no_variable_slot_or_step():
    a, b, step = tf.Variable([1.0, 2.0]), tf.Variable([3.0]), tf.Variable(0, dtype=tf.int64)
    opt = train.AdamOptimizer(0.1)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"var and grad do not have the same shape\[1\] \[2\]"):
        opt.apply_gradients([(tf.constant([1.0, 1.0]), a), (tf.constant([1.0, 1.0]), b)], global_step=step)
    assert a.numpy().tolist() == [1.0, 2.0] and b.numpy().tolist() == [3.0] and step.numpy() == 0
    assert opt.get_slot(a, "m").numpy().tolist() == [0.0, 0.0]
    assert opt._get_beta_accumulators()[0].numpy() == np.float32(0.9)


def test_none_gradients_are_skipped_and_all_none_is_an_error():
    a, b = tf.Variable([1.0]), tf.Variable([2.0])
    opt = train.GradientDescentOptimizer(1.0)
    opt.apply_gradients([(None, a), (tf.constant([1.0]), b)])
    assert a.numpy()[0] == 1.0 and b.numpy()[0] == 1.0
    with pytest.raises(ValueError, match="No gradients provided for any variable"):
        opt.apply_gradients([(None, a)])
    with pytest.raises(ValueError, match="No variables provided."):
        opt.apply_gradients([])


def test_wrong_gradient_dtype_is_tensorflows_error():
    var = tf.Variable([1.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="input #2.zero-based. was expected to be a float tensor "
                                                             "but is a double tensor"):
        train.GradientDescentOptimizer(1.0).apply_gradients([(tf.constant([1.0], tf.float64), var)])
    assert var.numpy()[0] == 1.0


def test_compute_gradients_needs_a_callable():
    with pytest.raises(RuntimeError, match="should be a function when eager execution is enabled"):
        train.GradientDescentOptimizer(1.0).compute_gradients(tf.constant(1.0))


def test_minimize_with_a_callable_loss():
    w = tf.Variable([1.0, -2.0])
    opt = train.MomentumOptimizer(0.25, 0.5)
    assert opt.minimize(lambda: tf.reduce_sum(w * w), var_list=[w]) is None
    # grad = 2w; accum = grad; w -= 0.25 * accum
    assert w.numpy().tolist() == [0.5, -1.0]
    opt.minimize(lambda: tf.reduce_sum(w * w))  # var_list from the tape's watched variables
    # accum = 0.5 * (2, -4) + (1, -2) = (2, -4); w -= 0.25 * accum
    assert w.numpy().tolist() == [0.0, 0.0]
    grads_and_vars = opt.compute_gradients(lambda: tf.reduce_sum(w * 3.0), var_list=[w])
    assert grads_and_vars[0][1] is w and grads_and_vars[0][0].numpy().tolist() == [3.0, 3.0]
