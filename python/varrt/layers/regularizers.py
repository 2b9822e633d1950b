"""Keras 3's weight regularizers (`tf.keras.regularizers`, keras/src/regularizers/): a
regularizer maps a weight to a scalar penalty, which the layer adds to `losses`."""
import math

from varrt.framework.tensor import convert_to_tensor
from varrt.layers import keras_objects
from varrt.ops import math_ops, reduction_ops


def validate_float_arg(value, name):
    if not isinstance(value, (float, int)) or math.isinf(value) or math.isnan(value) or value < 0:
        raise ValueError(f"Invalid value for argument {name}: expected a non-negative float.Received: {name}={value}")
    return float(value)


class Regularizer:
    """The base class of regularizers: `regularizer(weight)` is the penalty."""

    def __call__(self, x):
        return 0.0

    @classmethod
    def from_config(cls, config):
        """A regularizer from `get_config()`'s output."""
        return cls(**config)

    def get_config(self):
        """The regularizer's arguments."""
        raise NotImplementedError(f"{self} does not implement get_config()")


def _scaled(factor, x, fn):
    x = convert_to_tensor(x)
    return math_ops.cast(factor, x.dtype) * reduction_ops.reduce_sum(fn(x))


class L1(Regularizer):
    """`l1 * reduce_sum(abs(x))` (default l1=0.01)."""

    def __init__(self, l1=0.01):
        self.l1 = validate_float_arg(0.01 if l1 is None else l1, name="l1")

    def __call__(self, x):
        return _scaled(self.l1, x, math_ops.abs)

    def get_config(self):
        """`{"l1": ...}`."""
        return {"l1": float(self.l1)}


class L2(Regularizer):
    """`l2 * reduce_sum(square(x))` (default l2=0.01)."""

    def __init__(self, l2=0.01):
        self.l2 = validate_float_arg(0.01 if l2 is None else l2, name="l2")

    def __call__(self, x):
        return _scaled(self.l2, x, math_ops.square)

    def get_config(self):
        """`{"l2": ...}`."""
        return {"l2": self.l2}


class L1L2(Regularizer):
    """The L1 and L2 penalties summed (defaults 0.0 both, as Keras's code has them)."""

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = validate_float_arg(0.0 if l1 is None else l1, name="l1")
        self.l2 = validate_float_arg(0.0 if l2 is None else l2, name="l2")

    def __call__(self, x):
        x = convert_to_tensor(x)
        regularization = convert_to_tensor(0.0, dtype=x.dtype)
        if self.l1 != 0.0:
            regularization += _scaled(self.l1, x, math_ops.abs)
        if self.l2 != 0.0:
            regularization += _scaled(self.l2, x, math_ops.square)
        return regularization

    def get_config(self):
        """`{"l1": ..., "l2": ...}`."""
        return {"l1": self.l1, "l2": self.l2}


l1, l2, l1_l2 = L1, L2, L1L2
_BY_NAME = keras_objects.by_name((Regularizer, L1, L2, L1L2))


def get(identifier):
    """A regularizer from None, a name ("l2"), a serialized dict or a callable."""
    return keras_objects.get(identifier, _BY_NAME, "regularizer")


def serialize(regularizer):
    """Keras's serialized form of a regularizer."""
    return keras_objects.serialize(regularizer, "keras.regularizers")


def deserialize(config, custom_objects=None):
    """A regularizer from its serialized form."""
    return keras_objects.deserialize(config, {**_BY_NAME, **(custom_objects or {})})
