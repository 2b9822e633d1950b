"""Keras 3's `LearningRateScheduler` (keras/src/callbacks/learning_rate_scheduler.py): at each
epoch's start, sets the optimizer's learning rate to `schedule(epoch, lr)` (or `schedule(epoch)`,
the old form, when the two-argument call raises TypeError); puts the rate in the epoch's logs."""
import numpy as np

from varrt.models import printing
from varrt.models.callback import Callback
from varrt.models.learning_rate_log import current_learning_rate, log_learning_rate


class LearningRateScheduler(Callback):
    """Sets the learning rate from a function of the epoch (`tf.keras.callbacks.LearningRateScheduler`).

    Args:
        schedule: `schedule(epoch, lr) -> float` (epochs from 0, `lr` the current rate as a Python
            float), or `schedule(epoch)`; called at each epoch's start.
        verbose: 1 prints "Epoch N: LearningRateScheduler setting learning rate to R.".

    Raises:
        ValueError: If `schedule` returns anything but a Python or NumPy float.
        TypeError: If the optimizer's learning rate is a schedule.
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def _update_optimizer_lr(self, optimizer, epoch):
        if not hasattr(optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:
            learning_rate = self.schedule(epoch, current_learning_rate(optimizer))
        except TypeError:  # the old form, schedule(epoch)
            learning_rate = self.schedule(epoch)
        if not isinstance(learning_rate, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. Got: {learning_rate}")
        optimizer.learning_rate = learning_rate
        return learning_rate

    def on_epoch_begin(self, epoch, logs=None):
        learning_rate = self._update_optimizer_lr(self.model.optimizer, epoch)
        if self.verbose > 0:
            printing.print_msg(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to "
                               f"{learning_rate}.\n")

    def on_epoch_end(self, epoch, logs=None):
        log_learning_rate(logs or {}, self.model.optimizer)
