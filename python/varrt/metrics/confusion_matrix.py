"""Keras 3's confusion-matrix updates (keras/src/metrics/metrics_utils.py), behind the
true/false positive/negative counts, `Precision`, `Recall` and `AUC`.

For each threshold t a prediction is positive when `y_pred > t`; the counts add the sample
weights (1 by default) of the (label, prediction) pairs in each cell. Two ways, as Keras:
thresholds evenly spread over [0, 1] bucket each prediction once (`ceil(p * (T - 1)) - 1`,
summed per bucket and accumulated from the top, O(T + N)); any other thresholds compare every
prediction with every threshold (O(T * N))."""
import enum

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.losses.loss import keras_shape, squeeze_or_expand_to_same_rank
from varrt.losses.losses import EPSILON
from varrt.ops import array_ops, index_ops, math_ops, nn_ops, reduction_ops, scatter_ops, sort_ops

NEG_INF = -1e10  # the threshold of a top-k metric: every kept prediction is above it


class ConfusionMatrix(enum.Enum):
    TRUE_POSITIVES = "tp"
    FALSE_POSITIVES = "fp"
    TRUE_NEGATIVES = "tn"
    FALSE_NEGATIVES = "fn"


def to_list(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


def assert_thresholds_range(thresholds):
    if thresholds is not None:
        invalid = [t for t in thresholds if t is None or t < 0 or t > 1]
        if invalid:
            raise ValueError(f"Threshold values must be in [0, 1]. Received: {invalid}")


def parse_init_thresholds(thresholds, default_threshold=0.5):
    """The thresholds as a list (checked to lie in [0, 1]), or [default_threshold]."""
    if thresholds is not None:
        assert_thresholds_range(to_list(thresholds))
    return to_list(default_threshold if thresholds is None else thresholds)


def is_evenly_distributed_thresholds(thresholds):
    """Whether the thresholds are i / (n - 1) for i < n (n >= 3), within epsilon."""
    num_thresholds = len(thresholds)
    if num_thresholds < 3:
        return False
    even = np.arange(num_thresholds, dtype=np.float32) / (num_thresholds - 1)
    return np.allclose(thresholds, even, atol=EPSILON)


def filter_top_k(x, k):
    """`x` with all but the `k` largest of its last dimension set to NEG_INF."""
    _, top_k_idx = sort_ops.top_k(x, k)
    top_k_mask = reduction_ops.reduce_sum(index_ops.one_hot(top_k_idx, x.shape[-1], axis=-1), axis=-2)
    kept = math_ops.multiply(x, top_k_mask)
    return math_ops.add(kept, math_ops.multiply(NEG_INF, math_ops.subtract(1.0, top_k_mask)))


def _update_evenly(variables, y_true, y_pred, thresholds, multi_label, sample_weights, label_weights,
                   thresholds_with_epsilon):
    """The bucketed update for evenly spread thresholds (Keras's `_update_..._optimized`)."""
    num_thresholds = thresholds.shape[0]
    if sample_weights is None:
        sample_weights = 1.0
    else:
        sample_weights = array_ops.broadcast_to(math_ops.cast(sample_weights, y_pred.dtype), keras_shape(y_pred))
        if not multi_label:
            sample_weights = array_ops.reshape(sample_weights, [-1])
    if label_weights is None:
        label_weights = 1.0
    else:
        label_weights = array_ops.broadcast_to(array_ops.expand_dims(label_weights, 0), keras_shape(y_pred))
        if not multi_label:
            label_weights = array_ops.reshape(label_weights, [-1])
    weights = math_ops.cast(math_ops.multiply(sample_weights, label_weights), y_true.dtype)
    y_pred = math_ops.clip_by_value(y_pred, 0.0, 1.0)  # Keras's guard against predictions outside [0, 1]
    y_true = math_ops.cast(math_ops.cast(y_true, dtypes.bool), y_true.dtype)
    if not multi_label:
        y_true = array_ops.reshape(y_true, [-1])
        y_pred = array_ops.reshape(y_pred, [-1])
    true_labels = math_ops.multiply(y_true, weights)
    false_labels = math_ops.multiply(math_ops.subtract(1.0, y_true), weights)
    # A prediction equal to a bucket's upper bound is in that bucket: ceil(p * (T - 1)) - 1.
    scale = math_ops.subtract(math_ops.cast(num_thresholds, y_pred.dtype), 1)
    bucket_indices = math_ops.subtract(math_ops.ceil(math_ops.multiply(y_pred, scale)), 1)
    if thresholds_with_epsilon:
        bucket_indices = nn_ops.relu(bucket_indices)  # every prediction is above the first threshold
    bucket_indices = math_ops.cast(bucket_indices, dtypes.int32)
    if multi_label:
        # One segment sum per label: the labels' buckets are numbered apart, then split again.
        true_labels = array_ops.transpose(true_labels)
        false_labels = array_ops.transpose(false_labels)
        bucket_indices = array_ops.transpose(bucket_indices)
        num_labels = true_labels.shape[0]
        offsets = array_ops.expand_dims(math_ops.multiply(
            math_ops.cast(array_ops.reshape(convert_to_tensor(list(range(num_labels))), [-1]), dtypes.int32),
            num_thresholds), 1)
        ids = math_ops.add(bucket_indices, offsets)

        def per_label(labels):
            sums = scatter_ops.unsorted_segment_sum(labels, ids, num_labels * num_thresholds)
            return array_ops.reshape(sums, [num_labels, num_thresholds])

        tp = array_ops.transpose(reduction_ops.cumsum(per_label(true_labels), axis=1, reverse=True))
        fp = array_ops.transpose(reduction_ops.cumsum(per_label(false_labels), axis=1, reverse=True))
    else:
        tp = reduction_ops.cumsum(scatter_ops.unsorted_segment_sum(true_labels, bucket_indices, num_thresholds),
                                  reverse=True)
        fp = reduction_ops.cumsum(scatter_ops.unsorted_segment_sum(false_labels, bucket_indices, num_thresholds),
                                  reverse=True)
    if ConfusionMatrix.TRUE_NEGATIVES in variables or ConfusionMatrix.FALSE_NEGATIVES in variables:
        axis = 1 if multi_label else None
        total_true_labels = reduction_ops.reduce_sum(true_labels, axis=axis)
        total_false_labels = reduction_ops.reduce_sum(false_labels, axis=axis)
    if ConfusionMatrix.TRUE_POSITIVES in variables:
        variable = variables[ConfusionMatrix.TRUE_POSITIVES]
        variable.assign(variable + tp)
    if ConfusionMatrix.FALSE_POSITIVES in variables:
        variable = variables[ConfusionMatrix.FALSE_POSITIVES]
        variable.assign(variable + fp)
    if ConfusionMatrix.TRUE_NEGATIVES in variables:
        variable = variables[ConfusionMatrix.TRUE_NEGATIVES]
        variable.assign(variable + math_ops.subtract(total_false_labels, fp))
    if ConfusionMatrix.FALSE_NEGATIVES in variables:
        variable = variables[ConfusionMatrix.FALSE_NEGATIVES]
        variable.assign(variable + math_ops.subtract(total_true_labels, tp))


def update_confusion_matrix_variables(variables, y_true, y_pred, thresholds, top_k=None, class_id=None,
                                      sample_weight=None, multi_label=False, label_weights=None,
                                      thresholds_distributed_evenly=False):
    """Adds the batch's weighted counts to `variables` ({ConfusionMatrix: variable}), one per threshold."""
    if multi_label and label_weights is not None:
        raise ValueError("`label_weights` for multilabel data should be handled outside of "
                         "`update_confusion_matrix_variables` when `multi_label` is True.")
    if variables is None:
        return
    if not any(key for key in variables if key in list(ConfusionMatrix)):
        raise ValueError("Please provide at least one valid confusion matrix variable to update. Valid variable key "
                         f'options are: "{list(ConfusionMatrix)}". Received: "{variables.keys()}"')
    variable_dtype = dtypes.as_dtype(list(variables.values())[0].dtype)
    y_true = math_ops.cast(convert_to_tensor(y_true), variable_dtype)
    y_pred = math_ops.cast(convert_to_tensor(y_pred), variable_dtype)
    if thresholds_distributed_evenly:
        # Keras's AUC puts its first and last thresholds epsilon outside [0, 1].
        thresholds_with_epsilon = thresholds[0] < 0.0 or thresholds[-1] > 1.0
    thresholds = convert_to_tensor(np.asarray(thresholds, dtype=variable_dtype.as_numpy_dtype))
    num_thresholds = thresholds.shape[0]
    invalid_keys = [key for key in variables if key not in list(ConfusionMatrix)]
    if invalid_keys:
        raise ValueError(f'Invalid keys: "{invalid_keys}". Valid variable key options are: "{list(ConfusionMatrix)}"')
    y_pred, y_true = squeeze_or_expand_to_same_rank(y_pred, y_true)
    if sample_weight is not None:
        sample_weight = array_ops.expand_dims(math_ops.cast(convert_to_tensor(sample_weight), variable_dtype), -1)
        _, sample_weight = squeeze_or_expand_to_same_rank(y_true, sample_weight, expand_rank_1=False)
    if top_k is not None:
        y_pred = filter_top_k(y_pred, top_k)
    if class_id is not None:
        if len(y_pred.shape) == 1:
            raise ValueError("When class_id is provided, y_pred must be a 2D array with shape (num_samples, "
                             f"num_classes), found shape: {y_pred.shape}")
        # Keep the class dimension, to match the sample weights.
        y_true = array_ops.expand_dims(y_true[..., class_id], -1)
        y_pred = array_ops.expand_dims(y_pred[..., class_id], -1)
    if thresholds_distributed_evenly:
        return _update_evenly(variables, y_true, y_pred, thresholds, multi_label, sample_weight, label_weights,
                              thresholds_with_epsilon)
    # Keras tiles the thresholds to [T, predictions]; comparing against [T, 1] broadcasts to the
    # same values without a run-time tile size.
    if multi_label:
        predictions_extra_dim = array_ops.expand_dims(y_pred, 0)
        labels_extra_dim = array_ops.expand_dims(math_ops.cast(y_true, dtypes.bool), 0)
        thresholds_column = array_ops.reshape(thresholds, [num_thresholds, 1, 1])
        data_tiles = [num_thresholds, 1, 1]
    else:
        predictions_extra_dim = array_ops.reshape(y_pred, [1, -1])
        labels_extra_dim = array_ops.reshape(math_ops.cast(y_true, dtypes.bool), [1, -1])
        thresholds_column = array_ops.reshape(thresholds, [num_thresholds, 1])
        data_tiles = [num_thresholds, 1]

    def per_prediction(weights):
        """Weights broadcast to the predictions, laid out and tiled as the predictions are."""
        weights = array_ops.broadcast_to(weights, keras_shape(y_pred))
        weights = array_ops.expand_dims(weights, 0) if multi_label else array_ops.reshape(weights, [1, -1])
        return array_ops.tile(weights, data_tiles)

    preds_tiled = array_ops.tile(predictions_extra_dim, data_tiles)
    pred_is_pos = math_ops.greater(preds_tiled, thresholds_column)
    label_is_pos = array_ops.tile(labels_extra_dim, data_tiles)
    weights_tiled = None
    if sample_weight is not None:
        weights_tiled = per_prediction(math_ops.cast(sample_weight, y_pred.dtype))
    if label_weights is not None and not multi_label:
        label_weights_tiled = per_prediction(array_ops.expand_dims(label_weights, 0))
        weights_tiled = label_weights_tiled if weights_tiled is None else math_ops.multiply(weights_tiled,
                                                                                            label_weights_tiled)

    def weighted_assign_add(label, pred, var):
        label_and_pred = math_ops.logical_and(label, pred)
        var_dtype = dtypes.as_dtype(var.dtype)
        if weights_tiled is not None:
            weights = math_ops.cast(weights_tiled, var_dtype)
            result = index_ops.where(label_and_pred, weights, array_ops.zeros_like(weights))
        else:
            result = math_ops.cast(label_and_pred, var_dtype)
        var.assign(var + reduction_ops.reduce_sum(result, 1))

    cells = {ConfusionMatrix.TRUE_POSITIVES: (label_is_pos, pred_is_pos)}
    update_tn = ConfusionMatrix.TRUE_NEGATIVES in variables
    if ConfusionMatrix.FALSE_NEGATIVES in variables or update_tn:
        pred_is_neg = math_ops.logical_not(pred_is_pos)
        cells[ConfusionMatrix.FALSE_NEGATIVES] = (label_is_pos, pred_is_neg)
    if ConfusionMatrix.FALSE_POSITIVES in variables or update_tn:
        label_is_neg = math_ops.logical_not(label_is_pos)
        cells[ConfusionMatrix.FALSE_POSITIVES] = (label_is_neg, pred_is_pos)
        if update_tn:
            cells[ConfusionMatrix.TRUE_NEGATIVES] = (label_is_neg, pred_is_neg)
    for cell, (label, pred) in cells.items():
        if cell in variables:
            weighted_assign_add(label, pred, variables[cell])

