"""`tf.experimental.numpy`: TensorFlow's NumPy API on tensors (`import tensorflow.experimental.numpy
as tnp`). The functions varrt builds are TensorFlow's numpy_ops ported over varrt's ops; names not
listed here are not built (AttributeError)."""
from varrt.experimental.numpy import random  # noqa: F401
from varrt.experimental.numpy.np_array_ops import (  # noqa: F401
    amax, amin, arange, around, array, asanyarray, asarray, concatenate, copy, empty, expand_dims, flatten,
    full, isscalar, max, mean, min, ndarray, ndim, newaxis, ones, ones_like, ravel, reshape, round, shape,
    size, stack, sum, swapaxes, transpose, where, zeros, zeros_like,
)
from varrt.experimental.numpy.np_config import enable_numpy_behavior as experimental_enable_numpy_behavior  # noqa: F401
from varrt.experimental.numpy.np_dtypes import (  # noqa: F401
    bool_, complex64, complex128, complex_, float16, float32, float64, float_, iinfo, inexact, int8, int16,
    int32, int64, int_, issubdtype, object_, string_, uint8, uint16, uint32, uint64, unicode_,
)
from varrt.experimental.numpy.np_math_ops import (  # noqa: F401
    add, clip, dot, exp, log, matmul, maximum, minimum, multiply, sqrt, square, subtract, tanh,
)
from varrt.experimental.numpy.np_utils import promote_types, result_type  # noqa: F401
