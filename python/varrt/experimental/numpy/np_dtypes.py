"""`tf.experimental.numpy`'s dtypes (NumPy's scalar types, as TensorFlow exports them) and the
float preference `experimental_enable_numpy_behavior(prefer_float32=...)` sets
(TensorFlow's numpy_ops/np_dtypes.py)."""
import numpy as np

from varrt.base import dtypes

bool_ = np.bool_
complex128 = np.complex128
complex64 = np.complex64
float16 = np.float16
float32 = np.float32
float64 = np.float64
inexact = np.inexact
int_ = np.int_
int16 = np.int16
int32 = np.int32
int64 = np.int64
int8 = np.int8
object_ = np.object_
string_ = np.bytes_
uint16 = np.uint16
uint32 = np.uint32
uint64 = np.uint64
uint8 = np.uint8
unicode_ = np.str_
complex_ = np.complex128  # NumPy 2 removed np.complex_ and np.float_; TensorFlow aliases these
float_ = np.float64
iinfo = np.iinfo
issubdtype = np.issubdtype

_to_float32 = {np.dtype("float64"): np.dtype("float32"), np.dtype("complex128"): np.dtype("complex64")}

# Module state as in TensorFlow: one process-wide preference, changed only by
# experimental_enable_numpy_behavior.
_prefer_float32 = False
_allow_float64 = True


def is_prefer_float32():
    """Whether Python floats are inferred as float32 (else float64, NumPy's choice)."""
    return _prefer_float32


def set_prefer_float32(b):
    """Sets whether Python floats are inferred as float32."""
    global _prefer_float32
    _prefer_float32 = b


def is_allow_float64():
    """Whether float64 results are kept (TensorFlow's flag; varrt never turns it off)."""
    return _allow_float64


def canonicalize_dtype(dtype):
    """`dtype`, or its 32-bit form when float64 is not allowed."""
    if not _allow_float64:
        try:
            return _to_float32[dtype]
        except KeyError:
            pass
    return dtype


def _result_type(*arrays_and_dtypes):
    """NumPy's result type of the arguments as a DType, Python floats read as float32 when
    float32 is preferred."""
    def preprocess_float(x):
        if is_prefer_float32():
            if isinstance(x, float):
                return np.float32(x)
            elif isinstance(x, complex):
                return np.complex64(x)
        return x

    arrays_and_dtypes = [preprocess_float(x) for x in arrays_and_dtypes]
    dtype = np.result_type(*arrays_and_dtypes)
    return dtypes.as_dtype(canonicalize_dtype(dtype))


def default_float_type():
    """float64, or float32 when float32 is preferred or float64 not allowed."""
    if not is_prefer_float32() and is_allow_float64():
        return float64
    return float32
