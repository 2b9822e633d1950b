"""Keras 3's `ModelCheckpoint` (keras/src/callbacks/model_checkpoint.py): saves the model (a
`.keras` archive) or its weights (`.weights.h5`) after every epoch or every `save_freq` batches,
to a path formatted with the epoch, the batch and the logs ("w.{epoch:02d}-{val_loss:.2f}.keras"),
optionally only when the monitored quantity improves, saying so at `verbose=1`."""
import os
import warnings

import numpy as np

from varrt.framework.tensor import Tensor
from varrt.models import printing
from varrt.models.monitor_callback import MonitorCallback


class ModelCheckpoint(MonitorCallback):
    """Saves the model or its weights during `fit` (`tf.keras.callbacks.ModelCheckpoint`).

    Args:
        filepath: Where to save: a `.keras` path, or a `.weights.h5` path with
            `save_weights_only=True`; may hold `{epoch}`, `{batch}` and log names in `str.format`
            fields.
        monitor: The logged quantity `save_best_only` compares ("val_loss").
        verbose: 1 prints a line for each save (and each save skipped).
        save_best_only: Save only when `monitor` improves on the best value so far.
        save_weights_only: Save the weights only (`model.save_weights`).
        mode: "auto", "min" or "max": which direction of `monitor` is better.
        save_freq: "epoch", or a number of batches between saves.
        initial_value_threshold: The value `monitor` must first improve on.

    Raises:
        ValueError: For a `save_freq` that is neither "epoch" nor an int, or a filepath
            without the suffix the format needs (Keras's messages).
    """

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False, save_weights_only=False,
                 mode="auto", save_freq="epoch", initial_value_threshold=None):
        super().__init__(monitor, mode, initial_value_threshold)
        self.verbose = verbose
        self.filepath = os.fspath(filepath)
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen = None
        self._current_epoch = 0
        if self.save_freq != "epoch" and not isinstance(self.save_freq, int):
            raise ValueError(f"Unrecognized save_freq: {self.save_freq}. Expected save_freq are 'epoch' or integer "
                             "values")
        if save_weights_only:
            if not self.filepath.endswith(".weights.h5"):
                raise ValueError("When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided "
                                 "must end in `.weights.h5` (Keras weights format). Received: "
                                 f"filepath={self.filepath}")
        elif not self.filepath.endswith((".keras", ".h5")):
            raise ValueError(f"The filepath provided must end in `.keras` (Keras model format). Received: "
                             f"filepath={self.filepath}")

    def on_train_batch_end(self, batch, logs=None):
        if self._should_save_on_batch(batch):
            self._save_model(epoch=self._current_epoch, batch=batch, logs=logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()  # once the model's metrics are built
        if self.save_freq == "epoch":
            self._save_model(epoch=epoch, batch=None, logs=logs)

    def _should_save_on_batch(self, batch):
        if self.save_freq == "epoch":
            return False
        if self._last_batch_seen is None or batch <= self._last_batch_seen:
            add_batches = batch + 1  # a new epoch; batches count from 0
        else:
            add_batches = batch - self._last_batch_seen
        self._batches_seen_since_last_saving += add_batches
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def _should_save_model(self, epoch, logs, filepath):
        logs = logs or {}
        if not self.save_best_only:
            if self.verbose > 0:
                printing.print_msg(f"\nEpoch {epoch + 1}: saving model to {filepath}\n")
            return True
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Can save best model only with {self.monitor} available.", stacklevel=2)
            return True
        if isinstance(current, (np.ndarray, Tensor)) and len(current.shape) > 0:
            warnings.warn(f"Can save best model only when `monitor` is a scalar value. Received: {current}. Falling "
                          "back to `save_best_only=False`.")
            return True
        best_str = "None" if self.best is None else f"{self.best:.5f}"
        if self._is_improvement(current, self.best):
            if self.verbose > 0:
                printing.print_msg(f"\nEpoch {epoch + 1}: {self.monitor} improved from {best_str} to {current:.5f}, "
                                   f"saving model to {filepath}\n")
            self.best = current
            return True
        if self.verbose > 0:
            printing.print_msg(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {best_str}\n")
        return False

    def _save_model(self, epoch, batch, logs):
        filepath = self._get_file_path(epoch, batch, logs)
        try:
            if self._should_save_model(epoch, logs, filepath):
                dirname = os.path.dirname(filepath)
                if dirname and not os.path.exists(dirname):
                    os.makedirs(dirname)
                if self.save_weights_only:
                    self.model.save_weights(filepath, overwrite=True)
                else:
                    self.model.save(filepath, overwrite=True)
                if self.verbose > 0:
                    printing.print_msg(f"\nEpoch {epoch + 1}: finished saving model to {filepath}\n")
        except IsADirectoryError:
            raise OSError("Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an existing "
                          f"directory: {filepath}") from None

    def _get_file_path(self, epoch, batch, logs):
        logs = logs or {}
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as e:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". Reason: {e}') from None
