"""Checks the op tests share: a result's type, dtype, shape and values, and TensorFlow's text
for a kernel error raised inside an op."""
import numpy as np

import varrt as tf

DEV = "/job:localhost/replica:0/task:0/device:CPU:0"


def wrapped(op, message, name=" name: ", node=None):
    """TensorFlow's message for a kernel error of `op` (run as `node`, when that differs)."""
    return f"{{{{function_node __wrapped__{node or op}_device_{DEV}}}}} {message} [Op:{op}]{name}"


def check(t, expected, dtype):
    """`t` is a Tensor of `dtype` holding exactly `expected` (shape included)."""
    assert isinstance(t, tf.Tensor), type(t)
    assert t.dtype == dtype
    expected = np.asarray(expected)
    assert t.shape == expected.shape
    np.testing.assert_array_equal(t.numpy(), expected)
