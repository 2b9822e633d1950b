"""`v[i]`, `v[i, j]` and their `assign`: the integer-index path (one core call each, a
contiguous block in the core) gives what the general slicing path gives."""
import io
import sys

import numpy as np
import pytest

import varrt as tf
from varrt import errors


def _matrix():
    return tf.Variable(np.arange(12, dtype=np.float32).reshape(3, 4))


@pytest.mark.parametrize("key", [0, 2, -1, -3, (1, 2), (-1, -4), (2, 0), np.int32(1), np.int64(-2), np.int16(0),
                                 (np.int64(1), 3)])
def test_reads_match_numpy(key):
    v = _matrix()
    expected = np.arange(12, dtype=np.float32).reshape(3, 4)[key]
    got = v[key]
    assert isinstance(got, tf.Tensor)
    assert got.shape == expected.shape and np.array_equal(got.numpy(), expected)


@pytest.mark.parametrize("key", [3, -4, (0, 4), (0, -5), -(2**63)])
def test_out_of_range_reads_are_the_general_paths_error(key):
    v = _matrix()
    with pytest.raises(errors.InvalidArgumentError, match="out of bounds"):
        v[key]


def test_keys_that_are_not_plain_integers_keep_their_meaning():
    # As TensorFlow 2.21: these take the general path.
    v = _matrix()
    with pytest.raises(ValueError, match="mask cannot be scalar"):
        v[True]  # a boolean key is a mask
    assert v[None, 1].shape == (1, 4)
    assert v[1, ...].shape == (4,)
    assert v[np.uint8(1)].numpy().tolist() == [4.0, 5.0, 6.0, 7.0]
    with pytest.raises(TypeError, match="Only integers"):
        v[1.0]


@pytest.mark.parametrize("key,value", [
    (1, 5.0), (1, 5), (1, np.float32(5.0)), (1, np.float64(5.0)), (1, [1.0, 2.0, 3.0, 4.0]),
    (1, np.array([1, 2, 3, 4], np.float32)), (-1, np.array(7.0, np.float32)), ((1, 2), 9.0), ((0, -1), np.int32(3)),
    (2, tf.constant([4.0, 3.0, 2.0, 1.0])), (0, [[1.0, 2.0, 3.0, 4.0]]),
])
def test_assigns_match_numpy_and_return_the_unread_variable(key, value):
    v = _matrix()
    before = v.read_value()
    expected = np.arange(12, dtype=np.float32).reshape(3, 4)
    expected[key] = np.asarray(value, np.float32)
    r = v[key].assign(value)
    assert r.name == "UnreadVariable" and isinstance(r, tf.Variable)
    assert np.array_equal(v.numpy(), expected)
    assert np.array_equal(before.numpy(), np.arange(12, dtype=np.float32).reshape(3, 4))  # copy-on-write


def test_assign_errors_leave_the_variable_unchanged():
    v = _matrix()
    i = tf.Variable([1, 2, 3])
    with pytest.raises(TypeError):
        i[0].assign(1.5)  # a Python float into an int variable: TensorFlow's TypeError
    with pytest.raises(ValueError):
        v[0].assign(tf.constant([1, 2, 3, 4]))  # a Tensor of another dtype
    with pytest.raises(errors.InvalidArgumentError, match="Cannot broadcast"):
        v[0].assign([1.0, 2.0, 3.0])
    with pytest.raises(errors.InvalidArgumentError, match="Cannot broadcast"):
        v[0, 0].assign([1.0, 2.0])
    assert i.numpy().tolist() == [1, 2, 3]
    assert np.array_equal(v.numpy(), np.arange(12, dtype=np.float32).reshape(3, 4))


def test_strings_and_other_dtypes():
    s = tf.Variable(["a", "b", "c"])
    assert s[1].numpy() == b"b"
    s[1].assign("z")
    assert s.numpy().tolist() == [b"a", b"z", b"c"]
    c = tf.Variable([1 + 2j, 3 + 4j])
    c[0].assign(5j)
    assert c.numpy().tolist() == [5j, 3 + 4j]
    b = tf.Variable([[True, False], [False, False]])
    b[1].assign(True)
    assert b.numpy().tolist() == [[True, False], [True, True]]


def test_logs_tensorflows_ops(monkeypatch):
    v = _matrix()
    buf = io.StringIO()
    monkeypatch.setattr(sys, "stderr", buf)
    tf.debugging.set_log_device_placement(True)
    try:
        v[1].assign(5.0)
    finally:
        tf.debugging.set_log_device_placement(False)
    ops = [line.split()[2] for line in buf.getvalue().splitlines()]
    assert ops == ["ReadVariableOp", "StridedSlice", "_EagerConst", "ResourceStridedSliceAssign"]
