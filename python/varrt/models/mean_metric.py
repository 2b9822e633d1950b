"""Keras 3's `Mean` metric as the trainer uses it for the loss (keras/src/metrics/reduction_metrics.py):
a weighted running mean, `total / count`, in two float32 variables. The trainer weights each
batch's loss by the batch's size, so an epoch's "loss" is the mean over samples, not batches."""
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.variables import Variable
from varrt.ops import array_ops, math_ops, reduction_ops


class Mean:
    """A running weighted mean (`update_state(values, sample_weight)`, `result()`, `reset_state()`)."""

    def __init__(self, name="mean"):
        self.name = name
        # Plain variables, not Keras ones: Keras keeps metric state out of the model's weights.
        self.total = Variable(0.0, dtype=dtypes.float32, trainable=False, name="total")
        self.count = Variable(0.0, dtype=dtypes.float32, trainable=False, name="count")

    def update_state(self, values, sample_weight=None):
        values = math_ops.cast(convert_to_tensor(values), dtypes.float32)
        if sample_weight is not None:
            sample_weight = math_ops.cast(convert_to_tensor(sample_weight), dtypes.float32)
            values = values * sample_weight
            num_samples = reduction_ops.reduce_sum(sample_weight)
        elif values.shape.rank:
            num_samples = math_ops.cast(array_ops.shape(values)[0], dtypes.float32)  # known at run time
        else:
            num_samples = convert_to_tensor(1.0)
        self.total.assign_add(reduction_ops.reduce_sum(values))
        self.count.assign_add(num_samples)

    def reset_state(self):
        self.total.assign(0.0)
        self.count.assign(0.0)

    def result(self):
        return math_ops.divide_no_nan(self.total, self.count)


class MeanMetricWrapper(Mean):
    """A `Mean` over the per-sample values of `fn(y_true, y_pred)` (Keras's MeanMetricWrapper)."""

    def __init__(self, fn, name):
        super().__init__(name=name)
        self._fn = fn

    def update_state(self, y_true, y_pred, sample_weight=None):
        super().update_state(self._fn(y_true, y_pred), sample_weight=sample_weight)
