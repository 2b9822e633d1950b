"""tf's other top-level names (get_static_value ... parallel_stack) and tf.math's bincount,
confusion_matrix, truncatediv and truncatemod: values, dtypes, shapes, gradients and errors
compared with TensorFlow 2.21's recorded outcomes (tests/tfapi_cases.py, recorded by
tests/tools/record_tfapi.py), eagerly and in tf.functions."""

import pytest

import tfapi_cases
import linalg_cases
import varrt as tf

RECORDED = linalg_cases.recorded("tfapi_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(tfapi_cases.CASES)


@pytest.mark.parametrize("code", tfapi_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(tfapi_cases.run_case(tf, code), RECORDED[code])


def test_hessians_that_need_second_derivatives_say_varrt_lacks_them():
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [3])
        with pytest.raises(NotImplementedError, match="gradient of a gradient"):
            tf.hessians(tf.reduce_sum(x * x * x), x)
