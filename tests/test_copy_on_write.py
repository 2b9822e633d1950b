"""Copy-on-write, proven with the allocator counters: in place without readers, a copy with."""
import numpy as np

import varrt as tf


def allocs():
    return tf.experimental.memory_stats()["num_allocs"]


def test_update_without_reader_allocates_nothing_and_keeps_the_buffer():
    v = tf.Variable(np.zeros(1024, np.float32))
    d = np.ones(1024, np.float32)
    v.assign_add(d, read_value=False)  # first update may copy: the initial tensor's buffer
    buffer = np.asarray(v).__array_interface__["data"][0]
    n = allocs()
    for _ in range(10):
        v.assign_add(d, read_value=False)
        v.assign_sub(d, read_value=False)
        v.assign(d, read_value=False)
    assert allocs() == n
    assert np.asarray(v).__array_interface__["data"][0] == buffer
    assert v.numpy()[0] == 1.0


def test_update_with_read_tensor_copies_and_reader_keeps_value():
    v = tf.Variable([1.0, 2.0])
    v.assign_add([0.0, 0.0], read_value=False)
    t = v.read_value()
    n = allocs()
    v.assign_add(np.array([10.0, 10.0], np.float32), read_value=False)
    assert allocs() == n + 1
    assert t.numpy().tolist() == [1.0, 2.0]
    assert v.numpy().tolist() == [11.0, 12.0]


def test_update_with_numpy_view_copies_and_view_keeps_value():
    v = tf.Variable(np.arange(8, dtype=np.int64))
    view = np.asarray(v)
    n = allocs()
    v.assign(np.zeros(8, np.int64), read_value=False)
    assert allocs() == n + 1
    assert view.tolist() == list(range(8))
    del view
    n = allocs()
    v.assign(np.ones(8, np.int64), read_value=False)
    assert allocs() == n


def test_variable_from_tensor_shares_until_first_update():
    t = tf.constant([1, 2, 3])
    n = allocs()
    v = tf.Variable(t)
    assert allocs() == n  # shares the constant's buffer
    v.assign_add([1, 1, 1])
    assert t.numpy().tolist() == [1, 2, 3]
    assert v.numpy().tolist() == [2, 3, 4]


def test_peak_and_bytes_in_use_are_reported():
    stats = tf.experimental.memory_stats()
    assert {"bytes_in_use", "peak_bytes_in_use", "num_allocs", "largest_alloc_size", "bytes_limit"} <= set(stats)
    assert stats["peak_bytes_in_use"] >= stats["bytes_in_use"] >= 0
