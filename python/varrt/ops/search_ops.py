"""tf.searchsorted over LowerBound and UpperBound: for each value, the index in its row of the
sorted sequence where it would be inserted (before equal elements: 'left', after: 'right'). The
sequence and the values are reshaped to rows as TensorFlow's searchsorted reshapes them."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _bound(op, sorted_inputs, values, out_type, name):
    (s, v), dtype = matching(op, [sorted_inputs, values], name)
    out_type = dtypes.as_dtype(out_type)
    end = suffix(name, sorted_inputs, values)
    check_dtype(op, out_type, name, end, attr="out_type")
    side = "left" if op == "LowerBound" else "right"

    def kernel(s, v):
        if s.shape[0] != v.shape[0]:
            raise kernel_error(op, "Leading dim_size of both tensors must match.", name, end=end)
        out = np.empty(v.shape, out_type.as_numpy_dtype)
        for row in range(s.shape[0]):
            out[row] = np.searchsorted(s[row], v[row], side=side)
        return out
    return run(op, kernel, (s, v), out_type, attrs={"out_type": out_type._enum}, name=name)


@op_def_lib.implements("LowerBound")
def lower_bound(sorted_inputs, values, out_type=dtypes.int32, name=None) -> Tensor:
    """For each row, the first index whose element is not less than each value (LowerBound)."""
    return _bound("LowerBound", sorted_inputs, values, out_type, name)


@op_def_lib.implements("UpperBound")
def upper_bound(sorted_inputs, values, out_type=dtypes.int32, name=None) -> Tensor:
    """For each row, the first index whose element is greater than each value (UpperBound)."""
    return _bound("UpperBound", sorted_inputs, values, out_type, name)


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None) -> Tensor:
    """The indices in the innermost dimension of `sorted_sequence` where `values` would be inserted
    to keep it sorted (tf.searchsorted).

    Args:
        sorted_sequence: An N-D tensor sorted along its last dimension.
        values: An N-D tensor whose leading N-1 dimensions match the sequence's.
        side: 'left' (before equal elements) or 'right' (after them).
        out_type: int32 or int64.
        name: A name for the operation (optional).

    Returns:
        A tensor of `values`' shape and dtype `out_type`.

    Raises:
        ValueError: If `side` is neither 'left' nor 'right'.
    """
    sorted_sequence = convert_to_tensor(sorted_sequence)
    values = convert_to_tensor(values)
    sequence_size = array_ops.shape(sorted_sequence)[-1]
    values_size = array_ops.shape(values)[-1]
    sorted_2d = array_ops.reshape(sorted_sequence, array_ops.stack([-1, sequence_size]))
    values_2d = array_ops.reshape(values, array_ops.stack([-1, values_size]))
    if side == "right":
        output = upper_bound(sorted_2d, values_2d, out_type, name)
    elif side == "left":
        output = lower_bound(sorted_2d, values_2d, out_type, name)
    else:
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: `side` = '{side}'.")
    return array_ops.reshape(output, array_ops.shape(values))
