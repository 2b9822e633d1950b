"""What TensorFlow 1's layers share about their arguments: activations, the `training` flag,
tuples of sizes (tf_keras's conv_utils.normalize_tuple) and the padding and data-format words."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.graph import graph as _graph


def activation_of(activation):
    if activation is not None and not callable(activation):
        raise NotImplementedError(f"varrt's tf.compat.v1.layers take a callable activation (got {activation!r})")
    return activation


def no_activity_regularizer(regularizer):
    if regularizer is not None:
        raise NotImplementedError("varrt's tf.compat.v1.layers do not take an activity_regularizer")


def training_flag(training):
    """A Python bool: `training` as given (a tensor or a placeholder is refused)."""
    if _graph.is_graph_tensor(training) or hasattr(training, "dtype"):
        raise NotImplementedError("varrt's tf.compat.v1.layers take a Python bool `training`, not a tensor")
    return bool(training)


def normalize_tuple(value, n, name):
    """`value` as a tuple of `n` ints (one int repeated), with tf_keras's errors."""
    if isinstance(value, int):
        return (value,) * n
    try:
        value_tuple = tuple(value)
    except TypeError:
        raise ValueError(f"The `{name}` argument must be a tuple of {n} integers. Received: {value}") from None
    if len(value_tuple) != n:
        raise ValueError(f"The `{name}` argument must be a tuple of {n} integers. Received: {value}")
    for single in value_tuple:
        if not isinstance(single, int):
            raise ValueError(f"The `{name}` argument must be a tuple of {n} integers. Received: {value} including "
                             f"element {single} of type {type(single)}")
    return value_tuple


def padding_of(padding):
    padding = padding.lower() if isinstance(padding, str) else padding
    if padding not in ("valid", "same"):
        raise ValueError(f"The `padding` argument must be a list/tuple or one of \"valid\", \"same\" (or "
                         f"\"causal\", only for `Conv1D). Received: {padding}")
    return padding


def channels_last(data_format):
    if data_format not in (None, "channels_last"):
        if data_format == "channels_first":
            raise NotImplementedError("varrt's tf.compat.v1.layers take data_format='channels_last' only")
        raise ValueError("The `data_format` argument must be one of \"channels_first\", \"channels_last\". "
                         f"Received: {data_format}")
    return "channels_last"
