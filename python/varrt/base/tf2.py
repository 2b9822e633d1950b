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


# Whether tf.compat.v1.get_variable makes resource variables (TensorFlow's _DEFAULT_USE_RESOURCE):
# off after disable_resource_variables() or disable_v2_behavior(), when it makes reference variables.
_resource_variables = [True]


def resource_variables_enabled():
    """Whether get_variable makes resource variables (tf.compat.v1.resource_variables_enabled)."""
    return _resource_variables[0]


def enable_resource_variables():
    """get_variable makes resource variables (the default)."""
    _resource_variables[0] = True


def disable_resource_variables():
    """get_variable makes reference variables, as TensorFlow 1 (use_resource=True still makes resource ones)."""
    _resource_variables[0] = False
