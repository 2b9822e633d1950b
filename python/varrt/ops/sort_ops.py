"""Ordering: top_k (TopKV2), in_top_k (InTopKV2), and sort and argsort written over TopKV2 as
TensorFlow's sort_ops writes them (a descending TopKV2 of the whole axis, moved last by a
Transpose; ascending order sorts the values flipped)."""
from __future__ import annotations

import collections
from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, math_ops, op_def_lib
from varrt.ops.op_util import (check_dtype, host_if_known, is_tensor_like, kernel_error, matching, mismatch, operand,
                               run, run_outputs, shape_text, suffix, tensor_operand)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# TensorFlow's generated wrapper returns its outputs as a namedtuple named after the op.
TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None) -> TopKV2:  # noqa: A002 - TensorFlow's
    """The `k` largest entries of the last dimension of `input` and their indices, largest first
    (equal values: the lower index first)."""
    a, dtype = operand(input)
    end = suffix(name, input, k)
    check_dtype("TopKV2", dtype, name, end, attr="T")
    index_type = dtypes.as_dtype(index_type)
    k_dtype = operand(k)[1] if is_tensor_like(k) else dtypes.int32
    k_array, k_dtype = operand(k, k_dtype)
    check_dtype("TopKV2", k_dtype, name, end, attr="Tk")
    check_dtype("TopKV2", index_type, name, end, attr="index_type")
    index_np = index_type.as_numpy_dtype

    def kernel(a, k):
        if a.ndim < 1:
            raise kernel_error("TopKV2", f"input must be >= 1-D, got shape {shape_text(a.shape)}", name, end=end)
        if np.ndim(k) != 0:
            raise kernel_error("TopKV2", f"k must be scalar, got shape {shape_text(np.shape(k))}", name, end=end)
        k = int(k)
        if k < 0:
            raise kernel_error("TopKV2", f"Need k >= 0, got {k}", name, end=end)
        n = a.shape[-1]
        if n < k:
            raise kernel_error("TopKV2", f"input must have at least k columns. Had {n}, needed {k}", name, end=end)
        # Descending and stable: an ascending stable sort of the reversed row, read backwards.
        order = (n - 1 - np.argsort(a[..., ::-1], axis=-1, kind="stable")[..., ::-1])[..., :k]
        values = np.take_along_axis(a, order, axis=-1)
        return values, _C.borrowed_tensor(np.ascontiguousarray(order.astype(index_np)))
    values, indices = run_outputs("TopKV2", kernel, (a, k_array), dtype, 2,
                                  attrs={"sorted": bool(sorted), "index_type": index_type._enum})
    return TopKV2(values, indices)


@op_def_lib.implements("TopKV2")
def _raw_top_k_v2(input, k, sorted=True, index_type=dtypes.int32, name=None):  # noqa: A002 - TensorFlow's names
    return top_k(input, k, sorted, index_type, name)


def in_top_k(targets, predictions, k, name=None) -> Tensor:
    """Whether each row's target class is among the `k` largest of its predictions (a [batch,
    classes] float32 tensor): fewer than `k` classes score strictly more, so ties at the boundary
    all count; never when the row holds a non-finite score or the target is no class index."""
    return _raw_in_top_kv2(predictions, targets, k, name)


def in_top_k_v1(predictions, targets, k, name=None) -> Tensor:
    """TensorFlow 1's `tf.compat.v1.nn.in_top_k`: the same test, with the predictions first."""
    return _raw_in_top_kv2(predictions, targets, k, name)


@op_def_lib.implements("InTopKV2")
def _raw_in_top_kv2(predictions, targets, k, name=None):
    end = suffix(name, predictions, targets, k)
    p, p_dtype = operand(predictions, dtypes.float32)
    if p_dtype is not dtypes.float32:
        raise mismatch("InTopKV2", 0, dtypes.float32, p_dtype, name)
    (t, k_array), dtype = matching("InTopKV2", [targets, k], name, first_index=1)
    check_dtype("InTopKV2", dtype, name, end)

    def kernel(p, t, k):
        if p.ndim != 2:
            raise kernel_error("InTopKV2", "predictions must be 2-dimensional", name, end=end)
        if t.ndim != 1:
            raise kernel_error("InTopKV2", "targets must be 1-dimensional", name, end=end)
        if p.shape[0] != t.shape[0]:
            raise kernel_error("InTopKV2", f"First dimension of predictions {p.shape[0]} must match length of "
                                           f"targets {t.shape[0]}", name, end=end)
        if np.ndim(k) != 0:
            raise kernel_error("InTopKV2", f"k must be 0-D, got shape {shape_text(np.shape(k))}", name, end=end)
        num_classes = p.shape[1]
        targets = t.astype(np.int64)
        in_range = (targets >= 0) & (targets < num_classes)
        target_score = p[np.arange(p.shape[0]), np.where(in_range, targets, 0)]
        more_probable = np.count_nonzero(p > target_score[:, None], axis=1)
        return in_range & np.isfinite(p).all(axis=1) & (more_probable < int(k))
    return run("InTopKV2", kernel, (p, t, k_array), dtypes.bool)


def sort(values, axis=-1, direction="ASCENDING", name=None) -> Tensor:
    """`values` sorted along `axis` (ascending, or descending)."""
    return _sort_or_argsort(values, axis, direction, return_argsort=False)


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None) -> Tensor:
    """The indices that sort `values` along `axis` (int32); equal values keep their order."""
    return _sort_or_argsort(values, axis, direction, return_argsort=True)


def _sort_or_argsort(values, axis, direction, return_argsort):
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. Received: "
                         f"direction={direction}")
    axis_t = convert_to_tensor(axis)
    axis_static = host_if_known(tensor_operand(axis_t)[0])
    if axis_t.shape.rank not in (None, 0) or axis_static is None:
        raise ValueError(f"Argument `axis` must be a constant scalar. Received: axis={axis}.")
    axis = int(np.asarray(axis_static))
    values = convert_to_tensor(values)
    if direction == "DESCENDING":
        return _descending_sort(values, axis, return_argsort)
    result = _descending_sort(_flip_sort_values(values), axis, return_argsort)
    return result if return_argsort else _flip_sort_values(result)


def _descending_sort(values, axis, return_argsort):
    # TensorFlow takes shape(values)[axis], which its shape refiner folds when that dimension is
    # known though others are not; varrt's folds only fully known shapes, so a known one is given.
    known = values.shape.as_list()[axis] if values.shape.rank is not None else None
    k = known if known is not None else array_ops.shape(values)[axis]
    static_rank = values.shape.rank
    if axis == -1 or axis + 1 == static_rank:
        top_k_input, transposition = values, None
    else:
        if axis < 0:
            axis += static_rank
        # Swap axis and the last: a single 2-cycle, its own inverse.
        transposition = convert_to_tensor(np.r_[np.arange(axis), [static_rank - 1], np.arange(axis + 1, static_rank - 1),
                                                [axis]].astype(np.int32))
        top_k_input = array_ops.transpose(values, transposition)
    sorted_values, indices = top_k(top_k_input, k)
    result = indices if return_argsort else sorted_values
    if transposition is not None:
        result = array_ops.transpose(result, transposition)
    return result


def _flip_sort_values(values):
    """An order-reversing map of the values: max - x for unsigned integers, ~x for signed ones
    (no overflow at the minimum), -x otherwise."""
    if values.dtype.is_unsigned:
        return math_ops.subtract(convert_to_tensor(values.dtype.max, values.dtype), values)
    if values.dtype.is_integer:
        return math_ops.invert(values)
    return math_ops.negative(values)
