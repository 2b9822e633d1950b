"""TensorFlow 1's loss functions (`tf.compat.v1.losses`, tensorflow/python/ops/losses/losses_impl.py):
each computes its per-element losses with TensorFlow's ops in TensorFlow's order, then weights and
reduces them by `compute_weighted_loss` (v1_reduction.py), which adds the result to `loss_collection`."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.graph.graph import GraphKeys
from varrt.losses import v1_collections
from varrt.losses.v1_reduction import Reduction, assert_broadcastable, compute_weighted_loss, num_present, scope_name
from varrt.ops import array_ops, index_ops, math_ops, nn_ops, reduction_ops

_DEFAULT = Reduction.SUM_BY_NONZERO_WEIGHTS


def _require(**arguments):
    for name, value in arguments.items():
        if value is None:
            raise ValueError(f"Argument `{name}` must not be None.")


def _as_float32_pair(predictions, labels):
    """Both cast to float32, their static shapes compatible (TensorFlow's ValueError otherwise)."""
    predictions = math_ops.cast(predictions, dtypes.float32)
    labels = math_ops.cast(labels, dtypes.float32)
    predictions.shape.assert_is_compatible_with(labels.shape)
    return predictions, labels


def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                        reduction=_DEFAULT):
    """The weighted absolute differences |predictions - labels|."""
    _require(labels=labels, predictions=predictions)
    with scope_name(scope, "absolute_difference") as scope:
        predictions, labels = _as_float32_pair(predictions, labels)
        losses = math_ops.abs(math_ops.subtract(predictions, labels))
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def cosine_distance(labels, predictions, axis=None, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                    reduction=_DEFAULT, dim=None):
    """1 - sum(predictions * labels) along `axis` (both assumed unit-normalized)."""
    if dim is not None:
        if axis is not None:
            raise ValueError("Cannot specify both 'dim' and 'axis'.")
        axis = dim
    if axis is None:
        raise ValueError("You must specify argument `axis`.")
    _require(labels=labels, predictions=predictions)
    with scope_name(scope, "cosine_distance_loss") as scope:
        predictions, labels = _as_float32_pair(predictions, labels)
        radial_diffs = math_ops.multiply(predictions, labels)
        losses = 1 - reduction_ops.reduce_sum(radial_diffs, axis=(axis,), keepdims=True)
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES, reduction=_DEFAULT):
    """max(0, 1 - (2 * labels - 1) * logits), labels being 0 or 1."""
    _require(labels=labels, logits=logits)
    with scope_name(scope, "hinge_loss") as scope:
        logits, labels = _as_float32_pair(logits, labels)
        all_ones = array_ops.ones_like(labels)
        labels = math_ops.subtract(2 * labels, all_ones)
        losses = nn_ops.relu(math_ops.subtract(all_ones, math_ops.multiply(labels, logits)))
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
               reduction=_DEFAULT):
    """0.5 * x**2 for |x| <= delta, delta * (|x| - 0.5 * delta) beyond, x = predictions - labels."""
    _require(labels=labels, predictions=predictions)
    with scope_name(scope, "huber_loss") as scope:
        predictions, labels = _as_float32_pair(predictions, labels)
        error = math_ops.subtract(predictions, labels)
        abs_error = math_ops.abs(error)
        quadratic = math_ops.minimum(abs_error, delta)
        linear = math_ops.subtract(abs_error, quadratic)
        losses = math_ops.add(math_ops.multiply(convert_to_tensor(0.5, dtype=quadratic.dtype),
                                                math_ops.multiply(quadratic, quadratic)),
                              math_ops.multiply(delta, linear))
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=GraphKeys.LOSSES,
             reduction=_DEFAULT):
    """-labels * log(predictions + epsilon) - (1 - labels) * log(1 - predictions + epsilon)."""
    _require(labels=labels, predictions=predictions)
    with scope_name(scope, "log_loss") as scope:
        predictions, labels = _as_float32_pair(predictions, labels)
        losses = (-math_ops.multiply(labels, math_ops.log(predictions + epsilon))
                  - math_ops.multiply((1 - labels), math_ops.log(1 - predictions + epsilon)))
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                       reduction=_DEFAULT):
    """The weighted squared differences (predictions - labels)**2."""
    _require(labels=labels, predictions=predictions)
    with scope_name(scope, "mean_squared_error") as scope:
        predictions, labels = _as_float32_pair(predictions, labels)
        losses = math_ops.squared_difference(predictions, labels)
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def mean_pairwise_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES):
    """The mean of the squared differences between all pairs of (predictions - labels) within each
    batch row, weighted per row."""
    _require(labels=labels, predictions=predictions)
    with scope_name(scope, "mean_pairwise_squared_error") as scope:
        weights = math_ops.cast(weights, dtypes.float32)
        labels = math_ops.cast(labels, dtypes.float32)
        assert_broadcastable(weights, labels)
        predictions = math_ops.cast(predictions, dtypes.float32)
        predictions.shape.assert_is_compatible_with(labels.shape)
        diffs = math_ops.subtract(predictions, labels)
        axis = list(range(1, diffs.shape.rank))
        sum_squares_diff_per_batch = reduction_ops.reduce_sum(math_ops.square(diffs), axis=axis, keepdims=True)
        present_per_batch = num_present(diffs, weights, per_batch=True)
        term1 = 2.0 * math_ops.divide_no_nan(sum_squares_diff_per_batch,
                                             math_ops.maximum(present_per_batch - 1, 0), name="value")
        sum_diff = reduction_ops.reduce_sum(diffs, axis=axis, keepdims=True)
        term2 = 2.0 * math_ops.divide_no_nan(
            math_ops.square(sum_diff),
            math_ops.maximum(math_ops.multiply(present_per_batch, present_per_batch - 1), 0), name="value")
        weighted_losses = math_ops.multiply(term1 - term2, weights)
        loss = reduction_ops.reduce_sum(weighted_losses)
        mean_loss = index_ops.where(reduction_ops.reduce_sum(present_per_batch) > 0, loss,
                                    array_ops.zeros_like(loss), name="value")
        v1_collections.add_loss(mean_loss, loss_collection)
        return mean_loss


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES, reduction=_DEFAULT):
    """The sigmoid cross-entropy of `logits` against 0/1 labels, labels smoothed towards 1/2."""
    _require(multi_class_labels=multi_class_labels, logits=logits)
    with scope_name(scope, "sigmoid_cross_entropy_loss") as scope:
        logits = convert_to_tensor(logits)
        multi_class_labels = math_ops.cast(multi_class_labels, logits.dtype)
        logits.shape.assert_is_compatible_with(multi_class_labels.shape)
        if label_smoothing > 0:
            multi_class_labels = multi_class_labels * (1 - label_smoothing) + 0.5 * label_smoothing
        losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=multi_class_labels, logits=logits,
                                                          name="xentropy")
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES, reduction=_DEFAULT):
    """The softmax cross-entropy of `logits` against one-hot labels, smoothed towards uniform."""
    _require(onehot_labels=onehot_labels, logits=logits)
    with scope_name(scope, "softmax_cross_entropy_loss") as scope:
        logits = convert_to_tensor(logits)
        onehot_labels = math_ops.cast(onehot_labels, logits.dtype)
        logits.shape.assert_is_compatible_with(onehot_labels.shape)
        if label_smoothing > 0:
            num_classes = math_ops.cast(array_ops.shape(onehot_labels)[-1], logits.dtype)
            smooth_positives = 1.0 - label_smoothing
            smooth_negatives = label_smoothing / num_classes
            onehot_labels = onehot_labels * smooth_positives + smooth_negatives
        onehot_labels = array_ops.stop_gradient(onehot_labels, name="labels_stop_gradient")
        losses = nn_ops.softmax_cross_entropy_with_logits(labels=onehot_labels, logits=logits, name="xentropy")
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)


def _remove_squeezable_dimensions(labels, predictions, weights, expected_rank_diff):
    """confusion_matrix.remove_squeezable_dimensions and the weights' trailing 1, on static ranks."""
    predictions = convert_to_tensor(predictions)
    labels = convert_to_tensor(labels)
    p_rank, l_rank = predictions.shape.rank, labels.shape.rank
    if p_rank is not None and l_rank is not None:
        rank_diff = p_rank - l_rank
        if rank_diff == expected_rank_diff + 1 and predictions.shape[-1] in (1, None):
            predictions = array_ops.squeeze(predictions, [-1])
        elif rank_diff == expected_rank_diff - 1 and labels.shape[-1] in (1, None):
            labels = array_ops.squeeze(labels, [-1])
    weights = convert_to_tensor(weights)
    if labels.shape.rank is not None and weights.shape.rank is not None:
        if weights.shape.rank - labels.shape.rank == 1:
            weights = array_ops.squeeze(weights, [-1])
    return labels, predictions, weights


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                                 reduction=_DEFAULT):
    """The softmax cross-entropy of `logits` against class indices `labels`."""
    _require(labels=labels, logits=logits)
    with scope_name(scope, "sparse_softmax_cross_entropy_loss") as scope:
        labels, logits, weights = _remove_squeezable_dimensions(labels, logits, weights, expected_rank_diff=1)
        losses = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits, name="xentropy")
        return compute_weighted_loss(losses, weights, scope, loss_collection, reduction=reduction)
