"""Comparing varrt's results with TensorFlow's recorded ones (fixtures that store a result as its
dtype, shape and bytes in hex): decoding, the bytes of a result, and distances in units in the
last place. Shared by tests/test_nn_core_kernels.py and tests/test_core_elementwise_paths.py."""
import numpy as np

import varrt as tf

# Each float dtype's machine epsilon, and its (mantissa bits, smallest normal exponent).
EPS = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -23, "float64": 2.0 ** -52}
FLOAT_BITS = {"float16": (10, -14), "bfloat16": (7, -126), "float32": (23, -126), "float64": (52, -1022)}


def decode(entry):
    """A recorded result as an ndarray of its dtype and shape."""
    dtype = tf.as_dtype(entry["dtype"])
    return np.frombuffer(bytes.fromhex(entry["hex"]), dtype=dtype.as_numpy_dtype).reshape(entry["shape"])


def bits(t):
    """A result's bytes in hex, as the fixtures record them."""
    return np.ascontiguousarray(t.numpy()).tobytes().hex()


def ulps(got, want):
    """How many units in the last place (of `want`'s magnitude) `got` is from `want`; NaN and
    infinities must be where TensorFlow has them (0 then)."""
    g, w = got.astype(np.float64), want.astype(np.float64)
    special = ~np.isfinite(w)
    assert np.array_equal(np.isnan(g), np.isnan(w)) and np.array_equal(g[special & ~np.isnan(w)],
                                                                       w[special & ~np.isnan(w)])
    finite = np.where(special, 0, w)
    mantissa, min_exponent = FLOAT_BITS[np.dtype(want.dtype).name]
    exponent = np.maximum(np.floor(np.log2(np.maximum(np.abs(finite), 2.0 ** min_exponent))), min_exponent)
    return np.where(special, 0, np.abs(np.where(special, 0, g) - finite) / 2.0 ** (exponent - mantissa))
