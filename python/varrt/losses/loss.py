"""Keras 3's Loss: a per-sample loss function reduced with sample weights
(keras/src/losses/loss.py): `reduction` "sum_over_batch_size" (the default: the weighted sum
divided by the number of loss values), "sum", "mean", "mean_with_sample_weight", "none" or None."""
from varrt.base import dtypes
from varrt.framework import distribution_context
from varrt.framework.keras_mask import get_keras_mask
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops

_REDUCTIONS = {"sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight"}


def standardize_reduction(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"Invalid value for argument `reduction`. Expected one of {_REDUCTIONS}. Received: "
                         f"reduction={reduction}")
    return reduction


def as_tensor(x, dtype=None):
    """A Tensor of `dtype` (Keras' ops.convert_to_tensor: a Tensor of another dtype is cast)."""
    if hasattr(x, "_as_tensor") and not isinstance(x, Tensor):
        x = x._as_tensor()
    if isinstance(x, Tensor):
        return x if dtype is None or x.dtype is dtype else math_ops.cast(x, dtype)
    return convert_to_tensor(x, dtype=dtype)


def keras_shape(x):
    """Keras's `ops.shape`: the static size of each known dimension (a Python int), the run-time
    size of the others."""
    static = x.shape.as_list()
    if None not in static:
        return tuple(static)
    dynamic = array_ops.shape(x)
    return array_ops.stack([dynamic[i] if d is None else d for i, d in enumerate(static)])


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Squeezes or expands the last dimension when the ranks differ by exactly 1."""
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = array_ops.expand_dims(x2, -1)
        else:
            x1 = array_ops.squeeze(x1, -1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = array_ops.expand_dims(x1, -1)
        else:
            x2 = array_ops.squeeze(x2, -1)
    return x1, x2


def reduce_values(values, sample_weight=None, reduction="sum_over_batch_size"):
    shape = tuple(values.shape)
    if reduction is None or reduction == "none" or shape in ((), (0,)):
        return values
    loss = reduction_ops.reduce_sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = math_ops.cast(reduction_ops.reduce_sum(sample_weight), loss.dtype)
        elif None in shape:  # traced for any batch size: the count at run time
            divisor = math_ops.cast(array_ops.size(values), loss.dtype)
        else:
            count = 1
            for d in shape:
                count *= d
            if count:  # Keras' divide_no_nan by a known non-zero count: the same value, as a RealDiv
                return scale_loss_for_distribution(math_ops.realdiv(loss, convert_to_tensor(count, dtype=loss.dtype)))
            divisor = convert_to_tensor(count, dtype=loss.dtype)
        loss = scale_loss_for_distribution(math_ops.divide_no_nan(loss, divisor))
    return loss


def scale_loss_for_distribution(value):
    """A replica's mean loss divided by the replica count (Keras's rule under tf.distribute): the
    replicas' gradients, summed, are then the gradient of the mean over the global batch."""
    replicas = distribution_context.num_replicas_in_sync()
    if replicas > 1:
        value = math_ops.multiply(value, math_ops.cast(1.0 / replicas, value.dtype))
    return value


def unscale_loss_for_distribution(value):
    """A scaled loss back to the replica's mean (what the loss trackers record)."""
    replicas = distribution_context.num_replicas_in_sync()
    if replicas > 1:
        value = math_ops.multiply(value, math_ops.cast(replicas, value.dtype))
    return value


def apply_mask(sample_weight, mask, dtype, reduction):
    """The sample weights with the prediction's mask applied, as Keras applies it: for a mean, the
    kept entries weigh total/kept (so the mean is over the kept entries), the others 0; for a
    sum, the mask as 0/1 weights."""
    if mask is None:
        return sample_weight
    if reduction in ("mean", "sum_over_batch_size"):
        total = math_ops.cast(reduction_ops.reduce_prod(array_ops.shape(mask)), dtype)
        valid = reduction_ops.reduce_sum(math_ops.cast(mask, dtype))  # may be 0
        mask_weight = math_ops.divide_no_nan(total, valid)
        float_mask = index_ops.where(math_ops.cast(mask, dtypes.bool), mask_weight,
                                     convert_to_tensor(0, dtype=mask_weight.dtype))
    else:
        float_mask = math_ops.cast(mask, dtype)
    if sample_weight is None:
        return float_mask
    sample_weight = as_tensor(sample_weight, dtypes.as_dtype(dtype))
    float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, sample_weight)
    return math_ops.multiply(sample_weight, float_mask)


def reduce_weighted_values(values, sample_weight=None, reduction="sum_over_batch_size", dtype=None, mask=None):
    reduction = standardize_reduction(reduction)
    values = as_tensor(values, dtype)
    if sample_weight is not None:
        sample_weight = as_tensor(sample_weight, dtype)
    if mask is not None:
        mask = as_tensor(mask, dtype)
    sample_weight = apply_mask(sample_weight, mask, values.dtype, reduction)
    if sample_weight is not None:
        sample_weight = as_tensor(sample_weight, values.dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        values = math_ops.multiply(values, sample_weight)
    return reduce_values(values, sample_weight, reduction)


class Loss:
    """The base of the Keras losses: `call(y_true, y_pred)` gives per-sample losses, `__call__`
    converts the inputs to `dtype` (float32 by default) and reduces them."""

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or type(self).__name__
        self.reduction = standardize_reduction(reduction)
        self.dtype = dtypes.as_dtype(dtype or "float32")

    def __call__(self, y_true, y_pred, sample_weight=None):
        in_mask = get_keras_mask(y_pred)  # the prediction's mask weighs the loss, as in Keras
        y_pred = as_tensor(y_pred, self.dtype)
        y_true = as_tensor(y_true, self.dtype)
        losses = self.call(y_true, y_pred)
        out_mask = get_keras_mask(losses)
        if in_mask is not None and out_mask is not None:
            mask = math_ops.logical_and(in_mask, out_mask)
        else:
            mask = in_mask if in_mask is not None else out_mask
        return reduce_weighted_values(losses, sample_weight=sample_weight, reduction=self.reduction,
                                      dtype=self.dtype, mask=mask)

    def call(self, y_true, y_pred):
        """The per-sample loss of (y_true, y_pred), before reduction."""
        raise NotImplementedError

    def get_config(self):
        """The loss's configuration (name, reduction) as a dict."""
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config):
        """A loss from `get_config()`'s dict (what a Keras file's compile config holds)."""
        return cls(**config)


class LossFunctionWrapper(Loss):
    """A Loss calling `fn(y_true, y_pred, **kwargs)` (the classes of losses.py)."""

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        """The wrapped loss function applied to (y_true, y_pred) with its keyword arguments."""
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        config = super().get_config()
        config.update(self._fn_kwargs)
        return config
