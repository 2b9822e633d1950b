"""Keras 3's `TerminateOnNaN` (keras/src/callbacks/terminate_on_nan.py): stops `fit` after a batch
whose loss is NaN or infinite, or raises RuntimeError at once with `raise_error=True` (then no
callback's `on_train_end` runs)."""
import numpy as np

from varrt.models import printing
from varrt.models.callback import Callback


class TerminateOnNaN(Callback):
    """Stops training at a NaN or Inf loss (`tf.keras.callbacks.TerminateOnNaN`).

    Args:
        raise_error: Raise RuntimeError at once instead of printing "Batch N: Invalid loss,
            terminating training" and stopping after the batch.
    """

    def __init__(self, raise_error=False):
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            if self.raise_error:
                raise RuntimeError(f"NaN or Inf loss encountered at batch {batch}. Loss value: {loss}. Terminating "
                                   "training immediately.")
            printing.print_msg(f"Batch {batch}: Invalid loss, terminating training\n")
            self.model.stop_training = True
