"""tf.math.bincount over DenseBincount: how often each value of a non-negative integer tensor
occurs (or its summed weights, or 1 where it occurs), per row with axis=-1; the output's length
the largest value plus one, bounded by minlength and maxlength, as TensorFlow's bincount_ops
computes it."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops import array_ops, math_ops, op_def_lib, reduction_ops
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, suffix


@op_def_lib.implements("DenseBincount")
def _dense_bincount(input, size, weights, binary_output=False, name=None) -> Tensor:  # noqa: A002
    a, idx_dtype = operand(input)
    n, _ = operand(size, idx_dtype)
    w, dtype = operand(weights)
    end = suffix(name, input, size, weights)
    check_dtype("DenseBincount", idx_dtype, name, end, attr="Tidx")
    check_dtype("DenseBincount", dtype, name, end, attr="T")

    def kernel(a, n, w):
        size = int(n)
        if size < 0:
            raise kernel_error("DenseBincount", f"size ({size}) must be non-negative", name, end=end)
        if a.ndim > 2:
            raise kernel_error("DenseBincount", f"Shape must be at most rank 2 but is rank {a.ndim}", name, end=end)
        if a.size and a.min() < 0:
            if a.ndim == 2:  # TensorFlow's batched kernel names the last negative value it met
                found = a.reshape(-1)[a.reshape(-1) < 0][-1]
                raise kernel_error("DenseBincount", f"Input 'in' must be non-negative! Negative input value found: "
                                   f"{found}", name, end=end)
            raise kernel_error("DenseBincount", "Input arr must be non-negative!", name, end=end)
        rows = a if a.ndim == 2 else a.reshape(1, -1)  # (a batch of empty rows stays one: [N, 0])
        wrows = w.reshape(rows.shape) if w.size else None
        out = np.zeros((rows.shape[0], size), w.dtype)
        for r in range(rows.shape[0]):
            keep = rows[r] < size
            values = wrows[r][keep] if wrows is not None else np.ones(int(keep.sum()), w.dtype)
            np.add.at(out[r], rows[r][keep], values)
        if binary_output:
            out = (out != 0).astype(w.dtype)
        return out if a.ndim == 2 else out[0]
    return run("DenseBincount", kernel, (a, n, w), dtype, attrs={"binary_output": bool(binary_output)}, name=name)


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
             binary_output=False) -> Tensor:
    """Counts of each value of `arr` (tf.math.bincount)."""
    arr = convert_to_tensor(arr)
    if weights is not None:
        weights = convert_to_tensor(weights)
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.")
    if not arr.dtype.is_integer:
        arr = math_ops.cast(arr, dtypes.int32)
    axis = 0 if axis is None else axis
    if axis not in [0, -1]:
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported.")
    nonempty = math_ops.greater(array_ops.size(arr), 0)
    output_size = math_ops.multiply(math_ops.cast(nonempty, arr.dtype),
                                    math_ops.add(reduction_ops.reduce_max(arr), 1))
    if minlength is not None:
        output_size = math_ops.maximum(convert_to_tensor(minlength, dtype=arr.dtype), output_size)
    if maxlength is not None:
        output_size = math_ops.minimum(convert_to_tensor(maxlength, dtype=arr.dtype), output_size)
    if axis == 0:
        if weights is not None:
            weights = array_ops.reshape(weights, [-1])
        arr = array_ops.reshape(arr, [-1])
    if weights is None:
        weights = constant(np.zeros([0], dtypes.as_dtype(dtype).as_numpy_dtype))
    elif not isinstance(weights, Tensor):
        raise ValueError("Argument `weights` must be a tf.Tensor if `values` is a tf.Tensor. Received "
                         f"weights={weights} of type: {type(weights).__name__}")
    return _dense_bincount(arr, output_size, weights, binary_output)
