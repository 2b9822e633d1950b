"""Keras 3's recurrent layers (SimpleRNN, LSTM, GRU, their cells, RNN of a cell): one program
(tests/keras_recurrent_program.py) run under varrt is compared, case by case, with what Keras 3
under TensorFlow 2.21 gave for it (tests/fixtures/keras_recurrent/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): outputs with
return_sequences/return_state/go_backwards/initial_state, gradients, traced calls, configs,
errors, variable-length symbolic inputs, a model trained with fit, and its checkpoint keys."""
import sys

import pytest

from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "keras_recurrent_program.py"
KERAS = recorded("keras_recurrent")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_recurrent_run"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])
