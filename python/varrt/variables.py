"""`Variable`: named, typed, shape-checked mutable state — TensorFlow's resource variable.

A Variable *is* a core variable handle (`_C.VarHandle`, which it subclasses), so its hottest
methods (`numpy()`, the update kernels) dispatch straight into C++ without a Python frame.
Updates write in place when nobody holds the variable's buffer, and copy first when a read
tensor or NumPy view does (copy-on-write), so every value read stays unchanged.
"""
import numpy as np

from varrt import _C, dtypes
from varrt.tensor import Reference, Tensor, _numpy_text, constant, convert_to_tensor
from varrt.tensor_shape import TensorShape

_INPLACE_MESSAGES = {
    "+=": "`variable += value` with `tf.Variable`s is not supported. Use `variable.assign_add(value)` to modify the "
          "variable, or `out = variable + value` if you need to get a new output Tensor.",
    "-=": "`variable -= value` with `tf.Variable`s is not supported. Use `variable.assign_sub(value)` to modify the "
          "variable, or `out = variable * value` if you need to get a new output Tensor.",
}


def _inplace_message(op):
    if op in _INPLACE_MESSAGES:
        return _INPLACE_MESSAGES[op]
    return (f"`var {op} value` with `tf.Variable`s is not supported. Use `var.assign(var {op[:-1]} value)` to modify "
            f"the variable, or `out = var {op[:-1]} value` if you need to get a new output Tensor.")


class Variable(_C.VarHandle):
    """A mutable tensor with a fixed dtype and a (possibly partially known) shape.

    Mirrors `tf.Variable(initial_value, trainable=True, name=None, dtype=None, shape=None)`.
    `initial_value` may be a callable, another Variable (its value is copied), a Tensor, a
    NumPy array, nested lists or a scalar.
    """

    def __init__(self, initial_value=None, trainable=None, validate_shape=True, caching_device=None, name=None,
                 variable_def=None, dtype=None, import_scope=None, constraint=None, synchronization=None,
                 aggregation=None, shape=None, experimental_enable_variable_lifting=True):
        if initial_value is None:
            raise ValueError("The `initial_value` arg (`None`) must be specified, and cannot be `None`.")
        if constraint is not None and not callable(constraint):
            raise ValueError(f"The `constraint` argument must be a callable. Received: {constraint}")
        if callable(initial_value):
            initial_value = initial_value()
        if dtype is not None:
            dtype = dtypes.as_dtype(dtype)
        value = _initial_tensor(initial_value, dtype)
        if shape is not None:
            declared = TensorShape(shape)
            if not declared.is_compatible_with(value.shape):
                raise ValueError(f"The initial value's shape ({value.shape}) is not compatible with the explicitly "
                                 f"supplied `shape` argument ({declared}).")
        else:
            declared = value.shape if validate_shape else TensorShape(None)
        base = _base_name(name)
        _C.VarHandle.__init__(self, value._data.dtype, _core_shape(declared), "", "", base, True)
        self._assign(value._data)
        self._name = base + ":0"
        self._shape = declared
        self._dtype = value.dtype
        self._trainable = True if trainable is None else trainable
        self._constraint = constraint
        self._initial_value = value

    # --- identity -----------------------------------------------------------------------

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self):
        return self._shape

    def get_shape(self):
        return self._shape

    @property
    def trainable(self):
        return self._trainable

    @property
    def constraint(self):
        return self._constraint

    @property
    def handle(self):
        """The resource handle (this object: a Variable is its own handle)."""
        return self

    @property
    def initial_value(self):
        return self._initial_value

    @property
    def synchronization(self):
        return "AUTO"

    @property
    def aggregation(self):
        return "NONE"

    # --- reading --------------------------------------------------------------------------

    def read_value(self):
        """The current value as a new Tensor (sharing memory until the next update), on the
        current device scope's device (ReadVariableOp, then Identity, as TensorFlow runs)."""
        return Tensor._wrap(self._read_value())

    def value(self):
        return Tensor._wrap(self._read())

    _as_tensor = value

    def __array__(self, dtype=None, copy=None):
        if copy:
            array = self.numpy()
            array = np.asarray(array)
        else:
            array = self._value_view()
            if copy is False and dtype is not None and np.dtype(dtype) != array.dtype:
                raise ValueError("Unable to avoid a copy while converting a varrt Variable to the requested dtype.")
        return array if dtype is None else array.astype(dtype, copy=False)

    def is_initialized(self, name=None):
        return Tensor._wrap(_C.op_result(np.array(self._is_initialized())))

    # --- updating -------------------------------------------------------------------------

    def _unread(self):
        return _UnreadVariable(self)

    def assign(self, value, use_locking=None, name=None, read_value=True):
        """Sets the value. Converts with TensorFlow's rules; the shape must be compatible."""
        if not (type(value) is np.ndarray and value.shape == self._shape._dims):
            value = self._checked_assign_value(value)
        self._assign(value)
        return _UnreadVariable(self) if read_value else None

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        """value += delta (same shape, numeric dtypes)."""
        self._assign_add(delta)
        return _UnreadVariable(self) if read_value else None

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        """value -= delta (same shape, numeric dtypes)."""
        self._assign_sub(delta)
        return _UnreadVariable(self) if read_value else None

    def _checked_assign_value(self, value):
        """The value converted to this variable's dtype, after TensorFlow's Python-side shape check."""
        from varrt.tensor import _convert_for_update
        converted = _convert_for_update(value, self._dtype)
        shape = converted.shape
        if not self._shape.is_compatible_with(shape):
            raise ValueError(f"Cannot assign value to variable ' {self._name}': Shape mismatch.The variable shape "
                             f"{self._shape}, and the assigned value shape {TensorShape(shape)} are incompatible.")
        return converted

    def __iadd__(self, other):
        raise RuntimeError(_inplace_message("+="))

    def __isub__(self, other):
        raise RuntimeError(_inplace_message("-="))

    def __imul__(self, other):
        raise RuntimeError(_inplace_message("*="))

    def __itruediv__(self, other):
        raise RuntimeError(_inplace_message("/="))

    def __ifloordiv__(self, other):
        raise RuntimeError(_inplace_message("//="))

    def __imod__(self, other):
        raise RuntimeError(_inplace_message("%="))

    def __ipow__(self, other):
        raise RuntimeError(_inplace_message("**="))

    def __imatmul__(self, other):
        raise RuntimeError(_inplace_message("@="))

    # --- TensorFlow 1 compatibility ---------------------------------------------------------

    def initialized_value(self):
        """The value (eager variables are initialised at creation)."""
        return self.read_value()

    @property
    def initializer(self):
        """None in eager mode: eager variables are initialised at creation, as in TensorFlow 2."""
        return None

    def eval(self, session=None):
        return self.numpy()

    # --- Python protocol ----------------------------------------------------------------------

    def __hash__(self):
        raise TypeError(f"Variable is unhashable. Instead, use variable.ref() as the key. (Variable: {self!r})")

    def ref(self):
        return Reference(self)

    def experimental_ref(self):
        return Reference(self)

    def __len__(self):
        shape = self._shape
        if not shape.rank:
            raise TypeError("len is not well defined for a rank-0 Variable")
        return self._view().shape[0]

    def __iter__(self):
        return iter(self.read_value())

    def __bool__(self):
        return bool(self._value_view())

    def __int__(self):
        return int(self._view())

    def __float__(self):
        return float(self._view())

    def __complex__(self):
        return complex(self._view())

    def __index__(self):
        return self.read_value().__index__()

    def __format__(self, format_spec):
        return self.read_value().__format__(format_spec)

    def __repr__(self):
        return (f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, "
                f"numpy={_numpy_text(self._repr_view(), True)}>")

    __str__ = __repr__

    def __reduce__(self):
        raise TypeError("varrt Variables are not picklable; use a checkpoint or numpy()")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        v = Variable(self.read_value(), trainable=self._trainable, name=self._name.rsplit(":", 1)[0],
                     shape=self._shape)
        memo[id(self)] = v
        return v


class _UnreadVariable(Variable):
    """What `assign*` returns: the same variable, read lazily (TensorFlow's _UnreadVariable)."""

    def __init__(self, parent):
        _C.VarHandle.__init__(self, parent)  # shares the parent's handle
        self.__dict__.update(parent.__dict__)
        self._name = "UnreadVariable"
        self._parent = parent

    # TensorFlow reads an UnreadVariable without the Identity a Variable's reads add.
    def read_value(self):
        return Tensor._wrap(self._read())

    def numpy(self):
        return self._read().numpy()

    def _repr_view(self):
        return self._view()


def _base_name(name):
    if name is None:
        return "Variable"
    name = str(name)
    if name.endswith(":0"):
        name = name[:-2]
    return name


def _core_shape(shape):
    """A TensorShape as the core takes it: None for unknown rank, -1 for unknown dims."""
    if shape.rank is None:
        return None
    return [-1 if d is None else d for d in shape.as_list()]


def _initial_tensor(initial_value, dtype):
    if isinstance(initial_value, Variable):
        if dtype is not None and dtype != initial_value.dtype:
            raise ValueError(f"Incompatible type conversion requested to type {dtype.name} for `tf.Variable of type "
                             f"{initial_value.dtype.name}. (Variable: {initial_value!r})")
        return initial_value.value()
    return convert_to_tensor(initial_value, dtype)
