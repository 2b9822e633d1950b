"""varrt: TensorFlow's resource variables in a small C++ core, with TensorFlow's Python API.

    import varrt as tf
    v = tf.Variable([1.0, 2.0])
    v.assign_add([1.0, 1.0])
"""
from importlib import metadata as _metadata

from varrt import _C  # noqa: F401  (loads the core)
from varrt import errors, experimental
from varrt.array_ops import fill, ones, reshape, zeros
from varrt.dtypes import (DType, as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32,
                          float64, half, int8, int16, int32, int64, string, uint8, uint16, uint32, uint64)
from varrt.math_ops import add, argmax, argmin, equal, matmul, multiply, not_equal, subtract
from varrt.tensor import Tensor, constant, convert_to_tensor, is_tensor
from varrt.tensor_shape import TensorShape
from varrt.variables import Variable
from varrt import overloads as _overloads

_overloads.install(Tensor)
_overloads.install(Variable)

from varrt import train  # noqa: E402  (needs Variable)

try:
    __version__ = _metadata.version("varrt")
except _metadata.PackageNotFoundError:  # running from a source tree
    __version__ = "0.0.0"
