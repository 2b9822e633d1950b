"""TensorFlow 1's device functions (`tf.compat.v1.device(fn)`, `Graph.device(fn)`): a function
choosing each new variable's device (`replica_device_setter`), shown the creation as TensorFlow's
VarHandleOp and applied to the variables created in the block."""
from varrt import _C
from varrt.framework import graph_building
from varrt.framework.device_scope import device
from varrt.framework.variables import watching_creation


def device_v1(device_name_or_function):
    """TensorFlow 1's `tf.compat.v1.device` (and `Graph.device`): a device name, or in graph mode
    a device function (`replica_device_setter`), which varrt applies to the variables created
    in the block."""
    if not callable(device_name_or_function):
        return device(device_name_or_function)
    if graph_building.executing_eagerly():
        raise RuntimeError("tf.device does not support functions when eager execution is enabled.")
    return watching_creation(DeviceFunctionScope(device_name_or_function))


class VariableOp:
    """What a device function is shown of a variable being created (TensorFlow's VarHandleOp)."""

    def __init__(self, name, device=""):
        self.type = "VarHandleOp"
        self.name = name
        self.device = device


class DeviceFunctionScope:
    """A creation watcher applying a device function to each variable created in its block."""

    def __init__(self, device_function):
        self._fn = device_function

    def variable_device(self, name):
        return self._fn(VariableOp(name or "Variable", _C.device_scope_name()))

    def before_create(self):
        pass

    def on_created(self, variable):
        pass
