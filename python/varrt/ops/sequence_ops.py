"""Evenly spaced sequences under TensorFlow's names: range (Range) and linspace."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import math
from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.ops.array_ops import allocating_output
from varrt.ops.op_util import (cast_operand, check_dtype, host, host_if_known, int_list, kernel_error, operand, quiet, run, run_failing,
                            shape_of)
from varrt.ops import op_def_lib

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# tf.range's dtype when none is given: the widest of its arguments' dtypes in this order.
_RANGE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


def _number_text(v):
    return str(int(v)) if float(v).is_integer() else f"{float(v):g}"


@op_def_lib.implements("Range")
def range(start, limit=None, delta=1, dtype=None, name=None) -> Tensor:  # noqa: A001 - TensorFlow's public name
    """[start, start + delta, ...) up to (excluding) limit; `range(n)` is [0, n)."""
    if limit is None:
        start, limit = 0, start
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    args = [operand(v, dtype) for v in (start, limit, delta)]
    if dtype is None:
        dtype = max((d for _, d in args), key=lambda d: _RANGE_ORDER.index(d) if d in _RANGE_ORDER else 0)
    check_dtype("Range", dtype, name)
    inputs = tuple(a for a, _ in args)
    known = [host_if_known(a) for a in inputs]
    n = None
    if all(k is not None for k in known):  # else a graph's node: the length is known when it runs
        with quiet(all="ignore"):
            s, l, d = (k.astype(dtype.as_numpy_dtype) for k in known)
        message = _range_error(s, l, d)
        if message is not None:
            run_failing("Range", kernel_error("Range", message, name), inputs, dtype)
        n = _length(s, l, d, dtype)

    def kernel(sa, la, da):
        # Computes from its inputs (not the values read above): a graph runs it again with the
        # values of that run, and checks them then.
        with quiet(all="ignore"):
            s, l, d = (np.asarray(x).astype(dtype.as_numpy_dtype).reshape(()) for x in (sa, la, da))
        message = _range_error(s, l, d)
        if message is not None:
            raise kernel_error("Range", message, name)
        if dtype.is_integer:
            s, l, d = int(s), int(l), int(d)
            return s + np.arange(_length(s, l, d, dtype), dtype=np.int64) * d
        with quiet(all="ignore"):  # start + i * delta, each step rounded in the output dtype as TensorFlow's kernel
            return s + np.arange(_length(s, l, d, dtype)).astype(dtype.as_numpy_dtype) * d
    if n is None:
        return run("Range", kernel, inputs, dtype)
    with allocating_output("Range", [n], dtype, name):
        return run("Range", kernel, inputs, dtype)


def _length(s, l, d, dtype):
    if dtype.is_integer:
        return (abs(int(l) - int(s)) + abs(int(d)) - 1) // abs(int(d))
    with quiet(all="ignore"):
        return int(math.ceil(abs((l - s) / d)))


def _range_error(s, l, d):
    """What TensorFlow's Range kernel says about these arguments, or None."""
    if d == 0:
        return f"Requires delta != 0: {_number_text(d)}"
    if d > 0 and s > l:
        return f"Requires start <= limit when delta > 0: {_number_text(s)}/{_number_text(l)}"
    if d < 0 and s < l:
        return f"Requires start >= limit when delta < 0: {_number_text(s)}/{_number_text(l)}"
    return None


def linspace(start, stop, num, name=None, axis=0) -> Tensor:
    """`num` evenly spaced values from start to stop inclusive (integers give float64), along `axis`
    for vector start/stop. Runs as Cast (integers, each bound), RealDiv (the step) and ConcatV2
    (the values), a short form of TensorFlow's composition."""
    a, dtype = operand(start)
    b, _ = operand(stop, dtype)
    n = int_list(num)[0]
    if dtype.is_integer:
        dtype = dtypes.float64
        a, b = cast_operand(a, dtype), cast_operand(b, dtype)
    ftype = dtype.as_numpy_dtype
    out_rank = len(np.broadcast_shapes(shape_of(a), shape_of(b))) + 1
    if not -out_rank <= axis < out_rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-out_rank}, {out_rank})")
    axis %= out_rank
    steps = max(n - 1, 1)
    if n < 0:
        run_failing("Range", kernel_error("Range", "Requires start <= limit when delta > 0: 1/-1", name), (), dtype)

    def bounds(x, y):
        x, y = np.broadcast_arrays(x.astype(ftype), y.astype(ftype))
        return np.expand_dims(x, axis), np.expand_dims(y, axis)

    def step(x, y):
        x, y = bounds(x, y)
        with quiet(all="ignore"):
            return (y - x) / np.asarray(steps, ftype)

    def values(x, y, delta):
        x, y = bounds(x, y)
        shape = [1] * out_rank
        shape[axis] = max(n - 2, 0)
        with quiet(all="ignore"):
            middle = x + delta * np.arange(1, max(n - 1, 1), dtype=np.int64).astype(ftype).reshape(shape)
        joined = np.concatenate((x, middle, y), axis=axis)
        return np.take(joined, np.arange(n), axis=axis)
    delta = run("RealDiv", step, (a, b), dtype)
    # TensorFlow's LinSpace input `num` and the axis, for the gradient (ops/gradients/array_grad).
    return run("ConcatV2", values, (a, b, delta), dtype, attrs={"axis": axis, "num": n})
