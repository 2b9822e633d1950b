"""Operator overloading for Tensor and Variable (`+ - * == != ...`), mapped to the math ops.

One table serves both classes, so a Variable behaves exactly like its value in expressions.
"""
from varrt import math_ops


def _swap(fn):
    return lambda x, y: fn(y, x)


# name -> function of (self, other). Reflected forms convert `other` with self's dtype too.
BINARY = {
    "__add__": math_ops.add,
    "__radd__": _swap(math_ops.add),
    "__sub__": math_ops.subtract,
    "__rsub__": _swap(math_ops.subtract),
    "__mul__": math_ops.multiply,
    "__rmul__": _swap(math_ops.multiply),
    "__eq__": lambda x, y: math_ops.tensor_equals(x, y),
    "__ne__": lambda x, y: math_ops.tensor_equals(x, y, negate=True),
}


def install(cls, table=None):
    for name, fn in (table or BINARY).items():
        setattr(cls, name, fn)
