"""What `fit`, `evaluate` and `predict` print: Keras 3's ProgbarLogger and Progbar
(keras/src/callbacks/progbar_logger.py, keras/src/utils/progbar.py).

`verbose=1` ("auto") redraws a progress bar after a step when 0.05 s have passed since the
last drawing, and at the end of the pass; the display is dynamic ("\\b" and "\\r" redraw the
line) as Keras's is on a POSIX system. `verbose=2` prints one line at the end of each pass:
the steps, the seconds since the pass began, the time per step and each log's value (the bar
leaves the first step, which traces, out of its estimate once there are more). `fit` prints
"Epoch i/n" before each epoch when it runs more than one."""
import math
import sys
import time

import numpy as np


def resolve(verbose):
    return 1 if verbose == "auto" else verbose


def print_msg(message):
    sys.stdout.write(message)
    sys.stdout.flush()


def _format_time(time_per_unit, unit_name):
    if time_per_unit >= 1 or time_per_unit == 0:
        return f" {time_per_unit:.0f}s/{unit_name}"
    if time_per_unit >= 1e-3:
        return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
    return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"


class Progbar:
    """Keras's progress bar, its logs all "stateful" (shown as given) as the trainer's are."""

    def __init__(self, target, verbose=1, width=20, interval=0.05, unit_name="step"):
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._last_update = 0
        self._time_after_first_step = None
        self._prev_total_width = 0

    def _estimate_step_duration(self, current, now):
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            time_per_unit = (now - self._time_after_first_step) / (current - 1)
        else:
            time_per_unit = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return time_per_unit

    def _info_values(self, avg_format):
        info = ""
        for k in self._values_order:
            value = self._values[k]
            if not isinstance(value, float):
                value = float(np.mean(value))
            info += f" - {k}:" + avg_format(value)
        return info

    def update(self, current, values=None, finalize=None):
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        for k, v in values or []:
            if k not in self._values_order:
                self._values_order.append(k)
            self._values[k] = v
        now = time.time()
        time_per_unit = self._estimate_step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            message = "\b" * self._prev_total_width + "\r"
            special_char_len = 0
            if self.target is not None and self.target > 0:
                digits = int(math.log10(self.target)) + 1
                bar = f"\x1b[1m{(f'%{digits}d/%d') % (current, self.target)}\x1b[0m "
                special_char_len += 8
                prog_width = int(self.width * float(current) / self.target)
                if prog_width > 0:
                    bar += f"\33[32m{'━' * prog_width}\x1b[0m"
                    special_char_len += 9
                bar += f"\33[37m{'━' * (self.width - prog_width)}\x1b[0m"
                special_char_len += 9
            else:
                bar = "%7d/Unknown" % current
            message += bar
            if self.target is not None and self.target > 0 and not finalize:
                eta = time_per_unit * (self.target - current)
                if eta > 3600:
                    eta_format = "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
                elif eta > 60:
                    eta_format = "%d:%02d" % (eta // 60, eta % 60)
                else:
                    eta_format = "%ds" % eta
                info = f" \x1b[1m{eta_format}\x1b[0m"
            else:
                info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
            special_char_len += 8
            info += _format_time(time_per_unit, self.unit_name)
            info += self._info_values(lambda avg: f" {avg:.4f}" if abs(avg) > 1e-3 else f" {avg:.4e}")
            message += info
            total_width = len(bar) + len(info) - special_char_len
            if self._prev_total_width > total_width:
                message += " " * (self._prev_total_width - total_width)
            if finalize:
                message += "\n"
            print_msg(message)
            self._prev_total_width = total_width
        elif self.verbose == 2 and finalize and self.target is not None and self.target > 0:
            digits = int(math.log10(self.target)) + 1
            info = f"%{digits}d/%d" % (current, self.target) + f" - {now - self._start:.0f}s"
            info += f" -{_format_time(time_per_unit, self.unit_name)}"
            info += self._info_values(lambda avg: f" {avg:.4f}" if avg > 1e-3 else f" {avg:.4e}")
            print_msg(info + "\n")
        self._last_update = now


class Progress:
    """One pass over the batches as Keras's ProgbarLogger shows it: `step(current, logs)` after
    each batch, `finish(logs)` at the end."""

    def __init__(self, verbose, target):
        self.verbose = resolve(verbose)
        self._bar = Progbar(target, verbose=self.verbose) if self.verbose else None
        self._seen = 0

    def step(self, current, logs=None):
        self._seen = current
        if self._bar is not None and self.verbose == 1:  # verbose=2 times the pass as a whole
            # By sorted name, as the logs of Keras's traced step come (its tree functions sort dicts).
            values = [(k, float(np.asarray(v))) for k, v in sorted((logs or {}).items())]
            self._bar.update(current, values, finalize=False)

    def finish(self, logs):
        if self._bar is None:
            return
        if self._bar.target is None:
            self._bar.target = self._seen
        self._bar.update(self._bar.target, list(logs.items()), finalize=True)
