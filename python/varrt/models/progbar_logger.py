"""Keras 3's `ProgbarLogger` (keras/src/callbacks/progbar_logger.py): the callback that prints
`fit`'s progress, "Epoch i/n" and a progress bar an epoch (progress.py draws it). `fit` adds one
at the end of its callbacks unless `verbose=0` or the callbacks have one; being last, its bar's
final line shows what the callbacks before it added to the logs."""
from varrt.models import progress
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

    def set_params(self, params):
        # As Keras's: the parameters are read, not kept (`self.params` stays None).
        self.verbose = progress.resolve(params["verbose"])
        self.epochs = params["epochs"]
        self.target = params["steps"]

    def on_epoch_begin(self, epoch, logs=None):
        self.seen = 0
        self.progbar = progress.Progress(self.verbose, self.target)
        if self.verbose and self.epochs > 1:
            progress.print_msg(f"Epoch {epoch + 1}/{self.epochs}\n")

    def on_train_batch_end(self, batch, logs=None):
        self.seen = batch + 1  # one-indexed
        self.progbar.step(self.seen, logs)

    def on_epoch_end(self, epoch, logs=None):
        if self.target is None:  # a dataset of unknown length: known after its first epoch
            self.target = self.seen
        self.progbar.finish(logs or {})
