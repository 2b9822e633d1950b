"""Keras 3's MonitorCallback (keras/src/callbacks/monitor_callback.py): what EarlyStopping and
ReduceLROnPlateau share, a monitored quantity, the direction it improves in and when a value is
an improvement. Keras compares with `ops.less`/`ops.greater`, which turn Python floats into
float32 tensors, so a value is an improvement only if it is one in float32."""
import warnings

import numpy as np

from varrt.models.callback import Callback

# Metrics that improve upwards, for compiled metrics that do not say (`_direction`, as Keras's).
_UP = ("accuracy", "acc", "binary_accuracy", "categorical_accuracy", "sparse_categorical_accuracy")


def _less(a, b):
    return bool(np.float32(a) < np.float32(b))


def _greater(a, b):
    return bool(np.float32(a) > np.float32(b))


class MonitorCallback(Callback):
    """A callback monitoring `monitor` in mode "auto", "min" or "max" (the direction decided at the
    first epoch's end, when the compiled metrics are built)."""

    def __init__(self, monitor="val_loss", mode="auto", baseline=None, min_delta=0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"{self.__class__.__name__} mode '{mode}' is unknown, fallback to auto mode.",
                          stacklevel=2)
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _metric_direction(self, name):
        """"up", "down" or None: the direction of the compiled metric `name`."""
        direction = None
        for m in getattr(self.model, "metrics", None) or []:
            for sub in getattr(m, "metrics", None) or []:  # the compiled metrics, as one
                if sub.name == name:
                    direction = getattr(sub, "_direction", "up" if name in _UP else None) or direction
        return direction

    def _set_monitor_op(self):
        if self.mode == "min":
            self.monitor_op = _less
        elif self.mode == "max":
            self.monitor_op = _greater
        else:
            name = self.monitor.removeprefix("val_")
            if name == "loss":
                self.monitor_op = _less
            direction = self._metric_direction(name)
            if direction is not None:
                self.monitor_op = _greater if direction == "up" else _less
            if self.monitor_op is None:
                raise ValueError(
                    f"{self.__class__.__name__} callback received monitor={self.monitor}, but Keras isn't able to "
                    "automatically determine whether that metric should be maximized or minimized. Pass "
                    "`mode='max'` in order to monitor based on the highest metric value, or pass `mode='min'` "
                    "in order to use the lowest value.")
        if self.monitor_op is _less:
            self.min_delta *= -1

    def _is_improvement(self, monitor_value, reference_value):
        if reference_value is None:
            return True
        return self.monitor_op(monitor_value - self.min_delta, reference_value)
