"""Keras 3's activation functions (`tf.keras.activations`, keras/src/activations/), on
TensorFlow's nn ops as Keras's TensorFlow backend runs them."""
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import math_ops, nn_ops


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    if negative_slope != 0.0 or max_value is not None or threshold != 0.0:
        raise NotImplementedError("varrt's keras.activations.relu supports only the default negative_slope, "
                                  "max_value and threshold yet.")
    return nn_ops.relu(convert_to_tensor(x))


def sigmoid(x):
    return math_ops.sigmoid(convert_to_tensor(x))


def tanh(x):
    return math_ops.tanh(convert_to_tensor(x))


def softmax(x, axis=-1):
    return nn_ops.softmax(convert_to_tensor(x), axis=axis)


def relu6(x):
    return nn_ops.relu6(convert_to_tensor(x))


def leaky_relu(x, negative_slope=0.2):
    return nn_ops.leaky_relu(convert_to_tensor(x), alpha=negative_slope)


def elu(x, alpha=1.0):
    if alpha != 1.0:
        raise NotImplementedError("varrt's keras.activations.elu supports only alpha=1.0 yet.")
    return nn_ops.elu(convert_to_tensor(x))


def selu(x):
    return nn_ops.selu(convert_to_tensor(x))


def softplus(x):
    return nn_ops.softplus(convert_to_tensor(x))


def gelu(x, approximate=False):
    return nn_ops.gelu(convert_to_tensor(x), approximate=approximate)


def silu(x):
    return nn_ops.silu(convert_to_tensor(x))


def exponential(x):
    return math_ops.exp(convert_to_tensor(x))


def linear(x):
    return x


swish = silu

_BY_NAME = {f.__name__: f for f in (relu, sigmoid, tanh, softmax, relu6, leaky_relu, elu, selu, softplus, gelu, silu,
                                    exponential, linear)}
_BY_NAME["swish"] = silu


def get(identifier):
    """An activation from its name, a callable, or None (`linear`)."""
    if identifier is None:
        return linear
    if isinstance(identifier, dict):
        identifier = identifier.get("config", identifier.get("class_name"))
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")


def serialize(activation):
    """A built-in activation's name; other callables by their `__name__`."""
    for name, fn in _BY_NAME.items():
        if fn is activation and name != "swish":
            return name
    return getattr(activation, "__name__", activation)


def deserialize(config, custom_objects=None):
    if custom_objects and config in custom_objects:
        return custom_objects[config]
    return get(config)
