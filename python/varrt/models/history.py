"""Keras 3's `History` callback (keras/src/callbacks/history.py): what `fit` returns, the
logs of each epoch by name in `history` ("loss", metrics, "val_loss", ...) and the epoch
numbers in `epoch`."""


class History:
    """Records each epoch's logs (`tf.keras.callbacks.History`)."""

    def __init__(self):
        self.history = {}
        self.epoch = []
        self.params = {}
        self.model = None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.epoch.append(epoch)
        for k, v in logs.items():
            self.history.setdefault(k, []).append(v)
