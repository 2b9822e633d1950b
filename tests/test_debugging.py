"""tf.debugging's assertions, check_numerics and Assert, eagerly and in tf.function, compared with
TensorFlow 2.21's recorded outcomes (tests/debugging_cases.py, recorded by
tests/tools/record_debugging.py): the values, and the errors' types and texts."""
import json
import pathlib

import numpy as np
import pytest

import debugging_cases
import varrt as tf

RECORDED = json.loads((pathlib.Path(__file__).parent / "fixtures" / "debugging_tf.json").read_text())["cases"]


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(debugging_cases.CASES)


@pytest.mark.parametrize("code", debugging_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    want = RECORDED[code]
    got = debugging_cases.run_case(tf, code)
    if "out" in want and "out" in got:
        np.testing.assert_equal(got["out"], want["out"])
    else:
        assert got == want


def test_an_assert_in_a_tf_function_checks_every_call_at_a_new_size():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def f(x):
        with tf.control_dependencies([tf.debugging.assert_less(x, 10)]):
            return x * 2
    np.testing.assert_array_equal(f(tf.range(9)).numpy(), np.arange(9) * 2)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"assertion failed: \[Condition x < y did not hold"):
        f(tf.range(13))
