"""tf.data behaviour the recorded cases (data_cases.py) cannot print: `map(num_parallel_calls=...)`
runs on worker threads and keeps the input order unless `deterministic=False`; unseeded
`sample_from_datasets` (seeded by the operating system, so checked statistically); `interleave`'s
default cycle length (the machine's cores); the cache file's all-or-nothing writing and the
warning of an unfinished pass; `flat_map`'s per-element calls (varrt's documented way)."""
import os
import threading
import time

import numpy as np

import varrt as tf

D = tf.data.Dataset


def _recording(record):
    def fn(v):
        def body(value):
            record.append((int(value), threading.current_thread().name))
            if int(value) == 0:
                time.sleep(0.3)  # the first element finishes last
            return value
        return tf.py_function(body, [v], tf.int64)
    return fn


def test_parallel_map_runs_on_worker_threads_and_keeps_the_order():
    record = []
    out = [int(v) for v in D.range(6).map(_recording(record), num_parallel_calls=3).as_numpy_iterator()]
    assert out == list(range(6))
    threads = {name for _, name in record}
    assert threading.current_thread().name not in threads
    assert len(threads) > 1 and all(name.startswith("varrt-data-map") for name in threads)


def test_parallel_map_not_deterministic_gives_finished_elements_first():
    out = [int(v) for v in D.range(6).map(_recording([]), num_parallel_calls=3,
                                          deterministic=False).as_numpy_iterator()]
    assert sorted(out) == list(range(6)) and out[0] != 0


def test_parallel_map_autotune_and_an_error_in_its_turn():
    assert [int(v) for v in D.range(5).map(lambda v: v + 1, num_parallel_calls=tf.data.AUTOTUNE)] == [1, 2, 3, 4, 5]
    ds = D.from_tensor_slices([0, 5, 1]).map(lambda i: tf.gather(tf.constant([10, 20]), i), num_parallel_calls=2)
    it = iter(ds)
    assert int(next(it)) == 10
    try:
        next(it)
    except tf.errors.InvalidArgumentError as e:
        assert "5 is not in [0, 2)" in str(e)
    else:
        raise AssertionError("the failing element raised nothing")


def test_unseeded_sample_from_datasets_follows_the_weights():
    n = 4000
    ds = D.sample_from_datasets([D.from_tensors(np.int64(0)).repeat(), D.from_tensors(np.int64(1)).repeat()],
                                weights=[0.2, 0.8]).take(n)
    ones = sum(int(v) for v in ds.as_numpy_iterator())
    assert abs(ones - 0.8 * n) < 5 * np.sqrt(n * 0.8 * 0.2)


def test_interleave_default_cycle_length_is_the_core_count():
    def make(v):
        return D.range(v * 10, v * 10 + 3)
    cores = os.cpu_count()
    default = [int(v) for v in D.range(4).interleave(make)]
    explicit = [int(v) for v in D.range(4).interleave(make, cycle_length=cores)]
    assert default == explicit
    assert sorted(default) == sorted(int(v) for v in D.range(4).flat_map(make))


def test_cache_file_is_written_only_after_a_complete_pass(tmp_path):
    path = str(tmp_path / "c")
    ds = D.range(5).cache(path)
    assert [int(v) for v in ds.take(2)] == [0, 1]
    assert os.listdir(tmp_path) == []
    assert [int(v) for v in ds] == [0, 1, 2, 3, 4]
    assert os.listdir(tmp_path) == ["c.varrt-cache"]
    assert [int(v) for v in D.range(0).cache(path)] == [0, 1, 2, 3, 4]


def test_flat_map_function_is_traced_then_called_per_element():
    calls = []

    def make(v):
        calls.append(type(v).__name__)
        return D.from_tensors(v)

    ds = D.range(3).flat_map(make)
    assert len(calls) == 1  # the trace that gives the element spec
    assert [int(v) for v in ds] == [0, 1, 2] and len(calls) == 4


def test_an_unfinished_cache_pass_warns_as_tensorflow_does(capsys):
    ds = D.range(4).cache()
    it = iter(ds.take(2))
    assert [int(v) for v in it] == [0, 1]
    del it  # the iterator goes, its pass unfinished (CPython closes it at once)
    assert "did not fully read the dataset being cached" in capsys.readouterr().err
    assert [int(v) for v in ds] == [0, 1, 2, 3]
    assert capsys.readouterr().err == ""  # a complete pass: no warning


def test_parallel_map_of_a_traced_graph_gives_the_sequential_results():
    # The one traced function runs on several threads at once: every result is the sequential one.
    x = np.random.default_rng(1).normal(size=(120, 24, 24)).astype(np.float32)

    def f(a):
        return tf.reduce_sum(tf.nn.relu(tf.matmul(a, a)), axis=0) + tf.cast(tf.shape(a)[0], tf.float32)

    ds = D.from_tensor_slices(x)
    sequential = list(ds.map(f).as_numpy_iterator())
    parallel = list(ds.map(f, num_parallel_calls=4).as_numpy_iterator())
    assert len(parallel) == 120 and all(np.array_equal(a, b) for a, b in zip(sequential, parallel))
