"""keras.optimizers.Adagrad, each step one fused KerasAdagrad op for all variables."""
from varrt import _C
from varrt.optimizers.keras.base_optimizer import Optimizer


class Adagrad(Optimizer):
    """Keras 3's Adagrad: per-parameter learning rates scaled by the accumulated squared gradients."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None,
                 name="adagrad", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulators = self.add_optimizer_variables(var_list, "accumulator",
                                                          initializer=self.initial_accumulator_value)

    def _slots_of(self, index):
        return (self._accumulators[index],)

    def _fused_update(self, variables, grads, learning_rate, iterations):
        _C.keras_adagrad(variables, grads, learning_rate, iterations, self.epsilon)

    def get_config(self):
        config = super().get_config()
        config.update({"initial_accumulator_value": self.initial_accumulator_value, "epsilon": self.epsilon})
        return config
