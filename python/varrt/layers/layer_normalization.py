"""`LayerNormalization` (keras/src/layers/normalization/layer_normalization.py): normalizes
each sample over `axis` (the last by default), then scales by `gamma` and shifts by `beta`,
with Keras 3's arithmetic (`ops.layer_normalization`: moments, rsqrt, `x * inv + (beta -
mean * inv)`), in at least float32."""
from varrt.layers import constraints, keras_objects, regularizers
from varrt.layers.batch_normalization import check_axes
from varrt.layers.layer import Layer
from varrt.ops import array_ops, init_ops, math_ops, nn_ops


class LayerNormalization(Layer):
    """Layer normalization (`tf.keras.layers.LayerNormalization`).

    Args:
        axis: The axis or axes normalized over.
        epsilon: Added to the variance before its square root.
        center, scale: Whether to learn an offset `beta` and a scale `gamma`.
        beta_initializer: The offset's initializer (gamma_initializer, the regularizers and the
            constraints as BatchNormalization's).
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        if kwargs.pop("rms_scaling", False):
            raise NotImplementedError("varrt's LayerNormalization does not support the deprecated `rms_scaling`.")
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(f"Expected an int or a list/tuple of ints for the argument 'axis', but received: {axis!r}")
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = False
        self.beta_initializer = init_ops.get(beta_initializer)
        self.gamma_initializer = init_ops.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.supports_masking = True
        self.autocast = False

    def build(self, input_shape):
        if isinstance(self.axis, (list, tuple)):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[dim] for dim in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        self.gamma = self.add_weight(name="gamma", shape=shape, initializer=self.gamma_initializer,
                                     regularizer=self.gamma_regularizer, constraint=self.gamma_constraint,
                                     trainable=True, autocast=False) if self.scale else None
        self.beta = self.add_weight(name="beta", shape=shape, initializer=self.beta_initializer,
                                    regularizer=self.beta_regularizer, constraint=self.beta_constraint,
                                    trainable=True, autocast=False) if self.center else None

    def call(self, inputs):
        original_dtype = inputs.dtype
        x = math_ops.cast(inputs, "float64" if inputs.dtype.name == "float64" else "float32")
        ndims = x.shape.rank
        axis = sorted(a % ndims for a in self.axis)
        broadcast_shape = [1] * ndims
        for dim in axis:
            broadcast_shape[dim] = x.shape[dim]

        def broadcast(v):
            if v is not None and v.shape.rank != ndims and axis != [ndims - 1]:
                return array_ops.reshape(v, broadcast_shape)
            return v

        mean, variance = nn_ops.moments(x, axes=axis, keepdims=True)
        gamma = broadcast(math_ops.cast(self.gamma.value, x.dtype)) if self.gamma is not None else None
        beta = broadcast(math_ops.cast(self.beta.value, x.dtype)) if self.beta is not None else None
        inv = math_ops.rsqrt(variance + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        res = -mean * inv
        if beta is not None:
            res = res + beta
        outputs = math_ops.cast(x * inv + res, original_dtype)
        return math_ops.cast(outputs, self.compute_dtype)

    def compute_output_shape(self, input_shape):
        check_axes([self.axis] if isinstance(self.axis, int) else self.axis, input_shape, self.axis)
        return input_shape

    def get_config(self):
        config = {
            "axis": self.axis, "epsilon": self.epsilon, "center": self.center, "scale": self.scale,
            "rms_scaling": self.rms_scaling, "beta_initializer": keras_objects.serialize(self.beta_initializer, "keras.initializers"),
            "gamma_initializer": keras_objects.serialize(self.gamma_initializer, "keras.initializers"),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": constraints.serialize(self.beta_constraint),
            "gamma_constraint": constraints.serialize(self.gamma_constraint),
        }
        base_config = super().get_config()
        return {**base_config, **config}


