"""`varrt.debugging`: TensorFlow's tf.debugging names for placement logging."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt import _C
from varrt.ops.control_flow_ops import Assert  # noqa: F401  (tf.debugging.Assert)


def set_log_device_placement(enabled) -> None:
    """Log each op's placement ("Executing op AssignVariableOp in device /job:localhost/...")
    to sys.stderr as it runs. Takes effect immediately, on and off."""
    _C.set_log_device_placement(False if enabled is None else enabled)


def get_log_device_placement() -> bool:
    """Whether op placements are being logged (tf.debugging.get_log_device_placement)."""
    return _C.get_log_device_placement()
