"""`Tensor`: an immutable value in varrt's core, with TensorFlow's eager-tensor interface.

A Tensor wraps a core `TensorData`. `numpy()` returns an independent copy; `np.asarray(t)`
is a zero-copy read-only view (the core never writes to a tensor's buffer once handed out).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING, Any, Optional

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework import dlpack_protocol as _dlpack
from varrt.framework import graph_building as _graph_building
from varrt.framework.tensor_shape import TensorShape, as_tensor_value

_from_data = _C.tensor_from_data
_BY_ENUM = dtypes._BY_ENUM


def _numpy_text(array, is_repr):
    """How TensorFlow prints a value inside a tensor's repr/str."""
    if array.ndim == 0:
        text = repr(array.item()) if is_repr else str(array[()])
    else:
        text = repr(array) if is_repr else str(array)
    return "\n" + text if "\n" in text else text


if TYPE_CHECKING:
    class TensorOperators:
        """The operators Tensor and Variable bind at import time (ops/overloads.py), as type checkers
        see them: each gives a Tensor."""

        def __add__(self, other: Any) -> Tensor: ...
        def __radd__(self, other: Any) -> Tensor: ...
        def __sub__(self, other: Any) -> Tensor: ...
        def __rsub__(self, other: Any) -> Tensor: ...
        def __mul__(self, other: Any) -> Tensor: ...
        def __rmul__(self, other: Any) -> Tensor: ...
        def __truediv__(self, other: Any) -> Tensor: ...
        def __rtruediv__(self, other: Any) -> Tensor: ...
        def __floordiv__(self, other: Any) -> Tensor: ...
        def __rfloordiv__(self, other: Any) -> Tensor: ...
        def __mod__(self, other: Any) -> Tensor: ...
        def __rmod__(self, other: Any) -> Tensor: ...
        def __pow__(self, other: Any) -> Tensor: ...
        def __rpow__(self, other: Any) -> Tensor: ...
        def __matmul__(self, other: Any) -> Tensor: ...
        def __rmatmul__(self, other: Any) -> Tensor: ...
        def __and__(self, other: Any) -> Tensor: ...
        def __rand__(self, other: Any) -> Tensor: ...
        def __or__(self, other: Any) -> Tensor: ...
        def __ror__(self, other: Any) -> Tensor: ...
        def __xor__(self, other: Any) -> Tensor: ...
        def __rxor__(self, other: Any) -> Tensor: ...
        def __lt__(self, other: Any) -> Tensor: ...
        def __le__(self, other: Any) -> Tensor: ...
        def __gt__(self, other: Any) -> Tensor: ...
        def __ge__(self, other: Any) -> Tensor: ...
        def __neg__(self) -> Tensor: ...
        def __abs__(self) -> Tensor: ...
        def __invert__(self) -> Tensor: ...
else:
    TensorOperators = object  # at run time the operators are the op functions themselves




class Tensor(_C.TensorBase, TensorOperators):
    """An immutable multi-dimensional array (TensorFlow's EagerTensor)."""

    # The value lives in the C base (_C.TensorBase): ops create tensors without running Python,
    # and `numpy()`, `device` and `ndim` are C accessors.
    # `_keras_mask`: the Keras mask a layer attaches to its output (TensorFlow's tensors take any
    # attribute; this is the one Keras sets), unset otherwise.
    __slots__ = ("__weakref__", "_keras_mask")
    # NumPy defers to our reflected operators (`ndarray + Tensor` -> Tensor.__radd__).
    __array_priority__ = 100
    # The class name TensorFlow's messages print for such a value (nest's "type=EagerTensor ...").
    _tf_class_name = "EagerTensor"
    # The operators and __getitem__ are bound at the end of this file (they need the ops, which need Tensor).

    @classmethod
    def _wrap(cls, data):
        """A tensor of this class holding the core TensorData `data`."""
        return _from_data(data, cls)

    def __init__(self, *args, **kwargs):
        raise TypeError("Tensors are created with varrt.constant or varrt.convert_to_tensor, not Tensor(...)")

    if TYPE_CHECKING:  # the C accessors, as type checkers see them
        # A 0-d value comes back as a NumPy scalar (np.float32(1.0)), as TensorFlow's does; typed as
        # the array all the others are, which has the scalar's interface (shape, dtype, item, tolist).
        def numpy(self) -> np.ndarray: ...
        @property
        def device(self) -> str: ...
        @property
        def ndim(self) -> int: ...
        def __getitem__(self, key: Any) -> Tensor: ...

    @property
    def dtype(self) -> dtypes.DType:
        """The tensor's DType."""
        return _BY_ENUM[self._dtype_enum]

    @property
    def shape(self) -> TensorShape:
        """The tensor's shape as a TensorShape."""
        return TensorShape._known(self._shape_tuple)

    def get_shape(self) -> TensorShape:
        """The tensor's shape (tf.Tensor.get_shape, as .shape)."""
        return self.shape

    def __array__(self, dtype=None, copy=None):
        if copy is False and dtype is not None and np.dtype(dtype) != self._numpy().dtype:
            raise ValueError("Unable to avoid a copy while converting a varrt Tensor to the requested dtype.")
        array = self.numpy() if copy else self._numpy()
        array = np.asarray(array)
        return array if dtype is None else array.astype(dtype, copy=False)

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over this tensor's memory (zero-copy, read-only); see varrt.framework.dlpack."""
        return _dlpack._export(self._data, stream, max_version, dl_device, copy)

    def __dlpack_device__(self):
        return _dlpack._device()

    def __len__(self):
        shape = self._shape_tuple
        if not shape:
            raise TypeError("Scalar tensor has no `len()`")
        return shape[0]

    def __iter__(self):
        shape = self._shape_tuple
        if not shape:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(shape[0]))  # TensorFlow's Tensor.__iter__: a StridedSlice each

    def __bool__(self):
        return bool(self._numpy())

    def __int__(self):
        return int(_scalar(self._numpy()))

    def __float__(self):
        return float(_scalar(self._numpy()))

    def __complex__(self):
        return complex(_scalar(self._numpy()))

    def __index__(self):
        if not self.dtype.is_integer or self._shape_tuple:
            raise TypeError("Only integer scalar tensors can be used as an index.")
        return int(self._numpy())

    def __hash__(self):  # even with tensor equality disabled, as TensorFlow's EagerTensor
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def ref(self):
        """A hashable reference to this tensor (for dicts and sets; deref() gives it back)."""
        return Reference(self)

    def __format__(self, format_spec):
        return self._numpy()[()].__format__(format_spec) if not self._shape_tuple else \
            self._numpy().__format__(format_spec)

    def __repr__(self):
        return (f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, "
                f"numpy={_numpy_text(self._numpy(), True)}>")

    def __str__(self):
        return f"tf.Tensor({_numpy_text(self._numpy(), False)}, shape={self.shape}, dtype={self.dtype.name})"

    def __reduce__(self):
        return constant, (self.numpy(),)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


# The NumPy methods TensorFlow's Tensor.__getattr__ names in its hint to enable NumPy behaviour:
# each is a property that raises that AttributeError until
# tf.experimental.numpy.experimental_enable_numpy_behavior() installs the method over it. (Not a
# __getattr__: a class with one loses CPython's fast method calls, a sixth of `v[1].assign(5.)`.)
def _numpy_behavior_hint(name):
    def hint(self):
        raise AttributeError(
            f"{self._tf_class_name} object has no attribute '{name}'. " + """
        If you are looking for numpy-related methods, please run the following:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
      """)
    return property(hint, doc=f"NumPy's `{name}`: raises TensorFlow's AttributeError, which says to call "
                                "tf.experimental.numpy.experimental_enable_numpy_behavior() (that installs it).")


if not TYPE_CHECKING:  # type checkers keep refusing unknown attributes
    for _name in ("T", "astype", "ravel", "transpose", "reshape", "clip", "size", "tolist", "data"):
        setattr(Tensor, _name, _numpy_behavior_hint(_name))
    del _name


def _scalar(array):
    """The single value of a 0-d array, as TensorFlow's float()/int() accept it."""
    if array.ndim:
        raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
    return array[()].real if array.dtype.kind == "c" else array[()]


class Reference:
    """A hashable reference to a Tensor or Variable (TensorFlow's `x.ref()`), for dict keys and sets."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __hash__(self):
        return id(self._obj)

    def __eq__(self, other):
        return isinstance(other, Reference) and other._obj is self._obj

    def __repr__(self):
        return f"<Reference wrapping {self._obj!r}>"


_convert = _C.convert


def _from_array(array):
    return Tensor._wrap(_C.constant(array))


def convert_to_tensor(value: Any, dtype: Any = None, dtype_hint: Any = None, name: Optional[str] = None) -> Tensor:
    """Converts Tensors, Variables, NumPy arrays and Python values to a Tensor (TensorFlow's rules).

    Python ints become int32 (int64 when they do not fit), floats float32, complex numbers
    complex128, str/bytes string, bools bool; NumPy values keep their dtype. A Tensor is
    returned as it is; a Variable is read.

    Args:
        value: A Tensor, Variable, NumPy array, Python scalar or nested list of them.
        dtype: The dtype the result must have (a `tf.DType` or anything `tf.as_dtype` takes).
            None: inferred from `value`.
        dtype_hint: A dtype to use when `value` (a Python value) does not fix one and `dtype`
            is None; unlike `dtype`, a value that does not fit it is not an error.
        name: A name for the operation (optional).

    Returns:
        A `Tensor`.

    Raises:
        TypeError: If a Python value cannot be represented in `dtype` (`2.5` as `int32`).
        ValueError: If `value` is a Tensor or Variable of another dtype than `dtype`, a ragged
            nested list, or of a type that has no conversion.
    """
    # Values are converted by the core (_C.convert). Tensors and tensor-likes stay here: the
    # `_as_tensor` hook is a Python protocol (a Variable reads itself) and their messages print
    # the Python objects; the core calls back here for them (its update and initial-value paths).
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
        if dtype._np is None or dtype.is_quantized:
            dtypes.check_holds_tensors(dtype, value)
    if isinstance(value, Tensor):
        if dtype is not None and dtype != value.dtype:
            prefix = "" if name is None else f"{name}: "  # TensorFlow's _add_error_prefix
            raise ValueError(f"{prefix}Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                             f"{value.dtype.name}: {value!r}")
        return value
    to_tensor = getattr(value, "_as_tensor", None)  # Variables read their value
    if to_tensor is not None:
        if dtype is not None and dtype != value.dtype:
            raise ValueError(f"Incompatible type conversion requested to type {dtype.name} for `tf.Variable of type "
                             f"{value.dtype.name}. (Variable: {value!r})")
        return to_tensor()
    if packs(value):
        return _list_packing[1](value, dtype if dtype is not None else dtype_hint)
    try:
        if dtype is None and dtype_hint is not None:
            return _from_python_or_array(value, dtypes.as_dtype(dtype_hint), hint=True)
        return _from_python_or_array(value, dtype)
    except (TypeError, ValueError):
        if not isinstance(value, TensorShape):  # checked only here: free for every other value
            raise
    return _from_python_or_array(*as_tensor_value(value, dtype))


_list_packing = []  # (holds_graph_tensor, autopack) of varrt.ops.autopacking, once it has loaded


def packs(value):
    """Whether `value` is a list or tuple holding tensors of a graph being built (it converts by a Pack)."""
    return bool(_list_packing) and isinstance(value, (list, tuple)) and bool(value) and _list_packing[0](value)


def register_list_packing(applies, pack):
    """TensorFlow's rule for a list holding graph tensors (a Pack op) lives with the ops, which
    install it here as they load (this layer cannot import them)."""
    _list_packing[:] = [applies, pack]


def _from_python_or_array(value, dtype, hint=False):
    """A Python or NumPy value as a new tensor (_EagerConst), converted by the core's rules."""
    return Tensor._wrap(_convert(value, 0 if dtype is None else dtype._enum, True, hint))


def constant(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const") -> Tensor:
    """Creates a constant tensor from a Python or NumPy value (TensorFlow's `tf.constant`).

    Args:
        value: A Python scalar, nested list, NumPy array or Tensor.
        dtype: The dtype of the result; None infers it from `value` (TensorFlow's conversion
            rules, as `convert_to_tensor`).
        shape: Optional shape of the result: a scalar `value` is broadcast to it, a value with
            as many elements is reshaped to it.
        name: A name for the tensor (`"Const"`).

    Returns:
        A `Tensor`.

    Raises:
        TypeError: If `value` cannot be represented in `dtype`, if `value` is a Tensor of
            another dtype, or if `shape` has another number of elements than `value` (and
            `value` is not a scalar).
        ValueError: If `value` is a ragged nested list or of a type that has no conversion.
    """
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
        if dtype._np is None or dtype.is_quantized:
            dtypes.check_holds_tensors(dtype, value)
    if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        t = value if isinstance(value, Tensor) else value._as_tensor()
        if dtype is not None and dtype != t.dtype:
            raise TypeError(f"Expected tensor {t.numpy()} with dtype {dtype!r}, but got dtype {t.dtype!r}.")
        result = Tensor._wrap(_C.constant(t._numpy())) if t is not value else t
    else:
        try:
            result = _from_python_or_array(value, dtype)
        except (TypeError, ValueError):
            if not isinstance(value, TensorShape):
                raise
            result = _from_python_or_array(value.as_list(), dtype)  # tf.constant takes it as a sequence
    if shape is not None:
        result = _reshaped_constant(result, value, shape)
    graph = _graph_building.tf1_graph()
    if graph is not None:  # a node of the TensorFlow 1 graph, named as TensorFlow names it ("Const", "Const_1")
        graph.name_constant(result, name)
    return result


def _reshaped_constant(result, value, shape):
    """tf.constant's `shape`: a value with as many elements reshaped, a scalar broadcast."""
    shape = TensorShape(shape).as_list()
    n = int(np.prod(shape))
    array = result._numpy()
    if array.size == n:
        return _from_array(np.asarray(array.reshape(shape), order="C"))  # ascontiguousarray makes 0-d 1-d
    if array.size == 1:
        return _from_array(np.asarray(np.broadcast_to(array.reshape(()), shape), order="C"))
    raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {result.numpy()} "
                    f"(converted from {value}) has {array.size} elements, but got `shape` {tuple(shape)} "
                    f"with {n} elements).")


def is_tensor(x: Any) -> bool:
    """Whether `x` is a Tensor, tensor-like (a Variable) or a composite tensor of TensorFlow's
    (a RaggedTensor): tf.is_tensor."""
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor") or hasattr(type(x), "_composite_components")


def _convert_for_update(value, dtype_enum):
    """What the core's update ops call for values it does not convert itself (Tensors,
    Variables, other objects): the rules for tensors live in convert_to_tensor."""
    return convert_to_tensor(value, dtypes.from_enum(dtype_enum))._data


_C._set_converter(_convert_for_update)


# Tensor's operators and `t[...]` are ops: ops/overloads.py and ops/slicing.py install them on
# the class when imported (as TensorFlow's math_ops does with _override_operator).
_C._set_tensor_class(Tensor)
