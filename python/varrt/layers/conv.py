"""`Conv1D` and `Conv2D` (keras/src/layers/convolutional/base_conv.py, conv1d.py, conv2d.py):
`activation(conv(inputs, kernel) + bias)`, the convolution TensorFlow's `tf.nn.convolution` as
Keras's TensorFlow backend calls it, the bias added with a broadcasting add as Keras adds it. The
kernel is stored as `_kernel` (Keras's attribute, hence the checkpoint key `_kernel`).

`Conv1DTranspose` and `Conv2DTranspose` (base_conv_transpose.py, conv1d_transpose.py,
conv2d_transpose.py): `tf.nn.conv_transpose` of the inputs with a (spatial..., filters, in)
kernel, stored as `kernel` as Keras stores it, into the shape Keras's output-shape arithmetic
gives, then the same bias and activation."""
from varrt.layers import activations, constraints, keras_objects, regularizers
from varrt.layers import dynamic_shape
from varrt.layers.conv_arguments import (conv_output_shape, conv_transpose_output_shape, standardize_data_format,
                                         standardize_padding, standardize_tuple)
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import array_ops, conv3d_ops, conv_ops, init_ops, manip_ops, math_ops


def add_bias_and_activate(layer, outputs):
    """What a convolution layer (plain or transposed) does after its convolution, as Keras does it:
    the bias reshaped to broadcast over the channel axis and added, then the activation."""
    if layer.use_bias:
        if layer.data_format == "channels_last":
            bias_shape = (1,) * (layer.rank + 1) + (layer.filters,)
        else:
            bias_shape = (1, layer.filters) + (1,) * layer.rank
        outputs = math_ops.add(outputs, array_ops.reshape(layer.bias.value, bias_shape))
    if layer.activation is not None:
        return layer.activation(outputs)
    return outputs


class BaseConv(Layer):
    """The N-D convolution layer Conv1D and Conv2D are (Keras's BaseConv).

    Args:
        rank: The number of spatial dimensions (1 or 2).
        filters: The number of output channels (a positive int).
        kernel_size: An int or `rank` ints, the window's size.
        strides: An int or `rank` ints (strides > 1 and dilation_rate > 1 exclude each other).
        padding: "valid" or "same" ("causal" for Conv1D).
        data_format: "channels_last" (the default) or "channels_first".
        dilation_rate: An int or `rank` ints.
        groups: The number of groups the input channels are split into (1 only, here).
        activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
            bias_regularizer, activity_regularizer, kernel_constraint, bias_constraint: as Dense's.
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, ...).
    """

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None, **kwargs):
        if lora_rank is not None:
            raise NotImplementedError(f"varrt's {type(self).__name__} does not support LoRA yet.")
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.filters = filters
        self.groups = groups
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding, allow_causal=rank == 1)
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = init_ops.get(kernel_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.input_spec = InputSpec(min_ndim=self.rank + 2)
        if self.filters is not None and self.filters <= 0:
            raise ValueError(f"Invalid value for argument `filters`. Expected a strictly positive value. Received "
                             f"filters={self.filters}.")
        if self.groups <= 0:
            raise ValueError(f"The number of groups must be a positive integer. Received: groups={self.groups}.")
        if self.filters is not None and self.filters % self.groups != 0:
            raise ValueError(f"The number of filters must be evenly divisible by the number of groups. Received: "
                             f"groups={self.groups}, filters={self.filters}.")
        if not all(self.kernel_size):
            raise ValueError(f"The argument `kernel_size` cannot contain 0. Received kernel_size={self.kernel_size}.")
        if not all(self.strides):
            raise ValueError(f"The argument `strides` cannot contains 0. Received strides={self.strides}")
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
                             f"strides={self.strides} and dilation_rate={self.dilation_rate}")
        if groups != 1:
            raise NotImplementedError(f"varrt's {type(self).__name__} does not implement grouped convolutions "
                                      f"(groups={groups}) yet.")

    def build(self, input_shape):
        if self.data_format == "channels_last":
            channel_axis, input_channel = -1, input_shape[-1]
        else:
            channel_axis, input_channel = 1, input_shape[1]
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis: input_channel})
        if input_channel % self.groups != 0:
            raise ValueError(f"The number of input channels must be evenly divisible by the number of groups. "
                             f"Received groups={self.groups}, but the input has {input_channel} channels (full "
                             f"input shape is {input_shape}).")
        kernel_shape = self.kernel_size + (input_channel // self.groups, self.filters)
        self.compute_output_shape(input_shape)
        self._kernel = self.add_weight(name="kernel", shape=kernel_shape, initializer=self.kernel_initializer,
                                       regularizer=self.kernel_regularizer, constraint=self.kernel_constraint,
                                       trainable=True, dtype=self.dtype)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                        trainable=True, dtype=self.dtype)
        else:
            self.bias = None
        self.built = True

    @property
    def kernel(self):
        if not self.built:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def convolution_op(self, inputs, kernel, padding=None):
        """Keras's ops.conv on the TensorFlow backend: tf.nn.convolution with TensorFlow's names."""
        channels_last = self.data_format == "channels_last"
        tf_format = ("NWC" if self.rank == 1 else "NHWC") if channels_last else ("NCW" if self.rank == 1 else "NCHW")
        return conv_ops.convolution(inputs, kernel, list(self.strides), (padding or self.padding).upper(),
                                    data_format=tf_format, dilations=self.dilation_rate)

    def call(self, inputs):
        outputs = self.convolution_op(inputs, self._kernel.value)
        return self._finish(outputs)

    def _finish(self, outputs):
        return add_bias_and_activate(self, outputs)

    def compute_output_shape(self, input_shape):
        return conv_output_shape(input_shape, self.filters, self.kernel_size, self.strides, self.padding,
                                 self.data_format, self.dilation_rate)

    def get_config(self):
        config = super().get_config()
        config.update({
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "groups": self.groups,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": keras_objects.serialize(self.kernel_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self.bias_initializer, "keras.initializers"),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        })
        return config


class Conv1D(BaseConv):
    """A 1-D convolution layer (`tf.keras.layers.Conv1D`): inputs (batch, steps, channels); see BaseConv."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1, groups=1,
                 activation=None, use_bias=True, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, **kwargs):
        super().__init__(rank=1, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, groups=groups, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def _compute_causal_padding(self):
        left_pad = self.dilation_rate[0] * (self.kernel_size[0] - 1)
        if self.data_format == "channels_last":
            return [[0, 0], [left_pad, 0], [0, 0]]
        return [[0, 0], [0, 0], [left_pad, 0]]

    def call(self, inputs):
        padding = self.padding
        if self.padding == "causal":
            inputs = manip_ops.pad(inputs, self._compute_causal_padding())
            padding = "valid"
        return self._finish(self.convolution_op(inputs, self._kernel.value, padding))


class Conv2D(BaseConv):
    """A 2-D convolution layer (`tf.keras.layers.Conv2D`): inputs (batch, rows, cols, channels); see BaseConv."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1),
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=2, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, groups=groups, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)


class Conv3D(BaseConv):
    """A 3-D convolution layer (`tf.keras.layers.Conv3D`): inputs (batch, planes, rows, cols,
    channels); see BaseConv. Its convolution is tf.nn.convolution's for a 5-D input, tf.nn.conv3d."""

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1, 1), groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=3, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, groups=groups, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def convolution_op(self, inputs, kernel, padding=None):
        if self.data_format == "channels_last":
            tf_format, strides, dilations = "NDHWC", [1, *self.strides, 1], [1, *self.dilation_rate, 1]
        else:
            tf_format, strides, dilations = "NCDHW", [1, 1, *self.strides], [1, 1, *self.dilation_rate]
        return conv3d_ops.conv3d(inputs, kernel, strides, (padding or self.padding).upper(), tf_format, dilations,
                                 name="convolution")


class BaseConvTranspose(Layer):
    """The N-D transposed convolution Conv1DTranspose and Conv2DTranspose are (Keras's
    BaseConvTranspose); BaseConv's arguments, less `groups`, plus:

    Args:
        output_padding: None, or an int or `rank` ints, each less than its stride: the extra
            size along each spatial axis of the output.
    """

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", output_padding=None, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.filters = filters
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.output_padding = (None if output_padding is None
                               else standardize_tuple(output_padding, rank, "output_padding", allow_zero=True))
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = init_ops.get(kernel_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)
        if self.filters is not None and self.filters <= 0:
            raise ValueError(f"Invalid value for argument `filters`. Expected a strictly positive value. Received "
                             f"filters={self.filters}.")
        if not all(self.kernel_size):
            raise ValueError(f"The argument `kernel_size` cannot contain 0. Received kernel_size={self.kernel_size}.")
        if not all(self.strides):
            raise ValueError(f"The argument `strides` cannot contains 0. Received strides={self.strides}.")
        if self.output_padding is not None:
            for i, (op, s) in enumerate(zip(self.output_padding, self.strides)):
                if op >= s:
                    raise ValueError(f"`output_padding` must be strictly less than `strides` for all dimensions. At "
                                     f"dimension {i}, `output_padding` is {op} but `strides` is {s}. Received: "
                                     f"output_padding={self.output_padding}, strides={self.strides}")
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
                             f"strides={self.strides} and dilation_rate={self.dilation_rate}")

    def build(self, input_shape):
        if self.data_format == "channels_last":
            channel_axis, input_channel = -1, input_shape[-1]
        else:
            channel_axis, input_channel = 1, input_shape[1]
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis: input_channel})
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_size + (self.filters, input_channel),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, trainable=True, dtype=self.dtype)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                        trainable=True, dtype=self.dtype)
        else:
            self.bias = None
        self.built = True

    def conv_transpose_op(self, inputs, kernel):
        """Keras's ops.conv_transpose on the TensorFlow backend: the output shape from Keras's
        arithmetic (sizes known only when a graph runs as scalar tensors), then tf.nn.conv_transpose."""
        channels_last = self.data_format == "channels_last"
        input_channels = inputs.shape[-1] if channels_last else inputs.shape[1]
        kernel_input_channels = kernel.shape[-1]
        if (isinstance(input_channels, int) and isinstance(kernel_input_channels, int)
                and input_channels != kernel_input_channels):
            raise ValueError(f"The number of input channels must match the kernel's input channels. Received: input "
                             f"channels={input_channels}, kernel input channels={kernel_input_channels}, "
                             f"data_format='{self.data_format}'.")
        output_shape = conv_transpose_output_shape(dynamic_shape.shape(inputs), self.kernel_size, self.filters,
                                                   self.strides, self.padding, self.output_padding, self.data_format,
                                                   self.dilation_rate)
        tf_format = ("NWC" if self.rank == 1 else "NHWC") if channels_last else ("NCW" if self.rank == 1 else "NCHW")
        return conv_ops.conv_transpose(inputs, kernel, dynamic_shape.pack(output_shape), list(self.strides),
                                       padding=self.padding.upper(), data_format=tf_format,
                                       dilations=self.dilation_rate)

    def call(self, inputs):
        return add_bias_and_activate(self, self.conv_transpose_op(inputs, self.kernel.value))

    def compute_output_shape(self, input_shape):
        return conv_transpose_output_shape(input_shape, self.kernel_size, self.filters, strides=self.strides,
                                           padding=self.padding, output_padding=self.output_padding,
                                           data_format=self.data_format, dilation_rate=self.dilation_rate)

    def get_config(self):
        config = super().get_config()
        config.update({
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "output_padding": self.output_padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": keras_objects.serialize(self.kernel_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self.bias_initializer, "keras.initializers"),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        })
        return config


class Conv1DTranspose(BaseConvTranspose):
    """A 1-D transposed convolution layer (`tf.keras.layers.Conv1DTranspose`): inputs (batch, steps,
    channels); see BaseConvTranspose."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", output_padding=None, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=1, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         output_padding=output_padding, data_format=data_format, dilation_rate=dilation_rate,
                         activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                         bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         kernel_constraint=kernel_constraint, bias_constraint=bias_constraint, **kwargs)


class Conv2DTranspose(BaseConvTranspose):
    """A 2-D transposed convolution layer (`tf.keras.layers.Conv2DTranspose`): inputs (batch, rows,
    cols, channels); see BaseConvTranspose."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=2, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         output_padding=output_padding, data_format=data_format, dilation_rate=dilation_rate,
                         activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                         bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         kernel_constraint=kernel_constraint, bias_constraint=bias_constraint, **kwargs)
