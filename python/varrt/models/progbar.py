"""Keras 3's progress bar, `tf.keras.utils.Progbar` (keras/src/utils/progbar.py).

`verbose=1` redraws the bar when `interval` seconds have passed since the last drawing, and on
the last update; on a terminal (and wherever the `posix` module is loaded, as on Linux and macOS,
as Keras decides) it redraws the line in place with "\\b" and "\\r", else starts a new line.
`verbose=2` prints one line at the end. Values named in `stateful_metrics` (or not named in
`stateless_metrics`, when that is given instead) are shown as given; the others are averaged over
the steps since the start, weighted by the steps each covers."""
import math
import os
import sys
import time

import numpy as np

from varrt.models.printing import print_msg


def _format_time(time_per_unit, unit_name):
    if time_per_unit >= 1 or time_per_unit == 0:
        return f" {time_per_unit:.0f}s/{unit_name}"
    if time_per_unit >= 1e-3:
        return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
    return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"


class Progbar:
    """Displays a progress bar of `target` steps (None: unknown)."""

    def __init__(self, target, width=20, verbose=1, interval=0.05, stateful_metrics=None, stateless_metrics=None,
                 unit_name="step"):
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError("Only one of `stateful_metrics` or `stateless_metrics` can be provided. "
                             "`stateful_metrics` is used to make metrics stateless by default (with an exclusion "
                             "list), while `stateless_metrics` is used to make metrics stateful by default (with "
                             "an exclusion list).")
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        if stateful_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = set(stateful_metrics), None
        elif stateless_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = None, set(stateless_metrics)
        else:
            self.stateful_metrics, self.stateless_metrics = set(), None
        self._dynamic_display = ((hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
                                 or "ipykernel" in sys.modules or "posix" in sys.modules
                                 or "PYCHARM_HOSTED" in os.environ)
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._last_update = 0
        self._time_at_epoch_start = self._start
        self._time_after_first_step = None
        self._prev_total_width = 0

    def _record(self, values, current, finalize):
        for k, v in values or []:
            if k not in self._values_order:
                self._values_order.append(k)
            if self.stateful_metrics is not None:
                stateless = k not in self.stateful_metrics
            else:
                stateless = k in self.stateless_metrics
            if not stateless or finalize:
                # The last update shows the value given; so does a stateful one always.
                self._values[k] = [v, 1]
            else:
                # Weighted by the steps since the last update (at least 1: without a target, the
                # last batch and the epoch's end both report the same step).
                value_base = max(current - self._seen_so_far, 1)
                if k not in self._values:
                    self._values[k] = [v * value_base, value_base]
                else:
                    self._values[k][0] += v * value_base
                    self._values[k][1] += value_base
        self._seen_so_far = current

    def _info_values(self, small):
        info = ""
        for k in self._values_order:
            info += f" - {k}:"
            values, count = self._values[k]
            if not isinstance(values, float):
                values = np.mean(values)
            avg = values / max(1, count)
            info += f" {avg:.4e}" if small(avg) else f" {avg:.4f}"
        return info

    def update(self, current, values=None, finalize=None):
        """Draws step `current` with `values`, a list of `(name, value)`; `finalize` (default: the
        target is reached) ends the bar."""
        if finalize is None:
            finalize = False if self.target is None else current >= self.target
        self._record(values, current, finalize)
        now = time.time()
        time_per_unit = self._estimate_step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            self._draw(current, now, time_per_unit, finalize)
        elif self.verbose == 2 and finalize and self.target is not None and self.target > 0:
            digits = int(math.log10(self.target)) + 1
            info = f"%{digits}d/%d" % (current, self.target) + f" - {now - self._start:.0f}s"
            info += f" -{_format_time(time_per_unit, self.unit_name)}"
            info += self._info_values(lambda avg: not avg > 1e-3)
            print_msg(info + "\n")
        self._last_update = now

    def _draw(self, current, now, time_per_unit, finalize):
        message = "\b" * self._prev_total_width + "\r" if self._dynamic_display else "\n"
        special_char_len = 0  # the terminal escapes, which take no width
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
        info += self._info_values(lambda avg: not abs(avg) > 1e-3)
        message += info
        total_width = len(bar) + len(info) - special_char_len
        if self._prev_total_width > total_width:
            message += " " * (self._prev_total_width - total_width)
        if finalize:
            message += "\n"
        print_msg(message)
        self._prev_total_width = total_width

    def add(self, n, values=None):
        """Advances the bar by `n` steps."""
        self.update(self._seen_so_far + n, values)

    def _estimate_step_duration(self, current, now):
        """The time per step, leaving the first step (often slower: tracing) out once past it."""
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            time_per_unit = (now - self._time_after_first_step) / (current - 1)
        else:
            time_per_unit = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return time_per_unit
