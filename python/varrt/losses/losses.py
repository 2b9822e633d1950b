"""Keras 3's losses (keras/src/losses/losses.py and backend/tensorflow/nn.py) with Keras'
numerics: probabilities are clipped to [epsilon, 1 - epsilon] (epsilon 1e-7) before the log;
from logits, TensorFlow's cross-entropy ops."""
import warnings

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.losses.loss import LossFunctionWrapper, as_tensor, squeeze_or_expand_to_same_rank
from varrt.ops import array_ops, math_ops, nn_ops, reduction_ops

EPSILON = 1e-7  # keras.backend.epsilon()


def _clip(output):
    return math_ops.clip_by_value(output, EPSILON, 1.0 - EPSILON)


def _same_shape(target, output, what="same shape"):
    if len(target.shape) != len(output.shape):
        raise ValueError("Arguments `target` and `output` must have the same rank (ndim). Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    if tuple(target.shape) != tuple(output.shape):
        raise ValueError(f"Arguments `target` and `output` must have the {what}. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")


def mean_squared_error(y_true, y_pred):
    """mean(square(y_true - y_pred), axis=-1)."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return reduction_ops.reduce_mean(math_ops.square(math_ops.subtract(y_true, y_pred)), axis=-1)


mse = MSE = mean_squared_error


def mean_absolute_error(y_true, y_pred):
    """mean(abs(y_true - y_pred), axis=-1)."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return reduction_ops.reduce_mean(math_ops.abs(math_ops.subtract(y_true, y_pred)), axis=-1)


mae = MAE = mean_absolute_error


def mean_absolute_percentage_error(y_true, y_pred):
    """100 * mean(abs((y_true - y_pred) / max(abs(y_true), epsilon)), axis=-1)."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    epsilon = convert_to_tensor(EPSILON, dtype=y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    diff = math_ops.abs(math_ops.truediv(math_ops.subtract(y_true, y_pred),
                                         math_ops.maximum(math_ops.abs(y_true), epsilon)))
    return math_ops.multiply(convert_to_tensor(100.0, dtype=y_pred.dtype), reduction_ops.reduce_mean(diff, axis=-1))


mape = MAPE = mean_absolute_percentage_error


def _binary_crossentropy(target, output, from_logits):
    _same_shape(target, output)
    if from_logits:
        return nn_ops.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _clip(output)
    bce = math_ops.multiply(target, math_ops.log(output))
    bce = math_ops.add(bce, math_ops.multiply(math_ops.subtract(1.0, target),
                                              math_ops.log(math_ops.subtract(1.0, output))))
    return math_ops.negative(bce)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """mean over `axis` of -(y log p + (1 - y) log(1 - p)); labels squeezed toward 0.5 by `label_smoothing`."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing), 0.5 * label_smoothing)
    return reduction_ops.reduce_mean(_binary_crossentropy(y_true, y_pred, from_logits), axis=axis)


def _categorical_crossentropy(target, output, from_logits, axis):
    if len(target.shape) < 1:
        raise ValueError("Arguments `target` and `output` must be at least rank 1. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    _same_shape(target, output)
    if from_logits:
        return nn_ops.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    # Keras renormalises the probabilities so that each distribution sums to 1.
    output = math_ops.truediv(output, reduction_ops.reduce_sum(output, axis, keepdims=True))
    output = _clip(output)
    return math_ops.negative(reduction_ops.reduce_sum(math_ops.multiply(target, math_ops.log(output)), axis))


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """-sum(y_true * log(y_pred)) along `axis`; `label_smoothing` mixes in the uniform distribution."""
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type {type(axis)}")
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    if y_pred.shape[-1] == 1:
        warnings.warn("In loss categorical_crossentropy, expected y_pred.shape to be (batch_size, num_classes) with "
                      f"num_classes > 1. Received: y_pred.shape={y_pred.shape}. Consider using "
                      "'binary_crossentropy' if you only have 2 classes.", SyntaxWarning, stacklevel=2)
    if label_smoothing:
        num_classes = convert_to_tensor(float(y_true.shape[-1]), dtype=y_pred.dtype)
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing),
                              math_ops.truediv(convert_to_tensor(label_smoothing, dtype=y_pred.dtype), num_classes))
    return _categorical_crossentropy(y_true, y_pred, from_logits, axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    """-log(y_pred[y_true]) with integer class labels (given as any dtype)."""
    if ignore_class is not None:
        raise NotImplementedError("varrt's sparse_categorical_crossentropy does not implement `ignore_class`")
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[axis] == 1:
        y_true = array_ops.squeeze(y_true, axis)
    if axis != -1 and axis != len(y_pred.shape) - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    target = math_ops.cast(y_true, dtypes.int64)
    if len(target.shape) == len(y_pred.shape) and target.shape[-1] == 1:
        target = array_ops.squeeze(target, -1)
    if len(y_pred.shape) < 1:
        raise ValueError(f"Argument `output` must be at least rank 1. Received: output.shape={y_pred.shape}")
    if len(target.shape) != len(y_pred.shape[:-1]):
        raise ValueError("Argument `output` must have rank (ndim) `target.ndim - 1`. Received: "
                         f"target.shape={target.shape}, output.shape={y_pred.shape}")
    if any(a is not None and b is not None and a != b for a, b in zip(target.shape, y_pred.shape[:-1])):
        raise ValueError("Arguments `target` and `output` must have the same shape up until the last dimension: "
                         f"target.shape={target.shape}, output.shape={y_pred.shape}")
    output = y_pred if from_logits else math_ops.log(_clip(y_pred))
    return nn_ops.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


class MeanSquaredError(LossFunctionWrapper):
    """mean((y_true - y_pred) ** 2) over the last axis, reduced over the batch (keras.losses.MeanSquaredError)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, name=name, reduction=reduction, dtype=dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    """mean(abs(y_true - y_pred)) over the last axis, reduced over the batch (keras.losses.MeanAbsoluteError)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, name=name, reduction=reduction, dtype=dtype)


class BinaryCrossentropy(LossFunctionWrapper):
    """Binary cross-entropy between labels and predictions (probabilities, or logits with from_logits=True)."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="binary_crossentropy", dtype=None):
        super().__init__(binary_crossentropy, name=name, reduction=reduction, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


class CategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy between one-hot labels and predicted class probabilities (or logits)."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="categorical_crossentropy", dtype=None):
        super().__init__(categorical_crossentropy, name=name, reduction=reduction, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy between integer class labels and predicted probabilities (or logits)."""

    def __init__(self, from_logits=False, ignore_class=None, reduction="sum_over_batch_size",
                 name="sparse_categorical_crossentropy", dtype=None):
        super().__init__(sparse_categorical_crossentropy, name=name, reduction=reduction, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class)
        self.from_logits = from_logits
        self.ignore_class = ignore_class
