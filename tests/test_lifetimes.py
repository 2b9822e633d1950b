"""Lifetimes: values read outlive their variable, destroyed handles fail cleanly, create/destroy
cycles leak nothing, and the interpreter exits cleanly whatever is still alive."""
import copy
import gc
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import varrt as tf


@pytest.fixture(autouse=True)
def _collect_garbage():
    """Variables held by exception tracebacks (reference cycles) go at the end of each test, not
    during a later test that counts placement-log lines."""
    yield
    gc.collect()


def in_use():
    return tf.experimental.memory_stats()["bytes_in_use"]


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# --- values outlive their variable ----------------------------------------------------------

def test_views_and_read_tensors_outlive_their_variable():
    gc.collect()  # garbage of earlier tests (a cycle through a saved exception) must not be freed mid-test
    start = in_use()
    v = tf.Variable(np.arange(1000, dtype=np.float32))
    view = np.asarray(v)
    value_view = np.asarray(v.value())
    tensor = v.read_value()
    copy_ = v.numpy()
    del v
    gc.collect()
    expected = np.arange(1000, dtype=np.float32)
    for a in (view, value_view, tensor.numpy(), np.asarray(tensor), copy_):
        assert np.array_equal(a, expected)
    assert not view.flags.writeable
    assert in_use() > start  # the buffer lives on for the views
    del view, value_view, tensor
    gc.collect()
    assert in_use() == start


def test_views_survive_destroy_and_updates():
    v = tf.Variable([1.0, 2.0, 3.0])
    view = np.asarray(v)
    t = v.read_value()
    v.assign_add([1.0, 1.0, 1.0])
    after_update = np.asarray(v)
    v._destroy()
    assert view.tolist() == [1.0, 2.0, 3.0]
    assert t.numpy().tolist() == [1.0, 2.0, 3.0]
    assert after_update.tolist() == [2.0, 3.0, 4.0]


def test_views_of_a_view_and_slices_keep_the_buffer():
    start = in_use()
    v = tf.Variable(np.arange(64, dtype=np.int64).reshape(8, 8))
    part = np.asarray(v)[2:4, ::2]  # a NumPy view of the varrt view
    del v
    gc.collect()
    assert part.tolist() == [[16, 18, 20, 22], [24, 26, 28, 30]]
    del part
    gc.collect()
    assert in_use() == start


def test_unread_variable_results_outlive_the_variable():
    v = tf.Variable([1, 2])
    unread = v.assign_add([1, 1])
    del v
    gc.collect()
    assert unread.numpy().tolist() == [2, 3]  # shares the handle: the variable lives on
    unread.assign_add([1, 1])
    assert unread.numpy().tolist() == [3, 4]


# --- destroyed handles ------------------------------------------------------------------------

DESTROYED_OPS = {
    "read_value": lambda v: v.read_value(),
    "value": lambda v: v.value(),
    "numpy": lambda v: v.numpy(),
    "assign": lambda v: v.assign([1.0, 2.0]),
    "assign_add": lambda v: v.assign_add([1.0, 2.0]),
    "assign_sub": lambda v: v.assign_sub([1.0, 2.0]),
    "assign_read_value_false": lambda v: v.assign([1.0, 2.0], read_value=False),
    "asarray": lambda v: np.asarray(v),
    "bool": lambda v: bool(v),
    "float": lambda v: float(v),
    "iter": lambda v: list(v),
    "format": lambda v: f"{v}",
    "add": lambda v: v + 1,
    "convert_to_tensor": lambda v: tf.convert_to_tensor(v),
    "Variable(v)": lambda v: tf.Variable(v),
    "deepcopy": lambda v: copy.deepcopy(v),
    "_read": lambda v: v._read(),
    "_view": lambda v: v._view(),
}


@pytest.mark.parametrize("op", DESTROYED_OPS)
def test_destroyed_handle_fails_cleanly(op):
    v = tf.Variable([5.0, 6.0])
    v._destroy()
    with pytest.raises(tf.errors.FailedPreconditionError, match="Could not find variable _AnonymousVar.*has been deleted"):
        DESTROYED_OPS[op](v)


def test_destroyed_handle_metadata_and_repr():
    v = tf.Variable([5.0, 6.0], name="gone")
    v._destroy()
    v._destroy()  # twice is harmless
    assert not bool(v.is_initialized())
    assert v.shape == [2] and v.dtype == tf.float32 and v.name == "gone:0"
    # repr never raises (it runs in tracebacks and debuggers), as TensorFlow's does not.
    assert repr(v) == "<tf.Variable 'gone:0' shape=(2,) dtype=float32, numpy=<unavailable>>"
    assert str(v) == repr(v)


def test_destroyed_variable_frees_its_memory_at_once():
    start = in_use()
    v = tf.Variable(np.zeros(4096, np.float32))
    assert in_use() > start
    v._destroy()
    assert in_use() == start  # while the Python object still exists


# --- create/destroy cycles --------------------------------------------------------------------

def _cycle(i, d):
    v = tf.Variable(d, name="cycle")
    v.assign_add(d)
    r = v.read_value()
    view = np.asarray(v)
    v.assign_sub(d)  # copies: r and view hold the buffer
    u = v.assign(d)
    assert r.numpy()[0] == 2 * d[0] and view[0] == 2 * d[0] and u.numpy()[0] == d[0]
    if i % 3 == 0:
        v._destroy()


def test_create_destroy_cycles_leave_counters_and_rss_flat():
    cycles = 20_000
    d = np.ones(32, np.float32)
    for i in range(2000):  # warm: allocator pools, interned names, caches
        _cycle(i, d)
    gc.collect()
    start_bytes, start_resources, start_rss = in_use(), tf._C.num_named_resources(), rss_bytes()
    allocs_before = tf.experimental.memory_stats()["num_allocs"]
    for i in range(cycles):
        _cycle(i, d)
    gc.collect()
    assert in_use() == start_bytes
    assert tf._C.num_named_resources() == start_resources
    assert tf.experimental.memory_stats()["num_allocs"] > allocs_before + cycles  # the cycles really allocated
    growth = rss_bytes() - start_rss
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):  # ASan's quarantine holds freed memory
        assert growth < 4 << 20, f"RSS grew by {growth} bytes over {cycles} cycles"


def test_failed_creations_leak_nothing():
    start = in_use()
    for _ in range(2000):
        for bad in ([[1, 2], [3]], object(), "a"):
            with pytest.raises((ValueError, TypeError)):
                tf.Variable(bad, dtype=tf.float32)
        with pytest.raises(ValueError):
            tf.Variable([1.0, 2.0], shape=[3])
        v = tf.Variable([1.0, 2.0])
        with pytest.raises(ValueError):
            v.assign([1.0, 2.0, 3.0])
        with pytest.raises(tf.errors.InvalidArgumentError):
            v.assign_add([1.0])
        del v
    gc.collect()
    assert in_use() == start


# --- interpreter shutdown ---------------------------------------------------------------------

PRELUDE = """
import atexit, io, sys, threading
import numpy as np
import varrt as tf
tf.debugging.set_log_device_placement(True)
vs = [tf.Variable(np.arange(10.0)) for _ in range(5)]
views = [np.asarray(v) for v in vs]
tensors = [v.read_value() for v in vs]
unread = vs[0].assign_add(np.ones(10))
big = tf.Variable(np.zeros(1 << 20, np.float32))  # 4 MB: updates run without the GIL
"""

SHUTDOWN_CASES = {
    "plain": "",
    "stderr_closed": "sys.stderr.close()",
    "stderr_replaced": "sys.stderr = io.StringIO()",
    "stderr_none": "sys.stderr = None",
    "stderr_raises": """
        class Raises:
            def write(self, s): raise RuntimeError("boom")
            def flush(self): pass
        sys.stderr = Raises()
        vs[1].assign_add(np.ones(10))
    """,
    "stderr_runs_ops": """
        class Reentrant:  # its write() runs ops, which log, which write...
            def write(self, s):
                vs[2].assign_add(np.ones(10))
                return len(s)
            def flush(self): pass
        sys.stderr = Reentrant()
        vs[1].assign_add(np.ones(10))
        assert vs[2].numpy()[0] > 0
    """,
    "daemon_threads_updating": """
        tf.debugging.set_log_device_placement(False)  # most of the threads' time in kernels, GIL released
        d = np.ones(1 << 20, np.float32)
        done = [0]
        def loop():
            while True:
                big.assign_add(d, read_value=False)  # the GIL is taken back at exit mid-update
                vs[3].assign_add(np.ones(10), read_value=False)
                np.asarray(big)
                done[0] += 1
        for _ in range(2):
            threading.Thread(target=loop, daemon=True).start()
        import time
        while done[0] < 10:  # exit while the threads are busy in updates
            time.sleep(0.001)
    """,
    "atexit_and_cycles": """
        atexit.register(lambda: big.assign_add(np.ones(1 << 20, np.float32)))
        class Cycle:
            def __init__(self):
                self.me = self
                self.v = tf.Variable([1.0])
                self.view = np.asarray(self.v)
            def __del__(self):
                self.v.assign_add([1.0])
        c = Cycle()
        del c
        sys.stderr.close()
    """,
    "destroyed_and_module_globals": """
        vs[4]._destroy()
        sys.modules["__main__"].keep = (views, tensors, unread)
        tf.debugging.set_log_device_placement(True)
    """,
}


@pytest.mark.parametrize("case", SHUTDOWN_CASES)
def test_interpreter_exit_with_live_state_does_not_crash(case, tmp_path):
    script = tmp_path / "exit.py"
    script.write_text(PRELUDE + textwrap.dedent(SHUTDOWN_CASES[case]))
    for _ in range(3 if case == "daemon_threads_updating" else 1):  # a race: try a few exits
        result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                                cwd=str(tmp_path))
        assert result.returncode == 0, result.stderr[-3000:]
        assert "terminate called" not in result.stderr and "Fatal Python error" not in result.stderr
        assert "Traceback" not in result.stderr, result.stderr[-3000:]
