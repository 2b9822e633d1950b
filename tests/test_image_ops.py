"""tf.image's functions and the colour and projective-transform ops: one program
(tests/image_ops_program.py) run under varrt is compared, case by case, with what TensorFlow
2.21 gave for it (tests/fixtures/image_ops/, recorded by tests/tools/record_keras_program.py;
again live when VARRT_TF_PYTHON is set): values bit for bit where TensorFlow's kernels are
ported step for step, dtypes, shapes, seeded and stateless random draws, traced calls and
TensorFlow's errors."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "image_ops_program.py"
TF = recorded("image_ops")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "image_ops")


# --- varrt alone: what varrt does not build says so ---------------------------------------------

def test_sizes_known_only_at_run_time_are_not_implemented():
    @tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
    def crop(x):
        return tf.image.crop_to_bounding_box(x, 0, 0, 1, 1)
    with pytest.raises(NotImplementedError, match="known only when the graph runs"):
        crop(np.zeros((2, 2, 3), np.float32))


def test_rot90_of_a_run_time_k_is_not_implemented():
    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def rotate(k):
        return tf.image.rot90(tf.zeros((2, 3, 1)), k)
    with pytest.raises(NotImplementedError, match="rot90 k known only when the graph runs"):
        rotate(1)
