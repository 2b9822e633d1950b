"""3-D pooling (MaxPool3D, AvgPool3D and their gradients; tf.nn.max_pool3d, avg_pool3d; Keras's
MaxPooling3D and AveragePooling3D) against TensorFlow 2.21.

tests/pool3d_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/pool3d/results.json, recorded by
tests/tools/record_pool3d.py): values, gradients (ties included), shapes, configs, error types and
messages. tests/test_op_db.py runs the ops eagerly, traced with an unknown batch and in a TF1
Session; tests/test_shape_fns.py holds their shape functions to TensorFlow's. With VARRT_TF_PYTHON
set (required under CI=true) the program also runs live under TensorFlow."""
from keras_programs import comparison_tests, recorded

PROGRAM = "pool3d_program.py"
TF = recorded("pool3d")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "pool3d")
