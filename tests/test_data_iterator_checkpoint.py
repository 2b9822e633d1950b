"""A dataset iterator in tf.train.Checkpoint (issue 29): after a restore, it gives the elements it
gave after the save, as TensorFlow 2.21's does (tests/data_iterator_checkpoint_program.py,
recorded in tests/fixtures/data_iterator_checkpoint/) — in the same process, from a fresh
iterator of a new dataset, and on a seeded shuffle reshuffled each epoch. varrt keeps its own
state (the elements produced); TensorFlow's state is a variant varrt skips with a warning while
restoring the rest, and TensorFlow restores the rest of varrt's checkpoints."""
import json
import subprocess
import sys
import textwrap

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import fixture_path, recorded, run_program

PROGRAM = "data_iterator_checkpoint_program.py"
TF = recorded("data_iterator_checkpoint")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_iterator_checkpoint")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir)


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(TF)


@pytest.mark.parametrize("name", sorted(TF))
def test_matches_tensorflow(varrt_run, name):
    assert varrt_run[name] == TF[name]


def test_the_resumed_elements_are_the_saved_runs(varrt_run):
    # What the test is about, said directly: a restore goes back to the saved position.
    for case in ("guide", "shuffle", "mapped"):
        assert varrt_run[f"{case}.after_restore"] == varrt_run[f"{case}.after_save"]


def guide_dataset():
    inputs = tf.range(10.0)[:, None]
    labels = inputs * 5.0 + tf.range(5.0)[None, :]
    return tf.data.Dataset.from_tensor_slices(dict(x=inputs, y=labels)).repeat().batch(2)


def test_tensorflows_iterator_state_is_skipped_with_a_warning_and_the_rest_restored():
    iterator = iter(guide_dataset())
    ckpt = tf.train.Checkpoint(step=tf.Variable(0), iterator=iterator)
    with pytest.warns(UserWarning, match="cannot restore a TensorFlow iterator's state"):
        ckpt.restore(str(fixture_path("data_iterator_checkpoint") / "guide-1"))
    assert int(ckpt.step.numpy()) == 7
    assert next(iterator)["x"].numpy().tolist() == [[0.0], [1.0]]  # where it was: the start


def test_an_iterator_saved_in_a_checkpoint_lists_its_position(tmp_path):
    iterator = iter(tf.data.Dataset.range(5))
    next(iterator)
    next(iterator)
    path = tf.train.Checkpoint(iterator=iterator).save(str(tmp_path / "ckpt"))
    names = dict(tf.train.list_variables(path))
    assert names["iterator/_position/.ATTRIBUTES/VARIABLE_VALUE"] == []
    assert int(tf.train.load_variable(path, "iterator/_position/.ATTRIBUTES/VARIABLE_VALUE")) == 2


def test_tensorflow_restores_the_rest_of_a_varrt_checkpoint_with_an_iterator(varrt_run, varrt_dir):
    python = required_tf_python()
    script = textwrap.dedent(f"""
        import json, warnings
        import tensorflow as tf
        inputs = tf.range(10.)[:, None]
        labels = inputs * 5. + tf.range(5.)[None, :]
        ds = tf.data.Dataset.from_tensor_slices(dict(x=inputs, y=labels)).repeat().batch(2)
        iterator = iter(ds)
        ckpt = tf.train.Checkpoint(step=tf.Variable(0), iterator=iterator)
        ckpt.restore({str(varrt_dir / "guide-1")!r})
        print(json.dumps([int(ckpt.step.numpy()), next(iterator)["x"].numpy().tolist()]))
    """)
    out = subprocess.run([python, "-c", script], capture_output=True, text=True, timeout=600,
                         env={"TF_CPP_MIN_LOG_LEVEL": "3", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-3000:]
    step, first = json.loads(out.stdout.strip().splitlines()[-1])
    assert step == 7 and first == [[0.0], [1.0]]
