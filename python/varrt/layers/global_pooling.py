"""`GlobalAveragePooling1D/2D` and `GlobalMaxPooling1D/2D` (keras/src/layers/pooling/
base_global_pooling.py and its subclasses): the mean or maximum over every spatial dimension
(Keras's ops.mean / ops.max, i.e. TensorFlow's Mean and Max), the spatial dimensions kept as 1s
with `keepdims`. GlobalAveragePooling1D honours a mask as Keras does."""
from varrt.base import dtypes
from varrt.layers.conv_arguments import standardize_data_format
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops


class BaseGlobalPooling(Layer):
    """A global pooling layer (Keras's BaseGlobalPooling).

    Args:
        pool_dimensions: The number of spatial dimensions (1 or 2).
        data_format: "channels_last" (the default) or "channels_first".
        keepdims: Whether the spatial dimensions stay, as 1s.
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, ...).
    """

    def __init__(self, pool_dimensions, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True  # no weights: Keras's _build_at_init

    def _axes(self, rank):
        return list(range(1, rank - 1)) if self.data_format == "channels_last" else list(range(2, rank))

    def compute_output_shape(self, input_shape):
        num_spatial_dims = len(input_shape) - 2
        if self.data_format == "channels_last":
            if self.keepdims:
                return (input_shape[0],) + (1,) * num_spatial_dims + (input_shape[-1],)
            return (input_shape[0],) + (input_shape[-1],)
        if self.keepdims:
            return (input_shape[0], input_shape[1]) + (1,) * num_spatial_dims
        return (input_shape[0], input_shape[1])

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format, "keepdims": self.keepdims})
        return config


class _GlobalAverage(BaseGlobalPooling):
    def call(self, inputs):
        axes = self._axes(len(inputs.shape))
        return reduction_ops.reduce_mean(inputs, axis=axes if len(axes) > 1 else axes[0], keepdims=self.keepdims)


class _GlobalMax(BaseGlobalPooling):
    def call(self, inputs):
        axes = self._axes(len(inputs.shape))
        return reduction_ops.reduce_max(inputs, axis=axes if len(axes) > 1 else axes[0], keepdims=self.keepdims)


class GlobalAveragePooling1D(_GlobalAverage):
    """The mean over steps (`tf.keras.layers.GlobalAveragePooling1D`), of the unmasked steps with a mask."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(pool_dimensions=1, data_format=data_format, keepdims=keepdims, **kwargs)
        self.supports_masking = True

    def call(self, inputs, mask=None):
        steps_axis = 1 if self.data_format == "channels_last" else 2
        if mask is None:
            return reduction_ops.reduce_mean(inputs, axis=steps_axis, keepdims=self.keepdims)
        mask_expanded = math_ops.cast(
            array_ops.expand_dims(mask, 2 if self.data_format == "channels_last" else 1), dtypes.bool)
        inputs = index_ops.where(mask_expanded, inputs, convert_to_tensor(0, dtype=inputs.dtype))
        float_mask = math_ops.cast(mask_expanded, inputs.dtype)
        return math_ops.divide(reduction_ops.reduce_sum(inputs, axis=steps_axis, keepdims=self.keepdims),
                               reduction_ops.reduce_sum(float_mask, axis=steps_axis, keepdims=self.keepdims))

    def compute_mask(self, inputs, mask=None):
        return None


class GlobalAveragePooling2D(_GlobalAverage):
    """The mean over rows and columns (`tf.keras.layers.GlobalAveragePooling2D`)."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(pool_dimensions=2, data_format=data_format, keepdims=keepdims, **kwargs)


class GlobalMaxPooling1D(_GlobalMax):
    """The maximum over steps (`tf.keras.layers.GlobalMaxPooling1D`)."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(pool_dimensions=1, data_format=data_format, keepdims=keepdims, **kwargs)


class GlobalMaxPooling2D(_GlobalMax):
    """The maximum over rows and columns (`tf.keras.layers.GlobalMaxPooling2D`)."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(pool_dimensions=2, data_format=data_format, keepdims=keepdims, **kwargs)
