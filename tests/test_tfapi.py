"""tf's other top-level names (get_static_value ... parallel_stack) and tf.math's bincount,
confusion_matrix, truncatediv and truncatemod: values, dtypes, shapes, gradients and errors
compared with TensorFlow 2.21's recorded outcomes (tests/tfapi_cases.py, recorded by
tests/tools/record_tfapi.py), eagerly and in tf.functions."""
import json
import pathlib

import numpy as np
import pytest

import tfapi_cases
import linalg_cases
import varrt as tf

RECORDED = json.loads((pathlib.Path(__file__).parent / "fixtures" / "tfapi_tf.json").read_text())["cases"]


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(tfapi_cases.CASES)


@pytest.mark.parametrize("code", tfapi_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    want = RECORDED[code]
    got = tfapi_cases.run_case(tf, code)
    if "error" in want:
        assert got == want
    else:
        assert "out" in got, got
        why = linalg_cases.mismatch(got["out"], want["out"])
        assert why is None, why


def test_hessians_that_need_second_derivatives_say_varrt_lacks_them():
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [3])
        with pytest.raises(NotImplementedError, match="gradient of a gradient"):
            tf.hessians(tf.reduce_sum(x * x * x), x)
