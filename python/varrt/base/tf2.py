"""Whether TensorFlow 2 behaviour is on (TensorFlow's tensorflow/python/tf2.py): off after
`tf.compat.v1.disable_v2_behavior()`, for the whole program. What it changes beyond graph
mode: TensorFlow 1 prints unknown dimensions as `?` and makes reference variables."""

_enabled = [True]


def enabled():
    return _enabled[0]


def enable():
    _enabled[0] = True


def disable():
    _enabled[0] = False
