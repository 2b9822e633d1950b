"""Keras 3's `ReduceLROnPlateau` (keras/src/callbacks/reduce_lr_on_plateau.py): multiplies the
optimizer's learning rate by `factor` when the monitored quantity has not improved for `patience`
epochs, then waits `cooldown` epochs; never below `min_lr`. It puts the rate in the epoch's logs."""
import warnings

import numpy as np

from varrt.models import printing
from varrt.models.learning_rate_log import current_learning_rate, log_learning_rate
from varrt.models.monitor_callback import MonitorCallback


class ReduceLROnPlateau(MonitorCallback):
    """Reduces the learning rate when a metric has stopped improving
    (`tf.keras.callbacks.ReduceLROnPlateau`).

    At each epoch's end it puts the optimizer's rate in the logs as "learning_rate" (so History,
    CSVLogger and the progress bar, after it, show it) and compares the monitored value with the
    best so far in float32, as Keras does.

    Args:
        monitor: The log to monitor ("val_loss", "loss", "val_accuracy", ...).
        factor: The rate is multiplied by it when reduced (< 1).
        patience: Epochs without improvement before the rate is reduced.
        verbose: 1 prints "Epoch N: ReduceLROnPlateau reducing learning rate to R." on a reduction.
        mode: "min", "max", or "auto" (from the name: a loss goes down, an accuracy up).
        min_delta: The least change counted as an improvement.
        cooldown: Epochs after a reduction during which no improvement is awaited.
        min_lr: The rate is never reduced below it.

    Raises:
        ValueError: If `factor` >= 1, or in "auto" mode the direction of `monitor` is unknown.
        TypeError: On a reduction, if the optimizer's learning rate is a schedule.
    """

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0.0, **kwargs):
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Received factor={factor}")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0

    def _reset(self):
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def _reduce_optimizer_lr(self, optimizer, epoch):
        old_lr = current_learning_rate(optimizer)
        if old_lr > np.float32(self.min_lr):
            new_lr = max(old_lr * self.factor, self.min_lr)
            optimizer.learning_rate = new_lr
            if self.verbose > 0:
                printing.print_msg(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to {new_lr}.\n")
            return True
        return False

    def on_train_begin(self, logs=None):
        self._reset()

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()  # once the compiled metrics are built
        logs = logs or {}  # as Keras: an empty dict is replaced, the others get the rate
        log_learning_rate(logs, self.model.optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` which is not available. "
                          f"Available metrics are: {','.join(list(logs.keys()))}.", stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience and self._reduce_optimizer_lr(self.model.optimizer, epoch):
                self.cooldown_counter = self.cooldown
                self.wait = 0

    def in_cooldown(self):
        return self.cooldown_counter > 0
