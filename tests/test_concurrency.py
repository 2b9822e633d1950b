"""Variables under threads: no lost update, no torn read, and large kernels release the GIL.

Each check can fail: a lost update shows as a final value below the exact expected sum, a torn
read as a vector whose elements differ (writers only ever store vectors of one repeated value)
or as a value no writer stored, a GIL held during a large update as a counter thread that
made no progress while the update ran.
"""
import sys
import threading
import time

import numpy as np
import pytest

import varrt as tf

from thread_helpers import run_threads

THREADS = 8
UPDATES = 2000  # per thread; 8 x 2000 = 16000 updates on one variable per case
BIG = 1 << 15  # elements; float64 -> 256 KB per update, past the size that releases the GIL


@pytest.fixture(autouse=True)
def _fast_thread_switches():
    """Switch threads every 50 us instead of 5 ms, so the threads really interleave."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(5e-5)
    yield
    sys.setswitchinterval(old)


# --- no lost update ----------------------------------------------------------------------

@pytest.mark.parametrize("dtype, delta", [(np.int32, 1), (np.int64, 3), (np.float32, 0.5), (np.float64, 0.25),
                                          (np.uint8, 1), (np.complex64, 1 + 1j)])
def test_concurrent_assign_add_loses_no_update(dtype, delta):
    v = tf.Variable(np.zeros(4, dtype))
    d = np.full(4, delta, dtype)

    def work(i):
        for _ in range(UPDATES):
            v.assign_add(d, read_value=False)

    run_threads(work, THREADS)
    expected = np.full(4, delta * THREADS * UPDATES).astype(dtype)  # exact sums; uint8 wraps as the kernel does
    assert np.array_equal(v.numpy(), expected), (v.numpy(), expected)


def test_concurrent_updates_through_every_python_path_lose_nothing():
    """Python ints, lists, ndarrays, Tensors and assign_sub, from threads, on a scalar."""
    v = tf.Variable(0, dtype=tf.int64)
    one = tf.constant(1, dtype=tf.int64)
    paths = [lambda: v.assign_add(1), lambda: v.assign_add(np.int64(1), read_value=False),
             lambda: v.assign_add(one, read_value=False), lambda: v.assign_sub(-1),
             lambda: v.assign_add(np.array(1, np.int32)),  # cast by the converter
             lambda: v.assign_add(np.array(1, np.int64), read_value=False)]  # borrowed as is

    def work(i):
        update = paths[i % len(paths)]
        for _ in range(UPDATES):
            update()

    run_threads(work, 12)
    assert v.numpy() == 12 * UPDATES


def test_concurrent_large_updates_release_the_gil_and_lose_nothing():
    v = tf.Variable(np.zeros(BIG, np.float64))
    ones = np.ones(BIG)

    def work(i):
        for _ in range(100):
            if i % 2:
                v.assign_add(ones, read_value=False)
            else:
                v.assign_sub(-ones, read_value=False)

    run_threads(work, 4)
    value = v.numpy()
    assert value[0] == 400.0 and np.all(value == value[0])


def test_concurrent_adds_while_readers_pin_the_buffer():
    """Readers holding views force every update through the copy-on-write path."""
    v = tf.Variable(np.zeros(64, np.int64))
    d = np.ones(64, np.int64)
    held = []

    def work(i):
        for k in range(UPDATES // 4):
            if i == 0:
                held.append(np.asarray(v))  # pins the current buffer
                if len(held) > 8:
                    held.pop(0)
            else:
                v.assign_add(d, read_value=False)

    run_threads(work, 5)
    assert np.array_equal(v.numpy(), np.full(64, 4 * (UPDATES // 4)))
    for view in held:  # every view still holds one consistent old state
        assert np.all(view == view[0])


# --- readers only see committed states --------------------------------------------------

READS = {
    "numpy": lambda v: v.numpy(),
    "read_value": lambda v: v.read_value().numpy(),
    "value_view": lambda v: np.asarray(v.value()),
    "asarray": lambda v: np.asarray(v),
    "array_copy": lambda v: np.array(v),
    "convert": lambda v: tf.convert_to_tensor(v).numpy(),
    "arith": lambda v: (v + 0).numpy(),
}


@pytest.mark.parametrize("size", [8, BIG], ids=["small", "large"])
def test_readers_beside_writers_see_only_committed_states(size):
    """Writer k stores vectors filled with k * 10**6 + i (i counting up); a read must be one
    such vector (or the initial zeros): all elements equal, a value some writer stored, and,
    per writer, never older than a value the same reader saw before."""
    v = tf.Variable(np.zeros(size, np.int64))
    writers, reads_each = 2, 300
    stop = threading.Event()
    seen = [0] * len(READS)  # one count per reader: `+= 1` on a shared one can lose updates

    def writer(k):
        i = 0
        while not stop.is_set():
            v.assign(np.full(size, k * 10**6 + i, np.int64), read_value=False)
            i += 1

    def reader(r):
        read = list(READS.values())[r % len(READS)]
        latest = {}
        for _ in range(reads_each):
            a = read(v)
            first = int(a[0])
            assert np.all(a == first), "torn read"
            k, i = divmod(first, 10**6)
            assert first == 0 or 1 <= k <= writers, first
            if first:
                assert i >= latest.get(k, 0), "went back in time"
                latest[k] = i
            seen[r] += 1

    def body(n):
        if n < writers:
            writer(n + 1)
        else:
            try:
                reader(n - writers)
            finally:
                if n == writers:  # the first reader ends the writers when it is done
                    stop.set()

    run_threads(body, writers + len(READS))
    assert seen == [reads_each] * len(READS)


def test_readers_beside_adders_see_monotone_uniform_states():
    """Adders add vectors of ones: every committed state is uniform and states only grow."""
    v = tf.Variable(np.zeros(BIG, np.float32))
    ones = np.ones(BIG, np.float32)
    adds = 200

    def work(i):
        if i < 2:
            for _ in range(adds):
                v.assign_add(ones, read_value=False)
            return
        last = -1.0
        for _ in range(150):
            a = np.asarray(v) if i % 2 else v.numpy()
            assert np.all(a == a[0]), "torn read"
            assert a[0] >= last, "went back in time"
            last = a[0]

    run_threads(work, 4)
    assert np.all(v.numpy() == 2 * adds)


def test_concurrent_create_use_and_drop():
    """Threads creating, updating and dropping their own variables while sharing one."""
    shared = tf.Variable(0)
    start = tf.experimental.memory_stats()["bytes_in_use"]

    def work(i):
        for k in range(300):
            mine = tf.Variable(np.full(16, k, np.float32), name="same_name")
            mine.assign_add(np.ones(16, np.float32))
            assert mine.numpy()[0] == k + 1
            shared.assign_add(1, read_value=False)
            del mine

    run_threads(work, 6)
    assert shared.numpy() == 6 * 300
    del shared
    assert tf.experimental.memory_stats()["bytes_in_use"] <= start


def test_concurrent_device_scopes_stay_per_thread():
    """Each thread's device scope places only its own ops, while the others run too."""
    tf.config.list_logical_devices()  # the device set exists already in this process

    def work(i):
        spec = "/job:localhost/replica:0/task:0/device:CPU:0"
        for _ in range(200):
            if i % 2:
                with tf.device("CPU:0"):
                    assert tf.constant([1.0]).device == spec
            else:
                with tf.device(None):
                    assert tf.constant([1.0]).device == spec

    run_threads(work, 4)


def test_destroy_while_other_threads_update():
    """Updates racing a destroy either land before it or fail cleanly; none brings the value back."""
    for _ in range(20):
        start = tf.experimental.memory_stats()["bytes_in_use"]
        v = tf.Variable(np.zeros(1024, np.float32))
        d = np.ones(1024, np.float32)
        outcomes = []

        def work(i):
            if i == 0:
                time.sleep(0.001)
                v._destroy()
                return
            while True:
                try:
                    v.assign(d, read_value=False) if i % 2 else v.assign_add(d, read_value=False)
                except tf.errors.FailedPreconditionError as e:
                    assert "has been deleted" in str(e)
                    outcomes.append("failed")
                    return

        run_threads(work, 4)
        assert outcomes == ["failed"] * 3
        assert not bool(v.is_initialized())
        with pytest.raises(tf.errors.FailedPreconditionError):
            v.numpy()
        assert tf.experimental.memory_stats()["bytes_in_use"] == start  # freed while v is still referenced


# --- the GIL -----------------------------------------------------------------------------

def test_gil_released_during_a_large_update():
    """A counter thread keeps counting while a 256 MB assign_add runs.

    The counter records when it ran; some of its records must fall in the middle half of
    the update's duration. A kernel holding the GIL would leave that window empty: a thread
    holding the GIL in C code cannot be preempted."""
    n = 64 << 20  # float32 -> 256 MB
    v = tf.Variable(np.zeros(n, np.float32))
    d = np.ones(n, np.float32)
    v.assign_add(d, read_value=False)  # warm: pages touched, in-place path from now on
    stamps = []
    go, stop = threading.Event(), threading.Event()

    def counter():
        go.set()
        k = 0
        while not stop.is_set():
            k += 1
            if k % 200 == 0:
                stamps.append(time.perf_counter())

    t = threading.Thread(target=counter)
    t.start()
    go.wait()
    windows = []
    try:
        for _ in range(3):
            t0 = time.perf_counter()
            v.assign_add(d, read_value=False)
            t1 = time.perf_counter()
            windows.append((t0 + (t1 - t0) / 4, t1 - (t1 - t0) / 4))
    finally:
        stop.set()
        t.join()
    inside = [sum(lo <= s <= hi for s in stamps) for lo, hi in windows]
    assert all(k > 0 for k in inside), inside
    assert v.numpy()[n - 1] == 4.0
