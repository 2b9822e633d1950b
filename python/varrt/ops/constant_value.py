"""`tf.get_static_value` (TensorFlow's tensor_util.constant_value): what a tensor's value is
known to be now. An eager tensor's value; a graph tensor's when it is made by one of the ops
TensorFlow evaluates while building and the graph can fold it from constants (a function
argument's, a variable's or a placeholder's: None); other values as they are."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import Any

import numpy as np

from varrt.framework import sparse_tensor
from varrt.framework.tensor import Tensor
from varrt.ops.op_util import host_if_known, tensor_operand

# The ops TensorFlow's constant_value evaluates while a graph is built (tensor_util._ConstantValue);
# a value computed by any other op is unknown to it, though varrt's graph may have folded it.
_FOLDED_OPS = frozenset("Const Shape Size Rank Range Cast Concat ConcatV2 Pack Unpack Split Fill Equal NotEqual "
                        "StopGradient".split())


def get_static_value(tensor, partial=False) -> Any:
    """The NumPy value of `tensor` if it is known before the graph runs, else None.

    Args:
        tensor: A tensor, or any other value (returned as it is).
        partial: Accepted for TensorFlow's signature; varrt folds whole values only.

    Returns:
        A NumPy array (or the value itself when it is not a tensor), or None.
    """
    if isinstance(tensor, Tensor):
        if not getattr(type(tensor), "_is_symbolic", False):
            return tensor.numpy()
        op = getattr(tensor, "op", None)
        if op is not None and getattr(op, "type", "Const") not in _FOLDED_OPS:
            return None
        value = host_if_known(tensor_operand(tensor)[0])
        return None if value is None else np.array(value)
    if hasattr(tensor, "_as_tensor"):  # a variable: its value can change
        return None
    return tensor


sparse_tensor._STATIC_VALUE.append(get_static_value)  # a traced SparseTensor's constant dense shape as its shape
