"""Datasets iterated while a graph is built (issue 29): a `for` over a dataset in a tf.function
is a loop of the graph, `next(iter(ds))` in a function and TensorFlow 1's one-shot and
initializable iterators take elements when the graph runs, OutOfRangeError at the end — as
TensorFlow 2.21 does (tests/data_graph_program.py, recorded in tests/fixtures/data_in_graphs/; live
too with VARRT_TF_PYTHON, required under CI=true)."""
import sys

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "data_graph_program.py"
TF = recorded("data_in_graphs")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_data_in_graphs"))


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(TF)


@pytest.mark.parametrize("name", sorted(TF))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, TF[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path)
    assert theirs == TF


def test_the_loop_is_a_loop_of_the_graph_and_serves_new_data_each_run():
    source = {"data": np.arange(7, dtype=np.float32)}

    def gen():
        yield from source["data"]

    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.float32)).batch(3)

    @tf.function
    def total():
        s = tf.constant(0.0)
        for x in ds:
            s += tf.reduce_sum(x)
        return s

    assert float(total()) == 21.0
    source["data"] = np.ones(100, np.float32)  # the pipeline runs when the graph does: no retrace
    assert float(total()) == 100.0
    ops = [op for _, op in total.get_concrete_function().graph.node_names]
    assert "While" in ops and "IteratorGetNextAsOptional" in ops


def test_a_loop_ended_by_a_break_closes_its_iterator():
    from varrt.data import graph_iteration  # the host's open iterators: none left after the runs
    ds = tf.data.Dataset.range(100)

    @tf.function
    def until(limit):
        s = tf.constant(0, tf.int64)
        for x in ds:
            if s > limit:
                break
            s += x
        return s

    before = len(graph_iteration._open)
    assert [int(until(tf.constant(10, tf.int64))) for _ in range(4)] == [15] * 4
    assert len(graph_iteration._open) == before


def test_a_python_for_over_a_dataset_in_an_unconverted_function_stops_with_tensorflows_error():
    # TensorFlow 2.21: with AutoGraph disabled, `for x in dataset` would add nodes forever; past 32
    # next() calls on one iterator while tracing it raises this ValueError (iterator_ops.py).
    ds = tf.data.Dataset.range(3)

    @tf.function(autograph=False)
    def total():
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return s

    with pytest.raises(ValueError) as info:
        total()
    assert str(info.value) == (
        "An unusually high number of `tf.data.Iterator.get_next()` calls was detected. This suggests that the "
        "`for elem in dataset: ...` idiom is used within tf.function with AutoGraph disabled. This idiom is only "
        "supported when AutoGraph is enabled.")
    outside = iter(ds)

    @tf.function(autograph=False)
    def over_an_outside_iterator():
        return [x for x in outside]

    with pytest.raises(ValueError, match="unusually high number"):
        over_an_outside_iterator()
