"""TensorFlow's auto dtype conversion (framework/flexible_dtypes.py and ops.py's PromoMode): the
process-wide dtype conversion mode `tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=...)`
sets, and, for its "safe" and "all" modes, the promotion lattice over (dtype, weak) pairs that
decides an op's result dtype. A Python number, or a WeakTensor made from one, is "weak": it defers
to the other operand's dtype (weak int32 + int8 is int8). Each entry of the lattice also names the
least permissive mode that allows it: SAFE refuses promotions that widen or lose precision."""
import enum

import numpy as np

from varrt.base import dtypes
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor_shape import TensorShape


class PromoMode(enum.Enum):
    """TensorFlow's dtype conversion modes: OFF (no implicit conversion), LEGACY (NumPy's
    promotion in Tensor's operators), SAFE and ALL (the lattice below)."""
    OFF = 0
    LEGACY = 1
    SAFE = 2
    ALL = 3


_mode = PromoMode.OFF  # process-wide, as TensorFlow's


def get_dtype_conversion_mode():
    """The current PromoMode."""
    return _mode


def set_dtype_conversion_mode(mode_name):
    """Sets the mode by its name ('off', 'legacy', 'safe' or 'all'); ValueError for another."""
    global _mode
    try:
        _mode = {"off": PromoMode.OFF, "legacy": PromoMode.LEGACY, "safe": PromoMode.SAFE,
                 "all": PromoMode.ALL}[mode_name]
    except (KeyError, TypeError):
        raise ValueError(f"The provided promotion mode {mode_name} does not exist. Make sure the provided dtype "
                         "conversion mode is one of the followings: 'off', 'legacy', 'safe' or 'all'.") from None


def is_auto_dtype_conversion_enabled():
    """Whether ops promote by the lattice and make weak tensors ("safe" or "all")."""
    return _mode is PromoMode.SAFE or _mode is PromoMode.ALL


def is_numpy_style_type_promotion():
    """Whether Tensor's operators promote as NumPy does ("legacy")."""
    return _mode is PromoMode.LEGACY


_b8, _u8, _u16, _u32, _u64 = ((d, False) for d in (dtypes.bool, dtypes.uint8, dtypes.uint16, dtypes.uint32,
                                                    dtypes.uint64))
_i8, _i16, _i32, _i64 = ((d, False) for d in (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64))
_bf16, _f16, _f32, _f64 = ((d, False) for d in (dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64))
_c64, _c128 = (dtypes.complex64, False), (dtypes.complex128, False)
_i32w, _i64w, _f32w, _f64w, _c128w = ((d, True) for d in (dtypes.int32, dtypes.int64, dtypes.float32,
                                                           dtypes.float64, dtypes.complex128))
_str = (dtypes.string, False)
_S, _A = PromoMode.SAFE, PromoMode.ALL

# TensorFlow's one-way table (_BINARY_DTYPE_RES_HALF): row x column -> (result, least mode allowing it).
_HALF = {
    _b8: {_b8: (_b8, _S), _u8: (_u8, _S), _u16: (_u16, _S), _u32: (_u32, _S), _u64: (_u64, _S), _i8: (_i8, _S),
        _i16: (_i16, _S), _i32: (_i32, _S), _i64: (_i64, _S), _bf16: (_bf16, _S), _f16: (_f16, _S), _f32: (_f32,
        _S), _f64: (_f64, _S), _c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_i32w, _S), _i64w: (_i64w, _S), _f32w:
        (_f32w, _S), _f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _u8: {_u8: (_u8, _S), _u16: (_u16, _S), _u32: (_u32, _S), _u64: (_u64, _S), _i8: (_i16, _A), _i16: (_i16, _S),
        _i32: (_i32, _S), _i64: (_i64, _S), _bf16: (_bf16, _S), _f16: (_f16, _S), _f32: (_f32, _S), _f64: (_f64,
        _S), _c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_u8, _S), _i64w: (_u8, _S), _f32w: (_f64w, _A), _f64w:
        (_f64w, _S), _c128w: (_c128w, _S)},
    _u16: {_u16: (_u16, _S), _u32: (_u32, _S), _u64: (_u64, _S), _i8: (_i32, _A), _i16: (_i32, _A), _i32: (_i32,
        _S), _i64: (_i64, _S), _bf16: (_bf16, _A), _f16: (_f16, _A), _f32: (_f32, _S), _f64: (_f64, _S), _c64:
        (_c64, _S), _c128: (_c128, _S), _i32w: (_u16, _S), _i64w: (_u16, _S), _f32w: (_f64w, _A), _f64w: (_f64w,
        _S), _c128w: (_c128w, _S)},
    _u32: {_u32: (_u32, _S), _u64: (_u64, _S), _i8: (_i64, _A), _i16: (_i64, _A), _i32: (_i64, _A), _i64: (_i64,
        _S), _bf16: (_bf16, _A), _f16: (_f16, _A), _f32: (_f32, _A), _f64: (_f64, _S), _c64: (_c64, _A), _c128:
        (_c128, _S), _i32w: (_u32, _S), _i64w: (_u32, _S), _f32w: (_f64w, _A), _f64w: (_f64w, _S), _c128w: (_c128w,
        _S)},
    _u64: {_u64: (_u64, _S), _i8: (_f64w, _A), _i16: (_f64w, _A), _i32: (_f64w, _A), _i64: (_f64w, _A), _bf16:
        (_bf16, _A), _f16: (_f16, _A), _f32: (_f32, _A), _f64: (_f64, _A), _c64: (_c64, _A), _c128: (_c128, _A),
        _i32w: (_u64, _S), _i64w: (_u64, _S), _f32w: (_f64w, _A), _f64w: (_f64w, _A), _c128w: (_c128w, _A)},
    _i8: {_i8: (_i8, _S), _i16: (_i16, _S), _i32: (_i32, _S), _i64: (_i64, _S), _bf16: (_bf16, _S), _f16: (_f16,
        _S), _f32: (_f32, _S), _f64: (_f64, _S), _c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_i8, _S), _i64w:
        (_i8, _S), _f32w: (_f64w, _A), _f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _i16: {_i16: (_i16, _S), _i32: (_i32, _S), _i64: (_i64, _S), _bf16: (_bf16, _A), _f16: (_f16, _A), _f32: (_f32,
        _S), _f64: (_f64, _S), _c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_i16, _S), _i64w: (_i16, _S), _f32w:
        (_f64w, _A), _f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _i32: {_i32: (_i32, _S), _i64: (_i64, _S), _bf16: (_bf16, _A), _f16: (_f16, _A), _f32: (_f32, _A), _f64: (_f64,
        _S), _c64: (_c64, _A), _c128: (_c128, _S), _i32w: (_i32, _S), _i64w: (_i32, _S), _f32w: (_f64w, _A), _f64w:
        (_f64w, _S), _c128w: (_c128w, _S)},
    _i64: {_i64: (_i64, _S), _bf16: (_bf16, _A), _f16: (_f16, _A), _f32: (_f32, _A), _f64: (_f64, _A), _c64: (_c64,
        _A), _c128: (_c128, _A), _i32w: (_i64, _S), _i64w: (_i64, _S), _f32w: (_f64w, _A), _f64w: (_f64w, _A),
        _c128w: (_c128w, _A)},
    _bf16: {_bf16: (_bf16, _S), _f16: (_f32, _A), _f32: (_f32, _S), _f64: (_f64, _S), _c64: (_c64, _S), _c128:
        (_c128, _S), _i32w: (_bf16, _S), _i64w: (_bf16, _S), _f32w: (_bf16, _S), _f64w: (_bf16, _S), _c128w: (_c64,
        _A)},
    _f16: {_f16: (_f16, _S), _f32: (_f32, _S), _f64: (_f64, _S), _c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_f16,
        _S), _i64w: (_f16, _S), _f32w: (_f16, _S), _f64w: (_f16, _S), _c128w: (_c64, _A)},
    _f32: {_f32: (_f32, _S), _f64: (_f64, _S), _c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_f32, _S), _i64w:
        (_f32, _S), _f32w: (_f32, _S), _f64w: (_f32, _S), _c128w: (_c64, _A)},
    _f64: {_f64: (_f64, _S), _c64: (_c128, _A), _c128: (_c128, _S), _i32w: (_f64, _S), _i64w: (_f64, _S), _f32w:
        (_f64, _S), _f64w: (_f64, _S), _c128w: (_c128, _S)},
    _c64: {_c64: (_c64, _S), _c128: (_c128, _S), _i32w: (_c64, _S), _i64w: (_c64, _S), _f32w: (_c64, _S), _f64w:
        (_c64, _S), _c128w: (_c64, _S)},
    _c128: {_c128: (_c128, _S), _i32w: (_c128, _S), _i64w: (_c128, _S), _f32w: (_c128, _S), _f64w: (_c128, _S),
        _c128w: (_c128, _S)},
    _i32w: {_i32w: (_i32w, _S), _i64w: (_i64w, _S), _f32w: (_f32w, _S), _f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _i64w: {_i64w: (_i64w, _S), _f32w: (_f32w, _S), _f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _f32w: {_f32w: (_f32w, _S), _f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _f64w: {_f64w: (_f64w, _S), _c128w: (_c128w, _S)},
    _c128w: {_c128w: (_c128w, _S)},
}
_TABLE = {a: {b: _HALF[a][b] if b in _HALF[a] else _HALF[b][a] for b in _HALF} for a in _HALF}
_TABLE[_str] = {_str: (_str, _S)}

_STRING_NUMPY_DTYPES = (np.dtype("object_"), np.dtype("bytes_"), np.dtype("str_"))
_INT32_MIN, _INT32_MAX = np.iinfo(np.int32).min, np.iinfo(np.int32).max


def _is_acceptable(x):
    """Composite tensors other than WeakTensor, IndexedSlices and Variables are not supported (the
    callers fall back to the old semantics)."""
    return not (isinstance(x, SparseTensor) or hasattr(type(x), "_composite_components"))


def _dtype_and_weakness(x):
    """(DType, weak) of an input value, Tensor, WeakTensor or dtype (TensorFlow's
    _get_dtype_and_weakness)."""
    if getattr(type(x), "_is_weak_tensor", False):
        return (x.dtype, True)
    if isinstance(x, dtypes.DType):
        return (x, False)
    dtype = getattr(x, "dtype", None)
    if isinstance(dtype, dtypes.DType):
        return (dtype, False)
    if isinstance(x, (np.ndarray, np.generic)) or isinstance(dtype, np.dtype):
        if dtype in _STRING_NUMPY_DTYPES or getattr(dtype, "kind", None) in ("S", "U", "O"):
            return _str
        return (dtypes.as_dtype(dtype), False)
    if isinstance(x, (bytes, str)):
        return _str
    if isinstance(x, type) and issubclass(x, np.generic) and x is not np.generic:
        return (dtypes.as_dtype(x), False)
    if isinstance(x, bool) or x is bool:
        return _b8
    if isinstance(x, int):
        if x < _INT32_MIN or x > _INT32_MAX:
            raise OverflowError(f"Python int {x} too large to convert to np.int32")
        return _i32w
    if x is int:
        return _i32w
    if isinstance(x, float) or x is float:
        return _f32w
    if isinstance(x, complex) or x is complex:
        return _c128w
    if isinstance(x, TensorShape):
        return _i32
    if isinstance(x, np.dtype):
        try:
            return (dtypes.as_dtype(x), False)
        except TypeError as exc:
            raise NotImplementedError(f"Auto dtype conversion semantics does not support {x}. Try using a NumPy "
                                      "built-in dtype objects or cast them explicitly.") from exc
    raise NotImplementedError(f"Auto dtype conversion semantics does not support {type(x)} type.")


def _flatten(values):
    for x in values:
        if isinstance(x, (list, tuple)):
            yield from _flatten(x)
        elif isinstance(x, dict):
            yield from _flatten([x[k] for k in sorted(x)])
        else:
            yield x


def result_type(*arrays_and_dtypes):
    """(DType, weak): the lattice's result for the inputs in order (TensorFlow's result_type). Nested
    lists count element by element; None is skipped; no inputs is weak float32.

    Raises:
      TypeError: a promotion the current mode disallows (SAFE).
      NotImplementedError: an input the semantics does not support (a RaggedTensor, an object), or
        dtypes without a promotion (string with a number).
      OverflowError: a Python int outside int32.
    """
    inputs = []
    for x in arrays_and_dtypes:
        if x is None:
            continue
        if not _is_acceptable(x):
            raise NotImplementedError(f"Auto dtype conversion semantics does not support {type(x)} type.")
        inputs.append(x)
    pairs = [_dtype_and_weakness(x) for x in _flatten(inputs)] or [(dtypes.float32, True)]
    res = pairs[0]
    for arg in pairs[1:]:
        res = (res[0].base_dtype, res[1])
        arg = (arg[0].base_dtype, arg[1])
        try:
            following, allowed = _TABLE[res][arg]
        except KeyError as exc:
            raise NotImplementedError(f"Implicit Conversion between {res[0]} and {arg[0]} is not allowed. Please "
                                      "convert the input manually if you need to.") from exc
        if allowed.value > _mode.value:
            raise TypeError(f"In promotion mode {_mode}, implicit dtype promotion between ({res[0]}, weak={res[1]}) "
                            f"and ({arg[0]}, weak={arg[1]}) is disallowed. You need to explicitly specify the dtype in "
                            "your op, or relax your dtype promotion rules (such as from SAFE mode to ALL mode).")
        res = following
    return res
