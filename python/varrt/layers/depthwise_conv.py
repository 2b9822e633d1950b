"""`DepthwiseConv1D` and `DepthwiseConv2D` (keras/src/layers/convolutional/base_depthwise_conv.py,
depthwise_conv1d.py, depthwise_conv2d.py): each input channel convolved with its own
`depth_multiplier` filters (`kernel`, shaped kernel_size + (channels, depth_multiplier)), then
the bias and the activation as Keras adds them. The convolution is Keras's TensorFlow backend's
depthwise_conv: `tf.nn.depthwise_conv2d` on channels-last inputs (a 1-D input gets a row
dimension of 1; channels_first inputs are transposed there and back, as Keras does on a CPU).

A dilation rate above 1 runs as TensorFlow runs it (SpaceToBatchND around the undilated op);
with strides above 1 too, as Keras computes it: "same" padding made explicit, the dilated
convolution at stride 1, then every stride-th output kept."""
from varrt.layers import activations, constraints, keras_objects, regularizers
from varrt.layers.conv_arguments import (conv_output_shape, standardize_data_format, standardize_padding,
                                         standardize_tuple)
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.framework.tensor import constant
from varrt.ops import array_ops, conv_ops, depthwise_conv_ops, init_ops, manip_ops, math_ops

# Keras's _transpose_spatial_inputs / _transpose_spatial_outputs, by the number of spatial dimensions.
TO_CHANNELS_LAST = {1: (0, 2, 1), 2: (0, 2, 3, 1)}
TO_CHANNELS_FIRST = {1: (0, 2, 1), 2: (0, 3, 1, 2)}


def depthwise_conv(inputs, kernel, strides, padding, data_format, dilation_rate, pointwise_kernel=None):
    """Keras's TensorFlow backend's depthwise_conv (or separable_conv, given `pointwise_kernel`) on a
    CPU: channels_first inputs transposed to channels_last and back, a 1-D input given a row
    dimension of 1 (its stride repeated over both dimensions, as Keras writes it)."""
    rank = len(inputs.shape) - 2
    if rank > 2:
        raise ValueError(f"`inputs` rank must be 3 (1D conv) or 4 (2D conv). Received: {len(inputs.shape)}.")
    if any(s > 1 for s in strides) and any(d > 1 for d in dilation_rate):
        return _stride_dilation_decomposition(inputs, kernel, strides, padding, data_format, dilation_rate,
                                              pointwise_kernel)
    if data_format == "channels_first":
        inputs = array_ops.transpose(inputs, TO_CHANNELS_LAST[rank])
    tf_strides = (1,) + tuple(strides) * (2 if rank == 1 else 1) + (1,)
    dilations = tuple(dilation_rate)
    if rank == 1:
        inputs = array_ops.expand_dims(inputs, 1)
        kernel = array_ops.expand_dims(kernel, 0)
        if pointwise_kernel is not None:
            pointwise_kernel = array_ops.expand_dims(pointwise_kernel, 0)
        dilations = (1,) + dilations
    if pointwise_kernel is None:
        outputs = depthwise_conv_ops.depthwise_conv2d(inputs, kernel, list(tf_strides), padding.upper(), "NHWC",
                                                      list(dilations))
    else:
        outputs = depthwise_conv_ops.separable_conv2d(inputs, kernel, pointwise_kernel, list(tf_strides),
                                                      padding.upper(), "NHWC", list(dilations))
    if rank == 1:
        outputs = array_ops.squeeze(outputs, [1])
    if data_format == "channels_first":
        outputs = array_ops.transpose(outputs, TO_CHANNELS_FIRST[rank])
    return outputs


def _pad_same(inputs, kernel_size, strides, dilation_rate):
    """Keras's _pad_same_spatial_channels_last: TensorFlow's "same" padding made explicit (the
    extra element after), from the input's sizes when the graph runs."""
    spatial = array_ops.shape(inputs)[1:-1]
    paddings = [constant([0, 0])]
    for i, k in enumerate(kernel_size):
        n, s = spatial[i], strides[i]
        out_size = (n + s - 1) // s
        total = math_ops.maximum((out_size - 1) * s + ((k - 1) * dilation_rate[i] + 1) - n, 0)
        before = total // 2
        paddings.append(array_ops.stack([before, total - before]))
    paddings.append(constant([0, 0]))
    return manip_ops.pad(inputs, array_ops.stack(paddings))


def _stride_dilation_decomposition(inputs, kernel, strides, padding, data_format, dilation_rate, pointwise_kernel):
    """Keras's _depthwise_conv_stride_dilation_decomposition: strides and a dilation rate both
    above 1 as the dilated convolution at stride 1 (channels last), every stride-th output kept,
    then the pointwise convolution of a separable one."""
    rank = len(inputs.shape) - 2
    padding = padding.upper()
    if data_format == "channels_first":
        inputs = array_ops.transpose(inputs, TO_CHANNELS_LAST[rank])
    if rank == 1:
        inputs = array_ops.expand_dims(inputs, 1)
        kernel = array_ops.expand_dims(kernel, 0)
        if pointwise_kernel is not None:
            pointwise_kernel = array_ops.expand_dims(pointwise_kernel, 0)
        strides, dilation_rate = (1, strides[0]), (1, dilation_rate[0])
    if padding == "SAME":
        inputs = _pad_same(inputs, tuple(int(i) for i in kernel.shape[:2]), strides, dilation_rate)
    elif padding != "VALID":
        raise ValueError(f"`padding` must be 'valid' or 'same'. Received: padding={padding}")
    outputs = depthwise_conv_ops.depthwise_conv2d(inputs, kernel, (1, 1, 1, 1), "VALID", "NHWC", list(dilation_rate))
    outputs = outputs[:, ::strides[0], ::strides[1], :]
    if pointwise_kernel is not None:
        outputs = conv_ops.conv2d(outputs, pointwise_kernel, (1, 1, 1, 1), "VALID", "NHWC")
    if rank == 1:
        outputs = array_ops.squeeze(outputs, [1])
    if data_format == "channels_first":
        outputs = array_ops.transpose(outputs, TO_CHANNELS_FIRST[rank])
    return outputs


def add_bias_and_activate(layer, outputs, channels):
    """The bias reshaped to broadcast over the channel axis and added, then the activation, as
    Keras's depthwise and separable layers do it."""
    if layer.use_bias:
        if layer.data_format == "channels_last":
            bias_shape = (1,) * (layer.rank + 1) + (channels,)
        else:
            bias_shape = (1, channels) + (1,) * layer.rank
        outputs = math_ops.add(outputs, array_ops.reshape(layer.bias.value, bias_shape))
    if layer.activation is not None:
        return layer.activation(outputs)
    return outputs


class BaseDepthwiseConv(Layer):
    """The N-D depthwise convolution layer DepthwiseConv1D and DepthwiseConv2D are (Keras's BaseDepthwiseConv).

    Args:
        rank: The number of spatial dimensions (1 or 2).
        depth_multiplier: The number of filters each input channel gets (a positive int).
        kernel_size: An int or `rank` ints, the window's size.
        strides: An int or `rank` ints.
        padding: "valid" or "same".
        data_format: "channels_last" (the default) or "channels_first".
        dilation_rate: An int or `rank` ints.
        activation, use_bias, bias_initializer, bias_regularizer, activity_regularizer, bias_constraint: as Conv2D's.
        depthwise_initializer, depthwise_regularizer, depthwise_constraint: the kernel's.
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, ...).
    """

    def __init__(self, rank, depth_multiplier, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.depth_multiplier = depth_multiplier
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = init_ops.get(depthwise_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)
        if self.depth_multiplier is not None and self.depth_multiplier <= 0:
            raise ValueError(f"Invalid value for argument `depth_multiplier`. Expected a strictly positive value. "
                             f"Received depth_multiplier={self.depth_multiplier}.")
        if not all(self.kernel_size):
            raise ValueError(f"The argument `kernel_size` cannot contain 0. Received kernel_size={self.kernel_size}.")
        if not all(self.strides):
            raise ValueError(f"The argument `strides` cannot contains 0. Received strides={self.strides}")

    def _input_channel(self, input_shape):
        return input_shape[-1] if self.data_format == "channels_last" else input_shape[1]

    def build(self, input_shape):
        channel_axis = -1 if self.data_format == "channels_last" else 1
        input_channel = self._input_channel(input_shape)
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis: input_channel})
        self.compute_output_shape(input_shape)
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_size + (input_channel, self.depth_multiplier),
                                      initializer=self.depthwise_initializer, regularizer=self.depthwise_regularizer,
                                      constraint=self.depthwise_constraint, trainable=True, dtype=self.dtype)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.depth_multiplier * input_channel,),
                                        initializer=self.bias_initializer, regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint, trainable=True, dtype=self.dtype)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs):
        channels = self.depth_multiplier * self._input_channel(inputs.shape)
        outputs = depthwise_conv(inputs, self.kernel.value, self.strides, self.padding, self.data_format,
                                 self.dilation_rate)
        return add_bias_and_activate(self, outputs, channels)

    def compute_output_shape(self, input_shape):
        return conv_output_shape(input_shape, self.depth_multiplier * self._input_channel(input_shape),
                                 self.kernel_size, self.strides, self.padding, self.data_format, self.dilation_rate)

    def get_config(self):
        config = super().get_config()
        config.update({
            "depth_multiplier": self.depth_multiplier,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "depthwise_initializer": keras_objects.serialize(self.depthwise_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self.bias_initializer, "keras.initializers"),
            "depthwise_regularizer": regularizers.serialize(self.depthwise_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
            "depthwise_constraint": constraints.serialize(self.depthwise_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        })
        return config


class DepthwiseConv1D(BaseDepthwiseConv):
    """A 1-D depthwise convolution layer (`tf.keras.layers.DepthwiseConv1D`): inputs (batch, steps,
    channels); see BaseDepthwiseConv."""

    def __init__(self, kernel_size, strides=1, padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=1, depth_multiplier=depth_multiplier, kernel_size=kernel_size, strides=strides,
                         padding=padding, data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         bias_initializer=bias_initializer, depthwise_regularizer=depthwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, bias_constraint=bias_constraint, **kwargs)


class DepthwiseConv2D(BaseDepthwiseConv):
    """A 2-D depthwise convolution layer (`tf.keras.layers.DepthwiseConv2D`): inputs (batch, rows,
    cols, channels); see BaseDepthwiseConv."""

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=2, depth_multiplier=depth_multiplier, kernel_size=kernel_size, strides=strides,
                         padding=padding, data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         bias_initializer=bias_initializer, depthwise_regularizer=depthwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, bias_constraint=bias_constraint, **kwargs)
