"""Keras 3's `SwapEMAWeights` (keras/src/callbacks/swap_ema_weights.py): with an optimizer made
with `use_ema=True`, evaluation and prediction run on the moving averages of the weights: they
are swapped into the model before and back after (with `swap_on_epoch=True` also around each
epoch's end, so the callbacks after it see them). Swapped in place as Keras swaps them under
TensorFlow: a += b; b = a - b; a = a - b, so a swapped-back value may differ in its last bit."""
from varrt.framework.variables import resource_variable_of
from varrt.models.callback import Callback


class SwapEMAWeights(Callback):
    """Swaps the model's weights and the optimizer's moving averages around evaluation
    (`tf.keras.callbacks.SwapEMAWeights`).

    Args:
        swap_on_epoch: Also swap at each epoch's end (and back at the next one's start).

    Raises:
        ValueError: When it first swaps, if the model's optimizer has no moving averages
            (`use_ema=False`).
    """

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_weights_in_model = False

    def _pairs(self):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "_model_variables_moving_average"):
            raise ValueError("SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. Received: "
                             f"use_ema={optimizer.use_ema}")
        return zip([resource_variable_of(v) for v in optimizer._trainable_variables],
                   optimizer._model_variables_moving_average)

    def _swap_variables(self):
        for var, average in self._pairs():
            var.assign_add(average)
            average.assign(var - average)
            var.assign(var - average)

    def _finalize_ema_values(self):
        for var, average in self._pairs():
            average.assign(var)

    def on_epoch_begin(self, epoch, logs=None):
        if self.swap_on_epoch and self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_epoch_end(self, epoch, logs=None):
        if self.swap_on_epoch and not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True
            # fit's end makes the weights the averages: after the last epoch those are the model's now.
            if epoch == self.params["epochs"] - 1:
                self._finalize_ema_values()

    def on_test_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_test_end(self, logs=None):
        if self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_predict_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_predict_end(self, logs=None):
        # Keras's test here is the one of on_predict_begin, so the averages stay in the model
        # after `predict`; kept, as Keras 3 on TensorFlow 2.21 does.
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False
