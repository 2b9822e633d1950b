"""TensorFlow 1's weighted losses (tensorflow/python/ops/losses/losses_impl.py): `Reduction` and
`compute_weighted_loss`, which every `tf.compat.v1.losses` function ends in, with TensorFlow's
order of casts, sums and divisions (so the values agree bit for bit) and its static checks that
the weights broadcast to the losses."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.name_scopes import name_scope
from varrt.framework.tensor import convert_to_tensor
from varrt.graph.graph import GraphKeys
from varrt.losses import v1_collections
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops

# weights_broadcast_ops._ASSERT_BROADCASTABLE_ERROR_PREFIX
_NOT_BROADCASTABLE = "weights can not be broadcast to values."


class Reduction:
    """Types of loss reduction (TensorFlow 1's `tf.compat.v1.losses.Reduction`)."""
    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE, cls.SUM_OVER_NONZERO_WEIGHTS,
                cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}. Key should be one of {cls.all()}.")


def scope_name(scope, default):
    """The name scope a loss opens: `scope` when given, else its default name (TensorFlow's
    `ops.name_scope(scope, default, values)`)."""
    return name_scope(scope or default)


def assert_broadcastable(weights, values):
    """TensorFlow's static check (weights_broadcast_ops.assert_broadcastable) that `weights` is a scalar
    or has `values`' rank with each dimension 1 or equal; only known shapes are checked."""
    w_shape, v_shape = weights.shape, values.shape
    if w_shape.rank is None or v_shape.rank is None or w_shape.rank == 0:
        return
    if w_shape.rank != v_shape.rank:
        raise ValueError(f"{_NOT_BROADCASTABLE} values.rank={v_shape.rank}. weights.rank={w_shape.rank}. "
                         f"values.shape={v_shape}. weights.shape={w_shape}. Received weights={weights}, "
                         f"values={values}")
    w_dims, v_dims = w_shape.as_list(), v_shape.as_list()
    if None in w_dims or None in v_dims:
        return
    for i, (w, v) in enumerate(zip(w_dims, v_dims)):
        if w not in (1, v):
            # TensorFlow prints the shapes as the NumPy arrays its constant folding gives ([5 3])
            raise ValueError(f"{_NOT_BROADCASTABLE} Mismatch at dim {i}. values.shape={np.array(v_dims)}, "
                             f"weights.shape={np.array(w_dims)}. Received weights={weights}, values={values}")


def safe_mean(total, num_present):
    return math_ops.divide_no_nan(total, num_present, name="value")


def num_elements(losses):
    return math_ops.cast(array_ops.size(losses), losses.dtype)


def num_present(losses, weights, per_batch=False):
    """How many of `losses` have a nonzero weight (per batch row with `per_batch`)."""
    if isinstance(weights, float) and weights != 0.0:
        return num_elements(losses)
    weights = math_ops.cast(weights, dtypes.float32)
    present = index_ops.where(math_ops.equal(weights, 0.0), array_ops.zeros_like(weights),
                              array_ops.ones_like(weights))
    present = math_ops.multiply(present, array_ops.ones_like(losses))  # broadcast_weights
    if per_batch:
        axis = list(range(1, present.shape.rank))
        return reduction_ops.reduce_sum(present, axis=axis, keepdims=True)
    return reduction_ops.reduce_sum(present)


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`losses` times `weights`, reduced as `reduction` says, in the dtype of `losses`, and added to
    `loss_collection` (TensorFlow 1's `tf.compat.v1.losses.compute_weighted_loss`).

    Raises:
        ValueError: If `reduction` is not a `Reduction` or the weights do not broadcast to the losses.
    """
    Reduction.validate(reduction)
    with scope_name(scope, "weighted_loss"):
        losses = convert_to_tensor(losses)
        input_dtype = losses.dtype
        weights_t = convert_to_tensor(weights)
        assert_broadcastable(weights_t, losses)
        losses = math_ops.cast(losses, dtypes.float32)
        weights_t = math_ops.cast(weights_t, dtypes.float32)
        weighted = math_ops.multiply(losses, weights_t)
        if reduction == Reduction.NONE:
            loss = weighted
        else:
            loss = reduction_ops.reduce_sum(weighted)
            if reduction == Reduction.MEAN:
                loss = safe_mean(loss, reduction_ops.reduce_sum(array_ops.ones_like(losses) * weights_t))
            elif reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
                loss = safe_mean(loss, num_present(losses, weights_t))
            elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
                loss = safe_mean(loss, num_elements(losses))
        loss = math_ops.cast(loss, input_dtype)
        v1_collections.add_loss(loss, loss_collection)
        return loss
