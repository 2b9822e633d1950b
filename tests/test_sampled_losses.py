"""tf.nn.nce_loss and tf.nn.sampled_softmax_loss (and tf.compat.v1.nn's with `partition_strategy`)
against TensorFlow 2.21.

tests/sampled_losses_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/sampled_losses/results.json, recorded by
tests/tools/record_sampled_losses.py): with the samplers seeded (so the sampled classes are
TensorFlow's) or samples given, num_true 1 to 3, with and without removing accidental hits, the
losses and their gradients with respect to weights, biases and inputs, weights as a list of tables
split "mod" and "div", eagerly, in tf.function with an unknown batch and in a TF1 session. Values
are within 2e-6 of TensorFlow's. With VARRT_TF_PYTHON set (required under CI=true) the program
also runs live under TensorFlow."""
import sys

import pytest

from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "sampled_losses_program.py"
TF = recorded("sampled_losses")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_sampled_losses_run"))


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(TF)


@pytest.mark.parametrize("name", sorted(TF))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, TF[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(TF)
    for name in sorted(TF):
        assert_same(name, theirs[name], TF[name])
