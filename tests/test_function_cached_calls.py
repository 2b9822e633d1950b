"""Calls into a traced function whose positional arguments are all eager Tensors and Variables
run the trace they ran before from C (Function._fast, csrc/bindings/traced_calls.cc): no Python
frame but Function.__call__, and the same results, retracing, warnings and errors as TensorFlow
2.21. Expected values were printed by TensorFlow 2.21 on the same programs."""
import logging

import pytest

import varrt as tf
from varrt import errors
from python_frames import python_functions_run


def _call(f, *args):
    return f(*args)


def test_a_repeated_call_runs_only_function_call_in_python():
    v = tf.Variable(1.0)
    a, b, c = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
    f0 = tf.function(lambda: v + 1.0)
    f1 = tf.function(lambda x: x + v)
    f3 = tf.function(lambda x, y, z: x + y + z + v)
    fv = tf.function(lambda w: w + 1.0)
    for f, args in ((f0, ()), (f1, (a,)), (f3, (a, b, c)), (fv, (v,))):
        f(*args)  # the trace
        f(*args)  # a call that ran it
        assert python_functions_run(_call, f, *args) == ["__call__"]  # Function.__call__
    assert (f0().numpy(), f1(a).numpy(), f3(a, b, c).numpy(), fv(v).numpy()) == (2.0, 2.0, 7.0, 2.0)


class _Warnings(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture
def retracing_warnings():
    handler = _Warnings()
    tf.get_logger().addHandler(handler)
    yield handler.messages
    tf.get_logger().removeHandler(handler)


def test_cached_calls_count_for_the_retracing_warning(retracing_warnings):
    @tf.function
    def spread(x):
        return x * 2.0

    for n in range(1, 7):  # 6 traces, each followed by 20 calls that ran it: no warning (TensorFlow too)
        spread(tf.ones([n]))
        for _ in range(20):
            spread(tf.ones([n]))
    assert (retracing_warnings, spread.experimental_get_tracing_count()) == ([], 6)

    @tf.function
    def dense(x):
        return x * 2.0

    for n in range(1, 7):  # 6 traces in 12 calls: TensorFlow warns twice
        dense(tf.ones([n]))
        dense(tf.ones([n]))
    assert [m.split(" triggered")[0] for m in retracing_warnings] == [
        f"5 out of the last 9 calls to {dense.python_function!r}", f"6 out of the last 11 calls to "
        f"{dense.python_function!r}"]
    assert dense.experimental_get_tracing_count() == 6


def test_python_values_and_variables_keep_their_trace_keys():
    @tf.function
    def scaled(x, k):
        return x * k

    a = tf.ones([2])
    scaled(a, 1), scaled(a, 1), scaled(a, 2), scaled(a, 2.0)
    assert scaled.experimental_get_tracing_count() == 2

    v, w, u = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0]), tf.Variable([1, 2])

    @tf.function
    def add(var, x):
        var.assign_add(x)
        return {"sum": tf.reduce_sum(var), "none": None}

    first = add(v, a)
    assert (first["sum"].numpy(), first["none"]) == (5.0, None)
    assert add(v, a)["sum"].numpy() == 7.0
    assert add(w, a)["sum"].numpy() == 9.0  # another variable of the same dtype and shape: the same trace
    assert add.experimental_get_tracing_count() == 1
    assert add(u, tf.constant([1, 1]))["sum"].numpy() == 5  # an int32 variable: a new trace
    assert add.experimental_get_tracing_count() == 2
    assert (v.numpy().tolist(), w.numpy().tolist(), u.numpy().tolist()) == ([3.0, 4.0], [4.0, 5.0], [2, 3])


def test_a_failing_node_in_a_cached_call_raises_tensorflows_error():
    @tf.function
    def pick(p, i):
        return tf.gather(p, i)

    p = tf.constant([1.0, 2.0])
    pick(p, tf.constant(0))
    pick(p, tf.constant(1))
    with pytest.raises(errors.InvalidArgumentError) as info:
        pick(p, tf.constant(5))
    text = str(info.value)
    assert text.startswith("Graph execution error:\n\nDetected at node GatherV2 defined at (most recent call last):")
    assert text.splitlines()[-1].startswith("\t [[{{node GatherV2}}]] [Op:__inference_pick_")
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_run_functions_eagerly_and_graph_building_still_reach_python():
    runs = []

    @tf.function
    def f(x):
        runs.append(1)
        return x + 1.0

    a = tf.constant(1.0)
    f(a), f(a)
    assert len(runs) == 1
    tf.config.run_functions_eagerly(True)
    try:
        assert f(a).numpy() == 2.0
    finally:
        tf.config.run_functions_eagerly(False)
    assert len(runs) == 2

    @tf.function
    def outer(x):
        return f(x) * 2.0  # a call while a graph is built: a call node, not a cached run

    assert outer(a).numpy() == 4.0 and outer(a).numpy() == 4.0
    assert f(a).numpy() == 2.0 and len(runs) == 2


def test_cached_calls_from_two_threads_each_run_once():
    import threading
    counter = tf.Variable(0.0)

    @tf.function
    def bump(v, x):
        v.assign_add(x)
        return v.read_value()

    one = tf.constant(1.0)
    bump(counter, one), bump(counter, one)  # the trace, then a call that cached it

    def calls():
        for _ in range(200):
            bump(counter, one)

    threads = [threading.Thread(target=calls) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counter.numpy() == 402.0 and bump.experimental_get_tracing_count() == 1
