"""Keras 3's reduction metrics (keras/src/metrics/reduction_metrics.py): `Sum`, `Mean` and
`MeanMetricWrapper`, a `Mean` of a function's per-sample values.

Sample weights follow Keras's rule (`reduce_to_samplewise_values`): the values are cast to the
metric's dtype, weights and values are squeezed or expanded to the same rank when they differ
by one, values of higher rank are reduced (summed for `Sum`, averaged for `Mean`) down to the
weights' rank, the weights are broadcast to the values, and each sample's weighted value is
then its row's reduction. A `Mean` counts the weights' sum, or the number of rows."""
from varrt import losses
from varrt.base import dtypes
from varrt.framework.keras_mask import get_keras_mask
from varrt.losses.loss import apply_mask, as_tensor, keras_shape, squeeze_or_expand_to_same_rank
from varrt.metrics import serialization
from varrt.metrics.metric import Metric
from varrt.ops import array_ops, math_ops, reduction_ops


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    """(values reduced to one per sample and weighted, the weights reduced alike) as Keras has them;
    the values' mask, if any, weighs them too."""
    mask = get_keras_mask(values)
    values = math_ops.cast(as_tensor(values), dtype)
    if sample_weight is not None:
        sample_weight = as_tensor(sample_weight, dtypes.as_dtype(dtype))
        if mask is not None:
            sample_weight = apply_mask(sample_weight, mask, dtype=dtype, reduction="sum")
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        weight_ndim, values_ndim = len(sample_weight.shape), len(values.shape)
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=list(range(weight_ndim, values_ndim)))
        # Broadcasting the weights leaves the product as it is but changes the weights' sum.
        sample_weight = array_ops.broadcast_to(sample_weight, keras_shape(values))
        values = math_ops.multiply(values, sample_weight)
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, weight_ndim)))
    values_ndim = len(values.shape)
    if values_ndim > 1:
        values = reduce_fn(values, axis=list(range(1, values_ndim)))
    return values, sample_weight


class Sum(Metric):
    """The (weighted) sum of the values seen, in one variable `total`."""

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", dtype=self.dtype, name="total")

    def update_state(self, values, sample_weight=None):
        """Adds the (weighted) sum of `values`."""
        values, _ = reduce_to_samplewise_values(values, sample_weight, reduction_ops.reduce_sum, self.dtype)
        self.total.assign_add(reduction_ops.reduce_sum(values))

    def reset_state(self):
        self.total.assign(0)

    def result(self):
        return math_ops.cast(self.total, self.dtype)


class Mean(Metric):
    """The (weighted) mean of the values seen: `total / count`, 0 before any value."""

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", dtype=self.dtype, name="total")
        self.count = self.add_variable(shape=(), initializer="zeros", dtype=self.dtype, name="count")

    def update_state(self, values, sample_weight=None):
        """Adds the (weighted) values to `total` and their weights (or number of rows) to `count`."""
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight, reduction_ops.reduce_mean,
                                                            self.dtype)
        self.total.assign_add(reduction_ops.reduce_sum(values))
        if sample_weight is not None:
            num_samples = reduction_ops.reduce_sum(sample_weight)
        elif len(values.shape) >= 1:
            num_samples = values.shape[0]
            if num_samples is None:  # traced for any batch size: the number of rows at run time
                num_samples = array_ops.shape(values)[0]
        else:
            num_samples = 1
        self.count.assign_add(math_ops.cast(num_samples, self.dtype))

    def reset_state(self):
        self.total.assign(0)
        self.count.assign(0)

    def result(self):
        return math_ops.divide_no_nan(self.total, math_ops.cast(self.count, self.dtype))


class MeanMetricWrapper(Mean):
    """A `Mean` of the per-sample values of `fn(y_true, y_pred, **kwargs)`.

    Args:
        fn: The function, `fn(y_true, y_pred, **kwargs)`.
        name: The metric's name; None gives "mean_metric_wrapper", made unique.
        dtype: The dtype of the metric's variables (float32 by default).
        **kwargs: Keyword arguments passed on to `fn`.
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs
        # A Keras loss (function or class) is minimised: monitoring callbacks read the direction.
        keras_losses = [getattr(losses, name) for name in losses.__all__]
        if any(fn is obj or type(fn) is obj for obj in keras_losses):
            self._direction = "down"

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds `fn(y_true, y_pred)`'s values, weighted by `sample_weight` and `y_pred`'s mask."""
        mask = get_keras_mask(y_pred)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        sample_weight = apply_mask(sample_weight, mask, dtype=self.dtype, reduction="sum")
        return super().update_state(values, sample_weight=sample_weight)

    def get_config(self):
        return {**super().get_config(), "fn": serialization.serialize_function(self._fn), **self._fn_kwargs}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get("fn"), dict):
            config["fn"] = serialization.deserialize_function(config["fn"])
        return cls(**config)
