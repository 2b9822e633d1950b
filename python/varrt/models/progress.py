"""What `fit`, `evaluate` and `predict` print: Keras 3's ProgbarLogger and Progbar
(keras/src/callbacks/progbar_logger.py, keras/src/utils/progbar.py: `progbar.py`).

`verbose=1` ("auto") redraws a progress bar after a step when 0.05 s have passed since the
last drawing, and at the end of the pass; the display is dynamic ("\\b" and "\\r" redraw the
line) as Keras's is on a POSIX system. `verbose=2` prints one line at the end of each pass:
the steps, the seconds since the pass began, the time per step and each log's value (the bar
leaves the first step, which traces, out of its estimate once there are more). `fit` prints
"Epoch i/n" before each epoch when it runs more than one."""
import numpy as np

from varrt.models.progbar import Progbar


def resolve(verbose):
    return 1 if verbose == "auto" else verbose


class Progress:
    """One pass over the batches as Keras's ProgbarLogger shows it: `step(current, logs)` after
    each batch, `finish(logs)` at the end."""

    def __init__(self, verbose, target):
        self.verbose = resolve(verbose)
        # Keras's logger shows every log as given: none is averaged by the bar.
        self._bar = Progbar(target, verbose=self.verbose, stateless_metrics=set()) if self.verbose else None
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
