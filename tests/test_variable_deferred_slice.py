"""`v[key]` in eager code that nothing observes reads the variable at once but copies the slice
only when it is used as a tensor, so `v[1].assign(5.)` copies nothing (issue 25's row): the
slice must still be the value from when it was taken, whatever happens to the variable after,
with TensorFlow's dtype, shape, device, printing and errors. Expected values and texts are what
TensorFlow 2.21 printed for the same programs (tensorflow's `v[1]` is an EagerTensor with an
`assign` closure; varrt's a VariableSlice)."""
import numpy as np
import pytest

import varrt as tf


def allocs():
    return tf.experimental.memory_stats()["num_allocs"]


def test_assigning_through_a_slice_nobody_keeps_copies_nothing():
    v = tf.Variable(np.zeros((3, 5), np.float32))
    v[0].assign(1.0)  # the first update copies the initial value's buffer
    n = allocs()
    for i in range(3):
        v[i].assign(float(i + 2))
        v[i, 1:4].assign(np.float32(7.0))
    assert allocs() == n
    assert v.numpy().tolist() == [[2.0, 7.0, 7.0, 7.0, 2.0], [3.0, 7.0, 7.0, 7.0, 3.0], [4.0, 7.0, 7.0, 7.0, 4.0]]


def test_a_kept_slice_is_the_value_from_when_it_was_taken():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    s = v[1]
    t = v[2]
    r = s.assign(5.0)  # kept by `s`: it still shows the value before its own assign
    v[2].assign(7.0)
    v.assign([9.0, 9.0, 9.0, 9.0])
    assert repr(s) == "<tf.Tensor: shape=(), dtype=float32, numpy=2.0>"
    assert str(t) == "tf.Tensor(3.0, shape=(), dtype=float32)"
    assert repr(r) == ("<tf.Variable 'UnreadVariable' shape=(4,) dtype=float32, "
                       "numpy=array([9., 9., 9., 9.], dtype=float32)>")


def test_a_slice_used_later_has_the_tensors_dtype_shape_and_device():
    m = tf.Variable(np.arange(12, dtype=np.int64).reshape(3, 4))
    row, col, block = m[1], m[:, 2], m[-1, ::-2]
    m.assign_add(np.full((3, 4), 100, np.int64))
    assert (row.dtype, row.shape, col.shape, block.shape) == (tf.int64, (4,), (3,), (2,))
    assert row.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert row.numpy().tolist() == [4, 5, 6, 7] and col.numpy().tolist() == [2, 6, 10]
    assert block.numpy().tolist() == [11, 9]
    assert (row + 1).numpy().tolist() == [5, 6, 7, 8]
    assert np.asarray(col).tolist() == [2, 6, 10]


def test_a_slice_taken_before_a_tape_is_a_constant_to_it_and_watchable():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    before = v[1]
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(before)
        y = tf.reduce_sum(before * v[0] * 3.0)
    assert tape.gradient(y, before).numpy().tolist() == [3.0, 6.0]
    assert tape.gradient(y, v).numpy().tolist() == [[9.0, 12.0], [0.0, 0.0]]


def test_a_large_variables_slice_is_copied_at_once_so_keeping_it_does_not_copy_the_variable():
    big = tf.Variable(np.zeros((1024, 32), np.float32))  # 128 KiB: above the deferred reads' limit
    big[0].assign(1.0)
    n = allocs()
    row = big[5]
    assert allocs() == n + 1  # the row, copied now
    big[5].assign(2.0)
    assert allocs() == n + 2  # big[5]'s row, and nothing more: `row` does not hold the variable's buffer
    assert row.numpy().tolist() == [0.0] * 32 and big.numpy()[5].tolist() == [2.0] * 32
    small = tf.Variable(np.zeros((4, 4), np.float32))
    small[0].assign(1.0)
    n = allocs()
    kept = small[2]
    small[3].assign(5.0)
    assert allocs() == n + 1  # the small variable's copy, spared for `kept`
    assert kept.numpy().tolist() == [0.0] * 4 and small.numpy()[3].tolist() == [5.0] * 4


def test_bad_keys_still_fail_when_the_slice_is_taken():
    v = tf.Variable([1.0, 2.0, 3.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"slice index 3 of dimension 0 out of bounds\. \[Op:StridedSlice\] name: strided_slice/$"):
        v[3]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Index out of range using input dim 1"):
        v[0, 0]
    assert v.numpy().tolist() == [1.0, 2.0, 3.0]


def test_python_floats_round_as_tensorflow_converts_them():
    v = tf.Variable([1.0, 2.0, 3.0])
    w = tf.Variable([1.0, 2.0], dtype=tf.float64)
    for x, want in ((0.1, np.float32(0.1)), (1e39, np.float32(np.inf)), (3.4028235677973366e38, np.float32(np.inf)),
                    (-1e-46, np.float32(-0.0))):
        got = v[1].assign(x).numpy()[1]
        assert got == want and np.signbit(got) == np.signbit(want)
    assert np.isnan(v[0].assign(float("nan")).numpy()[0])
    assert w[0].assign(0.1).numpy()[0] == 0.1
    with pytest.raises(TypeError, match=r"^Cannot convert 2\.5 to EagerTensor of dtype int32$"):
        tf.Variable([1, 2])[0].assign(2.5)


def test_read_value_is_a_tensor_of_the_current_value():
    v = tf.Variable([1.0, 2.0])
    r = v.read_value()
    v.assign([3.0, 4.0])
    assert type(r) is tf.Tensor and r.numpy().tolist() == [1.0, 2.0]
    assert "Reads the current value of the variable." in tf.Variable.read_value.__doc__

    @tf.function
    def f():
        return v.read_value() * 2.0

    assert f().numpy().tolist() == [6.0, 8.0]
