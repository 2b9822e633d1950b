"""Keras 3's shape layers (ZeroPadding1D/2D, Cropping1D/2D, UpSampling1D/2D), its transposed
convolutions (Conv1DTranspose, Conv2DTranspose) and tf.nn's (conv2d_transpose, conv1d_transpose,
conv_transpose, tf.compat.v1.nn.conv2d_transpose): one program
(tests/keras_shape_layers_program.py) run under varrt is compared, case by case, with what Keras 3
under TensorFlow 2.21 gave for it (tests/fixtures/keras_shape_layers/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): values (bit-equal
for the layers that only move values), shapes, gradients, configs, compute_output_shape, errors,
tf.function, and functional models with summary() and a training step."""
import sys

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_shape_layers_program.py"
KERAS = recorded("keras_shape_layers")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_shape_layers_run"))


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


def test_loads_the_model_keras_saved():
    loaded = tf.keras.models.load_model(str(fixture_path("keras_shape_layers") / "shape_layers.keras"))
    assert repr([(type(layer).__name__, layer.name) for layer in loaded.layers]) == KERAS["saved.layers"]
    out = loaded.predict(np.linspace(-1, 1, 90, dtype=np.float32).reshape(1, 6, 5, 3), verbose=0)
    assert_same("num:0.0001:saved.predict", KERAS["num:0.0001:saved.predict"], out.reshape(-1).tolist())


# What varrt lacks says so (Keras resizes with tf.image.resize, whose other methods varrt does not have yet).

def test_up_sampling_other_than_nearest_and_bilinear_says_it_is_not_implemented():
    layer = tf.keras.layers.UpSampling2D(interpolation="bicubic")
    assert layer.get_config()["interpolation"] == "bicubic"
    with pytest.raises(NotImplementedError, match=r"interpolation='bicubic'.*tf\.image\.resize"):
        layer(np.ones((1, 2, 2, 1), np.float32))
    with pytest.raises(NotImplementedError, match="method='bicubic'"):
        tf.image.resize(np.ones((1, 2, 2, 1), np.float32), (3, 3), method="bicubic")


def test_a_3d_transposed_convolution_says_it_is_not_implemented():
    with pytest.raises(tf.errors.UnimplementedError, match="3-D transposed convolutions"):
        tf.nn.conv_transpose(np.ones((1, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 1, 1), np.float32),
                             [1, 2, 2, 2, 1], 1)
