"""`KerasVariable`: Keras 3's variable on the TensorFlow backend (keras/src/backend/tensorflow/
core.py `Variable`).

It is not a tf.Variable: it holds one (`.value`, named "<path>:0") and forwards to it. Reading
it in an op converts through `_as_tensor` (the hook `convert_to_tensor` calls, TensorFlow's
`__tf_tensor__`), so ops, `tf.function` and `GradientTape` see the tf.Variable's reads;
`_should_act_as_resource_variable` tells the tape to differentiate with respect to that
tf.Variable when a KerasVariable is a source (TensorFlow's `is_resource_variable` test), and
so do the Keras optimizers and checkpoints (`framework.variables.resource_variable_of`): a
checkpoint saves the tf.Variable where the KerasVariable is, which is what TensorFlow writes.

Keras's own surface differs from a tf.Variable's: `dtype` is a string ("float32"), `name` is
the short name ("kernel"), `path` the full one, `assign` returns the assigned tensor, and the
repr is `<Variable path=dense/kernel, shape=(3, 3), dtype=float32, value=[...]>`.
"""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.variable_enums import VariableAggregationV2, VariableSynchronization
from varrt.framework.variables import Variable
from varrt.layers import naming
from varrt.layers.name_scope import current_path
from varrt.ops import init_ops
from varrt.ops import math_ops

_AGGREGATIONS = (None, "none", "mean", "sum", "only_first_replica")


def standardize_dtype(dtype):
    if dtype is None:
        return "float32"
    if isinstance(dtype, str) and dtype == "float":
        return "float32"
    if isinstance(dtype, str) and dtype == "int":  # Keras's PYTHON_DTYPES_MAP on the TensorFlow backend
        return "int64"
    return dtypes.as_dtype(dtype).name


_DEFAULT_NAME = "Variable"  # Keras's base for unnamed variables (variable, variable_1, ...)


class KerasVariable:
    """A Keras 3 variable: a tf.Variable with a Keras path, trainability, regularizer and
    constraint (made by `Layer.add_weight`, or directly as `keras.Variable`)."""

    _should_act_as_resource_variable = True

    def __init__(self, initializer, shape=None, dtype=None, trainable=True, autocast=True, aggregation="none",
                 synchronization="auto", name=None):
        name = name or naming.auto_name(_DEFAULT_NAME)
        if not isinstance(name, str) or "/" in name:
            raise ValueError("Argument `name` must be a string and cannot contain character `/`. "
                             f"Received: name={name}")
        if aggregation not in _AGGREGATIONS:
            raise ValueError("Invalid value for argument `aggregation`. Expected one of `None`, `'none'`, `'mean'`, "
                             f"`'sum'`, `'only_first_replica'`. Received: aggregation={aggregation}")
        self._name = name
        parent = current_path()
        self._path = f"{parent}/{name}" if parent else name
        self._trainable = bool(trainable)
        self._autocast = bool(autocast)
        self._aggregation = aggregation or "none"
        self._regularizer = None
        self._constraint = None
        self.overwrite_with_gradient = False
        if isinstance(initializer, str):
            initializer = init_ops.get(initializer)
        if callable(initializer):
            if shape is None:
                raise ValueError("When creating a Variable from an initializer, the `shape` argument should be "
                                 f"specified. Received: initializer={initializer} and shape={shape}")
            self._dtype = standardize_dtype(dtype)
            shape = tuple(int(d) for d in shape)
            value = initializer(shape, dtype=self._dtype)
        else:
            value = convert_to_tensor(initializer, dtype=dtype)
            self._dtype = value.dtype.name
        if synchronization == "on_read":  # a metric's state: under MirroredStrategy one copy per replica
            self._value = Variable(value, dtype=self._dtype, trainable=self._trainable, name=name,
                                   synchronization=VariableSynchronization.ON_READ,
                                   aggregation=VariableAggregationV2[self._aggregation.upper()])
        else:
            self._value = Variable(value, dtype=self._dtype, trainable=self._trainable, name=name)
        self._shape = tuple(self._value.shape.as_list())

    @property
    def regularizer(self):
        """The callable whose result on the variable a layer adds to its `losses`, or None."""
        return self._regularizer

    @regularizer.setter
    def regularizer(self, value):
        if value is not None and not callable(value):
            raise ValueError("Invalid value for attribute `regularizer`. Expected a callable (such as a "
                             f"`keras.regularizers.Regularizer` instance) or `None`. Received: regularizer={value}")
        self._regularizer = value

    @property
    def constraint(self):
        """The projection an optimizer applies after each update, or None."""
        return self._constraint

    @constraint.setter
    def constraint(self, value):
        if value is not None and not callable(value):
            raise ValueError("Invalid value for attribute `constraint`. Expected a callable (such as a "
                             f"`keras.constraints.Constraint` instance) or `None`. Received: constraint={value}")
        self._constraint = value
        # The optimizers update the tf.Variable and apply its constraint (tf.Variable's rule).
        self._value._constraint = value

    # --- Keras's surface ----------------------------------------------------------------

    @property
    def value(self):
        """The tf.Variable holding the value."""
        return self._value

    @property
    def name(self):
        """The short name ("kernel")."""
        return self._name

    @property
    def path(self):
        """The full name ("dense/kernel")."""
        return self._path

    @property
    def dtype(self):
        """The dtype, as a string ("float32")."""
        return self._dtype

    @property
    def shape(self):
        """The static shape (a TensorShape)."""
        return TensorShape(self._shape)

    @property
    def ndim(self):
        """The rank."""
        return len(self._shape)

    @property
    def trainable(self):
        """Whether the variable is trained; settable."""
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        self._value._trainable = self._trainable  # the tf.Variable a tape or Module sees agrees

    @property
    def aggregation(self):
        """The aggregation across replicas ("none", "mean", "sum", "only_first_replica")."""
        return self._aggregation

    @property
    def handle(self):
        """The tf.Variable's resource handle."""
        return self._value.handle

    def numpy(self):
        """The value as a NumPy array."""
        return self._value.numpy()

    def assign(self, value):
        """Assigns `value` (cast to the dtype, shape checked) and returns it as a tensor."""
        value = convert_to_tensor(value, dtype_hint=self._dtype)
        if value.dtype.name != self._dtype:
            value = math_ops.cast(value, self._dtype)
        if tuple(value.shape.as_list()) != self._shape:
            raise ValueError("The shape of the target variable and the shape of the target value in "
                             f"`variable.assign(value)` must match. variable.shape={self.shape}, Received: "
                             f"value.shape={value.shape}. Target variable: {self}")
        self._value.assign(value)
        return value

    def assign_add(self, value):
        """Adds `value` and returns the new value as a tensor."""
        return self.assign(self._value + value)

    def assign_sub(self, value):
        """Subtracts `value` and returns the new value as a tensor."""
        return self.assign(self._value - value)

    def __repr__(self):
        try:
            value = f", value={self._value.numpy()}"
        except Exception:  # noqa: BLE001 - Keras leaves the value out when it cannot be read
            value = ""
        return f"<Variable path={self._path}, shape={self.shape}, dtype={self._dtype}{value}>"

    # --- a tensor wherever TensorFlow takes one ------------------------------------------

    def _as_tensor(self):
        return self._value._as_tensor()

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._value.numpy(), dtype=dtype)

    def __getitem__(self, idx):
        return self._value[idx]

    def __int__(self):
        return int(self._value.numpy())

    def __float__(self):
        return float(self._value.numpy())

    def __bool__(self):
        raise TypeError("A Keras Variable cannot be used as a boolean.")

    def __len__(self):
        return self._shape[0]


def _forward(op_name):
    def method(self, *args):
        return getattr(self._value, op_name)(*args)
    method.__name__ = op_name
    return method


# Keras's operators: the op on the value (keras/src/backend/common/variables.py).
for _op in ("neg", "pos", "abs", "invert", "eq", "ne", "lt", "le", "gt", "ge", "add", "radd", "sub", "rsub", "mul",
            "rmul", "truediv", "rtruediv", "floordiv", "rfloordiv", "mod", "rmod", "pow", "rpow", "matmul",
            "rmatmul", "and", "rand", "or", "ror", "xor", "rxor"):
    setattr(KerasVariable, f"__{_op}__", _forward(f"__{_op}__"))
KerasVariable.__hash__ = object.__hash__
