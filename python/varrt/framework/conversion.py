"""Conversion of Python and NumPy values to tensors, with TensorFlow's rules.

Python values: int -> int32 (int64 when it does not fit), float -> float32, complex ->
complex128, str/bytes -> string, bool -> bool; lists must be rectangular and of one kind
(bool does not mix with numbers, strings with nothing else). With a requested dtype, Python
floats do not go into integer types and only bools go into bool (TypeError), integers wrap.
NumPy values keep their dtype, or are cast when a dtype is requested. A Tensor of another
dtype than requested is a ValueError.

Everything here returns a C-contiguous, native-byte-order ndarray of the exact dtype (object
arrays of bytes for strings), which the core borrows or copies.
"""
import numbers

import numpy as np

from varrt import dtypes

_INT32 = np.iinfo(np.int32)
_INT64 = np.iinfo(np.int64)
_F32_MAX = float(np.finfo(np.float32).max)

_NUMPY_TYPE_NAMES = {"g": "NPY_LONGDOUBLE", "G": "NPY_CLONGDOUBLE", "M": "NPY_DATETIME", "m": "NPY_TIMEDELTA",
                     "V": "NPY_VOID"}

# Kinds of Python elements, in the order they widen: int -> float -> complex.
_BOOL, _INT, _FLOAT, _COMPLEX, _STR = "b", "i", "f", "c", "s"


def _unsupported(value):
    return ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type ({type(value)}) to a Tensor.")


def _kind_of(x):
    t = type(x)
    if t is bool or t is np.bool_:
        return _BOOL
    if t is int or isinstance(x, (numbers.Integral, np.integer)):
        return _INT
    if t is float or isinstance(x, (numbers.Real, np.floating)):
        return _FLOAT
    if t is complex or isinstance(x, (numbers.Complex, np.complexfloating)):
        return _COMPLEX
    if t is str or t is bytes or isinstance(x, (str, bytes, np.str_, np.bytes_)):
        return _STR
    return None


def _as_bytes(x):
    return x.encode("utf-8") if isinstance(x, str) else bytes(x)


def _strings(array):
    """An object array of bytes from a str/bytes/object array."""
    out = np.empty(array.shape, dtype=object)
    flat = out.reshape(-1)
    for i, x in enumerate(array.reshape(-1)):
        if not isinstance(x, (str, bytes)):
            if array.dtype == object:
                raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type {type(x).__name__}).")
            raise TypeError(f"a bytes-like object is required, not '{type(x).__name__}'")
        flat[i] = _as_bytes(x)
    return out


def _python_elements(value):
    """(object array of the leaves, set of element kinds) for a Python scalar or nested sequence."""
    if isinstance(value, (list, tuple)):
        try:
            leaves = np.array(value, dtype=object)
        except ValueError:
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
        kinds = set()
        flat = leaves.reshape(-1)  # not .flat: NumPy's flat iterator stops at 32 dimensions
        for x in flat:
            if isinstance(x, (list, tuple)):  # ragged, or nested deeper than NumPy's 64 dimensions
                raise ValueError("Can't convert non-rectangular Python sequence to Tensor.")
            kinds.add(_kind_of(x))
        if None in kinds:
            if flat.size == 1 or kinds == {None}:
                bad = next(x for x in flat if _kind_of(x) is None)
                if not isinstance(bad, type(None)):
                    raise _unsupported(value)
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
        return leaves, kinds
    kind = _kind_of(value)
    if kind is None:
        raise _unsupported(value)
    leaves = np.empty((), dtype=object)
    leaves[()] = value
    return leaves, {kind}


def _infer(leaves, kinds, value):
    """The dtype TensorFlow infers for Python leaves of the given kinds."""
    if not kinds:
        return dtypes.float32  # []
    if kinds == {_STR}:
        return dtypes.string
    if kinds == {_BOOL}:
        return dtypes.bool
    if _COMPLEX in kinds:
        return dtypes.complex128
    # NumPy floating scalars among Python numbers set the float type ([np.float16(1), 2.5]).
    np_floats = {type(x) for x in leaves.reshape(-1) if isinstance(x, np.floating)}
    if np_floats:
        return dtypes.as_dtype(np.result_type(*np_floats))
    if _FLOAT in kinds:
        finite = [abs(float(x)) for x in leaves.reshape(-1)]
        if any(f > _F32_MAX and f != float("inf") for f in finite):
            raise ValueError("Can't convert Python sequence with a value out of range for a double-precision float.")
        return dtypes.float32
    ints = [int(x) for x in leaves.reshape(-1)]
    lo, hi = (min(ints), max(ints)) if ints else (0, 0)
    if _INT32.min <= lo and hi <= _INT32.max:
        return dtypes.int32
    if _INT64.min <= lo and hi <= _INT64.max:
        return dtypes.int64
    raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")


def _allowed(kinds, dtype):
    if dtype is dtypes.string:
        return kinds <= {_STR}
    if dtype is dtypes.bool:
        return kinds <= {_BOOL}
    if _STR in kinds:
        return False
    if dtype.is_integer:
        return kinds <= {_BOOL, _INT}
    if dtype.is_floating:
        return _COMPLEX not in kinds
    return True  # complex


def _wrap_ints(leaves, dtype):
    """Python ints into an integer dtype wrap modulo 2**bits, as TensorFlow's conversion does."""
    bits = np.dtype(dtype.as_numpy_dtype).itemsize * 8
    mask = (1 << bits) - 1
    signed = np.issubdtype(dtype.as_numpy_dtype, np.signedinteger)
    # TensorFlow reads Python ints as int64 (uint64 for a uint64 tensor), then wraps them.
    lo, hi = (0, 1 << 64) if dtype is dtypes.uint64 else (-(1 << 63), 1 << 63)
    out = np.empty(leaves.shape, dtype=dtype.as_numpy_dtype)
    flat = out.reshape(-1)
    for i, x in enumerate(leaves.reshape(-1)):
        v = int(x)
        if not lo <= v < hi:
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        v &= mask
        if signed and v >> (bits - 1):
            v -= 1 << bits
        flat[i] = v
    return out


def from_python(value, dtype=None):
    leaves, kinds = _python_elements(value)
    # Strings and bools mix with nothing, whatever dtype is requested.
    if len(kinds) > 1 and (_STR in kinds or _BOOL in kinds):
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
    if dtype is None:
        dtype = _infer(leaves, kinds, value)
    elif kinds and not _allowed(kinds, dtype):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtypes.core_name(dtype)}")
    if dtype is dtypes.string:
        return _strings(leaves)
    if dtype.is_integer and kinds <= {_INT, _BOOL} and _INT in kinds:
        return _wrap_ints(leaves, dtype)
    with np.errstate(all="ignore"):  # 1e40 into float32 is inf, as in TensorFlow
        return leaves.astype(dtype.as_numpy_dtype)


def from_numpy(array, dtype=None):
    """A contiguous native array of `dtype` (or of the array's own dtype) from an ndarray or NumPy scalar."""
    array = np.asarray(array)
    kind = array.dtype.kind
    if kind in "USO":
        if dtype is None or dtype is dtypes.string:
            return _strings(array)
        # Another dtype requested: TensorFlow casts with NumPy's rules ("1.5" and b"2" parse,
        # None becomes nan); what NumPy cannot cast raises NumPy's ValueError/TypeError.
        return array.astype(dtype.as_numpy_dtype, order="C")
    if dtype is None:
        try:
            dtype = dtypes.as_dtype(array.dtype)
        except TypeError:
            name = _NUMPY_TYPE_NAMES.get(array.dtype.char, _NUMPY_TYPE_NAMES.get(kind, f"NPY_{array.dtype.name.upper()}"))
            raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported numpy type: {name}).") from None
    elif dtype is dtypes.string:
        raise TypeError(f"Cannot convert {array!r} to EagerTensor of dtype string")
    target = np.dtype(dtype.as_numpy_dtype)
    if array.dtype == target and array.flags.c_contiguous and array.flags.aligned and array.dtype.isnative:
        return array
    with np.errstate(all="ignore"):  # casts wrap and overflow to inf as TensorFlow's do
        return array.astype(target, order="C")  # keeps 0-d arrays 0-d, unlike ascontiguousarray


def to_array(value, dtype=None):
    """`value` as an ndarray the core accepts; `dtype` (a DType or None) as TensorFlow requests it."""
    if isinstance(value, (np.ndarray, np.generic)):
        return from_numpy(value, dtype)
    if hasattr(value, "__array_interface__") or hasattr(value, "__array__") and not isinstance(value, (list, tuple)):
        return from_numpy(np.asarray(value), dtype)
    return from_python(value, dtype)
