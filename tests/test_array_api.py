"""tf.unique, tf.searchsorted, tf.repeat, tf.sequence_mask, tf.tensor_scatter_nd_* and the segment
reductions: values, dtypes, shapes, gradients and errors compared with TensorFlow 2.21's recorded
outcomes (tests/array_api_cases.py, recorded by tests/tools/record_array_api.py), eagerly and in
a tf.function with unknown dimensions; and against NumPy at sizes no case used."""

import numpy as np
import pytest

import array_api_cases
import linalg_cases
import varrt as tf

RECORDED = linalg_cases.recorded("array_api_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(array_api_cases.CASES)


@pytest.mark.parametrize("code", array_api_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(array_api_cases.run_case(tf, code), RECORDED[code])



def test_unique_and_segments_agree_with_numpy_at_new_sizes():
    rng = np.random.RandomState(11)
    x = rng.randint(0, 40, 1001)
    y, idx = tf.unique(x)
    first = sorted(np.unique(x, return_index=True)[1])
    np.testing.assert_array_equal(y.numpy(), x[first])
    np.testing.assert_array_equal(y.numpy()[idx.numpy()], x)
    data = rng.standard_normal((1001, 3))
    ids = np.sort(rng.randint(0, 57, 1001))
    got = tf.math.segment_max(data, ids).numpy()
    for s in np.unique(ids):
        np.testing.assert_array_equal(got[s], data[ids == s].max(axis=0))
    assert got.shape == (ids[-1] + 1, 3)
    values = rng.standard_normal((4, 9))
    seq = np.sort(rng.standard_normal((4, 23)), axis=-1)
    want = np.stack([np.searchsorted(seq[i], values[i], side="right") for i in range(4)])
    np.testing.assert_array_equal(tf.searchsorted(seq, values, side="right").numpy(), want)
