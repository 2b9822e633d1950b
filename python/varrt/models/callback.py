"""Keras 3's `Callback` (keras/src/callbacks/callback.py), the base with its hooks, and the logs
as callbacks see them: Python floats by sorted name (Keras's `pythonify_logs`)."""
import numpy as np

from varrt.framework.tensor import Tensor


def pythonify_logs(logs):
    """Keras's python_utils.pythonify_logs: numbers as Python floats, keys sorted."""
    out = {}
    for key, value in sorted((logs or {}).items()):
        if isinstance(value, dict):
            out.update(pythonify_logs(value))
            continue
        try:
            value = float(np.asarray(value.numpy() if isinstance(value, Tensor) else value))
        except (TypeError, ValueError):
            pass
        out[key] = value
    return out


class Callback:
    """The base of Keras callbacks (`tf.keras.callbacks.Callback`): every hook does nothing."""

    def __init__(self):
        self.params = None
        self._model = None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self._model = model

    @property
    def model(self):
        return self._model

    def on_batch_begin(self, batch, logs=None):
        """A backwards-compatible alias for `on_train_batch_begin`."""

    def on_batch_end(self, batch, logs=None):
        """A backwards-compatible alias for `on_train_batch_end`."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of an epoch."""

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of an epoch, with the epoch's logs."""

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        """Called before a batch of `evaluate`."""

    def on_test_batch_end(self, batch, logs=None):
        """Called after a batch of `evaluate`."""

    def on_predict_batch_begin(self, batch, logs=None):
        """Called before a batch of `predict`."""

    def on_predict_batch_end(self, batch, logs=None):
        """Called after a batch of `predict`."""

    def on_train_begin(self, logs=None):
        """Called at the start of training."""

    def on_train_end(self, logs=None):
        """Called at the end of training."""

    def on_test_begin(self, logs=None):
        """Called at the start of `evaluate`."""

    def on_test_end(self, logs=None):
        """Called at the end of `evaluate`."""

    def on_predict_begin(self, logs=None):
        """Called at the start of `predict`."""

    def on_predict_end(self, logs=None):
        """Called at the end of `predict`."""
