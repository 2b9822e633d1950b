"""Dataset.interleave with num_parallel_calls and no cycle_length takes TensorFlow 2.21's cycle
length (the calls capped at the machine's cores; with AUTOTUNE calls a third of the cores, at
least one), which decides the order of the elements; more calls than a fixed cycle length are
TensorFlow's InvalidArgumentError when the dataset is made, more than the cores when an iterator is.
tests/interleave_cycle_program.py runs under both libraries (live: the answer depends on the cores)."""
import os
import sys

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import run_program


def elements(ds):
    return [int(v) for v in ds]


def source(x):
    return tf.data.Dataset.range(x * 10, x * 10 + 3)


CORES = os.cpu_count() or 1


@pytest.mark.parametrize("calls, cycle", [(tf.data.AUTOTUNE, -(-CORES // 3)), (1, 1), (2, min(2, CORES)),
                                          (CORES, CORES)])
def test_an_unset_cycle_length_is_tensorflows(calls, cycle):
    data = tf.data.Dataset.range(7)
    got = elements(data.interleave(source, num_parallel_calls=calls, block_length=2))
    assert got == elements(data.interleave(source, cycle_length=cycle, block_length=2))


def test_more_calls_than_a_fixed_cycle_are_refused_when_made():
    with pytest.raises(tf.errors.InvalidArgumentError, match="`num_parallel_calls` is 4 and `cycle_length` is 3"):
        tf.data.Dataset.range(7).interleave(source, cycle_length=3, num_parallel_calls=4)


def test_more_calls_than_the_cores_are_refused_when_iterated():
    ds = tf.data.Dataset.range(7).interleave(source, num_parallel_calls=CORES + 1)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"MakeIterator.*`num_parallel_calls` is "
                                                             f"{CORES + 1} and `cycle_length` is {CORES}"):
        elements(ds)


def test_the_program_matches_live_tensorflow(tmp_path):
    (tmp_path / "tf").mkdir()
    (tmp_path / "varrt").mkdir()
    theirs = run_program(required_tf_python(), "interleave_cycle_program.py", "tensorflow", tmp_path / "tf")
    ours = run_program(sys.executable, "interleave_cycle_program.py", "varrt", tmp_path / "varrt")
    assert ours == theirs
