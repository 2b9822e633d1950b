"""Keras 3's accuracy functions (keras/src/metrics/accuracy_metrics.py): each gives one value
per sample, 1.0 where the prediction is right and 0.0 where it is not, in float32 (Keras's
floatx). Public as `tf.keras.metrics.binary_accuracy`, `categorical_accuracy`, ..."""
from varrt.base import dtypes
from varrt.losses.loss import as_tensor, keras_shape, squeeze_or_expand_to_same_rank
from varrt.ops import array_ops, math_ops, reduction_ops
from varrt.ops.sort_ops import in_top_k

_FLOATX = dtypes.float32


def _argmax(x):
    """Keras's `ops.argmax(x, axis=-1)` on TensorFlow: int32 indices."""
    return reduction_ops.argmax(x, axis=-1, output_type=dtypes.int32)


def _promoted(x, other_dtype):
    """`x` cast to Keras's result type of it and `other_dtype` (float64 wins, else float32)."""
    if x.dtype == dtypes.float64 or other_dtype == dtypes.float64:
        return math_ops.cast(x, dtypes.float64)
    return math_ops.cast(x, _FLOATX)


def accuracy(y_true, y_pred):
    """1.0 where `y_pred` equals `y_true` (after matching their ranks)."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return math_ops.cast(math_ops.equal(y_true, y_pred), _FLOATX)


def binary_accuracy(y_true, y_pred, threshold=0.5):
    """1.0 where `y_pred > threshold` agrees with the binary label `y_true`."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true)
    threshold = as_tensor(threshold)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    # Keras's ops.greater compares both operands in their result type.
    above = math_ops.greater(_promoted(y_pred, threshold.dtype), _promoted(threshold, y_pred.dtype))
    y_pred = math_ops.cast(above, y_true.dtype)
    return math_ops.cast(math_ops.equal(y_true, y_pred), _FLOATX)


def categorical_accuracy(y_true, y_pred):
    """1.0 where the largest prediction is at the one-hot label's class."""
    y_true = _argmax(as_tensor(y_true))
    reshape_matches = False
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    y_true_org_shape = keras_shape(y_true)
    if len(y_true.shape) == len(y_pred.shape):
        y_true = array_ops.squeeze(y_true, -1)
        reshape_matches = True
    y_pred = _argmax(y_pred)
    if y_pred.dtype != y_true.dtype:
        y_pred = math_ops.cast(y_pred, y_true.dtype)
    matches = math_ops.cast(math_ops.equal(y_true, y_pred), _FLOATX)
    if reshape_matches:
        matches = array_ops.reshape(matches, y_true_org_shape)
    return matches


def sparse_categorical_accuracy(y_true, y_pred):
    """1.0 where the largest prediction is at the integer label's class."""
    reshape_matches = False
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    y_true_org_shape = keras_shape(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = array_ops.squeeze(y_true, -1)
        reshape_matches = True
    y_pred = _argmax(y_pred)
    if y_pred.dtype != y_true.dtype:
        y_pred = math_ops.cast(y_pred, y_true.dtype)
    matches = math_ops.cast(math_ops.equal(y_true, y_pred), _FLOATX)
    if reshape_matches:
        matches = array_ops.reshape(matches, y_true_org_shape)
    if len(matches.shape) > 1 and matches.shape[-1] == 1:
        matches = array_ops.squeeze(matches, -1)
    return matches


def _flatten_for_top_k(y_true, y_pred):
    """Predictions as (samples, classes) and targets as (samples,), and whether to reshape back."""
    if len(y_pred.shape) > 2:
        y_pred = array_ops.reshape(y_pred, [-1, y_pred.shape[-1]])
    reshape_matches = len(y_true.shape) > 1
    if reshape_matches:
        y_true = array_ops.reshape(y_true, [-1])
    return y_true, y_pred, reshape_matches


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the one-hot label's class is among the `k` largest predictions."""
    y_pred = as_tensor(y_pred)
    y_true = _argmax(as_tensor(y_true, y_pred.dtype))
    y_true_org_shape = keras_shape(y_true)
    y_true, y_pred, reshape_matches = _flatten_for_top_k(y_true, y_pred)
    matches = math_ops.cast(in_top_k(math_ops.cast(y_true, dtypes.int32), y_pred, k), _FLOATX)
    if reshape_matches:
        matches = array_ops.reshape(matches, y_true_org_shape)
    return matches


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    """1.0 where the integer label is among the `k` largest predictions (or, with
    `from_sorted_ids=True`, among the first `k` ids of `y_pred`)."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true)
    y_true = math_ops.cast(y_true, y_pred.dtype if from_sorted_ids else dtypes.int32)
    y_true_org_shape = keras_shape(y_true)
    y_true, y_pred, reshape_matches = _flatten_for_top_k(y_true, y_pred)
    if from_sorted_ids:
        # The first k ids are the best k; `any` counts a repeated id once.
        matches = reduction_ops.reduce_any(
            math_ops.equal(array_ops.expand_dims(y_true, 1), y_pred[:, :k]), axis=1)
    else:
        matches = in_top_k(y_true, y_pred, k)
    matches = math_ops.cast(matches, _FLOATX)
    if reshape_matches:
        matches = array_ops.reshape(matches, y_true_org_shape)
    return matches
