"""Keras 3's compile/fit/evaluate/predict under MirroredStrategy (4 replicas: the global batch
split, the replicas' gradients summed; 1 replica: the same as without a strategy) and
OneDeviceStrategy: one program (tests/keras_mirrored_program.py) run under varrt is compared,
case by case, with what Keras 3 under TensorFlow 2.21 gave for it (tests/fixtures/keras_mirrored/,
recorded by tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set)."""
from keras_programs import comparison_tests, recorded

PROGRAM = "keras_mirrored_program.py"
TF = recorded("keras_mirrored")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "keras_mirrored")
