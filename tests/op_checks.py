"""Checks the op tests share: a result's type, dtype, shape and values, TensorFlow's text for a
kernel error raised inside an op, and the ops a call logs."""
import gc
import io
import sys

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


def logged_ops(fn):
    """(fn(), the op names it logged) with placement logging on for the call. The garbage
    collector waits meanwhile: an earlier test's variable freed during the call would log its
    DestroyResourceOp among the call's ops."""
    gc.collect()
    buf, old = io.StringIO(), sys.stderr
    sys.stderr = buf
    was_enabled = gc.isenabled()
    gc.disable()
    tf.debugging.set_log_device_placement(True)
    try:
        out = fn()
    finally:
        tf.debugging.set_log_device_placement(False)
        if was_enabled:
            gc.enable()
        sys.stderr = old
    return out, [line.split()[2] for line in buf.getvalue().splitlines()]


def signature_text(fn):
    """`fn`'s signature as TensorFlow's reads: names and defaults, without the annotations that are
    there for type checkers."""
    import inspect
    sig = inspect.signature(fn)
    return str(sig.replace(parameters=[p.replace(annotation=p.empty) for p in sig.parameters.values()],
                           return_annotation=sig.empty))
