"""TensorFlow 1's convolution layers (tf_keras/legacy_tf_layers/convolutional.py): `Conv1D`, `Conv2D`,
`Conv3D`, `Conv2DTranspose`, `SeparableConv2D` and their functions, channels-last, computed as tf_keras
computes them (the convolution, then BiasAdd, then the activation)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.ops import array_ops, conv3d_ops, conv_ops, depthwise_conv_ops, init_ops, nn_ops
from varrt.tf1_layers.arguments import (activation_of, channels_last, no_activity_regularizer, normalize_tuple,
                                         padding_of)
from varrt.tf1_layers.base import Layer

_ZEROS = init_ops.zeros_initializer()


class _Conv(Layer):
    """What the convolution layers share: arguments, the kernel and bias, the bias and activation."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, **kwargs)
        no_activity_regularizer(activity_regularizer)
        self.rank = rank
        self.filters = int(filters)
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides")
        self.padding = padding_of(padding)
        self.data_format = channels_last(data_format)
        self.dilation_rate = normalize_tuple(dilation_rate, rank, "dilation_rate")
        self.activation = activation_of(activation)
        self.use_bias = use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        self.kernel_constraint, self.bias_constraint = kernel_constraint, bias_constraint

    def _input_channels(self, input_shape):
        channels = input_shape[-1] if input_shape.rank is not None else None
        if channels is None:
            raise ValueError("The channel dimension of the inputs should be defined. The input_shape received is "
                             f"{input_shape}, where axis -1 (0-based) is the channel dimension, which found to be "
                             "`None`.")
        return channels

    def build(self, input_shape):
        channels = self._input_channels(input_shape)
        self.kernel = self.add_weight("kernel", shape=self.kernel_size + (channels, self.filters),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self._build_bias(self.filters)

    def _build_bias(self, n):
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight("bias", shape=(n,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    def _finish(self, outputs):
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias)
        return outputs if self.activation is None else self.activation(outputs)

    def call(self, inputs):
        padding = self.padding.upper()
        if self.rank == 3:
            outputs = conv3d_ops.conv3d(inputs, self.kernel, (1,) + self.strides + (1,), padding,
                                        dilations=(1,) + self.dilation_rate + (1,))
        else:
            outputs = conv_ops.convolution(inputs, self.kernel, strides=list(self.strides), padding=padding,
                                           dilations=list(self.dilation_rate))
        return self._finish(outputs)


def _fixed_rank(rank):
    """The __init__ of a convolution layer of `rank` spatial dimensions (TensorFlow's signature)."""
    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kwargs):
        _Conv.__init__(self, rank, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                       use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                       activity_regularizer, kernel_constraint, bias_constraint, trainable, name, **kwargs)
    return __init__


class Conv1D(_Conv):
    """A 1-D convolution layer (variables `kernel` and `bias`)."""
    __init__ = _fixed_rank(1)


class Conv2D(_Conv):
    """A 2-D convolution layer (variables `kernel` and `bias`)."""
    __init__ = _fixed_rank(2)


class Conv3D(_Conv):
    """A 3-D convolution layer (variables `kernel` and `bias`)."""
    __init__ = _fixed_rank(3)


def _conv_function(cls):
    def function(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, reuse=None):
        layer = cls(filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                    dilation_rate=dilation_rate, activation=activation, use_bias=use_bias,
                    kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                    kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                    activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                    bias_constraint=bias_constraint, trainable=trainable, name=name, _reuse=reuse, _scope=name)
        return layer(inputs)
    function.__name__ = function.__qualname__ = cls.__name__.lower()
    function.__doc__ = f"A `{cls.__name__}` layer applied to `inputs` (variables `NAME/kernel` and `NAME/bias`)."
    return function


conv1d = _conv_function(Conv1D)
conv2d = _conv_function(Conv2D)
conv3d = _conv_function(Conv3D)


def _deconv_length(length, filter_size, padding, stride, dilation):
    """tf_keras's conv_utils.deconv_output_length without output_padding."""
    if length is None:
        return None
    filter_size = filter_size + (filter_size - 1) * (dilation - 1)
    if padding == "valid":
        return length * stride + max(filter_size - stride, 0)
    return length * stride


class Conv2DTranspose(_Conv):
    """A transposed 2-D convolution layer (kernel of shape (rows, cols, filters, input channels))."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kwargs):
        super().__init__(2, filters, kernel_size, strides, padding, data_format, 1, activation, use_bias,
                         kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, trainable, name, **kwargs)

    def build(self, input_shape):
        if input_shape.rank != 4:
            raise ValueError(f"Inputs should have rank 4. Received input_shape={input_shape}.")
        channels = self._input_channels(input_shape)
        self.kernel = self.add_weight("kernel", shape=self.kernel_size + (self.filters, channels),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self._build_bias(self.filters)

    def call(self, inputs):
        shape = array_ops.shape(inputs)
        batch, height, width = shape[0], shape[1], shape[2]
        (kh, kw), (sh, sw), (dh, dw) = self.kernel_size, self.strides, self.dilation_rate
        out_h = _deconv_length(height, kh, self.padding, sh, dh)
        out_w = _deconv_length(width, kw, self.padding, sw, dw)
        output_shape = array_ops.stack([batch, out_h, out_w, self.filters])
        outputs = conv_ops.conv2d_transpose(inputs, self.kernel, output_shape, (1, sh, sw, 1),
                                            padding=self.padding.upper(), dilations=(1, dh, dw, 1))
        if hasattr(outputs, "set_shape"):  # a graph's tensor: tf_keras sets the static shape it computes
            static = inputs.shape.as_list() if inputs.shape.rank is not None else [None] * 4
            outputs.set_shape([static[0], _deconv_length(static[1], kh, self.padding, sh, dh),
                               _deconv_length(static[2], kw, self.padding, sw, dw), self.filters])
        return self._finish(outputs)


def conv2d_transpose(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                     kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                     bias_constraint=None, trainable=True, name=None, reuse=None):
    """A `Conv2DTranspose` layer applied to `inputs`."""
    layer = Conv2DTranspose(filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                            activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                            bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                            bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                            kernel_constraint=kernel_constraint, bias_constraint=bias_constraint, trainable=trainable,
                            name=name, _reuse=reuse, _scope=name)
    return layer(inputs)


class SeparableConv2D(_Conv):
    """A depthwise 2-D convolution then a 1x1 one (variables `depthwise_kernel`, `pointwise_kernel`, `bias`)."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                 depthwise_initializer=None, pointwise_initializer=None, bias_initializer=_ZEROS,
                 depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None,
                 trainable=True, name=None, **kwargs):
        super().__init__(2, filters, kernel_size, strides, padding, data_format, dilation_rate, activation, use_bias,
                         None, bias_initializer, None, bias_regularizer, activity_regularizer, None, bias_constraint,
                         trainable, name, **kwargs)
        self.depth_multiplier = depth_multiplier
        self.depthwise_initializer, self.pointwise_initializer = depthwise_initializer, pointwise_initializer
        self.depthwise_regularizer, self.pointwise_regularizer = depthwise_regularizer, pointwise_regularizer
        self.depthwise_constraint, self.pointwise_constraint = depthwise_constraint, pointwise_constraint

    def build(self, input_shape):
        channels = self._input_channels(input_shape)
        self.depthwise_kernel = self.add_weight(
            "depthwise_kernel", shape=self.kernel_size + (channels, self.depth_multiplier),
            initializer=self.depthwise_initializer, regularizer=self.depthwise_regularizer,
            constraint=self.depthwise_constraint)
        self.pointwise_kernel = self.add_weight(
            "pointwise_kernel", shape=(1, 1, self.depth_multiplier * channels, self.filters),
            initializer=self.pointwise_initializer, regularizer=self.pointwise_regularizer,
            constraint=self.pointwise_constraint)
        self._build_bias(self.filters)

    def call(self, inputs):
        outputs = depthwise_conv_ops.separable_conv2d(inputs, self.depthwise_kernel, self.pointwise_kernel,
                                                      strides=(1,) + self.strides + (1,),
                                                      padding=self.padding.upper(), dilations=self.dilation_rate,
                                                      data_format="NHWC")
        return self._finish(outputs)


def separable_conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                     depthwise_initializer=None, pointwise_initializer=None, bias_initializer=_ZEROS,
                     depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, depthwise_constraint=None, pointwise_constraint=None,
                     bias_constraint=None, trainable=True, name=None, reuse=None):
    """A `SeparableConv2D` layer applied to `inputs`."""
    layer = SeparableConv2D(filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                            dilation_rate=dilation_rate, depth_multiplier=depth_multiplier, activation=activation,
                            use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                            pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                            depthwise_regularizer=depthwise_regularizer, pointwise_regularizer=pointwise_regularizer,
                            bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                            depthwise_constraint=depthwise_constraint, pointwise_constraint=pointwise_constraint,
                            bias_constraint=bias_constraint, trainable=trainable, name=name, _reuse=reuse,
                            _scope=name)
    return layer(inputs)
