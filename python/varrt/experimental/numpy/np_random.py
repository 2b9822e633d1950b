"""`tf.experimental.numpy.random`: NumPy's random functions on TensorFlow's global-seed random
ops (TensorFlow's numpy_ops/np_random.py)."""
import numpy as onp

from varrt.experimental.numpy import np_array_ops, np_utils
from varrt.ops import random_ops
from varrt.ops.broadcast_shapes import broadcast_dynamic_shape


def seed(s):
    """Sets the global random seed (tf.random.set_seed).

    Raises:
      ValueError: if `s` is not an integer.
    """
    try:
        s = int(s)
    except TypeError:
        raise ValueError(f"Argument `s` got an invalid value {s}. Only integers are supported.") from None
    random_ops.set_seed(s)


def standard_normal(size=None):
    """Normal samples of shape `size`, in the default float type."""
    if size is None:
        size = ()
    elif np_utils.isscalar(size):
        size = (size,)
    dtype = np_utils.result_type(float)
    return random_ops.random_normal(size, dtype=dtype)


def randn(*args):
    """Normal samples of shape `args`, in the default float type (float64 unless float32 is preferred)."""
    return standard_normal(size=args)


def uniform(low=0.0, high=1.0, size=None):
    """Uniform samples in [low, high) of shape `size`, in the default float type."""
    dtype = np_utils.result_type(float)
    low = np_array_ops.asarray(low, dtype=dtype)
    high = np_array_ops.asarray(high, dtype=dtype)
    if size is None:
        size = broadcast_dynamic_shape(low.shape, high.shape)
    return random_ops.random_uniform(shape=size, minval=low, maxval=high, dtype=dtype)


def random(size=None):
    """Uniform samples in [0, 1) of shape `size`."""
    return uniform(0.0, 1.0, size)


def rand(*size):
    """Uniform samples in [0, 1) of shape `size`."""
    return uniform(0.0, 1.0, size)


def randint(low, high=None, size=None, dtype=onp.int64):
    """Uniform integers in [low, high) (or [0, low)) of shape `size`, int32 or int64.

    Raises:
      ValueError: for any other dtype.
    """
    low = int(low)
    if high is None:
        high = low
        low = 0
    if size is None:
        size = ()
    elif isinstance(size, int):
        size = (size,)
    dtype_orig = dtype
    dtype = np_utils.result_type(dtype)
    accepted_dtypes = (onp.int32, onp.int64)
    if dtype not in accepted_dtypes:
        raise ValueError(f"Argument `dtype` got an invalid value {dtype_orig}. Only those "
                         f"convertible to {accepted_dtypes} are supported.")
    return random_ops.random_uniform(shape=size, minval=low, maxval=high, dtype=dtype)
