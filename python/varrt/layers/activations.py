"""Keras 3's activation functions (`tf.keras.activations`, keras/src/activations/), on
TensorFlow's nn ops as Keras's TensorFlow backend runs them."""
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import index_ops, math_ops, nn_ops


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """max(x, 0), or with `negative_slope` below `threshold` and capped at `max_value`
    (Keras's ReLU.static_call, op for op)."""
    x = convert_to_tensor(x)
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return nn_ops.leaky_relu(x, alpha=negative_slope)
        if threshold != 0:
            negative_part = nn_ops.relu(-x + threshold)
        else:
            negative_part = nn_ops.relu(-x)
    clip_max = max_value is not None
    if threshold != 0:
        x = index_ops.where(math_ops.greater(x, math_ops.cast(threshold, x.dtype)), x,
                            convert_to_tensor(0, dtype=x.dtype))
    elif max_value == 6:
        x = nn_ops.relu6(x)
        clip_max = False
    else:
        x = nn_ops.relu(x)
    if clip_max:
        x = math_ops.clip_by_value(x, math_ops.cast(0.0, x.dtype), math_ops.cast(max_value, x.dtype))
    if negative_slope != 0.0:
        x -= negative_slope * negative_part
    return x


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
    """x above 0, alpha * (exp(x) - 1) below (Keras's `where` for alpha other than 1)."""
    x = convert_to_tensor(x)
    res = nn_ops.elu(x)
    if alpha == 1:
        return res
    return index_ops.where(math_ops.greater(x, convert_to_tensor(0, dtype=x.dtype)), res, alpha * res)


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
