"""`tf.clip_by_norm`, `tf.clip_by_global_norm` and `tf.linalg.global_norm` as TensorFlow composes
them (tensorflow/python/ops/clip_ops.py), so values, gradients and logged ops follow its. Both
take IndexedSlices (their values are clipped, indices kept); global norms skip None entries."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections.abc
from typing import Any, Optional, Union, overload

from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, math_ops, nn_ops, reduction_ops


def _values(t):
    v = t.values if isinstance(t, IndexedSlices) else t
    if isinstance(v, Tensor):
        return v
    if hasattr(v, "_as_tensor"):
        return v._as_tensor()
    return convert_to_tensor(v)


def _like(t, values):
    return IndexedSlices(values, t.indices, t.dense_shape) if isinstance(t, IndexedSlices) else values


# IndexedSlices in, IndexedSlices out (a sparse gradient stays sparse); anything else gives a Tensor.
@overload
def clip_by_norm(t: IndexedSlices, clip_norm: Any, axes: Any = None, name: Optional[str] = None) -> IndexedSlices: ...
@overload
def clip_by_norm(t: Any, clip_norm: Any, axes: Any = None, name: Optional[str] = None) -> Tensor: ...


def clip_by_norm(t: Any, clip_norm: Any, axes: Any = None, name: Optional[str] = None) -> Union[Tensor, IndexedSlices]:
    """t * clip_norm / max(l2norm(t, axes), clip_norm): `t` rescaled so that its L2 norm (along
    `axes`) is at most `clip_norm`. The norm's square root is taken only where the sum is
    positive (TensorFlow's two-tap where), so a zero tensor has finite gradients."""
    values = _values(t)
    l2sum = reduction_ops.reduce_sum(values * values, axes, keepdims=True)
    pred = l2sum > 0
    l2sum_safe = nn_ops.select(pred, l2sum, array_ops.ones_like(l2sum))
    l2norm = nn_ops.select(pred, math_ops.sqrt(l2sum_safe), l2sum)
    intermediate = values * clip_norm
    if not values.shape.is_compatible_with(intermediate.shape):  # (either may be unknown while tracing)
        raise ValueError(f"Shapes {values.shape} and {intermediate.shape} are incompatible")
    return _like(t, array_ops.identity(intermediate / math_ops.maximum(l2norm, clip_norm)))


def _check_list(t_list):
    if not isinstance(t_list, collections.abc.Sequence) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")


def global_norm(t_list, name=None) -> Tensor:
    """sqrt(sum of the squared L2 norms of the tensors in `t_list`), None entries skipped."""
    _check_list(t_list)
    half_squared_norms = [nn_ops.l2_loss(_values(t)) for t in t_list if t is not None]
    half_squared_norm = reduction_ops.reduce_sum(array_ops.stack(half_squared_norms))
    return math_ops.sqrt(half_squared_norm * convert_to_tensor(2.0, dtype=half_squared_norm.dtype))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None) -> tuple[list[Any], Tensor]:
    """(the tensors scaled by clip_norm / max(global_norm, clip_norm), the global norm). None
    entries stay None; an infinite or NaN norm makes every value NaN, as in TensorFlow."""
    _check_list(t_list)
    t_list = list(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list, name)
    one = convert_to_tensor(1.0, dtype=use_norm.dtype)
    scale_for_finite = clip_norm * math_ops.minimum(1.0 / use_norm, one / clip_norm)
    # A no-op for a finite norm; NaN for inf/-inf/NaN.
    scale = scale_for_finite + (use_norm - use_norm)
    clipped = [None if t is None else _like(t, array_ops.identity(_values(t) * scale)) for t in t_list]
    return clipped, use_norm
