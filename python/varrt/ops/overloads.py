"""Operator overloading for Tensor and Variable (`+ - * / // % ** @ < == & ~ ...`), mapped to
the math ops with TensorFlow's operand rules.

One table serves both classes, so a Variable behaves exactly like its value in expressions.
`tensor OP other` runs the op's own conversion (`int32 + 2.5` is an InvalidArgumentError,
`int32 - 2.5` a TypeError, as in TensorFlow); if that fails and `other` has the reflected
method, it gets a chance, else the original error stands. `other OP tensor` converts `other`
strictly to the tensor's dtype first (`2.5 + int32` is a TypeError). NumPy defers to these
methods (`__array_priority__`), so `ndarray + tensor` is a Tensor, while NumPy functions
applied to tensors (`np.add(t, 1)`) return ndarrays.
"""
from varrt import _C
from varrt.base import dtypes
from varrt.ops import math_ops
from varrt.ops import linalg_ops
from varrt.framework import tensor_equality
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable
from varrt.ops.op_util import is_tensor_like, operand

_bool = dtypes.bool


def _forward(fn, reflected_name):
    def method(self, other):
        try:
            return fn(self, other)
        except (TypeError, ValueError) as e:
            reflected = getattr(type(other), reflected_name, None)
            if reflected is None:
                raise
            try:
                out = reflected(other, self)
            except (TypeError, ValueError):
                raise e from None
            if out is NotImplemented:
                raise
            return out
    method.__name__ = reflected_name.replace("__r", "__", 1)
    return method


def _reflected(fn):
    """`other OP self`: `other` is converted strictly to self's dtype (by the strict ops themselves,
    except sequences, which TensorFlow converts before the op's fast path sees them)."""
    def method(self, other):
        if isinstance(other, (list, tuple)):
            other = _as_tensor_like(other, self)
        return fn(other, self)
    return method


def _as_tensor_like(other, like):
    """`other` as a Tensor of like's dtype (strict conversion), for ops that convert with a hint."""
    return convert_to_tensor(other, like.dtype)


def _mul(x, y):
    """`*`; on bools TensorFlow's operator is a logical and (any non-zero y counts as true)."""
    tensor = x if is_tensor_like(x) else y
    if tensor.dtype is not _bool:
        return math_ops.multiply(x, y)
    xa, _ = operand(x, _bool)
    ya, _ = operand(y, _bool)
    return math_ops._run("LogicalAnd", lambda a, b: (a != 0) & (b != 0), (xa, ya), _bool, None)


def _logical_or_bitwise(logical, bitwise):
    def op(x, y):
        return (logical if x.dtype is _bool else bitwise)(x, y)
    return op


def _invert(x):
    return math_ops.logical_not(x) if x.dtype is _bool else math_ops.invert(x)


def _eq(negate):
    def method(self, other):
        if not tensor_equality.element_wise():
            return (self is not other) if negate else (self is other)
        if other is None and not hasattr(self, "_as_tensor"):
            return negate  # a Tensor never equals None; a Variable converts it (and fails)
        return math_ops.tensor_equals(self, other, negate)
    method.__name__ = "__ne__" if negate else "__eq__"
    return method


_and = _logical_or_bitwise(math_ops.logical_and, math_ops.bitwise_and)
_or = _logical_or_bitwise(math_ops.logical_or, math_ops.bitwise_or)
_xor = _logical_or_bitwise(math_ops.logical_xor, math_ops.bitwise_xor)

# name -> function of (self, other) or (self,). Tensor (framework/tensor.py) and Variable
# (framework/variables.py) take their operators from here by name.
BINARY = {
    "__add__": _forward(math_ops.add, "__radd__"),
    "__radd__": _reflected(math_ops._strict_add),
    "__sub__": _forward(math_ops.subtract, "__rsub__"),
    "__rsub__": _reflected(math_ops.subtract),
    "__mul__": _forward(_mul, "__rmul__"),
    "__rmul__": _reflected(_mul),
    "__truediv__": _forward(math_ops.truediv, "__rtruediv__"),
    "__rtruediv__": _reflected(math_ops.divide),
    "__floordiv__": _forward(math_ops.floordiv, "__rfloordiv__"),
    "__rfloordiv__": _reflected(math_ops.floordiv),
    "__mod__": _forward(math_ops.floormod, "__rmod__"),
    "__rmod__": _reflected(math_ops.floormod),
    "__pow__": _forward(math_ops.pow, "__rpow__"),
    "__rpow__": _reflected(math_ops.pow),
    "__matmul__": _forward(linalg_ops.matmul, "__rmatmul__"),
    "__rmatmul__": lambda self, other: linalg_ops.matmul(_as_tensor_like(other, self), self),
    "__and__": _forward(_and, "__rand__"),
    "__rand__": lambda self, other: _and(_as_tensor_like(other, self), self),
    "__or__": _forward(_or, "__ror__"),
    "__ror__": lambda self, other: _or(_as_tensor_like(other, self), self),
    "__xor__": _forward(_xor, "__rxor__"),
    "__rxor__": lambda self, other: _xor(_as_tensor_like(other, self), self),
    "__lt__": math_ops.less,
    "__le__": math_ops.less_equal,
    "__gt__": math_ops.greater,
    "__ge__": math_ops.greater_equal,
    "__eq__": _eq(False),
    "__ne__": _eq(True),
    "__neg__": math_ops.negative,
    "__abs__": math_ops.abs,
    "__invert__": _invert,
}



# The operators with core kernels enter the core in one call (_C.fast_op, see math_ops); the
# methods above are their fallbacks (bool `*`, sequences, other dtypes, errors, reflection).
def _fast_operators():
    ops = _C.BINARY_OPS
    for name, op, mode in (("__add__", "AddV2", "hint"), ("__radd__", "AddV2", "reflected"),
                           ("__sub__", "Sub", "strict"), ("__rsub__", "Sub", "reflected"),
                           ("__mul__", "Mul", "strict"), ("__rmul__", "Mul", "reflected"),
                           ("__truediv__", "RealDiv", "hint"), ("__rtruediv__", "RealDiv", "reflected"),
                           ("__lt__", "Less", "strict"), ("__le__", "LessEqual", "strict"),
                           ("__gt__", "Greater", "strict"), ("__ge__", "GreaterEqual", "strict")):
        BINARY[name] = _C.fast_op("binary", ops[op], mode, BINARY[name])
    BINARY["__matmul__"] = _C.fast_op("matmul", 0, "hint", BINARY["__matmul__"])


_fast_operators()


# Tensor's and Variable's operators are these functions themselves (no wrapper: an operator costs
# no extra Python frame), installed on the classes here, as TensorFlow's math_ops does with
# _override_operator: one table, so a Variable behaves exactly like its value in expressions.
for _name, _method in BINARY.items():
    setattr(Tensor, _name, _method)
    setattr(Variable, _name, _method)
del _name, _method
