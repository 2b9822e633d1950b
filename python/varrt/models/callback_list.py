"""Keras 3's `CallbackList` (keras/src/callbacks/callback_list.py): the callbacks `fit`,
`evaluate` and `predict` call, each hook on every callback in order with the logs pythonified
once, one dict for all of them, so what a callback adds to the logs (ReduceLROnPlateau's
"learning_rate") the callbacks after it see. `add_history` and `add_progbar` append History and
ProgbarLogger, in that order, unless the callbacks have one; inside `fit` validation runs with
`fit`'s list."""
from varrt.base import nest
from varrt.models.callback import Callback, pythonify_logs
from varrt.models.history import History
from varrt.models.progbar_logger import ProgbarLogger


class CallbackList(Callback):
    """Calls its callbacks' hooks (`tf.keras.callbacks.CallbackList`)."""

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        super().__init__()
        self.callbacks = nest.flatten(callbacks) if callbacks else []
        self._history = next((c for c in self.callbacks if isinstance(c, History)), None)
        self._progbar = next((c for c in self.callbacks if isinstance(c, ProgbarLogger)), None)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        self.set_model(model)
        self.set_params(params)

    def set_params(self, params):
        self.params = params
        if params:
            for callback in self.callbacks:
                callback.set_params(params)

    def set_model(self, model):
        if not model:
            return
        super().set_model(model)
        if self._history:
            model.history = self._history
        for callback in self.callbacks:
            callback.set_model(model)

    def _call(self, hook, *args, logs=None):
        logs = pythonify_logs(logs)
        for callback in self.callbacks:
            getattr(callback, hook)(*args, logs)  # positional, as Keras calls them (LambdaCallback functions)

    def on_batch_begin(self, batch, logs=None):
        self._call("on_batch_begin", batch, logs=logs)

    def on_batch_end(self, batch, logs=None):
        self._call("on_batch_end", batch, logs=logs)

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
