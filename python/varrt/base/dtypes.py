"""Element types, mirroring `tf.dtypes`: `DType` objects such as `varrt.float32`."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import builtins
import warnings

import ml_dtypes
import numpy as np

from varrt import _C


class DType:
    """An element type. Compares equal to anything `as_dtype` maps to it."""

    __slots__ = ("_enum", "_name", "_np")

    def __init__(self, enum, name, numpy_type):
        self._enum = enum
        self._name = name
        self._np = numpy_type

    @property
    def name(self):
        """The dtype's name ("float32")."""
        return self._name

    @property
    def as_datatype_enum(self):
        """TensorFlow's DataType enum value of this dtype."""
        return self._enum

    @property
    def as_numpy_dtype(self):
        """The NumPy scalar type of this dtype (object for string; a one-field structured dtype for
        the quantized ones, as TensorFlow's); KeyError for resource and variant, as TensorFlow's."""
        if self._np is None:
            raise KeyError(self._enum)
        return self._np

    @property
    def base_dtype(self):
        """This dtype (TensorFlow's reference dtypes do not exist in varrt)."""
        return self

    @property
    def real_dtype(self):
        """The dtype of the real part: float32 for complex64, float64 for complex128, else this dtype."""
        return {complex64: float32, complex128: float64}.get(self, self)

    @property
    def is_floating(self):
        """Whether this is a floating-point dtype (half, bfloat16, float, double)."""
        return self in (float16, bfloat16, float32, float64)

    @property
    def is_complex(self):
        """Whether this is a complex dtype."""
        return self in (complex64, complex128)

    @property
    def is_integer(self):
        """Whether this is a (signed or unsigned) integer dtype."""
        return self in (int8, int16, int32, int64, uint8, uint16, uint32, uint64)

    @property
    def is_unsigned(self):
        """Whether this is an unsigned integer dtype."""
        return self in (uint8, uint16, uint32, uint64, bool)

    @property
    def is_bool(self):
        """Whether this is tf.bool."""
        return self is bool

    @property
    def is_numeric(self):
        """Whether values of this dtype are numbers (not bool or string)."""
        return self.is_floating or self.is_complex or self.is_integer

    @property
    def is_numpy_compatible(self):
        """Whether NumPy has a matching dtype (not resource or variant)."""
        return self._np is not None

    @property
    def is_quantized(self):
        """Whether this is a quantized dtype (qint8, quint8, qint16, quint16, qint32: named, though
        varrt holds no tensors of them)."""
        return self in QUANTIZED_DTYPES

    @property
    def size(self):
        """The size of one element in bytes (0 for resource and variant, as TensorFlow's)."""
        if self._np is None:
            return 0
        return 8 if self is string else np.dtype(self._np).itemsize

    def _check_limits(self, which):
        if self.is_quantized:
            raise TypeError(f"Cannot find {which} value of {self} with quantized type {self}.")

    @property
    def min(self):
        """The smallest (most negative) value of this dtype."""
        self._check_limits("minimum")
        if self.is_floating:
            return float(ml_dtypes.finfo(self._np).min)
        if self.is_integer:
            return int(np.iinfo(self._np).min)
        if self is bool:
            return False
        raise TypeError(f"Cannot find minimum value of {self}.")

    @property
    def max(self):
        """The largest value of this dtype."""
        self._check_limits("maximum")
        if self.is_floating:
            return float(ml_dtypes.finfo(self._np).max)
        if self.is_integer:
            return int(np.iinfo(self._np).max)
        if self is bool:
            return True
        raise TypeError(f"Cannot find maximum value of {self}.")

    @property
    def limits(self):
        """(min, max) of this dtype."""
        return self.min, self.max

    def is_compatible_with(self, other):
        """Whether a value of `other`'s dtype can be used where this dtype is expected (equal dtypes)."""
        return self == as_dtype(other)

    def __eq__(self, other):
        if other is None:
            return False
        if type(other) is not DType:
            try:
                other = as_dtype(other)
            except TypeError:
                return False
        return self._enum == other._enum

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return self._enum

    def __reduce__(self):
        return as_dtype, (self._name,)

    def __repr__(self):
        return "tf." + self._name

    def __str__(self):
        return f"<dtype: '{self._name}'>"


float32 = DType(1, "float32", np.float32)
float64 = DType(2, "float64", np.float64)
int32 = DType(3, "int32", np.int32)
uint8 = DType(4, "uint8", np.uint8)
int16 = DType(5, "int16", np.int16)
int8 = DType(6, "int8", np.int8)
string = DType(7, "string", np.object_)
complex64 = DType(8, "complex64", np.complex64)
int64 = DType(9, "int64", np.int64)
bool = DType(10, "bool", np.bool_)  # noqa: A001 - TensorFlow's public name
bfloat16 = DType(14, "bfloat16", ml_dtypes.bfloat16)
uint16 = DType(17, "uint16", np.uint16)
complex128 = DType(18, "complex128", np.complex128)
float16 = DType(19, "float16", np.float16)
uint32 = DType(22, "uint32", np.uint32)
uint64 = DType(23, "uint64", np.uint64)
# TensorFlow's other DataTypes: named (tf.qint8, tf.resource, ...), but varrt holds no tensors of them.
qint8 = DType(11, "qint8", np.dtype([("qint8", np.int8)]))
quint8 = DType(12, "quint8", np.dtype([("quint8", np.uint8)]))
qint32 = DType(13, "qint32", np.dtype([("qint32", np.int32)]))
qint16 = DType(15, "qint16", np.dtype([("qint16", np.int16)]))
quint16 = DType(16, "quint16", np.dtype([("quint16", np.uint16)]))
resource = DType(20, "resource", None)
variant = DType(21, "variant", None)

half = float16
double = float64

QUANTIZED_DTYPES = frozenset((qint8, quint8, qint16, quint16, qint32))
_ALL = (float32, float64, int32, uint8, int16, int8, string, complex64, int64, bool, bfloat16, uint16,
        complex128, float16, uint32, uint64, qint8, quint8, qint32, qint16, quint16, resource, variant)
_BY_ENUM: list[DType | None] = [None] * 24  # by TensorFlow's DataType enum; gaps are None
for _d in _ALL:
    _BY_ENUM[_d._enum] = _d
_BY_NAME = {d.name: d for d in _ALL}
_BY_NAME.update(half=float16, double=float64)
_BY_NUMPY = {np.dtype(d._np): d for d in _ALL if d is not string and d._np is not None}
# TensorFlow maps these Python types directly; other Python types (int, str, complex) are
# rejected by as_dtype rather than going through NumPy's defaults.
_BY_PYTHON = {builtins.float: float32, builtins.bool: bool, builtins.object: string}
_PYTHON_REJECTED = (builtins.int, builtins.str, builtins.bytes, builtins.complex)


def check_holds_tensors(dtype, value):
    """Raises for a dtype varrt names but holds no tensors of: NotImplementedError for the
    quantized ones (TensorFlow computes with them; varrt does not), TensorFlow's TypeError for
    resource and variant (no value converts to them)."""
    if dtype.is_quantized:
        raise NotImplementedError(f"varrt has no tensors of the quantized dtype {dtype.name} (the dtype is named, for "
                                  "code that compares dtypes; nothing computes with it)")
    if not dtype.is_numpy_compatible:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")


def core_name(dtype):
    """The name TensorFlow's C++ layer prints in messages ("Cannot convert 'a' to EagerTensor of
    dtype float"): the core's (varrt/tf/type_names), which its own messages use too."""
    return _C.tf.type_name(dtype._enum)


def enum_name(dtype):
    """TensorFlow's DataType enum name, "DT_FLOAT", as attr dumps print it (the core's)."""
    return _C.tf.enum_name(dtype._enum)


def from_enum(enum):
    """The DType for a TensorFlow DataType enum value (what the core reports)."""
    return _BY_ENUM[enum]


def as_dtype(type_value) -> DType:
    """Converts a DType, a name ('float32'), a NumPy dtype or type, or a Python type to a DType."""
    if type(type_value) is DType:
        return type_value
    if isinstance(type_value, str):
        d = _BY_NAME.get(type_value)
        if d is not None:
            return d
    elif isinstance(type_value, int) and not isinstance(type_value, builtins.bool):
        d = _BY_ENUM[type_value] if 0 <= type_value < len(_BY_ENUM) else None
        if d is not None:
            return d
    elif isinstance(type_value, type) and type_value in _BY_PYTHON:
        return _BY_PYTHON[type_value]
    elif any(type_value is t for t in _PYTHON_REJECTED):  # identity: np.dtype("int64") == int
        pass
    else:
        as_np = getattr(type_value, "as_numpy_dtype", None)
        try:
            with warnings.catch_warnings():
                # Older NumPy only warns for an object whose `.dtype` is not a dtype (newer ones
                # raise TypeError): the same rejection on every NumPy varrt supports.
                warnings.simplefilter("error", DeprecationWarning)
                npd = np.dtype(as_np if as_np is not None else type_value)
        except (TypeError, ValueError, DeprecationWarning):
            npd = None
        if npd is not None:
            if npd.kind in "OSU":
                return string
            d = _BY_NUMPY.get(npd.newbyteorder("=") if npd.byteorder not in "=|" else npd)
            if d is not None:
                return d
    raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType.")
