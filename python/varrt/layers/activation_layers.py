"""The activation layers (keras/src/layers/activations/): `ReLU`, `LeakyReLU`, `PReLU` (a
learned slope), `ELU`, `Softmax` (with a mask). `Activation` is in activation.py."""
import warnings

from varrt.framework.tensor import convert_to_tensor
from varrt.layers import activations, constraints, keras_objects, regularizers
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import index_ops, init_ops, math_ops, reduction_ops


def _built_at_init(layer):
    """Keras's `_build_at_init`: a layer without its own `build` has no state to wait for."""
    layer.built = True
    layer._lock_state()


class ReLU(Layer):
    """max(x, 0), with a slope below `threshold` and a cap (`tf.keras.layers.ReLU`).

    Args:
        max_value: The largest output (non-negative), or None.
        negative_slope: The slope below `threshold` (non-negative).
        threshold: Where the slope changes (non-negative).
    """

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(f"max_value of a ReLU layer cannot be a negative value. Received: max_value={max_value}")
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError("negative_slope of a ReLU layer cannot be None or a negative value. Received: "
                             f"negative_slope={negative_slope}")
        if threshold is None or threshold < 0.0:
            raise ValueError(f"threshold of a ReLU layer cannot be None or a negative value. Received: "
                             f"threshold={threshold}")
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.supports_masking = True
        _built_at_init(self)

    def call(self, inputs):
        return activations.relu(inputs, negative_slope=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def get_config(self):
        config = super().get_config()
        config.update({"max_value": self.max_value, "negative_slope": self.negative_slope,
                       "threshold": self.threshold})
        return config

    def compute_output_shape(self, input_shape):
        return input_shape


class LeakyReLU(Layer):
    """x above 0, `negative_slope * x` below (`tf.keras.layers.LeakyReLU`; default slope 0.3)."""

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn("Argument `alpha` is deprecated. Use `negative_slope` instead.")
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError("The negative_slope value of a Leaky ReLU layer cannot be None or negative value. "
                             f"Expected a float. Received: negative_slope={negative_slope}")
        self.negative_slope = negative_slope
        self.supports_masking = True
        _built_at_init(self)

    def call(self, inputs):
        return activations.leaky_relu(inputs, negative_slope=self.negative_slope)

    def get_config(self):
        config = super().get_config()
        config.update({"negative_slope": self.negative_slope})
        return config

    def compute_output_shape(self, input_shape):
        return input_shape


class PReLU(Layer):
    """x above 0, `alpha * x` below with `alpha` learned per input element
    (`tf.keras.layers.PReLU`).

    Args:
        alpha_initializer, alpha_regularizer, alpha_constraint: For the `alpha` weight.
        shared_axes: Axes (1-based, batch excluded) along which one alpha is shared.
    """

    def __init__(self, alpha_initializer="Zeros", alpha_regularizer=None, alpha_constraint=None, shared_axes=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = init_ops.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)

    def build(self, input_shape):
        param_shape = list(input_shape[1:])
        if self.shared_axes is not None:
            for i in self.shared_axes:
                param_shape[i - 1] = 1
        self.alpha = self.add_weight(shape=param_shape, name="alpha", initializer=self.alpha_initializer,
                                     regularizer=self.alpha_regularizer, constraint=self.alpha_constraint)
        axes = {}
        if self.shared_axes:
            for i in range(1, len(input_shape)):
                if i not in self.shared_axes:
                    axes[i] = input_shape[i]
        self.input_spec = InputSpec(ndim=len(input_shape), axes=axes)

    def call(self, inputs):
        pos = activations.relu(inputs)
        neg = -self.alpha.value * activations.relu(-inputs)
        return pos + neg

    def get_config(self):
        config = super().get_config()
        config.update({"alpha_initializer": keras_objects.serialize(self.alpha_initializer, "keras.initializers"),
                       "alpha_regularizer": regularizers.serialize(self.alpha_regularizer),
                       "alpha_constraint": constraints.serialize(self.alpha_constraint),
                       "shared_axes": self.shared_axes})
        return config

    def compute_output_shape(self, input_shape):
        return input_shape


class ELU(Layer):
    """x above 0, `alpha * (exp(x) - 1)` below (`tf.keras.layers.ELU`)."""

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha
        self.supports_masking = True
        _built_at_init(self)

    def call(self, inputs):
        return activations.elu(inputs, alpha=self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape


def _large_negative_number(dtype):
    """What Keras puts where the mask is off before the softmax."""
    return -3e4 if dtype == "float16" else -1e9


class Softmax(Layer):
    """The softmax along `axis` (an int, or a tuple of axes), 0 where `mask` is off
    (`tf.keras.layers.Softmax`)."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True
        _built_at_init(self)

    def call(self, inputs, mask=None):
        if mask is not None:
            mask = convert_to_tensor(mask)
            inputs_shape, mask_shape = tuple(inputs.shape), tuple(mask.shape)
            if len(mask_shape) > len(inputs_shape):
                raise ValueError("The `mask` must be broadcastable to `inputs` and must not have more dimensions. "
                                 f"Received: inputs.shape={inputs_shape}, mask.shape={mask_shape}")
            for m_dim, i_dim in zip(mask_shape[::-1], inputs_shape[::-1]):
                if m_dim is not None and i_dim is not None and m_dim != 1 and m_dim != i_dim:
                    raise ValueError("The `mask` must be broadcastable to `inputs`. Each mask dimension must be 1 or "
                                     "match the corresponding input dimension. Received: "
                                     f"inputs.shape={inputs_shape}, mask.shape={mask_shape}")
            if mask.dtype.name != "bool":
                mask = math_ops.greater(mask, math_ops.cast(0.5, mask.dtype))
            inputs = index_ops.where(mask, inputs,
                                     convert_to_tensor(_large_negative_number(inputs.dtype.name), dtype=inputs.dtype))
        if isinstance(self.axis, (tuple, list)):
            if len(self.axis) > 1:
                outputs = math_ops.exp(inputs - reduction_ops.reduce_logsumexp(inputs, axis=self.axis, keepdims=True))
            else:
                outputs = activations.softmax(inputs, axis=self.axis[0])
        else:
            outputs = activations.softmax(inputs, axis=self.axis)
        if mask is not None:
            outputs = index_ops.where(mask, outputs, convert_to_tensor(0.0, dtype=outputs.dtype))
        return outputs

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis})
        return config

    def compute_output_shape(self, input_shape):
        return input_shape
