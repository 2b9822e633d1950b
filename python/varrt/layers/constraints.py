"""Keras 3's weight constraints (`tf.keras.constraints`, keras/src/constraints/): projections
an optimizer applies to a variable after each update (the tf.Variable's `constraint`)."""
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import keras_objects
from varrt.ops import math_ops, reduction_ops


class Constraint:
    """The base class: `constraint(w)` is the projected weight (`w` itself here)."""

    def __call__(self, w):
        return w

    def get_config(self):
        """The constraint's arguments."""
        return {}

    @classmethod
    def from_config(cls, config):
        """A constraint from `get_config()`'s output."""
        return cls(**config)


class NonNeg(Constraint):
    """Negative weights become 0."""

    def __call__(self, w):
        return math_ops.maximum(convert_to_tensor(w), 0)


class MaxNorm(Constraint):
    """Rescales the weights along `axis` to a norm of at most `max_value`."""

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        norms = math_ops.sqrt(reduction_ops.reduce_sum(math_ops.square(w), axis=self.axis, keepdims=True))
        desired = math_ops.clip_by_value(norms, 0, self.max_value)
        return math_ops.cast(w, norms.dtype) * (desired / (1e-7 + norms))

    def get_config(self):
        """`{"max_value": ..., "axis": ...}`."""
        return {"max_value": self.max_value, "axis": self.axis}


non_neg, max_norm = NonNeg, MaxNorm
_BY_NAME = keras_objects.by_name((Constraint, NonNeg, MaxNorm))


def get(identifier):
    """A constraint from None, a name ("non_neg"), a serialized dict or a callable."""
    return keras_objects.get(identifier, _BY_NAME, "constraint")


def serialize(constraint):
    """Keras's serialized form of a constraint."""
    return keras_objects.serialize(constraint, "keras.constraints")


def deserialize(config, custom_objects=None):
    """A constraint from its serialized form."""
    return keras_objects.deserialize(config, {**_BY_NAME, **(custom_objects or {})})
