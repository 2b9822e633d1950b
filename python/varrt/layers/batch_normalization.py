"""`BatchNormalization` (keras/src/layers/normalization/batch_normalization.py): normalizes
over the batch (and every axis but `axis`) in training, updating the moving statistics Keras's
way (`moving = moving * momentum + batch * (1 - momentum)`), and with the moving statistics in
inference. Its arithmetic is TensorFlow's `tf.nn.moments` and `tf.nn.batch_normalization`,
as Keras 3 on TensorFlow runs it."""
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import constraints, keras_objects, regularizers
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import array_ops, index_ops, init_ops, math_ops, nn_ops, reduction_ops


def check_axes(axes, input_shape, axis):
    for a in axes:
        if a >= len(input_shape) or a < -len(input_shape):
            raise ValueError(f"Axis {a} is out of bounds for input shape {input_shape}. Received: axis={axis}")


class BatchNormalization(Layer):
    """Batch normalization (`tf.keras.layers.BatchNormalization`).

    Args:
        axis: The features axis (normalized per feature).
        momentum: The moving statistics' momentum.
        epsilon: Added to the variance before its square root.
        center, scale: Whether to learn an offset `beta` and a scale `gamma`.
        beta_initializer: The offset's initializer (gamma_initializer, moving_mean_initializer and
            moving_variance_initializer likewise for the other three weights).
        beta_regularizer: The offset's regularizer (gamma_regularizer likewise; the constraints as Dense's).
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 renorm=False, renorm_clipping=None, renorm_momentum=0.99, synchronized=False, **kwargs):
        if renorm:
            raise NotImplementedError("varrt's BatchNormalization does not support `renorm` yet.")
        super().__init__(**kwargs)
        self.axis = int(axis)
        self.synchronized = synchronized
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = init_ops.get(beta_initializer)
        self.gamma_initializer = init_ops.get(gamma_initializer)
        self.moving_mean_initializer = init_ops.get(moving_mean_initializer)
        self.moving_variance_initializer = init_ops.get(moving_variance_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.supports_masking = True
        self.renorm = renorm
        self.renorm_clipping = renorm_clipping
        self.renorm_momentum = renorm_momentum
        self.gamma = None
        self.beta = None
        self.moving_mean = None
        self.moving_variance = None
        self._reduction_axes = None

    def build(self, input_shape):
        shape = (input_shape[self.axis],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, name="gamma", initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, constraint=self.gamma_constraint,
                                         trainable=True, autocast=False)
        if self.center:
            self.beta = self.add_weight(shape=shape, name="beta", initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, constraint=self.beta_constraint,
                                        trainable=True, autocast=False)
        self.moving_mean = self.add_weight(shape=shape, name="moving_mean", initializer=self.moving_mean_initializer,
                                           trainable=False, autocast=False)
        self.moving_variance = self.add_weight(shape=shape, name="moving_variance",
                                               initializer=self.moving_variance_initializer, trainable=False,
                                               autocast=False)
        self.input_spec = InputSpec(ndim=len(input_shape), axes={self.axis: input_shape[self.axis]})
        reduction_axes = list(range(len(input_shape)))
        del reduction_axes[self.axis]
        self._reduction_axes = reduction_axes

    def compute_output_shape(self, input_shape):
        check_axes([self.axis], input_shape, self.axis)
        return input_shape

    def _moments(self, inputs, mask):
        """The batch's mean and variance; with a mask, Keras's weighted ones over the kept entries."""
        if mask is None:
            return nn_ops.moments(inputs, axes=self._reduction_axes)
        kept = array_ops.broadcast_to(array_ops.expand_dims(mask, -1), array_ops.shape(inputs))
        kept = math_ops.cast(kept, dtypes.bool)
        zero = convert_to_tensor(0, dtype=inputs.dtype)
        masked_sum = reduction_ops.reduce_sum(index_ops.where(kept, inputs, zero), self._reduction_axes, keepdims=True)
        weights = reduction_ops.reduce_sum(math_ops.cast(kept, inputs.dtype), self._reduction_axes, keepdims=True)
        epsilon = convert_to_tensor(1e-7, dtype=inputs.dtype)  # Keras's backend.epsilon()
        mean = masked_sum / (weights + epsilon)
        squared = math_ops.square(index_ops.where(kept, inputs - mean, zero))
        variance = reduction_ops.reduce_sum(squared, self._reduction_axes, keepdims=True) / (weights + epsilon)
        return array_ops.squeeze(mean), array_ops.squeeze(variance)

    def call(self, inputs, training=None, mask=None):
        if mask is not None and len(mask.shape) != len(inputs.shape) - 1:
            raise ValueError("The mask provided should be one dimension less than the inputs. Received: "
                             f"mask.shape={mask.shape}, inputs.shape={inputs.shape}")
        compute_dtype = "float64" if inputs.dtype.name == "float64" else "float32"
        inputs = math_ops.cast(inputs, compute_dtype)
        moving_mean = math_ops.cast(self.moving_mean.value, inputs.dtype)
        moving_variance = math_ops.cast(self.moving_variance.value, inputs.dtype)
        gamma = math_ops.cast(self.gamma.value, inputs.dtype) if self.scale else None
        beta = math_ops.cast(self.beta.value, inputs.dtype) if self.center else None
        if training and self.trainable:
            mean, variance = self._moments(inputs, mask)
            self.moving_mean.assign(moving_mean * self.momentum + mean * (1.0 - self.momentum))
            self.moving_variance.assign(moving_variance * self.momentum + variance * (1.0 - self.momentum))
        else:
            mean, variance = moving_mean, moving_variance
        if self.axis != -1 and self.axis != inputs.shape.rank - 1:
            shape = [1] * inputs.shape.rank
            shape[self.axis] = mean.shape[0]
            mean, variance = _reshaped(mean, shape), _reshaped(variance, shape)
            beta = _reshaped(beta, shape) if beta is not None else None
            gamma = _reshaped(gamma, shape) if gamma is not None else None
        outputs = nn_ops.batch_normalization(inputs, mean, variance, offset=beta, scale=gamma,
                                             variance_epsilon=self.epsilon)
        return math_ops.cast(outputs, self.compute_dtype)

    def get_config(self):
        base_config = super().get_config()
        config = {
            "axis": self.axis, "momentum": self.momentum, "epsilon": self.epsilon, "center": self.center,
            "scale": self.scale, "beta_initializer": keras_objects.serialize(self.beta_initializer, "keras.initializers"),
            "gamma_initializer": keras_objects.serialize(self.gamma_initializer, "keras.initializers"),
            "moving_mean_initializer": keras_objects.serialize(self.moving_mean_initializer, "keras.initializers"),
            "moving_variance_initializer": keras_objects.serialize(self.moving_variance_initializer, "keras.initializers"),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": constraints.serialize(self.beta_constraint),
            "gamma_constraint": constraints.serialize(self.gamma_constraint),
            "synchronized": self.synchronized, "renorm": self.renorm, "renorm_clipping": self.renorm_clipping,
            "renorm_momentum": self.renorm_momentum,
        }
        return {**base_config, **config}


def _reshaped(x, shape):
    return array_ops.reshape(x, shape)
