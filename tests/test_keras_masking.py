"""Keras 3's masks and the LSTM text model: one program (tests/keras_masking_program.py) run under
varrt is compared, case by case, with what Keras 3 under TensorFlow 2.21 gave for it
(tests/fixtures/keras_masking/, recorded by tests/tools/record_keras_program.py; again live when
VARRT_TF_PYTHON is set): Embedding(mask_zero=True) and Masking masks, the layers that pass a mask
on or drop it, masked SimpleRNN/LSTM/GRU/RNN/Bidirectional (return_sequences, return_state,
go_backwards, zero_output_for_mask, an explicit `mask=`), a classifier and a tagger trained with
`fit` from fixed weights (the tagger's loss and metrics weighted by its output mask), and the
`.keras` files both ways: varrt loads the files Keras wrote, and Keras loads varrt's."""
import sys

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_masking_program.py"
KERAS = recorded("keras_masking")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_masking_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # varrt loads the .keras files Keras saved (the fixture's).
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_masking"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_varrt_loads_its_own_files(tmp_path):
    ours = run_program(sys.executable, PROGRAM, "varrt", tmp_path)
    for name in sorted(KERAS):
        if name.startswith(("load.", "num:0.001:load.")):
            assert_same(name, KERAS[name], ours[name])


def test_keras_loads_the_files_varrt_wrote(varrt_dir, varrt_run, tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path, varrt_dir)
    for name in sorted(KERAS):
        assert_same(name, KERAS[name], theirs[name])


def test_the_program_matches_live_tensorflow(tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])


def test_a_mask_skips_steps_in_a_traced_call_with_unknown_length():
    # The while-loop form of the time loop (a traced call whose number of steps is unknown) skips
    # masked steps as the unrolled Python loop does.
    layer = tf.keras.layers.GRU(3, return_sequences=True, go_backwards=True)
    x = np.random.RandomState(0).randn(2, 5, 4).astype("float32")
    mask = tf.constant([[True, True, True, False, False], [True, False, False, False, False]])
    eager = layer(x, mask=mask)

    @tf.function(input_signature=[tf.TensorSpec([None, None, 4]), tf.TensorSpec([None, None], tf.bool)])
    def traced(x, mask):
        return layer(x, mask=mask)

    np.testing.assert_allclose(traced(x, mask).numpy(), eager.numpy(), rtol=1e-6)
    # A masked step repeats the previous output: the padded tail of row 1 (run backwards: the head).
    assert np.all(eager.numpy()[1, :4] == 0)

