"""tf.math.confusion_matrix: counts (or summed weights) of each (label, prediction) pair, written
over ScatterNd with tf.debugging's checks as TensorFlow's confusion_matrix.py writes it."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.graph import check_ops
from varrt.graph.control_flow_ops import control_dependencies
from varrt.ops import array_ops, math_ops, reduction_ops, scatter_ops

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _after(check, tensor):
    """`tensor` once `check` has run (TensorFlow's with_dependencies)."""
    with control_dependencies([check] if check is not None else []):
        return array_ops.identity(tensor)


def _squeezed(labels, predictions):
    """TensorFlow's remove_squeezable_dimensions: a trailing 1 dropped from the one of rank one more."""
    lr, pr = labels.shape.rank, predictions.shape.rank
    if lr is not None and pr is not None:
        if pr - lr == 1 and predictions.shape.as_list()[-1] in (1, None):
            predictions = array_ops.squeeze(predictions, [-1])
        elif lr - pr == 1 and labels.shape.as_list()[-1] in (1, None):
            labels = array_ops.squeeze(labels, [-1])
    return labels, predictions


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=dtypes.int32, name=None) -> Tensor:
    """The [num_classes, num_classes] matrix whose [i, j] counts the examples labelled i and
    predicted j (tf.math.confusion_matrix); `num_classes` defaults to the largest class plus one."""
    labels, predictions = _squeezed(convert_to_tensor(labels), convert_to_tensor(predictions))
    predictions = math_ops.cast(predictions, dtypes.int64)
    labels = math_ops.cast(labels, dtypes.int64)
    labels = _after(check_ops.assert_non_negative(labels, message="`labels` contains negative values"), labels)
    predictions = _after(check_ops.assert_non_negative(predictions, message="`predictions` contains negative values"),
                         predictions)
    if num_classes is None:
        num_classes = math_ops.add(math_ops.maximum(reduction_ops.reduce_max(predictions),
                                                    reduction_ops.reduce_max(labels)), 1)
    else:
        n = math_ops.cast(num_classes, dtypes.int64)
        labels = _after(check_ops.assert_less(labels, n, message="`labels` out of bound"), labels)
        predictions = _after(check_ops.assert_less(predictions, n, message="`predictions` out of bound"), predictions)
    if weights is not None:
        weights = convert_to_tensor(weights)
        predictions.shape.assert_is_compatible_with(weights.shape)
        weights = math_ops.cast(weights, dtype)
    shape = array_ops.stack([num_classes, num_classes])
    indices = array_ops.stack([labels, predictions], axis=1)
    values = array_ops.ones_like(predictions, dtype) if weights is None else weights
    return scatter_ops.scatter_nd(indices, values, math_ops.cast(shape, dtypes.int64))
