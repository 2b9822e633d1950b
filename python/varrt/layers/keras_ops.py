"""The operators of KerasTensors (`x + y`, `x * 2.0`, `x[:, 0]`, ... in a functional model), as
Keras 3's `keras.ops` classes (keras/src/ops/numpy.py): each use makes an `Operation` named as
Keras names it ("add", "true_divide", "get_item", ...), recorded as a node of the graph and run
by the model like a layer. Installed on KerasTensor when this module loads (varrt.layers.layer
imports it), as TensorFlow installs Tensor's operators."""
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers import naming
from varrt.layers.keras_tensor import KerasTensor, any_symbolic_tensors
from varrt.layers.operation import Operation
from varrt.ops import array_ops, linalg_ops, math_ops, reduction_ops
from varrt.saving import public_names


def _promoted(x, y):
    """Both operands as tensors of one dtype (Keras converts before a binary op: a Python number
    takes the tensor's dtype; of two tensors, a float one's dtype wins, then the wider one's)."""
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        x = convert_to_tensor(x)
    if not isinstance(x, Tensor):
        x = convert_to_tensor(x, dtype_hint=y.dtype)
        if x.dtype != y.dtype and not x.dtype.is_floating and y.dtype.is_floating:
            x = math_ops.cast(x, y.dtype)
    if not isinstance(y, Tensor):
        y = convert_to_tensor(y, dtype_hint=x.dtype)
        if y.dtype != x.dtype and not y.dtype.is_floating and x.dtype.is_floating:
            y = math_ops.cast(y, x.dtype)
    if x.dtype != y.dtype:
        if x.dtype.is_floating != y.dtype.is_floating:
            target = x.dtype if x.dtype.is_floating else y.dtype
        else:
            target = x.dtype if x.dtype.size >= y.dtype.size else y.dtype
        x, y = math_ops.cast(x, target), math_ops.cast(y, target)
    return x, y


class KerasOp(Operation):
    """One use of an operator on KerasTensors: a Keras op, named as Keras names its class's uses.
    Each Keras op class is a subclass with its function (`_fn`) and arity (`_binary`)."""

    _fn = None
    _binary = True

    def __init__(self, name=None):
        self._init_nodes()
        self.name = name if name is not None else naming.auto_name(type(self).__name__)

    def call(self, *args):
        if self._binary:
            return type(self)._fn(*_promoted(*args))
        return type(self)._fn(*args)

    def __call__(self, *args):
        if any_symbolic_tensors(args):
            return self.symbolic_call(*args)
        return self.call(*args)

    def get_config(self):
        return {"name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<Operation name={self.name}>"


_CLASSES = {}


def _op_class(class_name, fn, binary):
    """The Keras op class `class_name` (`type(op).__name__` is what summary() prints and configs
    name, as keras.src.ops.numpy.<class_name>)."""
    if class_name not in _CLASSES:
        cls = type(class_name, (KerasOp,), {"_fn": staticmethod(fn), "_binary": binary,
                                            "__module__": __name__})
        public_names.export(cls, f"keras.src.ops.numpy.{class_name}")
        _CLASSES[class_name] = cls
    return _CLASSES[class_name]


def _op(class_name, fn, binary=True):
    return _op_class(class_name, fn, binary)()


def _get_item(x, key):
    return x[key]


_BINARY = {
    "__add__": ("Add", math_ops.add), "__sub__": ("Subtract", math_ops.subtract),
    "__mul__": ("Multiply", math_ops.multiply), "__matmul__": ("Matmul", linalg_ops.matmul),
    "__truediv__": ("TrueDivide", math_ops.truediv), "__floordiv__": ("FloorDivide", math_ops.floordiv),
    "__mod__": ("Mod", math_ops.floormod), "__pow__": ("Power", math_ops.pow),
    "__lt__": ("Less", math_ops.less), "__le__": ("LessEqual", math_ops.less_equal),
    "__gt__": ("Greater", math_ops.greater), "__ge__": ("GreaterEqual", math_ops.greater_equal),
    "__ne__": ("NotEqual", math_ops.not_equal), "__and__": ("LogicalAnd", math_ops.logical_and),
    "__or__": ("LogicalOr", math_ops.logical_or), "__xor__": ("LogicalXor", math_ops.logical_xor),
}
_REFLECTED = {"__radd__": "__add__", "__rsub__": "__sub__", "__rmul__": "__mul__", "__rmatmul__": "__matmul__",
              "__rtruediv__": "__truediv__", "__rfloordiv__": "__floordiv__", "__rmod__": "__mod__",
              "__rpow__": "__pow__", "__rand__": "__and__", "__ror__": "__or__", "__rxor__": "__xor__"}
_UNARY = {"__neg__": ("Negative", math_ops.negative), "__abs__": ("Absolute", math_ops.abs),
          "__invert__": ("LogicalNot", math_ops.logical_not)}


def _install():
    for method, (class_name, fn) in _BINARY.items():
        setattr(KerasTensor, method,
                lambda self, other, _c=class_name, _f=fn: _op(_c, _f).symbolic_call(self, other))
    for method, forward in _REFLECTED.items():
        class_name, fn = _BINARY[forward]
        setattr(KerasTensor, method,
                lambda self, other, _c=class_name, _f=fn: _op(_c, _f).symbolic_call(other, self))
    for method, (class_name, fn) in _UNARY.items():
        setattr(KerasTensor, method, lambda self, _c=class_name, _f=fn: _op(_c, _f, binary=False).symbolic_call(self))
    KerasTensor.__getitem__ = lambda self, key: _op("GetItem", _get_item, binary=False).symbolic_call(self, key)
    KerasTensor.__round__ = lambda self, ndigits=None: _op("Round", math_ops.round, binary=False).symbolic_call(self)
    KerasTensor.__hash__ = object.__hash__  # defining __ne__ keeps identity hashing
    # Every class exists from the start, so a config naming one loads before any use of it.
    for class_name, fn in list(_BINARY.values()):
        _op_class(class_name, fn, True)
    for class_name, fn in _UNARY.values():
        _op_class(class_name, fn, False)
    _op_class("GetItem", _get_item, False)
    _op_class("Round", math_ops.round, False)


_install()


class ParameterizedOp(KerasOp):
    """A Keras op with arguments besides its tensors (`ops.any(x, axis, keepdims)`,
    `ops.expand_dims(x, axis)`, ...), which its config lists after its name."""

    _parameters = ()

    def __init__(self, name=None, **parameters):
        super().__init__(name=name)
        self._values = {p: parameters.get(p, default) for p, default in self._parameters}

    def call(self, *args):
        return type(self)._fn(*args, **self._values)

    def get_config(self):
        return {"name": self.name, **self._values}


def _parameterized_class(class_name, fn, parameters):
    cls = type(class_name, (ParameterizedOp,), {"_fn": staticmethod(fn), "_parameters": parameters,
                                                "__module__": __name__})
    public_names.export(cls, f"keras.src.ops.numpy.{class_name}")
    return cls


_PARAMETERIZED = {
    "Any": _parameterized_class("Any", lambda x, axis, keepdims: reduction_ops.reduce_any(x, axis=axis,
                                                                                           keepdims=keepdims),
                                (("axis", None), ("keepdims", False))),
    "ExpandDims": _parameterized_class("ExpandDims", lambda x, axis: array_ops.expand_dims(x, axis), (("axis", None),)),
    "ZerosLike": _parameterized_class("ZerosLike", lambda x, dtype: array_ops.zeros_like(x, dtype=dtype),
                                      (("dtype", None),)),
    "OnesLike": _parameterized_class("OnesLike", lambda x, dtype: array_ops.ones_like(x, dtype=dtype),
                                     (("dtype", None),)),
    "Concatenate": _parameterized_class("Concatenate", lambda xs, axis: array_ops.concat(list(xs), axis),
                                        (("axis", 0),)),
}


def keras_op(class_name, *args, **parameters):
    """Keras's `ops.<name>(*args, **parameters)`: on KerasTensors a recorded operation of the
    model, on tensors the computation itself."""
    cls = _PARAMETERIZED[class_name]
    if any_symbolic_tensors(args):
        return cls(**parameters).symbolic_call(*args)
    return cls._fn(*args, **{p: parameters.get(p, default) for p, default in cls._parameters})


def keras_any(x, axis=None, keepdims=False):
    """`ops.any`."""
    return keras_op("Any", x, axis=axis, keepdims=keepdims)


def keras_expand_dims(x, axis):
    """`ops.expand_dims`."""
    return keras_op("ExpandDims", x, axis=axis)


def keras_zeros_like(x, dtype=None):
    """`ops.zeros_like`."""
    return keras_op("ZerosLike", x, dtype=dtype)


def keras_ones_like(x, dtype=None):
    """`ops.ones_like`."""
    return keras_op("OnesLike", x, dtype=dtype)


def keras_concatenate(xs, axis=0):
    """`ops.concatenate`."""
    return keras_op("Concatenate", xs, axis=axis)
