"""tf.tensor_scatter_nd_update, _add, _sub, _min and _max (TensorScatterUpdate, ...): a copy of
`tensor` with `updates` written into (or combined with) the elements or slices `indices`
address; the last dimension of `indices` indexes the leading dimensions of `tensor`. Repeated
indices apply in order (update: the last one wins)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, quiet, run, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# Each op's combination of the old element and the update (None: replace).
_COMBINE = {"TensorScatterUpdate": None, "TensorScatterAdd": np.add, "TensorScatterSub": np.subtract,
            "TensorScatterMin": np.minimum, "TensorScatterMax": np.maximum}


def _scatter(op, tensor, indices, updates, name):
    t, dtype = operand(tensor)
    idx, index_dtype = operand(indices)
    upd, upd_dtype = operand(updates, dtype)
    end = suffix(name, tensor, indices, updates)
    check_dtype(op, index_dtype, name, end, attr="Tindices")
    combine = _COMBINE[op]

    def kernel(t, idx, upd):
        if idx.ndim < 1:
            raise kernel_error(op, f"Indices shape must have rank at least one. Found:{shape_text(idx.shape)}",
                               name, end=end)
        depth = idx.shape[-1]
        outer = idx.shape[:-1]
        if upd.shape[:len(outer)] != outer:
            raise kernel_error(op, f"Outer dimensions of indices and update must match. Indices shape: "
                                   f"{shape_text(idx.shape)}, updates shape:{shape_text(upd.shape)}", name, end=end)
        if depth > t.ndim or upd.shape[len(outer):] != t.shape[depth:]:
            raise kernel_error(op, f"Inner dimensions of output shape must match inner dimensions of updates shape. "
                                   f"Output: {shape_text(t.shape)} updates: {shape_text(upd.shape)}", name, end=end)
        flat = idx.reshape(-1, depth).astype(np.int64)
        bounds = np.asarray(t.shape[:depth])
        bad = np.nonzero(np.any((flat < 0) | (flat >= bounds), axis=1))[0]
        if bad.size:
            i = int(bad[0])
            raise kernel_error(op, f"indices[{i}] = {shape_text(flat[i].tolist())} does not index into shape "
                                   f"{shape_text(t.shape)}", name, end=end)
        out = np.array(t, copy=True)
        rows = upd.reshape((flat.shape[0],) + t.shape[depth:])
        where = tuple(flat.T)
        with quiet(all="ignore"):
            if combine is None:
                for k in range(flat.shape[0]):  # in order: the last update of an index wins
                    out[tuple(flat[k])] = rows[k]
            else:
                combine.at(out, where, rows)
        return out
    return run(op, kernel, (t, idx, upd), dtype, name=name)


def tensor_scatter_nd_update(tensor, indices, updates, name=None) -> Tensor:
    """`tensor` with the elements or slices at `indices` replaced by `updates`."""
    return _scatter("TensorScatterUpdate", tensor, indices, updates, name)


def tensor_scatter_nd_add(tensor, indices, updates, name=None) -> Tensor:
    """`tensor` with `updates` added at `indices` (repeated indices add up)."""
    return _scatter("TensorScatterAdd", tensor, indices, updates, name)


def tensor_scatter_nd_sub(tensor, indices, updates, name=None) -> Tensor:
    """`tensor` with `updates` subtracted at `indices`."""
    return _scatter("TensorScatterSub", tensor, indices, updates, name)


def tensor_scatter_nd_min(tensor, indices, updates, name=None) -> Tensor:
    """`tensor` with each element at `indices` the minimum of itself and its updates."""
    return _scatter("TensorScatterMin", tensor, indices, updates, name)


def tensor_scatter_nd_max(tensor, indices, updates, name=None) -> Tensor:
    """`tensor` with each element at `indices` the maximum of itself and its updates."""
    return _scatter("TensorScatterMax", tensor, indices, updates, name)


def _raw(op):
    """tf.raw_ops.`op`: TensorFlow's arguments (bad_indices_policy: the default, reporting bad
    indices, is the one varrt has)."""
    def raw(tensor, indices, updates, bad_indices_policy="", name=None):
        if bad_indices_policy not in ("", "DEFAULT", "ERROR"):
            raise NotImplementedError(f"{op}'s bad_indices_policy={bad_indices_policy!r} is not supported by varrt")
        return _scatter(op, tensor, indices, updates, name)
    return op_def_lib.implements(op)(raw)


for _op in _COMBINE:
    _raw(_op)
