"""The update after a snapshot: copy-on-write fused with the dense optimizer kernels.

A variable whose buffer someone holds (a background checkpoint's snapshot, a read) gets new
memory on its next update; the fused optimizer ops copy the old values into it piece by
piece just before updating each piece. The results must be bit-identical to the update in
place, for every dense optimizer, every slot, sizes that are not multiples of a piece or of
the 8-element packets, and the holder must keep the old value.
"""
import numpy as np
import pytest

import varrt as tf

N = 3 * 4096 + 1003  # three 16 KB pieces of float32 and a ragged tail (not a multiple of 8)


def _optimizers():
    return {
        "keras SGD": lambda: tf.keras.optimizers.SGD(0.1),
        "keras SGD momentum": lambda: tf.keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True),
        "keras Adam": lambda: tf.keras.optimizers.Adam(0.01),
        "keras Adam amsgrad": lambda: tf.keras.optimizers.Adam(0.01, amsgrad=True),
        "keras Adagrad": lambda: tf.keras.optimizers.Adagrad(0.1),
        "keras RMSprop centered": lambda: tf.keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True),
        "v1 GradientDescent": lambda: tf.compat.v1.train.GradientDescentOptimizer(0.1),
        "v1 Momentum": lambda: tf.compat.v1.train.MomentumOptimizer(0.1, 0.9),
        "v1 Adam": lambda: tf.compat.v1.train.AdamOptimizer(0.01),
        "v1 Adagrad": lambda: tf.compat.v1.train.AdagradOptimizer(0.1),
        "v1 RMSProp centered": lambda: tf.compat.v1.train.RMSPropOptimizer(0.01, momentum=0.5, centered=True),
    }


def _slot_variables(opt, var):
    if hasattr(opt, "get_slot_names"):  # TensorFlow 1's optimizers
        return [opt.get_slot(var, name) for name in opt.get_slot_names()]
    return [v for v in opt.variables if v.shape == var.shape]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", list(_optimizers()))
def test_update_after_a_snapshot_is_bit_identical_and_keeps_the_snapshot(name, dtype):
    rng = np.random.default_rng(7)
    init = rng.standard_normal(N).astype(dtype)
    grads = [rng.standard_normal(N).astype(dtype) for _ in range(3)]
    results = []
    for hold in (False, True):
        var = tf.Variable(init)
        opt = _optimizers()[name]()
        held = []
        for g in grads:
            if hold:  # a holder of every buffer the step writes: variable and slots
                held = [(v, v.read_value()) for v in [var] + _slot_variables(opt, var)]
                before = [t.numpy().copy() for _, t in held]
            opt.apply_gradients([(tf.constant(g), var)])
            for (_, t), old in zip(held, before if hold else []):
                np.testing.assert_array_equal(t.numpy(), old)  # the snapshot kept its value
        results.append([var.numpy()] + [s.numpy() for s in _slot_variables(opt, var)])
    in_place, after_snapshot = results
    assert len(in_place) == len(after_snapshot) >= 1
    for a, b in zip(in_place, after_snapshot):
        assert a.tobytes() == b.tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.float16])
@pytest.mark.parametrize("op", ["assign_add", "assign_sub"])
def test_assign_add_and_sub_after_a_snapshot_write_new_memory_exactly(dtype, op):
    # Large float32/float64 results go out with streaming stores (the new buffer is not read
    # first); every dtype must give NumPy's result, with an unaligned delta and a ragged end.
    n = (1 << 19) + 3
    rng = np.random.default_rng(3)
    init = (rng.standard_normal(n) * 100).astype(dtype)
    storage = (rng.standard_normal(n + 1) * 100).astype(dtype)
    delta = storage[1:]  # one element in: not aligned to 16 bytes
    var = tf.Variable(init)
    held = var.read_value()
    getattr(var, op)(delta)
    expected = init + delta if op == "assign_add" else init - delta
    assert var.numpy().tobytes() == expected.astype(dtype).tobytes()
    assert held.numpy().tobytes() == init.tobytes()
