"""Keras 3's `LambdaCallback` (keras/src/callbacks/lambda_callback.py): hooks given as functions."""
from varrt.models.callback import Callback


class LambdaCallback(Callback):
    """A callback whose hooks are the functions given (`tf.keras.callbacks.LambdaCallback`)."""

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        self.__dict__.update(kwargs)
        for name, fn in (("on_epoch_begin", on_epoch_begin), ("on_epoch_end", on_epoch_end),
                         ("on_train_begin", on_train_begin), ("on_train_end", on_train_end),
                         ("on_train_batch_begin", on_train_batch_begin), ("on_train_batch_end", on_train_batch_end)):
            if fn is not None:
                setattr(self, name, fn)
