"""Keras 3's depthwise and separable convolution layers (DepthwiseConv1D, DepthwiseConv2D,
SeparableConv1D, SeparableConv2D) and a small separable CNN trained with fit, against Keras 3 on
TensorFlow 2.21.

tests/keras_depthwise_program.py runs in a fresh interpreter under varrt and each of its results
is compared with Keras's (tests/fixtures/keras_depthwise/results.json, recorded by
tests/tools/record_keras_depthwise.py): configs, names, weight paths, checkpoint keys, output
shapes, values and gradients, error types and messages exactly or within the key's tolerance; the
CNN's weights after one step within 1e-5 relative, after two epochs within 1e-3 (loss and accuracy
too). With VARRT_TF_PYTHON set (required under CI=true) the program also runs live under
TensorFlow."""
import sys

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "keras_depthwise_program.py"
TF = recorded("keras_depthwise")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_keras_depthwise_run"))


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


# --- varrt alone ---------------------------------------------------------------------------

def test_public_names():
    for name in ("DepthwiseConv1D", "DepthwiseConv2D", "SeparableConv1D", "SeparableConv2D",
                 "SeparableConvolution1D", "SeparableConvolution2D"):
        assert isinstance(getattr(tf.keras.layers, name), type), name
