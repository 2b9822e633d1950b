"""TensorFlow 1's core layers (tf_keras/legacy_tf_layers/core.py): `Dense`, `Dropout`, `Flatten` and
their functions `dense`, `dropout`, `flatten`, computed as tf_keras computes them (MatMul then
BiasAdd; a Tensordot for inputs of rank 3 and more)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_composites, array_ops, init_ops, linalg_ops, nn_ops
from varrt.tf1_layers.base import Layer
from varrt.tf1_layers.arguments import activation_of, no_activity_regularizer, training_flag


class Dense(Layer):
    """`activation(inputs @ kernel + bias)`, with `kernel` and `bias` made on the first call."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
                 **kwargs):
        super().__init__(trainable=trainable, name=name, **kwargs)
        no_activity_regularizer(activity_regularizer)
        self.units = int(units)
        self.activation = activation_of(activation)
        self.use_bias = use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        self.kernel_constraint, self.bias_constraint = kernel_constraint, bias_constraint

    def build(self, input_shape):
        last_dim = input_shape[-1] if input_shape.rank is not None else None
        if last_dim is None:
            raise ValueError("The last dimension of the inputs to a Dense layer should be defined. Found None. "
                             f"Full input shape received: {input_shape}")
        self.kernel = self.add_weight("kernel", shape=[last_dim, self.units], initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight("bias", shape=[self.units], initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    def call(self, inputs):
        if inputs.shape.rank == 2:
            outputs = linalg_ops.matmul(inputs, self.kernel)
        else:
            outputs = array_composites.tensordot(inputs, self.kernel, [[inputs.shape.rank - 1], [0]])
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias)
        return outputs if self.activation is None else self.activation(outputs)


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None,
          bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
          activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
          reuse=None):
    """A `Dense` layer applied to `inputs` (variables `NAME/kernel` and `NAME/bias`)."""
    layer = Dense(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                  bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                  bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                  kernel_constraint=kernel_constraint, bias_constraint=bias_constraint, trainable=trainable, name=name,
                  _scope=name, _reuse=reuse)
    return layer(inputs)


class Dropout(Layer):
    """Zeroes a fraction `rate` of the inputs and scales the rest by 1 / (1 - rate) when training."""

    def __init__(self, rate=0.5, noise_shape=None, seed=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.rate, self.noise_shape, self.seed = rate, noise_shape, seed

    def call(self, inputs, training=False):
        if training_flag(training):
            return nn_ops.dropout(inputs, rate=self.rate, noise_shape=self.noise_shape, seed=self.seed)
        return array_ops.identity(inputs)


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    """A `Dropout` layer applied to `inputs` (the identity unless `training`)."""
    return Dropout(rate, noise_shape=noise_shape, seed=seed, name=name)(inputs, training=training)


class Flatten(Layer):
    """Reshapes the inputs to (batch, -1)."""

    def __init__(self, data_format="channels_last", **kwargs):
        super().__init__(**kwargs)
        if data_format not in ("channels_last", "channels_first", None):
            raise ValueError("The `data_format` argument must be one of \"channels_first\", \"channels_last\". "
                             f"Received: {data_format}")
        self.data_format = data_format or "channels_last"

    def call(self, inputs):
        inputs = convert_to_tensor(inputs)
        if self.data_format == "channels_first" and inputs.shape.rank is not None and inputs.shape.rank > 1:
            inputs = array_ops.transpose(inputs, [0] + list(range(2, inputs.shape.rank)) + [1])
        dims = inputs.shape.as_list() if inputs.shape.rank is not None else None
        if dims is not None and len(dims) == 1:
            return array_ops.expand_dims(inputs, 1)
        if dims is not None and None not in dims[1:]:
            return array_ops.reshape(inputs, (-1, int(np.prod(dims[1:]))))
        batch = array_ops.shape(inputs)[:1]
        return array_ops.reshape(inputs, array_ops.concat([batch, [-1]], 0))


def flatten(inputs, name=None, data_format="channels_last"):
    """A `Flatten` layer applied to `inputs`."""
    return Flatten(name=name, data_format=data_format)(inputs)
