"""Keras 3's image preprocessing and augmentation layers (Resizing, CenterCrop, RandomFlip,
RandomCrop, RandomContrast, RandomBrightness, RandomRotation, RandomZoom, RandomTranslation):
one program (tests/keras_image_preprocessing_program.py) run under varrt is compared, case by
case, with what Keras 3 under TensorFlow 2.21 gave for it
(tests/fixtures/keras_image_preprocessing/, recorded by tests/tools/record_keras_program.py;
again live when VARRT_TF_PYTHON is set): seeded outputs (so the draws are Keras's) at several
sizes, channels, dtypes and batch sizes, eagerly, in inference mode, traced, in a tf.data map
and in a Sequential model, configs, variables and Keras's argument errors."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "keras_image_preprocessing_program.py"
KERAS = recorded("keras_image_preprocessing")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, KERAS, "keras_image_preprocessing")


# --- varrt alone: what varrt does not build says so ---------------------------------------------

@pytest.mark.parametrize("make", [
    lambda layers: layers.RandomFlip(data_format="channels_first"),
    lambda layers: layers.RandomRotation(0.1, data_format="channels_first"),
    lambda layers: layers.Resizing(2, 2, data_format="channels_first"),
])
def test_channels_first_is_not_implemented(make):
    with pytest.raises(NotImplementedError, match="does not implement data_format='channels_first' yet"):
        make(tf.keras.layers)


@pytest.mark.parametrize("make, message", [
    (lambda layers: layers.Resizing(2, 2, interpolation="bicubic"), "method='bicubic'"),
    (lambda layers: layers.Resizing(2, 2, antialias=True), "antialias"),
])
def test_unbuilt_resizing_options_say_so(make, message):
    with pytest.raises(NotImplementedError, match=message):
        make(tf.keras.layers)(np.zeros((4, 4, 3), np.float32))


def test_dict_inputs_are_not_implemented():
    layer = tf.keras.layers.RandomFlip(seed=1)
    with pytest.raises(NotImplementedError, match="does not implement dict inputs"):
        layer({"images": np.zeros((1, 4, 4, 3), np.float32), "labels": np.zeros((1,))})


def test_a_seeded_layer_in_a_model_file_round_trips(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((6, 6, 3)), tf.keras.layers.RandomRotation(0.2, seed=4),
                                 tf.keras.layers.Resizing(3, 3)])
    path = str(tmp_path / "augment.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    assert [type(layer).__name__ for layer in loaded.layers] == ["RandomRotation", "Resizing"]
    x = np.random.RandomState(0).rand(2, 6, 6, 3).astype(np.float32)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
