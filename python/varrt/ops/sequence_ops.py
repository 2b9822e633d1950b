"""Evenly spaced sequences under TensorFlow's names: range (Range) and linspace."""
import math

import numpy as np

from varrt import dtypes
from varrt.ops.array_ops import allocating_output
from varrt.ops.op_util import check_dtype, host, int_list, kernel_error, operand, place, quiet, result

# tf.range's dtype when none is given: the widest of its arguments' dtypes in this order.
_RANGE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


def _number_text(v):
    return str(int(v)) if float(v).is_integer() else f"{float(v):g}"


def range(start, limit=None, delta=1, dtype=None, name=None):  # noqa: A001 - TensorFlow's public name
    """[start, start + delta, ...) up to (excluding) limit; `range(n)` is [0, n)."""
    if limit is None:
        start, limit = 0, start
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    args = [operand(v, dtype) for v in (start, limit, delta)]
    if dtype is None:
        dtype = max((d for _, d in args), key=lambda d: _RANGE_ORDER.index(d) if d in _RANGE_ORDER else 0)
    check_dtype("Range", dtype, name)
    with quiet(all="ignore"):
        s, l, d = (host(a).astype(dtype.as_numpy_dtype) for a, _ in args)
    place("Range")
    if d == 0:
        raise kernel_error("Range", f"Requires delta != 0: {_number_text(d)}", name)
    if d > 0 and s > l:
        raise kernel_error("Range", f"Requires start <= limit when delta > 0: {_number_text(s)}/"
                                            f"{_number_text(l)}", name)
    if d < 0 and s < l:
        raise kernel_error("Range", f"Requires start >= limit when delta < 0: {_number_text(s)}/"
                                            f"{_number_text(l)}", name)
    if dtype.is_integer:
        n = (abs(int(l) - int(s)) + abs(int(d)) - 1) // abs(int(d))
        with allocating_output("Range", [n], dtype, name):
            return result(int(s) + np.arange(n, dtype=np.int64) * int(d), dtype)
    with quiet(all="ignore"):
        n = int(math.ceil(abs((l - s) / d)))
    # start + i * delta, each step rounded in the output dtype as TensorFlow's kernel does
    with quiet(all="ignore"), allocating_output("Range", [n], dtype, name):
        return result(s + np.arange(n).astype(dtype.as_numpy_dtype) * d, dtype)


def linspace(start, stop, num, name=None, axis=0):
    """`num` evenly spaced values from start to stop inclusive (integers give float64), along `axis`
    for vector start/stop."""
    a, dtype = operand(start)
    b, _ = operand(stop, dtype)
    n = int_list(num)[0]
    if dtype.is_integer:
        place("Cast")
        dtype = dtypes.float64
    ftype = dtype.as_numpy_dtype
    a, b = np.broadcast_arrays(host(a).astype(ftype), host(b).astype(ftype))
    out_rank = a.ndim + 1
    if not -out_rank <= axis < out_rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-out_rank}, {out_rank})")
    axis %= out_rank
    start_, stop_ = np.expand_dims(a, axis), np.expand_dims(b, axis)
    steps = max(n - 1, 1)
    if n < 0:
        place("Range")
        raise kernel_error("Range", "Requires start <= limit when delta > 0: 1/-1", name)
    place("RealDiv")
    with quiet(all="ignore"):
        delta = (stop_ - start_) / np.asarray(steps, ftype)
        shape = [1] * out_rank
        shape[axis] = max(n - 2, 0)
        middle = start_ + delta * np.arange(1, max(n - 1, 1), dtype=np.int64).astype(ftype).reshape(shape)
    place("ConcatV2")
    joined = np.concatenate((start_, middle, stop_), axis=axis)
    return result(np.take(joined, np.arange(n), axis=axis), dtype)
