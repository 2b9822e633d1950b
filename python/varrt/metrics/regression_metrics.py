"""Keras 3's regression metrics (keras/src/metrics/regression_metrics.py): means of Keras's loss
functions per sample, and `RootMeanSquaredError`, the square root of the mean squared error."""
from varrt.losses import losses
from varrt.losses.loss import as_tensor, squeeze_or_expand_to_same_rank
from varrt.metrics.reduction_metrics import Mean, MeanMetricWrapper
from varrt.ops import math_ops


class MeanSquaredError(MeanMetricWrapper):
    """The mean of `mean((y_true - y_pred) ** 2, axis=-1)`."""

    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(fn=losses.mean_squared_error, name=name, dtype=dtype)
        self._direction = "down"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class MeanAbsoluteError(MeanMetricWrapper):
    """The mean of `mean(abs(y_true - y_pred), axis=-1)`."""

    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(losses.mean_absolute_error, name, dtype=dtype)
        self._direction = "down"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class MeanAbsolutePercentageError(MeanMetricWrapper):
    """The mean of `100 * mean(abs((y_true - y_pred) / y_true), axis=-1)`."""

    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(losses.mean_absolute_percentage_error, name, dtype=dtype)
        self._direction = "down"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class RootMeanSquaredError(Mean):
    """`sqrt(mean((y_pred - y_true) ** 2))` over every value seen (in the metric's dtype)."""

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name, dtype=dtype)
        self._direction = "down"

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the squared errors of the batch, weighted by `sample_weight`."""
        y_true = as_tensor(y_true, self._dtype)
        y_pred = as_tensor(y_pred, self._dtype)
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        error_sq = math_ops.square(math_ops.subtract(y_pred, y_true))
        return super().update_state(error_sq, sample_weight=sample_weight)

    def result(self):
        return math_ops.sqrt(super().result())
