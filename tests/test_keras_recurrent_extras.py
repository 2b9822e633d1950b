"""Keras 3's recurrent extras: the cells' `dropout` and `recurrent_dropout` under fixed seeds
(both of Keras's implementations), stacked cells (`StackedRNNCells`, `RNN([cell, cell])`),
`stateful=True` with `reset_states`, and `unroll=True`. One program
(tests/keras_recurrent_extras_program.py) run under varrt is compared, case by case, with what
Keras 3 under TensorFlow 2.21 gave for it (tests/fixtures/keras_recurrent_extras/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): outputs, masked
outputs, the seed generators' states, states carried between calls and across the batches of
`fit`, configs, errors, models with recurrent dropout and stacked unrolled cells trained with
`fit`, and the `.keras` files both ways."""
import sys

import pytest

from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_recurrent_extras_program.py"
KERAS = recorded("keras_recurrent_extras")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_recurrent_extras_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # varrt loads the .keras files Keras saved (the fixture's).
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_recurrent_extras"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_keras_loads_the_files_varrt_wrote(varrt_dir, varrt_run, tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path, varrt_dir)
    for name in sorted(KERAS):
        assert_same(name, KERAS[name], theirs[name])


def test_the_program_matches_live_tensorflow(tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])
