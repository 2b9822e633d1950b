"""Reductions under TensorFlow's names and op names: reduce_sum (Sum), reduce_mean (Mean),
reduce_max/min (Max/Min), reduce_prod (Prod), reduce_any/all (Any/All), argmax/argmin,
cumsum/cumprod and the composite reduce_std/variance/logsumexp.

TensorFlow's semantics where NumPy's differ: integer sums and products wrap in the input's
dtype, the integer mean truncates toward zero (computed without overflow), max/min of an empty
set is the dtype's lowest/highest value, and argmax/argmin skip NaNs.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops.op_util import (attr_ints, check_dtype, int_list, is_inexact, is_tensor_like, kernel_error, mismatch, operand,
                            quiet, require_value, run,
                            shape_of, shape_text, slow)
from varrt.ops import dispatch, op_def_lib
from varrt.ops.array_ops import reshape, shape, zeros
from varrt.ops.index_ops import where
from varrt.ops.math_ops import add, cast, conj, exp, is_finite, log, multiply, not_equal, real, sqrt, square, subtract

_bool = dtypes.bool
# float16/bfloat16/float32 sums accumulate in float64: TensorFlow's tree reductions round less
# than a sequential float32 sum, and float64 accumulation agrees with them on typical inputs.
_NARROW_FLOATS = (dtypes.float16, dtypes.bfloat16, dtypes.float32)


def _axes(op, ndim, axis, name, end):
    """The reduced axes as a sorted tuple of non-negative ints, checked as TensorFlow's kernel does."""
    if axis is None:
        return tuple(range(ndim))
    axes = int_list(axis)
    seen = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise kernel_error(op, f"Invalid reduction dimension ({a} for input with {ndim} dimension(s)",
                               name, end=end)
        a %= ndim
        if a in seen:
            raise kernel_error(op, f"Invalid reduction arguments: Axes contains duplicate dimension: {a}",
                               name, end=end)
        seen.append(a)
    return tuple(sorted(seen))


def _reduce(op, kernel, input_tensor, axis, keepdims, name, bool_input=False, end=False):
    """`end`: the error ending (op_util.suffix) when the caller converted the input itself."""
    a, dtype = operand(input_tensor, _bool if bool_input else None)
    if end is False:
        end = "" if slow(input_tensor, axis) else None
    if is_tensor_like(axis):
        require_value(axis, "axis")  # the kernel reads it on the host: refused in a graph unless known
    if bool_input:
        if dtype is not _bool:
            raise mismatch(op, 0, _bool, dtype, name)
    else:
        check_dtype(op, dtype, name, "" if slow(input_tensor) else None)

    def reduce(a):
        a = np.asarray(a)
        axes = _axes(op, a.ndim, axis, name, end)
        if is_inexact(dtype):
            with quiet(all="ignore"):
                r = kernel(a, axes, dtype)
        else:
            r = kernel(a, axes, dtype)
        if keepdims:
            r = np.expand_dims(r, axes) if axes else r
        return r
    # The C++ reductions' attributes (TensorFlow's reduction_indices input, as given; axis None:
    # all axes, as TensorFlow's Python layer passes them, so a shape function sees them too).
    attrs = {"keep_dims": bool(keepdims)}
    if axis is None:
        # A graph tensor of unknown rank reduces whatever rank it has when the graph runs (no
        # attribute: the node's kernel takes every axis of its input), as TensorFlow's Range(Rank).
        axes = None if _rank_unknown(input_tensor) else tuple(range(len(shape_of(a))))
    else:
        axes = attr_ints(axis)
    if axes is not None:
        attrs["reduction_indices"] = axes
    out = run(op, reduce, (a,), dtype, attrs=attrs)
    if axes is None and not keepdims:
        out.set_shape([])  # every axis reduced: a scalar whatever the rank (TensorFlow's _may_reduce_to_scalar)
    return out


def _rank_unknown(t):
    return getattr(type(t), "_is_symbolic", False) and graph_building.shape_of(t).rank is None


def _sum(a, axes, dtype):
    acc = np.float64 if dtype in _NARROW_FLOATS else a.dtype
    return np.sum(a, axis=axes, dtype=acc)


def _prod(a, axes, dtype):
    acc = np.float64 if dtype in _NARROW_FLOATS else a.dtype
    return np.prod(a, axis=axes, dtype=acc)


def _count(a, axes):
    return int(np.prod([a.shape[i] for i in axes], dtype=np.int64))


def _mean(a, axes, dtype):
    n = _count(a, axes)
    if dtype.is_integer:
        wide = np.uint64 if np.issubdtype(a.dtype, np.unsignedinteger) else np.int64
        s = np.sum(a, axis=axes, dtype=wide)
        if n == 0:
            return np.zeros_like(s)
        q = np.abs(s) // wide(n) if wide is np.int64 else s // wide(n)
        return np.where(s < 0, -q, q) if wide is np.int64 else q
    return _sum(a, axes, dtype) / n if n else np.sum(a, axis=axes) / np.zeros((), a.dtype)


def _extreme(a, axes, dtype, np_reduce, take_lowest):
    if dtype.is_integer:
        info = np.iinfo(a.dtype)
        initial = info.min if take_lowest else info.max
    else:
        initial = -np.inf if take_lowest else np.inf
    return np_reduce(a, axis=axes, initial=initial)


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """Computes the sum of elements across dimensions of a tensor (TensorFlow's `tf.math.reduce_sum`).

    Args:
        input_tensor: The tensor to reduce (numeric dtypes).
        axis: The dimensions to reduce: an int, a list of ints or a 1-D int tensor, in
            `[-rank, rank)`. None reduces all dimensions.
        keepdims: If True, reduced dimensions are kept with size 1.
        name: A name for the operation (optional).

    Returns:
        The reduced tensor, of `input_tensor`'s dtype.

    Raises:
        InvalidArgumentError: If an axis is out of range or the dtype is not numeric.
        ValueError: While a graph is built, if an axis is out of range of a known rank.
    """
    return _reduce("Sum", _sum, input_tensor, axis, keepdims, name)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The mean; for integers the truncated integer mean, as TensorFlow computes it."""
    return _reduce("Mean", _mean, input_tensor, axis, keepdims, name)


def _max(a, axes, dtype):
    return _extreme(a, axes, dtype, np.max, True)


def reduce_max(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The maximum of the elements along `axis` (all axes when None) (tf.math.reduce_max)."""
    return _reduce("Max", _max, input_tensor, axis, keepdims, name)


def reduce_min(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The minimum of the elements along `axis` (all axes when None) (tf.math.reduce_min)."""
    return _reduce("Min", lambda a, ax, d: _extreme(a, ax, d, np.min, False), input_tensor, axis, keepdims, name)


def reduce_prod(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The product of the elements along `axis` (all axes when None) (tf.math.reduce_prod)."""
    return _reduce("Prod", _prod, input_tensor, axis, keepdims, name)


def reduce_any(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The logical OR of a bool tensor along `axis` (all axes when None) (tf.math.reduce_any)."""
    return _reduce("Any", lambda a, ax, d: np.any(a, axis=ax), input_tensor, axis, keepdims, name, True)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The logical AND of a bool tensor along `axis` (all axes when None) (tf.math.reduce_all)."""
    return _reduce("All", lambda a, ax, d: np.all(a, axis=ax), input_tensor, axis, keepdims, name, True)


def _real_or_complex(dtype):
    if not (dtype.is_floating or dtype.is_complex):
        raise TypeError(f"Input must be either real or complex. Received integer type {dtype}.")


def _end(*args):
    return "" if slow(*args) else None


def _forward(a):
    return a  # StopGradient's kernel: its input (the output shares its buffer)


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """Mean of squared deviations (complex: of squared magnitudes), in the real dtype; TensorFlow's
    composition: Mean (keepdims), Sub, Square (complex: Conj, Mul, Real), Mean."""
    end = _end(input_tensor, axis)
    t = convert_to_tensor(input_tensor)
    means = _reduce("Mean", _mean, t, axis, True, name, end=end)
    _real_or_complex(t.dtype)
    deviations = subtract(t, means)
    if t.dtype.is_complex:
        squared = real(multiply(conj(deviations), deviations))
    else:
        squared = square(deviations)
    return _reduce("Mean", _mean, squared, axis, keepdims, name, end=end)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """The standard deviation of the elements along `axis` (all axes when None) (tf.math.reduce_std)."""
    return sqrt(reduce_variance(input_tensor, axis, keepdims), name)


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """log(sum(exp(x - m))) + m with m the finite maximum, as TensorFlow composes it: Max,
    IsFinite, SelectV2, StopGradient, Sub, Exp, Sum, Log, (Shape, Reshape,) AddV2."""
    end = _end(input_tensor, axis)
    t = convert_to_tensor(input_tensor)
    raw_max = _reduce("Max", _max, t, axis, True, name, end=end)
    finite_max = where(is_finite(raw_max), raw_max, 0)
    finite_max = run("StopGradient", _forward, (finite_max,), finite_max.dtype)
    r = log(_reduce("Sum", _sum, exp(subtract(t, finite_max)), axis, keepdims, name, end=end))
    if not keepdims:
        finite_max = reshape(finite_max, shape(r))
    return add(r, finite_max)


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None) -> Tensor:
    """sqrt(sum(x ** 2)) along `axis` (all axes when None) (tf.math.reduce_euclidean_norm)."""
    def kernel(a, axes, dtype):
        sq = (a * np.conj(a)).real if np.iscomplexobj(a) else a.astype(np.float64) * a
        return np.sqrt(np.sum(sq, axis=axes)).astype(a.dtype)
    return _reduce("EuclideanNorm", kernel, input_tensor, axis, keepdims, name)


def count_nonzero(input, axis=None, keepdims=None, dtype=dtypes.int64, name=None) -> Tensor:  # noqa: A002
    """TensorFlow's composition: Fill (the zero), NotEqual, Cast (int64), Sum, Cast (to `dtype`)."""
    t = convert_to_tensor(input)
    nonzero = not_equal(t, zeros([], t.dtype))
    counts = reduce_sum(cast(nonzero, dtypes.int64), axis, bool(keepdims), name)
    return cast(counts, dtype)


# --- arg reductions ---------------------------------------------------------------------

def argmax(input, axis=None, output_type=dtypes.int64, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Index of the largest value along `axis` (default 0); the first among equals; NaNs are skipped."""
    return _arg_reduce("ArgMax", np.argmax, -np.inf, input, axis, output_type, name)


def argmin(input, axis=None, output_type=dtypes.int64, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Index of the smallest value along `axis` (default 0); the first among equals; NaNs are skipped."""
    return _arg_reduce("ArgMin", np.argmin, np.inf, input, axis, output_type, name)


def _arg_reduce(op, kernel, nan_as, input, axis, output_type, name):  # noqa: A002
    a, dtype = operand(input)
    check_dtype(op, dtype, name, "" if slow(input) else None)
    output_type = dtypes.as_dtype(output_type)

    def arg_reduce(a):
        a = np.asarray(a)
        ax = 0 if axis is None else int_list(axis)[0]
        if not -a.ndim <= ax < a.ndim:
            raise kernel_error(op, f"Expected dimension in the range [{-a.ndim}, {a.ndim}), but got {ax}", name)
        if a.shape[ax] == 0:
            raise kernel_error(op, f"Reduction axis {ax} is empty in shape {shape_text(a.shape)}", name)
        if dtype.is_floating:
            nan = np.isnan(a)
            if nan.any():
                a = np.where(nan, np.array(nan_as, a.dtype), a)
        return kernel(a, axis=ax)
    dimension = (0,) if axis is None else attr_ints(axis)
    return run(op, arg_reduce, (a,), output_type, attrs=None if not dimension else {"dimension": dimension[0]})


# --- cumulative ---------------------------------------------------------------------------

def _cumulative(op, kernel, x, axis, exclusive, reverse, name):
    a, dtype = operand(x)
    check_dtype(op, dtype, name)
    attrs = {"axis": (attr_ints(axis) or (0,))[0], "exclusive": bool(exclusive), "reverse": bool(reverse)}
    return run(op, lambda a: _scan(op, kernel, np.asarray(a), int_list(axis)[0], exclusive, reverse, name), (a,), dtype,
               attrs=attrs)


def _scan(op, kernel, a, axis, exclusive, reverse, name):
    if not -a.ndim <= axis < a.ndim:
        raise kernel_error(op, f"ScanOp: Expected scan axis in the range [{-a.ndim}, {a.ndim}), but got "
                                       f"{axis}", name)
    if reverse:
        a = np.flip(a, axis)
    with quiet(all="ignore"):
        r = kernel(a, axis=axis, dtype=a.dtype)
        if exclusive:
            identity = {np.cumsum: np.zeros_like, np.cumprod: np.ones_like}.get(
                kernel, lambda r: np.full_like(r, -np.inf))  # CumulativeLogsumexp's: -inf
            first = identity(np.take(r, [0], axis=axis)) if a.shape[axis] else np.take(r, [], axis=axis)
            r = np.concatenate([first, np.delete(r, -1, axis=axis)], axis=axis)[tuple(
                slice(0, n) for n in a.shape)]
    if reverse:
        r = np.flip(r, axis)
    return r


@op_def_lib.implements("Cumsum")
def cumsum(x, axis=0, exclusive=False, reverse=False, name=None) -> Tensor:
    """The cumulative sum along `axis`, optionally exclusive and/or reversed (tf.math.cumsum)."""
    return _cumulative("Cumsum", np.cumsum, x, axis, exclusive, reverse, name)


@op_def_lib.implements("Cumprod")
def cumprod(x, axis=0, exclusive=False, reverse=False, name=None) -> Tensor:
    """The cumulative product along `axis`, optionally exclusive and/or reversed (tf.math.cumprod)."""
    return _cumulative("Cumprod", np.cumprod, x, axis, exclusive, reverse, name)


def _log_add_exp(a, b):
    """log(exp(a) + exp(b)) as TensorFlow's LogSumExp reducer writes it, log1p(exp(min - max)) + max
    (max itself where max is -inf), each step computed in double and rounded to the element type:
    TensorFlow's float steps are Eigen's approximations of exp and log1p, within an ulp of that."""
    lo, hi = np.minimum(a, b).astype(np.float64), np.maximum(a, b).astype(np.float64)
    return np.where(hi < np.finfo(a.dtype).min, hi, np.log1p(np.exp(lo - hi)) + hi).astype(a.dtype)


def _cumulative_logsumexp(a, axis, dtype):
    """The running log-sum-exp along `axis`, left to right (the 16-bit floats in float)."""
    wide = a.astype(np.float32) if a.dtype.itemsize < 4 else a
    out = np.moveaxis(wide.copy(), axis, 0)
    for i in range(1, out.shape[0]):
        out[i] = _log_add_exp(out[i - 1], out[i])
    return np.moveaxis(out, 0, axis).astype(a.dtype)


@op_def_lib.implements("CumulativeLogsumexp")
def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None) -> Tensor:
    """log(cumsum(exp(x))) along `axis` without its overflow, optionally exclusive (-inf first)
    and/or reversed (tf.math.cumulative_logsumexp)."""
    return _cumulative("CumulativeLogsumexp", _cumulative_logsumexp, x, axis, exclusive, reverse, name)


# reduce_sum/prod/max/min/mean of a tensor or variable over int axes enter the core in one call
# (_C.fast_op: the read and the core's reduction kernel through the dispatch); the functions above
# stay their implementation for everything else (other dtypes, tensor axes, names, every error).
def _fast_entries():
    g = globals()
    for fn_name, op in (("reduce_sum", "Sum"), ("reduce_prod", "Prod"), ("reduce_max", "Max"),
                        ("reduce_min", "Min"), ("reduce_mean", "Mean")):
        g[fn_name] = _C.fast_op("reduce", _C.REDUCE_OPS[op], "hint", g[fn_name])


REDUCTIONS = ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_any", "reduce_all")
dispatch.install(globals(), "reduction_ops", REDUCTIONS)  # ragged operands: ops/ragged/ragged_dispatch.py
_fast_entries()
_C._set_rank_unknown(_rank_unknown)  # their graph tensors of unknown rank take the functions above


# --- tf.raw_ops: TensorFlow's reduction ops take `keep_dims`, ArgMax/ArgMin `dimension` ----------

def _raw_reduction(reduce):
    def raw(input, axis, keep_dims=False, name=None):  # noqa: A002 - TensorFlow's argument names
        return reduce(input, axis, keep_dims, name)
    return raw


for _op_name, _fn_name in (("Sum", "reduce_sum"), ("Mean", "reduce_mean"), ("Max", "reduce_max"), ("Min", "reduce_min"),
                     ("Prod", "reduce_prod"), ("All", "reduce_all"), ("Any", "reduce_any"),
                     ("EuclideanNorm", "reduce_euclidean_norm")):
    op_def_lib.implements(_op_name)(_raw_reduction(globals()[_fn_name]))


@op_def_lib.implements("ArgMax")
def _raw_arg_max(input, dimension, output_type=dtypes.int64, name=None):  # noqa: A002
    return argmax(input, dimension, output_type, name)


@op_def_lib.implements("ArgMin")
def _raw_arg_min(input, dimension, output_type=dtypes.int64, name=None):  # noqa: A002
    return argmin(input, dimension, output_type, name)
