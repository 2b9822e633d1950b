"""TensorFlow 1's `BatchNormalization` layer and `batch_normalization` (tf_keras's legacy layer over
its V1 batch normalization), as it runs in a TensorFlow 1 graph: a 4-D channels-last input goes
through FusedBatchNormV3, any other through `tf.nn.moments` and `tf.nn.batch_normalization`. With
`training=True` it normalizes by the batch's statistics and makes the updates of `moving_mean` and
`moving_variance` (`moving -= (moving - batch) * (1 - momentum)`, the fused path's variance with
Bessel's correction, as tf_keras's V1 layer), which graphs collect in UPDATE_OPS."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, fused_batch_norm_ops, init_ops, math_ops, nn_ops
from varrt.tf1_layers.arguments import training_flag
from varrt.tf1_layers.base import Layer
from varrt.ops.tf1_state_ops import assign_sub

_ZEROS, _ONES = init_ops.zeros_initializer(), init_ops.ones_initializer()


class BatchNormalization(Layer):
    """Normalizes its inputs along `axis` by a batch's statistics (training) or the moving ones
    (variables `gamma`, `beta`, `moving_mean`, `moving_variance`).

    Raises:
        NotImplementedError: For renorm, virtual batches, adjustments, several axes, or `fused=True`
            where varrt's fused path does not apply (only a 4-D channels-last input).
    """

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer=_ZEROS,
                 gamma_initializer=_ONES, moving_mean_initializer=_ZEROS, moving_variance_initializer=_ONES,
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None, trainable=True,
                 virtual_batch_size=None, adjustment=None, name=None, **kwargs):
        super().__init__(name=name, trainable=trainable, **kwargs)
        if renorm or virtual_batch_size is not None or adjustment is not None:
            raise NotImplementedError("varrt's tf.compat.v1.layers.BatchNormalization has no renorm, "
                                      "virtual_batch_size or adjustment")
        if isinstance(axis, (list, tuple)):
            if len(axis) != 1:
                raise NotImplementedError("varrt's tf.compat.v1.layers.BatchNormalization takes one axis")
            axis = axis[0]
        self.axis, self.momentum, self.epsilon = axis, momentum, epsilon
        self.center, self.scale, self.fused = center, scale, fused
        self.beta_initializer, self.gamma_initializer = beta_initializer, gamma_initializer
        self.moving_mean_initializer = moving_mean_initializer
        self.moving_variance_initializer = moving_variance_initializer
        self.beta_regularizer, self.gamma_regularizer = beta_regularizer, gamma_regularizer
        self.beta_constraint, self.gamma_constraint = beta_constraint, gamma_constraint

    def build(self, input_shape):
        ndims = input_shape.rank
        if ndims is None:
            raise ValueError(f"Input has undefined rank. Received: input_shape={input_shape}.")
        axis = self.axis + ndims if self.axis < 0 else self.axis
        if not 0 <= axis < ndims:
            raise ValueError(f"Invalid axis: {self.axis}")
        self._axis = axis
        fusable = ndims == 4 and axis == 3
        if self.fused and not fusable:
            raise NotImplementedError("varrt's fused BatchNormalization takes a 4-D channels-last input")
        self.fused = fusable if self.fused is None else self.fused
        channels = input_shape[axis]
        if channels is None:
            raise ValueError(f"Axis {self.axis} of input tensor should have a defined dimension but the layer "
                             f"received an input with shape {input_shape}.")
        self.gamma = self.beta = None
        if self.scale:
            self.gamma = self.add_weight("gamma", shape=(channels,), initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, constraint=self.gamma_constraint)
        if self.center:
            self.beta = self.add_weight("beta", shape=(channels,), initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, constraint=self.beta_constraint)
        self.moving_mean = self.add_weight("moving_mean", shape=(channels,),
                                           initializer=self.moving_mean_initializer, trainable=False)
        self.moving_variance = self.add_weight("moving_variance", shape=(channels,),
                                               initializer=self.moving_variance_initializer, trainable=False)
        self.built = True

    def _moving_average(self, variable, value, momentum):
        """tf_keras's _assign_moving_average in a graph: variable -= (variable - value) * (1 - momentum)."""
        decay = convert_to_tensor(1.0 - momentum)
        if decay.dtype != variable.dtype:
            decay = math_ops.cast(decay, variable.dtype)
        return assign_sub(variable, (variable - math_ops.cast(value, variable.dtype)) * decay)

    def _params(self, dtype):
        gamma = self.gamma if self.scale else init_ops.ones_initializer()(self.moving_mean.shape, dtype)
        beta = self.beta if self.center else init_ops.zeros_initializer()(self.moving_mean.shape, dtype)
        return gamma, beta

    def call(self, inputs, training=False):
        training = training_flag(training)
        if self.fused:
            gamma, beta = self._params(self.moving_mean.dtype)
            outputs, mean, variance = fused_batch_norm_ops.fused_batch_norm(
                inputs, gamma, beta, mean=self.moving_mean, variance=self.moving_variance, epsilon=self.epsilon,
                is_training=training)
            if training:
                momentum = convert_to_tensor(self.momentum)  # a float32 tensor: 1 - momentum is float32's
                self.add_update(self._moving_average(self.moving_mean, mean, momentum))
                self.add_update(self._moving_average(self.moving_variance, variance, momentum))
            return outputs
        reduction_axes = [i for i in range(inputs.shape.rank) if i != self._axis]
        if training:
            mean, variance = nn_ops.moments(inputs, reduction_axes, keepdims=False)
            self.add_update(self._moving_average(self.moving_mean, mean, self.momentum))
            self.add_update(self._moving_average(self.moving_variance, variance, self.momentum))
        else:
            mean, variance = self.moving_mean, self.moving_variance
        shape = [1] * inputs.shape.rank
        shape[self._axis] = -1

        def broadcast(v):
            return v if v is None or self._axis == inputs.shape.rank - 1 else array_ops.reshape(v, shape)
        return nn_ops.batch_normalization(inputs, broadcast(mean), broadcast(variance), broadcast(self.beta),
                                          broadcast(self.gamma), self.epsilon)


def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                        beta_initializer=_ZEROS, gamma_initializer=_ONES, moving_mean_initializer=_ZEROS,
                        moving_variance_initializer=_ONES, beta_regularizer=None, gamma_regularizer=None,
                        beta_constraint=None, gamma_constraint=None, training=False, trainable=True, name=None,
                        reuse=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None,
                        virtual_batch_size=None, adjustment=None):
    """A `BatchNormalization` layer applied to `inputs` (its updates in UPDATE_OPS when `training`)."""
    layer = BatchNormalization(axis=axis, momentum=momentum, epsilon=epsilon, center=center, scale=scale,
                               beta_initializer=beta_initializer, gamma_initializer=gamma_initializer,
                               moving_mean_initializer=moving_mean_initializer,
                               moving_variance_initializer=moving_variance_initializer,
                               beta_regularizer=beta_regularizer, gamma_regularizer=gamma_regularizer,
                               beta_constraint=beta_constraint, gamma_constraint=gamma_constraint, renorm=renorm,
                               renorm_clipping=renorm_clipping, renorm_momentum=renorm_momentum, fused=fused,
                               trainable=trainable, virtual_batch_size=virtual_batch_size, adjustment=adjustment,
                               name=name, _reuse=reuse, _scope=name)
    return layer(inputs, training=training)
