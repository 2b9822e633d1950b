"""Keras 3's `ProgbarLogger` (keras/src/callbacks/progbar_logger.py): the callback that prints
`fit`'s progress, "Epoch i/n" and a progress bar an epoch (progress.py draws it). `fit` adds one
at the end of its callbacks unless `verbose=0` or the callbacks have one; being last, its bar's
final line shows what the callbacks before it added to the logs."""
from varrt.models import printing, progress
from varrt.models.callback import Callback


class ProgbarLogger(Callback):
    """Prints the epochs' progress (`tf.keras.callbacks.ProgbarLogger`): `fit(verbose=1)`'s bar,
    `verbose=2`'s line an epoch. Given among the callbacks, it is called in that place instead of
    last."""

    def __init__(self):
        super().__init__()
        self.seen = 0
        self.progbar = None
        self.target = None
        self.verbose = 1
        self.epochs = 1
        self._called_in_fit = False

    def set_params(self, params):
        # As Keras's: the parameters are read, not kept (`self.params` stays None).
        self.verbose = progress.resolve(params["verbose"])
        self.epochs = params["epochs"]
        self.target = params["steps"]

    def on_train_begin(self, logs=None):
        self._called_in_fit = True  # then fit's validation is silent

    def _reset_progbar(self):
        self.seen = 0
        self.progbar = progress.Progress(self.verbose, self.target)

    def _update_progbar(self, batch, logs):
        self.seen = batch + 1  # one-indexed
        self.progbar.step(self.seen, logs)

    def _finalize_progbar(self, logs):
        if self.target is None:  # a dataset of unknown length: known after its first pass
            self.target = self.seen
        self.progbar.finish(logs or {})

    def on_epoch_begin(self, epoch, logs=None):
        self._reset_progbar()
        if self.verbose and self.epochs > 1:
            printing.print_msg(f"Epoch {epoch + 1}/{self.epochs}\n")

    def on_train_batch_end(self, batch, logs=None):
        self._update_progbar(batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        self._finalize_progbar(logs)

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._reset_progbar()

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._update_progbar(batch, logs)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finalize_progbar(logs)

    def on_predict_begin(self, logs=None):
        self._reset_progbar()

    def on_predict_batch_end(self, batch, logs=None):
        self._update_progbar(batch, None)  # not the predictions

    def on_predict_end(self, logs=None):
        self._finalize_progbar(logs)
