"""3-D convolution (Conv3D and its two gradient ops; tf.nn.conv3d; Keras's Conv3D) against
TensorFlow 2.21.

tests/conv3d_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/conv3d/results.json, recorded by
tests/tools/record_conv3d.py): values, gradients, shapes, configs, weights, error types and
messages. tests/test_op_db.py runs the ops eagerly, traced with an unknown batch and in a TF1
Session; tests/test_shape_fns.py holds their shape functions to TensorFlow's. With VARRT_TF_PYTHON
set (required under CI=true) the program also runs live under TensorFlow."""
from keras_programs import comparison_tests, recorded

PROGRAM = "conv3d_program.py"
TF = recorded("conv3d")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "conv3d")
