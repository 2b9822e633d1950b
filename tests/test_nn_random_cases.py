"""tf.nn's functions written over other ops (crelu, the weighted and log-Poisson losses, the
sufficient statistics and moments, zero_fraction, compute_average_loss, embedding_lookup) and
tf.random's new functions' errors and edges:
TensorFlow 2.21's recorded outcomes on the cases of tests/nn_random_cases.py (docstring examples, edge
values, the errors' types and texts). Their eager, traced, TF1 and gradient runs are in
tests/op_db.py."""

import numpy as np
import pytest

import linalg_cases
import nn_random_cases
import varrt as tf

RECORDED = linalg_cases.recorded("nn_random_cases_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(nn_random_cases.CASES)


@pytest.mark.parametrize("code", nn_random_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(nn_random_cases.run_case(tf, np, code), RECORDED[code])


def test_a_wrong_value_is_caught():
    """The comparison can fail: another pos_weight gives other losses."""
    code = nn_random_cases.CASES[0]
    got = nn_random_cases.run_case(tf, np, code.replace("1.5))", "0.5))"))
    assert nn_random_cases.mismatch(got["out"], RECORDED[code]["out"]) is not None


def test_a_partitioned_lookup_at_a_size_no_case_used():
    """Three tables of 4, 4 and 3 rows under TensorFlow's "div" rule are one table of 11 rows."""
    table = np.arange(22, dtype=np.float32).reshape(11, 2)
    ids = np.array([[10, 0, 4], [3, 7, 8]])
    got = tf.nn.embedding_lookup([table[:4], table[4:8], table[8:]], ids)
    np.testing.assert_array_equal(got.numpy(), table[ids])
