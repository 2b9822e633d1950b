"""`varrt.debugging`: TensorFlow's tf.debugging names for placement logging."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt import _C
from varrt.graph.control_flow_ops import Assert  # noqa: F401  (tf.debugging.Assert)


def set_log_device_placement(enabled) -> None:
    """Turns logging of each op's placement on or off (`tf.debugging.set_log_device_placement`).

    Each op then prints `Executing op AssignVariableOp in device
    /job:localhost/replica:0/task:0/device:CPU:0` to `sys.stderr` as it runs. Takes effect
    immediately, on and off; off, it costs one flag check per op.

    Args:
        enabled: Whether to log placements (None: off).

    Returns:
        None.
    """
    _C.set_log_device_placement(False if enabled is None else enabled)


def get_log_device_placement() -> bool:
    """Whether op placements are being logged (tf.debugging.get_log_device_placement)."""
    return _C.get_log_device_placement()
