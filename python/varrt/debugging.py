"""`varrt.debugging`: TensorFlow's tf.debugging: the assertions, check_numerics and placement logging."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt import _C
from varrt.graph.control_flow_ops import Assert  # noqa: F401  (tf.debugging.Assert)
from varrt.graph.check_ops import (  # noqa: F401
    assert_all_finite, assert_equal, assert_greater, assert_greater_equal, assert_integer, assert_less,
    assert_less_equal, assert_near, assert_negative, assert_non_negative, assert_non_positive, assert_none_equal,
    assert_positive, assert_proper_iterable, assert_rank, assert_rank_at_least, assert_rank_in,
    assert_same_float_dtype, assert_scalar, assert_shapes, assert_type, is_numeric_tensor)
from varrt.ops.numerics_ops import check_numerics  # noqa: F401
from varrt.graph.check_numerics_callback import disable_check_numerics, enable_check_numerics  # noqa: F401


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
