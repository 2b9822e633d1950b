"""TensorFlow 1's state functions (tensorflow/python/ops/state_ops.py): `assign`, `assign_add`,
`assign_sub` and the `scatter_*` updates of a variable, as functions of the variable (TensorFlow 2
keeps them as the variable's methods, which these call)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import convert_to_tensor


def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    """`ref` set to `value` (its new value, to run in a graph)."""
    return ref.assign(value, name=name)


def assign_add(ref, value, use_locking=None, name=None):
    """`ref` increased by `value`."""
    return ref.assign_add(value, use_locking=use_locking, name=name)


def assign_sub(ref, value, use_locking=None, name=None):
    """`ref` decreased by `value`."""
    return ref.assign_sub(value, use_locking=use_locking, name=name)


def _scatter(method_name, doc):
    def scatter(ref, indices, updates, use_locking=False, name=None):
        slices = IndexedSlices(convert_to_tensor(updates, dtype=ref.dtype), convert_to_tensor(indices))
        return getattr(ref, method_name)(slices, name=name)
    scatter.__name__ = scatter.__qualname__ = method_name
    scatter.__doc__ = doc
    return scatter


scatter_update = _scatter("scatter_update", "The rows `indices` of `ref` set to `updates`.")
scatter_add = _scatter("scatter_add", "`updates` added to the rows `indices` of `ref`.")
scatter_sub = _scatter("scatter_sub", "`updates` subtracted from the rows `indices` of `ref`.")
scatter_mul = _scatter("scatter_mul", "The rows `indices` of `ref` multiplied by `updates`.")
scatter_div = _scatter("scatter_div", "The rows `indices` of `ref` divided by `updates`.")
scatter_min = _scatter("scatter_min", "The rows `indices` of `ref`, the minimum with `updates`.")
scatter_max = _scatter("scatter_max", "The rows `indices` of `ref`, the maximum with `updates`.")


def _scatter_nd(method_name, doc):
    def scatter_nd(ref, indices, updates, use_locking=False, name=None):
        return getattr(ref, method_name)(indices, convert_to_tensor(updates, dtype=ref.dtype), name=name)
    scatter_nd.__name__ = scatter_nd.__qualname__ = method_name
    scatter_nd.__doc__ = doc
    return scatter_nd


scatter_nd_update = _scatter_nd("scatter_nd_update", "The elements of `ref` at `indices` set to `updates`.")
scatter_nd_add = _scatter_nd("scatter_nd_add", "`updates` added to the elements of `ref` at `indices`.")
scatter_nd_sub = _scatter_nd("scatter_nd_sub", "`updates` subtracted from the elements of `ref` at `indices`.")
