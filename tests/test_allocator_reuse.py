"""A training step's buffers cost no page fault after the first step: freed blocks from 64 KB up
are kept (bounded) and handed out again, as TensorFlow's BFC allocator keeps its memory; the
memory counters still count only what is in use."""
import resource

import numpy as np
import pytest

import varrt as tf


def minor_faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


@pytest.mark.parametrize("floats", [1 << 16, 100_003, 1 << 18, 3 << 18])  # 256 KB .. 3 MB, odd sizes too
def test_repeated_steps_reuse_their_buffers(floats):
    x = tf.constant(np.ones(floats, np.float32))
    for _ in range(3):  # the first steps map the buffers
        y = x * 2.0
        z = y + 1.0
        del y, z
    before = minor_faults()
    for _ in range(200):
        y = x * 2.0
        z = y + 1.0
        assert float(z[floats - 1]) == 3.0
        del y, z
    # Each step's two buffers are floats * 4 bytes: faulting them in afresh is one fault per 4 KB
    # page (about 100 to 1,500 per step here); reused, none (a few stray faults of Python's own).
    assert minor_faults() - before < 100


def test_memory_counters_count_what_is_in_use_not_what_is_cached():
    info = tf.config.experimental.get_memory_info("CPU:0")
    start = info["current"]
    x = tf.constant(np.ones(1 << 18, np.float32))  # 1 MB
    y = x * 2.0
    assert tf.config.experimental.get_memory_info("CPU:0")["current"] - start >= 2 << 20
    del x, y
    assert tf.config.experimental.get_memory_info("CPU:0")["current"] == start
