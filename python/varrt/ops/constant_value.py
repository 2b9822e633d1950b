"""`tf.get_static_value` (TensorFlow's tensor_util.constant_value): what a tensor's value is
known to be now. An eager tensor's value; a graph tensor's when the graph can fold it from
constants (a function argument's, a variable's or a placeholder's: None); other values as they
are."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.framework.tensor import Tensor
from varrt.ops.op_util import host_if_known, tensor_operand


def get_static_value(tensor, partial=False):
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
        value = host_if_known(tensor_operand(tensor)[0])
        return None if value is None else np.array(value)
    if hasattr(tensor, "_as_tensor"):  # a variable: its value can change
        return None
    return tensor
