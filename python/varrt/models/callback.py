"""Keras 3's callbacks `fit` calls (keras/src/callbacks/callback.py, callback_list.py): the
`Callback` base with its hooks, and the list that calls each hook on every callback with the
logs as Python floats by sorted name (Keras's `pythonify_logs`)."""
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


class CallbackList:
    """Calls each hook on every callback, in order, with the logs pythonified: one dict for all of
    them, so what a callback adds to the logs (ReduceLROnPlateau's "learning_rate") the callbacks
    after it see. `fit` adds `history` and `progbar` (History and ProgbarLogger, in that order) at
    the end unless the given callbacks have one (Keras's CallbackList); `evaluate` and `predict`
    add a progress bar, and inside `fit` validation runs with `fit`'s list."""

    def __init__(self, callbacks, model, params, history=None, progbar=None):
        self.callbacks = list(callbacks)
        for default in (history, progbar):
            if default is not None and not any(isinstance(c, type(default)) for c in self.callbacks):
                self.callbacks.append(default)
        if history is not None:
            model.history = next(c for c in self.callbacks if isinstance(c, type(history)))
        for callback in self.callbacks:
            callback.set_model(model)
            callback.set_params(params)

    def _call(self, hook, *args, logs=None):
        logs = pythonify_logs(logs)
        for callback in self.callbacks:
            getattr(callback, hook)(*args, logs)  # positional, as Keras calls them (LambdaCallback functions)

    def on_train_begin(self, logs=None):
        self._call("on_train_begin", logs=logs)

    def on_train_end(self, logs=None):
        self._call("on_train_end", logs=logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._call("on_epoch_begin", epoch, logs=logs)

    def on_epoch_end(self, epoch, logs=None):
        self._call("on_epoch_end", epoch, logs=logs)

    def on_train_batch_begin(self, batch, logs=None):
        self._call("on_train_batch_begin", batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self._call("on_train_batch_end", batch, logs=logs)

    def on_test_begin(self, logs=None):
        self._call("on_test_begin", logs=logs)

    def on_test_end(self, logs=None):
        self._call("on_test_end", logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        self._call("on_test_batch_begin", batch, logs=logs)

    def on_test_batch_end(self, batch, logs=None):
        self._call("on_test_batch_end", batch, logs=logs)

    def on_predict_begin(self, logs=None):
        self._call("on_predict_begin", logs=logs)

    def on_predict_end(self, logs=None):
        self._call("on_predict_end", logs=logs)

    def on_predict_batch_begin(self, batch, logs=None):
        self._call("on_predict_batch_begin", batch, logs=logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._call("on_predict_batch_end", batch, logs=logs)
