"""`SeparableConv1D` and `SeparableConv2D` (keras/src/layers/convolutional/base_separable_conv.py,
separable_conv1d.py, separable_conv2d.py): a depthwise convolution (`depthwise_kernel`), then a
1x1 convolution mixing its channels into `filters` (`pointwise_kernel`), then the bias and the
activation as Keras adds them; the convolutions are Keras's TensorFlow backend's separable_conv,
`tf.nn.separable_conv2d` (layers/depthwise_conv.py's depthwise_conv).

A dilation rate above 1 runs as TensorFlow runs it (SpaceToBatchND around the depthwise op);
with strides above 1 too, as Keras computes it (layers/depthwise_conv.py)."""
from varrt.layers import activations, constraints, keras_objects, regularizers
from varrt.layers.conv_arguments import (conv_output_shape, standardize_data_format, standardize_padding,
                                         standardize_tuple)
from varrt.layers.depthwise_conv import add_bias_and_activate, depthwise_conv
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import init_ops


class BaseSeparableConv(Layer):
    """The N-D separable convolution layer SeparableConv1D and SeparableConv2D are (Keras's BaseSeparableConv).

    Args:
        rank: The number of spatial dimensions (1 or 2).
        depth_multiplier: The number of depthwise filters each input channel gets (a positive int).
        filters: The number of output channels (a positive int).
        kernel_size, strides, padding, data_format, dilation_rate: the depthwise convolution's, as DepthwiseConv2D's.
        activation, use_bias, bias_initializer, bias_regularizer, activity_regularizer, bias_constraint: as Conv2D's.
        depthwise_initializer, depthwise_regularizer, depthwise_constraint: the depthwise kernel's.
        pointwise_initializer, pointwise_regularizer, pointwise_constraint: the pointwise kernel's.
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, ...).
    """

    def __init__(self, rank, depth_multiplier, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.depth_multiplier = depth_multiplier
        self.filters = filters
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = init_ops.get(depthwise_initializer)
        self.pointwise_initializer = init_ops.get(pointwise_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.pointwise_regularizer = regularizers.get(pointwise_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)
        self.pointwise_constraint = constraints.get(pointwise_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)
        if self.depth_multiplier is not None and self.depth_multiplier <= 0:
            raise ValueError(f"Invalid value for argument `depth_multiplier`. Expected a strictly positive value. "
                             f"Received depth_multiplier={self.depth_multiplier}.")
        if self.filters is not None and self.filters <= 0:
            raise ValueError(f"Invalid value for argument `filters`. Expected a strictly positive value. Received "
                             f"filters={self.filters}.")
        if not all(self.kernel_size):
            raise ValueError(f"The argument `kernel_size` cannot contain 0. Received: kernel_size={self.kernel_size}.")
        if not all(self.strides):
            raise ValueError(f"The argument `strides` cannot contains 0(s). Received: strides={self.strides}")

    def build(self, input_shape):
        if self.data_format == "channels_last":
            channel_axis, input_channel = -1, input_shape[-1]
        else:
            channel_axis, input_channel = 1, input_shape[1]
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis: input_channel})
        depthwise_shape = self.kernel_size + (input_channel, self.depth_multiplier)
        pointwise_shape = (1,) * self.rank + (self.depth_multiplier * input_channel, self.filters)
        self.compute_output_shape(input_shape)
        self.depthwise_kernel = self.add_weight(name="depthwise_kernel", shape=depthwise_shape,
                                                initializer=self.depthwise_initializer,
                                                regularizer=self.depthwise_regularizer,
                                                constraint=self.depthwise_constraint, trainable=True, dtype=self.dtype)
        self.pointwise_kernel = self.add_weight(name="pointwise_kernel", shape=pointwise_shape,
                                                initializer=self.pointwise_initializer,
                                                regularizer=self.pointwise_regularizer,
                                                constraint=self.pointwise_constraint, trainable=True, dtype=self.dtype)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                        trainable=True, dtype=self.dtype)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs):
        outputs = depthwise_conv(inputs, self.depthwise_kernel.value, self.strides, self.padding, self.data_format,
                                 self.dilation_rate, pointwise_kernel=self.pointwise_kernel.value)
        return add_bias_and_activate(self, outputs, self.filters)

    def compute_output_shape(self, input_shape):
        return conv_output_shape(input_shape, self.filters, self.kernel_size, self.strides, self.padding,
                                 self.data_format, self.dilation_rate)

    def get_config(self):
        config = super().get_config()
        config.update({
            "depth_multiplier": self.depth_multiplier,
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "depthwise_initializer": keras_objects.serialize(self.depthwise_initializer, "keras.initializers"),
            "pointwise_initializer": keras_objects.serialize(self.pointwise_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self.bias_initializer, "keras.initializers"),
            "depthwise_regularizer": regularizers.serialize(self.depthwise_regularizer),
            "pointwise_regularizer": regularizers.serialize(self.pointwise_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
            "depthwise_constraint": constraints.serialize(self.depthwise_constraint),
            "pointwise_constraint": constraints.serialize(self.pointwise_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        })
        return config


class SeparableConv1D(BaseSeparableConv):
    """A 1-D separable convolution layer (`tf.keras.layers.SeparableConv1D`, also
    `SeparableConvolution1D`): inputs (batch, steps, channels); see BaseSeparableConv."""

    _keras_public_names = ("keras.layers.SeparableConv1D", "keras.layers.SeparableConvolution1D")

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=1, depth_multiplier=depth_multiplier, filters=filters, kernel_size=kernel_size,
                         strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                         activation=activation, use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                         depthwise_regularizer=depthwise_regularizer, pointwise_regularizer=pointwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, pointwise_constraint=pointwise_constraint,
                         bias_constraint=bias_constraint, **kwargs)


class SeparableConv2D(BaseSeparableConv):
    """A 2-D separable convolution layer (`tf.keras.layers.SeparableConv2D`, also
    `SeparableConvolution2D`): inputs (batch, rows, cols, channels); see BaseSeparableConv."""

    _keras_public_names = ("keras.layers.SeparableConv2D", "keras.layers.SeparableConvolution2D")

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                 depthwise_initializer="glorot_uniform", pointwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, pointwise_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, depthwise_constraint=None,
                 pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=2, depth_multiplier=depth_multiplier, filters=filters, kernel_size=kernel_size,
                         strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                         activation=activation, use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                         depthwise_regularizer=depthwise_regularizer, pointwise_regularizer=pointwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, pointwise_constraint=pointwise_constraint,
                         bias_constraint=bias_constraint, **kwargs)

