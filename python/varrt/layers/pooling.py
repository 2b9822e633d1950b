"""`MaxPooling1D/2D/3D` and `AveragePooling1D/2D/3D` (keras/src/layers/pooling/base_pooling.py and
its subclasses): Keras's TensorFlow backend's max_pool/average_pool, i.e. `tf.nn.max_pool` and
`tf.nn.avg_pool` (for 3-D, `max_pool3d` and `avg_pool3d`) on channels-last inputs (channels_first
inputs are transposed there and back, as Keras does)."""
from varrt.layers.conv_arguments import pooling_output_shape, standardize_data_format, standardize_tuple
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import array_ops, conv_ops, pool3d_ops

# Keras's _transpose_spatial_inputs / _transpose_spatial_outputs, by the number of spatial dimensions.
_TO_CHANNELS_LAST = {1: (0, 2, 1), 2: (0, 2, 3, 1), 3: (0, 2, 3, 4, 1)}
_TO_CHANNELS_FIRST = {1: (0, 2, 1), 2: (0, 3, 1, 2), 3: (0, 4, 1, 2, 3)}


class BasePooling(Layer):
    """A pooling layer (Keras's BasePooling).

    Args:
        pool_size: An int or `pool_dimensions` ints, the window's size.
        strides: An int or ints; None for `pool_size`.
        pool_dimensions: The number of spatial dimensions (1 or 2).
        pool_mode: "max" or "average".
        padding: "valid" or "same" (case-insensitive).
        data_format: "channels_last" (the default) or "channels_first".
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, ...).
    """

    def __init__(self, pool_size, strides, pool_dimensions, pool_mode="max", padding="valid", data_format=None,
                 name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size = standardize_tuple(pool_size, pool_dimensions, "pool_size")
        strides = pool_size if strides is None else strides
        self.strides = standardize_tuple(strides, pool_dimensions, "strides", allow_zero=True)
        self.pool_mode = pool_mode
        self.padding = padding
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True  # no weights: Keras's _build_at_init

    def call(self, inputs):
        if self.pool_mode == "max":
            pool = conv_ops.max_pool
        elif self.pool_mode == "average":
            pool = conv_ops.avg_pool
        else:
            raise ValueError(f"`pool_mode` must be either 'max' or 'average'. Received: {self.pool_mode}.")
        n = len(inputs.shape) - 2
        tf_format = {1: "NWC", 2: "NHWC", 3: "NDHWC"}.get(n, "NHWC")
        if n == 3:  # what tf.nn.max_pool and avg_pool run for a 5-D input
            pool = pool3d_ops.max_pool3d if self.pool_mode == "max" else pool3d_ops.avg_pool3d
        if self.data_format == "channels_first":
            inputs = array_ops.transpose(inputs, _TO_CHANNELS_LAST[n])
        outputs = pool(inputs, self.pool_size, self.strides, self.padding.upper(), tf_format)
        if self.data_format == "channels_first":
            outputs = array_ops.transpose(outputs, _TO_CHANNELS_FIRST[n])
        return outputs

    def compute_output_shape(self, input_shape):
        return pooling_output_shape(input_shape, self.pool_size, self.strides, self.padding, self.data_format)

    def get_config(self):
        config = super().get_config()
        config.update({"pool_size": self.pool_size, "padding": self.padding, "strides": self.strides,
                       "data_format": self.data_format})
        return config


class MaxPooling1D(BasePooling):
    """The maximum over windows of steps (`tf.keras.layers.MaxPooling1D`); see BasePooling."""

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, pool_dimensions=1, pool_mode="max", padding=padding,
                         data_format=data_format, name=name, **kwargs)


class MaxPooling2D(BasePooling):
    """The maximum over 2-D windows (`tf.keras.layers.MaxPooling2D`); see BasePooling."""

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, pool_dimensions=2, pool_mode="max", padding=padding,
                         data_format=data_format, name=name, **kwargs)


class AveragePooling1D(BasePooling):
    """The mean over windows of steps (`tf.keras.layers.AveragePooling1D`); see BasePooling."""

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, pool_dimensions=1, pool_mode="average", padding=padding,
                         data_format=data_format, name=name, **kwargs)


class AveragePooling2D(BasePooling):
    """The mean over 2-D windows (`tf.keras.layers.AveragePooling2D`); see BasePooling."""

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, pool_dimensions=2, pool_mode="average", padding=padding,
                         data_format=data_format, name=name, **kwargs)


class MaxPooling3D(BasePooling):
    """The maximum over 3-D windows (`tf.keras.layers.MaxPooling3D`); see BasePooling."""

    def __init__(self, pool_size=(2, 2, 2), strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, pool_dimensions=3, pool_mode="max", padding=padding,
                         data_format=data_format, name=name, **kwargs)


class AveragePooling3D(BasePooling):
    """The mean over 3-D windows (`tf.keras.layers.AveragePooling3D`); see BasePooling."""

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, pool_dimensions=3, pool_mode="average", padding=padding,
                         data_format=data_format, name=name, **kwargs)
