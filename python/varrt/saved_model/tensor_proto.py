"""`tf.make_tensor_proto` and `tf.make_ndarray` (TensorFlow's framework/tensor_util.py): a value
as a TensorProto message, and back. The message is a `TensorProto` view over the one message codec
(proto.py, the core's schema codec), so it prints protobuf's text format and serializes to
TensorFlow's bytes; make_ndarray reads it with the core's TensorProto decoder
(csrc/varrt/io/tensor_proto.cc), which fills a short value list with its last value as TensorFlow
does.

Which field holds the values is TensorFlow's choice: `tensor_content` (raw little-endian bytes) for
the numeric types it lists when there is more than one value and no broadcasting, else the typed
`*_val` field (`half_val` holds half and bfloat16 bits; complex values are (real, imag) pairs).
"""
import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.saved_model.proto import Message, fields_of

_TENSOR_CONTENT_TYPES = frozenset(dtypes.as_dtype(d) for d in (
    "float16", "float32", "float64", "int32", "uint8", "int16", "int8", "int64", "uint32", "uint64", "bfloat16"))
_VALUE_FIELDS = {  # dtype -> the repeated field that holds its values
    "float32": "float_val", "float64": "double_val", "int32": "int_val", "uint8": "int_val", "int16": "int_val",
    "int8": "int_val", "uint16": "int_val", "int64": "int64_val", "uint32": "uint32_val", "uint64": "uint64_val",
    "bool": "bool_val", "float16": "half_val", "bfloat16": "half_val", "complex64": "scomplex_val",
    "complex128": "dcomplex_val", "string": "string_val",
}
_INTEGRAL = (int, np.integer)
_REAL = (int, float, np.integer, np.floating)
_COMPLEX = (int, float, complex, np.number)
_TEXT = (bytes, str)


class TensorProto(Message):
    """tensorflow.TensorProto: a Message of that type that prints as protobuf's text format."""

    __slots__ = ()
    # Named as TensorFlow's generated class, which errors show ("... unsupported type (<class
    # 'tensorflow.core.framework.tensor_pb2.TensorProto'>) ...").
    __module__ = "tensorflow.core.framework.tensor_pb2"

    def __init__(self, fields=None):
        super().__init__("tensorflow.TensorProto", fields)

    def __repr__(self):
        return str(self)  # protobuf's repr is its text format too


def _flatten(values):
    if isinstance(values, (list, tuple)):
        for v in values:
            yield from _flatten(v)
    else:
        yield values


def _check_compatible(values, dtype):
    """TensorFlow's _AssertCompatible: Python values of the kind `dtype` takes, no tensors."""
    if dtype is None:
        if any(isinstance(v, Tensor) for v in _flatten(values)):
            raise TypeError("Expected any non-tensor type, but got a tensor instead.")
        return
    if dtype == dtypes.bool:
        kinds = (bool,)
    elif dtype == dtypes.string:
        kinds = _TEXT
    elif dtype.is_integer:
        kinds = _INTEGRAL
    elif dtype.is_floating:
        kinds = _REAL
    elif dtype.is_complex:
        kinds = _COMPLEX
    else:
        return
    for v in _flatten(values):
        if not (isinstance(v, kinds) or (isinstance(v, np.ndarray) and issubclass(v.dtype.type, kinds))):
            raise TypeError(f"Expected {dtype.name}, but got {v} of type '{type(v).__name__}'.")


def _dense_dims(values):
    if not isinstance(values, (list, tuple)):
        return []
    if not values:
        return [0]
    return [len(values)] + _dense_dims(values[0])


def _array_like(values):
    if isinstance(values, Tensor) or callable(getattr(values, "__array__", None)):
        return True
    try:
        memoryview(values)
    except TypeError:
        return False
    return True


def _as_array(values, dtype, shape):
    """The NumPy array of `values` as TensorFlow's make_tensor_proto infers it."""
    if _array_like(values):
        values = np.asarray(values)
    if isinstance(values, (np.ndarray, np.generic)):
        return values.astype(dtype.as_numpy_dtype) if dtype is not None else values
    if values is None:
        raise ValueError("None values not supported.")
    np_dtype = dtype.as_numpy_dtype if dtype is not None else None
    if shape is not None and np.prod(shape, dtype=np.int64) == 0:
        array = np.empty(shape, dtype=np_dtype)
    else:
        _check_compatible(values, dtype)
        array = np.array(values, np_dtype)
        if list(array.shape) != _dense_dims(values):
            raise ValueError(f"Expected values {values} to be a dense tensor with shape {_dense_dims(values)}, but "
                             f"got shape {list(array.shape)}.")
    if dtype is None and array.dtype == np.float64:
        array = array.astype(np.float32)
    elif dtype is None and array.dtype == np.int64:
        narrow = array.astype(np.int32)
        if np.array_equal(narrow, array):
            array = narrow
    return array


def _values_field(array, dtype, values):
    """The `*_val` field's values for the flat `array` of `dtype`."""
    if dtype == dtypes.string:
        items = list(_flatten(values)) if not isinstance(values, np.ndarray) else array.tolist()
        if all(isinstance(v, (str, bytes, bytearray)) for v in items):  # compat.as_bytes takes these
            return [v.encode() if isinstance(v, str) else bytes(v) for v in items]
        raise TypeError(f"Failed to convert elements of {values} to Tensor. Consider casting elements to a "
                            "supported type. See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported "
                            "TF dtypes.")
    if dtype in (dtypes.float16, dtypes.bfloat16):
        return array.view(np.uint16).astype(np.int64).tolist()
    if dtype.is_complex:
        pairs = np.stack([array.real, array.imag], axis=-1).reshape(-1)
        return pairs.astype(np.float32 if dtype == dtypes.complex64 else np.float64).tolist()
    return array.tolist()


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False) -> TensorProto:
    """A TensorProto holding `values` (a Python value, a NumPy array or scalar), of `dtype` and
    `shape` when given (a shape with more elements repeats the last value when the proto is read)."""
    if allow_broadcast and verify_shape:
        raise ValueError("allow_broadcast and verify_shape are not both allowed.")
    if isinstance(values, TensorProto):
        return values
    if dtype:
        dtype = dtypes.as_dtype(dtype)
    array = _as_array(values, dtype, shape)
    array_dtype = dtypes.as_dtype(array.dtype)
    if dtype is not None and dtype.base_dtype != array_dtype.base_dtype:
        raise TypeError(f"`dtype` {dtype} is not compatible with {values} of dtype {array.dtype}.")
    if shape is None:
        shape, same_size, size = array.shape, True, array.size
    else:
        shape = [int(d) for d in shape]
        size = int(np.prod(shape, dtype=np.int64))
        same_size = size == array.size
        if allow_broadcast:
            if array.shape not in ((1,), ()) and array.size != size:
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got {array.shape}.")
        else:
            if verify_shape and array.shape != tuple(shape):
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got {array.shape}.")
            if array.size > size:
                raise ValueError(f"Too many elements provided. Takes at most {size:d}, but got {array.size:d}.")
    proto = TensorProto({"dtype": array_dtype.as_datatype_enum,
                         "tensor_shape": {"dim": [{"size": int(d)} if d else {} for d in shape]}})
    if same_size and array_dtype in _TENSOR_CONTENT_TYPES and size > 1:
        if array.size * array.itemsize >= 1 << 31:
            raise ValueError("Cannot create a tensor proto whose content is larger than 2GB.")
        fields_of(proto)["tensor_content"] = np.ascontiguousarray(array).tobytes()
        return proto
    field = _VALUE_FIELDS.get(array_dtype.name)
    if field is None:
        raise TypeError(f"Element type not supported in TensorProto: {array_dtype.name}.")
    values_list = _values_field(array.reshape(-1), array_dtype, values)
    if values_list:
        fields_of(proto)[field] = values_list
    return proto


def make_ndarray(tensor) -> np.ndarray:
    """The NumPy array a TensorProto holds (its shape; a short value list repeats its last value)."""
    if not isinstance(tensor, Message):
        raise AttributeError(f"'{type(tensor).__name__}' object has no attribute 'tensor_shape'")
    return _C.parse_tensor_proto(tensor.SerializeToString()).view().copy()
