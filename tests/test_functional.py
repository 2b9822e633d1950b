"""tf.map_fn, tf.foldl, tf.foldr, tf.scan and tf.vectorized_map: values, dtypes, shapes, gradients
and errors compared with TensorFlow 2.21's recorded outcomes (tests/functional_cases.py, recorded
by tests/tools/record_functional.py), eagerly and in a tf.function with unknown dimensions; one
trace at several lengths."""

import numpy as np
import pytest

import functional_cases
import linalg_cases
import varrt as tf

RECORDED = linalg_cases.recorded("functional_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(functional_cases.CASES)


@pytest.mark.parametrize("code", functional_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(functional_cases.run_case(tf, code), RECORDED[code])


def test_one_trace_of_map_fn_serves_every_length():
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def f(x):
        return tf.map_fn(lambda r: r[0] * r[1], x)
    for n in (1, 6, 0, 13):
        x = np.arange(2 * n, dtype=np.float32).reshape(n, 2)
        got = f(x)
        assert got.shape == (n,)
        np.testing.assert_array_equal(got.numpy(), x[:, 0] * x[:, 1])
