"""The accuracy metrics `compile(metrics=["accuracy"])` names (keras/src/metrics/accuracy_metrics.py
and trainers/compile_utils.py): "accuracy" (or "acc") is binary accuracy when the model predicts
one value per sample, sparse categorical accuracy when the targets are class indices (of lower
rank than the predictions, or a last dimension of 1 against more), categorical otherwise."""
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.models.mean_metric import MeanMetricWrapper
from varrt.ops import array_ops, math_ops, reduction_ops


def _floats(x):
    return math_ops.cast(x, dtypes.float32)


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    predicted = _floats(math_ops.greater(y_pred, threshold))
    return reduction_ops.reduce_mean(_floats(math_ops.equal(_floats(y_true), predicted)), axis=-1)


def categorical_accuracy(y_true, y_pred):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    return _floats(math_ops.equal(reduction_ops.argmax(y_true, axis=-1), reduction_ops.argmax(y_pred, axis=-1)))


def sparse_categorical_accuracy(y_true, y_pred):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    if y_true.shape.rank == y_pred.shape.rank and y_true.shape[-1] == 1:
        y_true = array_ops.squeeze(y_true, -1)
    predicted = reduction_ops.argmax(y_pred, axis=-1)
    return _floats(math_ops.equal(math_ops.cast(y_true, predicted.dtype), predicted))


def accuracy_metric(name, y_true, y_pred):
    """The accuracy metric Keras picks for "accuracy" from the shapes of a batch's targets and predictions."""
    t_rank, p_rank = y_true.shape.rank, y_pred.shape.rank
    if y_pred.shape[-1] == 1:
        return MeanMetricWrapper(binary_accuracy, name)
    if t_rank < p_rank or (y_true.shape[-1] == 1 and y_pred.shape[-1] > 1):
        return MeanMetricWrapper(sparse_categorical_accuracy, name)
    return MeanMetricWrapper(categorical_accuracy, name)


_BY_NAME = {"binary_accuracy": binary_accuracy, "categorical_accuracy": categorical_accuracy,
            "sparse_categorical_accuracy": sparse_categorical_accuracy}


def get(identifier, y_true, y_pred):
    """The metric `compile` names by `identifier` (a string); other metrics are not there yet."""
    if isinstance(identifier, str) and identifier.lower() in ("accuracy", "acc"):
        return accuracy_metric(identifier, y_true, y_pred)
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return MeanMetricWrapper(_BY_NAME[identifier], identifier)
    raise NotImplementedError(f"varrt's Keras models support the metrics 'accuracy', 'acc', "
                              f"{', '.join(repr(n) for n in _BY_NAME)} so far; {identifier!r} is not there yet.")
