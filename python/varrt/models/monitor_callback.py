"""Keras 3's MonitorCallback (keras/src/callbacks/monitor_callback.py): the base of the
callbacks that watch one logged quantity (`ModelCheckpoint`): whether a lower or higher value
is better ("min", "max", or "auto": lower for a loss, the metric's direction otherwise) and
whether a value improves on a reference by more than `min_delta`."""
import operator
import warnings

from varrt.models.callback import Callback

# The compiled metrics whose direction is up ("auto" mode), until varrt's metrics carry Keras's
# `_direction`.
_UP = ("accuracy", "acc", "binary_accuracy", "categorical_accuracy", "sparse_categorical_accuracy")


class MonitorCallback(Callback):
    """A callback monitoring `monitor` in the logs; `best` starts at `baseline`."""

    def __init__(self, monitor="val_loss", mode="auto", baseline=None, min_delta=0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"{type(self).__name__} mode '{mode}' is unknown, fallback to auto mode.", stacklevel=2)
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _compiled_metrics(self):
        out = []
        for m in getattr(self.model, "metrics", []):
            out.extend(getattr(m, "metrics", None) or [])
        return out

    def _set_monitor_op(self):
        if self.mode == "min":
            self.monitor_op = operator.lt
        elif self.mode == "max":
            self.monitor_op = operator.gt
        else:
            metric_name = self.monitor.removeprefix("val_")
            if metric_name == "loss":
                self.monitor_op = operator.lt
            for m in self._compiled_metrics():
                if m.name == metric_name:
                    direction = getattr(m, "_direction", "up" if m.name in _UP else None)
                    if direction is not None:
                        self.monitor_op = operator.gt if direction == "up" else operator.lt
            if self.monitor_op is None:
                raise ValueError(
                    f"{type(self).__name__} callback received monitor={self.monitor}, but Keras isn't able to "
                    "automatically determine whether that metric should be maximized or minimized. Pass "
                    "`mode='max'` in order to monitor based on the highest metric value, or pass `mode='min'` in "
                    "order to use the lowest value.")
        if self.monitor_op is operator.lt:
            self.min_delta *= -1

    def _is_improvement(self, monitor_value, reference_value):
        if reference_value is None:
            return True
        return self.monitor_op(monitor_value - self.min_delta, reference_value)
