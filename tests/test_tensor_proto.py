"""tf.make_tensor_proto and tf.make_ndarray against TensorFlow 2.21's recorded outcomes
(tests/tensor_proto_cases.py): the proto's printed text format and serialized bytes for each
value field TensorFlow picks (tensor_content, the typed *_val fields, half_val bits, complex
pairs, strings), shapes that repeat the last value, the arrays read back, and the errors."""
import numpy as np
import pytest

import linalg_cases
import tensor_proto_cases
import varrt as tf

RECORDED = linalg_cases.recorded("tensor_proto_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(tensor_proto_cases.CASES)


@pytest.mark.parametrize("code", tensor_proto_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(tensor_proto_cases.run_case(tf, np, code), RECORDED[code])


def test_a_wrong_value_is_caught():
    """The comparison can fail: another value prints another proto."""
    code = tensor_proto_cases.CASES[0]
    got = tensor_proto_cases.run_case(tf, np, code.replace("[1, 2]", "[1, 3]"))
    assert got != RECORDED[code]


def test_a_proto_round_trips_at_a_size_no_case_used():
    """A 3x7x5 float64 array keeps its dtype (only Python floats default to float32): tensor_content
    of its bytes, read back equal; as a nested list it becomes float32."""
    a = np.random.RandomState(3).standard_normal((3, 7, 5))
    p = tf.make_tensor_proto(a)
    assert p.dtype == tf.float64.as_datatype_enum and p.tensor_content == a.tobytes()
    np.testing.assert_array_equal(tf.make_ndarray(p), a)
    np.testing.assert_array_equal(tf.make_ndarray(tf.make_tensor_proto(a.tolist())), a.astype(np.float32))
