"""Index-driven ops under TensorFlow's names and op names: gather (GatherV2), gather_nd
(GatherNd), where (Where / SelectV2), one_hot (OneHot) and invert_permutation (InvertPermutation). Out-of-range indices are errors
with TensorFlow's messages (one_hot: all off_value), never wrapped like NumPy's negatives.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import (check_dtype, int_list, kernel_error, matching, mismatch, operand, run, run_core, shape_text,
                            slow, suffix)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

def _indices(op, indices, name):
    a, dtype = operand(indices)
    check_dtype(op, dtype, name, "" if slow(indices) else None)
    return a, dtype


def _where_text(index, shape):
    return ",".join(str(i) for i in np.unravel_index(index, shape)) if len(shape) else ""


def _is_variable(x):
    return hasattr(x, "sparse_read")


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None) -> Tensor:
    """Slices of `params` along `axis` at `indices` (output shape: params[:axis] + indices[batch_dims:] +
    params[axis+1:])."""
    if _is_variable(params) and (axis is None or axis == 0) and batch_dims == 0:
        return params.sparse_read(indices)  # ResourceGather on the variable, as TensorFlow runs it
    p, dtype = operand(params)
    idx, _ = _indices("GatherV2", indices, name)
    batch_dims = int(batch_dims)
    axis = batch_dims if axis is None else int_list(axis)[0]
    end = suffix(name, params, indices)
    return run("GatherV2", lambda p, idx: _gathered(p, idx, axis, batch_dims, name, end), (p, idx), dtype,
               attrs={"axis": axis, "batch_dims": batch_dims})


def _gathered(p, idx, axis, batch_dims, name, end):
    def fail(message):
        return kernel_error("GatherV2", message, name, end=end)

    if p.ndim == 0:
        raise fail("params must be at least 1 dimensional")
    if axis >= p.ndim or axis < -p.ndim:
        raise fail(f"Shape must be at least rank {axis + 1 if axis >= 0 else -axis} but is rank {p.ndim}")
    axis %= p.ndim
    if batch_dims < 0:
        batch_dims += idx.ndim
    limit = p.shape[axis]
    bad = (idx < 0) | (idx >= limit)
    if bad.any():
        first = int(np.flatnonzero(bad.reshape(-1))[0])
        where = _where_text(first, idx.shape)
        label = f"indices[{where}]" if idx.ndim else "indices"
        raise fail(f"{label} = {int(idx.reshape(-1)[first])} is not in [0, {limit})")
    if batch_dims == 0:
        return np.take(p, idx, axis=axis)
    batch = p.shape[:batch_dims]
    pf = p.reshape((-1,) + p.shape[batch_dims:])
    xf = idx.reshape((-1,) + idx.shape[batch_dims:])
    parts = [np.take(pf[b], xf[b], axis=axis - batch_dims) for b in range(pf.shape[0])]
    out = np.stack(parts) if parts else np.empty((0,) + p.shape[batch_dims:axis] + idx.shape[batch_dims:] +
                                                 p.shape[axis + 1:], p.dtype)
    return out.reshape(batch + out.shape[1:])


def gather_nd(params, indices, batch_dims=0, name=None) -> Tensor:
    """params[indices[..., :]]: each innermost index vector selects an element or a slice
    (after `batch_dims` leading dimensions that params and indices share)."""
    if _is_variable(params) and batch_dims == 0:
        return params.gather_nd(indices)  # ResourceGatherNd on the variable
    p, dtype = operand(params)
    idx, _ = _indices("GatherNd", indices, name)
    end = "" if slow(indices) else None
    b = int(batch_dims)
    return run("GatherNd", lambda p, idx: _batched_gather_nd(p, idx, b, name, end), (p, idx), dtype,
               attrs={"batch_dims": b})


def _batched_gather_nd(p, idx, b, name, end):
    if b == 0:
        return _gather_nd(p, idx, name, end)
    batch = idx.shape[:b]
    pf = p.reshape((-1,) + p.shape[b:])
    xf = idx.reshape((-1,) + idx.shape[b:])
    parts = [_gather_nd(pf[i], xf[i], name, end) for i in range(pf.shape[0])]
    return np.stack(parts).reshape(batch + parts[0].shape) if parts else np.empty(batch, p.dtype)


def _gather_nd(p, idx, name, end):
    depth = idx.shape[-1] if idx.ndim else 0
    if idx.ndim == 0 or depth > p.ndim:
        raise kernel_error("GatherNd", f"index innermost dimension length must be <= params rank; saw: "
                                               f"{depth} vs. {p.ndim}", name, end=end)
    flat = idx.reshape(-1, depth)
    bounds = np.array(p.shape[:depth])
    bad = ((flat < 0) | (flat >= bounds)).any(axis=1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        vector = ", ".join(str(int(v)) for v in flat[i])
        raise kernel_error("GatherNd", f"indices[{i}] = [{vector}] does not index into param shape "
                                               f"{shape_text(p.shape)}, node name: GatherNd", name, end=end)
    out = p[tuple(flat.T)] if depth else np.broadcast_to(p, (flat.shape[0],) + p.shape)
    return out.reshape(idx.shape[:-1] + p.shape[depth:])


def where(condition, x=None, y=None, name=None) -> Tensor:
    """With only `condition`: the int64 coordinates of its true (non-zero) elements. With x and
    y: x where condition else y, all three broadcast together (SelectV2)."""
    if (x is None) != (y is None):
        raise ValueError("x and y must both be non-None or both be None.")
    if x is None:
        c, dtype = operand(condition)
        check_dtype("Where", dtype, name)
        def coordinates(c):
            if c.ndim == 0:
                raise kernel_error("Where", "WhereOp : Unhandled input dimensions: 0", name)
            return np.argwhere(c)
        return run("Where", coordinates, (c,), dtypes.int64)
    c, cdtype = operand(condition, dtypes.bool)
    if cdtype is not dtypes.bool:
        raise mismatch("SelectV2", 0, dtypes.bool, cdtype, name)
    (xa, ya), dtype = matching("SelectV2", (x, y), name, first_index=1)
    if _C.select_supported(dtype._enum):
        return run_core(_C.select, name, True, c, xa, ya, name or "")

    def select(c, xa, ya):
        try:
            return np.where(c, xa, ya)
        except ValueError:
            raise kernel_error("SelectV2", f"condition {shape_text(np.shape(c))}, then {shape_text(np.shape(xa))}, "
                                           f"and else {shape_text(np.shape(ya))} must be broadcastable", name) from None
    return run("SelectV2", select, (c, xa, ya), dtype)


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None) -> Tensor:
    """A tensor with on_value where the last (or `axis`) dimension equals the index, else
    off_value (out-of-range indices give a row of off_value)."""
    on_dtype = operand(on_value)[1] if on_value is not None else None
    off_dtype = operand(off_value)[1] if off_value is not None else None
    if dtype is None:
        if on_dtype is not None and off_dtype is not None and on_dtype is not off_dtype:
            raise TypeError(f"dtype {on_dtype} of on_value does not match dtype {off_dtype} of off_value")
        dtype = on_dtype or off_dtype or dtypes.float32
    else:
        dtype = dtypes.as_dtype(dtype)
    on = operand(1 if on_value is None else on_value, dtype)[0]
    off = operand(0 if off_value is None else off_value, dtype)[0]
    idx, _ = _indices("OneHot", indices, name)
    depth = int_list(depth)[0]
    end = "" if suffix(name, indices) == "" else None
    return run("OneHot", lambda idx, on, off: _one_hot(idx, depth, on, off, axis, name, end), (idx, on, off), dtype,
               attrs={"depth": depth, "axis": -1 if axis is None else int(axis)})


def _one_hot(idx, depth, on, off, axis, name, end):
    if depth < 0:
        raise kernel_error("OneHot", f"depth must be non-negative, got: {depth}", name, end=end)
    out_rank = idx.ndim + 1
    axis = -1 if axis is None else int(axis)
    if not (axis == -1 or 0 <= axis < out_rank):
        raise kernel_error("OneHot", f"Expected axis to be -1 or between [0, {out_rank}).  But received: "
                                             f"{axis}", name, end=end)
    hot = idx[..., None] == np.arange(depth)
    if axis != -1:
        hot = np.moveaxis(hot, -1, axis)
    return np.where(hot, np.asarray(on), np.asarray(off))


# --- tf.raw_ops -------------------------------------------------------------------------------

@op_def_lib.implements("InvertPermutation")
def invert_permutation(x, name=None) -> Tensor:
    """y with y[x[i]] = i for a permutation x of 0 .. n-1 (tf.math.invert_permutation)."""
    a, dtype = operand(x)
    end = "" if slow(x) else None
    check_dtype("InvertPermutation", dtype, name, end)

    def kernel(p):
        p = np.asarray(p)
        if p.ndim != 1:
            raise kernel_error("InvertPermutation", "invert_permutation expects a 1D vector.", name, end=end)
        out = np.full(p.shape, -1, p.dtype)
        for i, d in enumerate(p.tolist()):
            if not 0 <= d < p.size:
                raise kernel_error("InvertPermutation", f"{d} is not between 0 and {p.size}", name, end=end)
            if out[d] != -1:
                raise kernel_error("InvertPermutation", f"{d} is duplicated in the input.", name, end=end)
            out[d] = i
        return out
    return run("InvertPermutation", kernel, (a,), dtype, name=name)


@op_def_lib.implements("GatherV2")
def _raw_gather_v2(params, indices, axis, batch_dims=0, name=None):
    return gather(params, indices, axis=axis, batch_dims=batch_dims, name=name)


@op_def_lib.implements("GatherNd")
def _raw_gather_nd(params, indices, bad_indices_policy="", name=None):
    return gather_nd(params, indices, name=name)


@op_def_lib.implements("OneHot")
def _raw_one_hot(indices, depth, on_value, off_value, axis=-1, name=None):
    return one_hot(indices, depth, on_value, off_value, axis, name=name)


@op_def_lib.implements("Where")
def _raw_where(condition, name=None):
    return where(condition, name=name)


@op_def_lib.implements("SelectV2")
def _raw_select_v2(condition, t, e, name=None):
    return where(condition, t, e, name)


from varrt.ops import dispatch  # noqa: E402
dispatch.install(globals(), "index_ops", ("gather", "where"))  # ragged operands: ops/ragged/ragged_dispatch.py
