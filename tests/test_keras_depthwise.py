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
import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "keras_depthwise_program.py"
TF = recorded("keras_depthwise")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "keras_depthwise")


# --- varrt alone ---------------------------------------------------------------------------

def test_public_names():
    for name in ("DepthwiseConv1D", "DepthwiseConv2D", "SeparableConv1D", "SeparableConv2D",
                 "SeparableConvolution1D", "SeparableConvolution2D"):
        assert isinstance(getattr(tf.keras.layers, name), type), name
