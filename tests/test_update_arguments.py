"""Tensor arguments of the updates: a Tensor of the variable's dtype is taken by the core as it
is; any other goes through convert_to_tensor, with TensorFlow's rules and messages."""
import io
import sys

import numpy as np
import pytest

import varrt as tf


@pytest.mark.parametrize("method,expected", [("assign", [1.0, 2.0]), ("assign_add", [2.0, 4.0]),
                                             ("assign_sub", [0.0, 0.0])])
def test_a_tensor_of_the_variables_dtype(method, expected):
    v = tf.Variable([1.0, 2.0])
    t = tf.constant([1.0, 2.0])
    r = getattr(v, method)(t)
    assert r.numpy().tolist() == expected
    assert t.numpy().tolist() == [1.0, 2.0]  # the argument is never written
    assert getattr(v, method)(t, read_value=False) is None


def test_a_tensor_of_another_dtype_is_tensorflows_value_error():
    v = tf.Variable([1.0, 2.0])
    for method in ("assign", "assign_add", "assign_sub"):
        with pytest.raises(ValueError, match="Tensor conversion requested dtype float32 for Tensor with dtype int32"):
            getattr(v, method)(tf.constant([1, 2]))
    assert v.numpy().tolist() == [1.0, 2.0]


def test_a_shape_mismatch_is_still_the_kernels_error():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="shapes must be equal"):
        v.assign_add(tf.constant([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="Shape mismatch"):
        v.assign(tf.constant([1.0, 2.0, 3.0]))
    assert v.numpy().tolist() == [1.0, 2.0]


def test_tensor_subclasses_and_variables(monkeypatch):
    v = tf.Variable([1.0, 2.0])
    m = tf.Variable([[5.0, 6.0], [7.0, 8.0]])
    v.assign(m[1])  # a slice of a variable is a Tensor subclass
    assert v.numpy().tolist() == [7.0, 8.0]
    v.assign_add(tf.Variable([1.0, 1.0]))
    assert v.numpy().tolist() == [8.0, 9.0]
    buf = io.StringIO()
    monkeypatch.setattr(sys, "stderr", buf)
    t = tf.constant(np.ones(2, np.float32))
    tf.debugging.set_log_device_placement(True)
    try:
        v.assign_add(t)
    finally:
        tf.debugging.set_log_device_placement(False)
    assert [line.split()[2] for line in buf.getvalue().splitlines()] == ["AssignAddVariableOp"]
