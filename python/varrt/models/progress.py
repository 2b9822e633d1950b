"""What `fit`, `evaluate` and `predict` print (Keras 3's ProgbarLogger and Progbar,
keras/src/callbacks/progbar_logger.py and keras/src/utils/progbar.py).

`verbose=2` prints, when a pass ends, one line: the steps, the seconds since the pass began,
the time per step (the first step, which traces, left out of the estimate once there are
more) and each log's value; `fit` prints "Epoch i/n" before each epoch. `verbose=1`, Keras's
redrawn progress bar, is not drawn: it prints what `verbose=2` prints (a decision recorded in
tests/test_keras_model.py). "auto" is 1."""
import math
import sys
import time


def resolve(verbose):
    return 1 if verbose == "auto" else verbose


def _format_time(time_per_unit, unit_name):
    if time_per_unit >= 1 or time_per_unit == 0:
        return f" {time_per_unit:.0f}s/{unit_name}"
    if time_per_unit >= 1e-3:
        return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
    return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"


def _format_value(value):
    return f" {value:.4f}" if value > 1e-3 else f" {value:.4e}"


def print_line(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


class Progress:
    """The timing of one pass over the batches and its line."""

    def __init__(self, verbose, target):
        self.verbose = resolve(verbose)
        self.target = target
        self._start = time.time()
        self._time_after_first_step = None
        self._current = 0

    def step(self, current):
        """Marks `current` steps done (Keras's estimate ignores the first step once there are more)."""
        self._current = current
        if current == 1:
            self._time_after_first_step = time.time()

    def finish(self, logs):
        if not self.verbose:
            return
        now = time.time()
        current = self._current
        target = self.target if self.target is not None else current
        if current > 1 and self._time_after_first_step is not None:
            per_step = (now - self._time_after_first_step) / (current - 1)
        else:
            per_step = (now - self._start) / current if current else 0
        if target <= 0:
            return
        digits = int(math.log10(target)) + 1
        line = f"%{digits}d/%d" % (current, target) + f" - {now - self._start:.0f}s -" + _format_time(per_step, "step")
        for k, v in logs.items():
            line += f" - {k}:" + _format_value(v)
        print_line(line)
