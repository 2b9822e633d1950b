"""Keras 3's `History` callback (keras/src/callbacks/history.py): what `fit` returns, the
logs of each epoch by name in `history` ("loss", metrics, "val_loss", ...) and the epoch
numbers in `epoch`."""
from varrt.models.callback import Callback


class History(Callback):
    """Records each epoch's logs (`tf.keras.callbacks.History`)."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.epoch.append(epoch)
        for k, v in logs.items():
            self.history.setdefault(k, []).append(v)
