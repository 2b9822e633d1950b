"""Keras 3's convolution and pooling layers (Conv1D, Conv2D, MaxPooling1D/2D, AveragePooling1D/2D,
GlobalAveragePooling1D/2D, GlobalMaxPooling1D/2D) and a small CNN trained with fit, against
Keras 3 on TensorFlow 2.21.

tests/keras_conv_program.py runs in a fresh interpreter under varrt and each of its results is
compared with Keras's (tests/fixtures/keras_conv/results.json, recorded by
tests/tools/record_keras_conv.py): configs, names, weight paths, output shapes, values, error
types and messages exactly or within the key's tolerance; the CNN's weights after one step within
1e-5 relative, after an epoch within 1e-3 (loss and accuracy too). The trained CNN goes through
`.keras` files both ways: varrt's run loads the file Keras saved (tests/fixtures/keras_conv/
cnn.keras) and must give what Keras gave on its own file, and with VARRT_TF_PYTHON set (required
under CI=true) the program also runs live under TensorFlow, which loads the file varrt saved."""
import sys

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_conv_program.py"
TF = recorded("keras_conv")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_keras_conv_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # Loads Keras's cnn.keras.
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_conv"))


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(TF)


@pytest.mark.parametrize("name", sorted(TF))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, TF[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path, varrt_run, varrt_dir):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path, varrt_dir)  # loads varrt's cnn.keras
    assert set(theirs) == set(TF)
    for name in sorted(TF):
        assert_same(name, theirs[name], TF[name])


# --- varrt alone ---------------------------------------------------------------------------

def test_public_names():
    for name in ("Conv1D", "Conv2D", "MaxPooling1D", "MaxPooling2D", "AveragePooling1D", "AveragePooling2D",
                 "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalMaxPooling1D", "GlobalMaxPooling2D"):
        assert isinstance(getattr(tf.keras.layers, name), type), name


def test_what_varrt_does_not_implement_says_so():
    with pytest.raises(NotImplementedError, match="grouped convolutions"):
        tf.keras.layers.Conv2D(4, 3, groups=2)
    with pytest.raises(NotImplementedError, match="LoRA"):
        tf.keras.layers.Conv2D(4, 3, lora_rank=2)
