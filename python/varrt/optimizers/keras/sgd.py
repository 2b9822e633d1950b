"""keras.optimizers.SGD, each step one fused KerasSGD op for all variables. Keras's update (m = m *
momentum - g * lr; var += m, or with nesterov var += m * momentum - g * lr; without momentum
var -= g * lr) is exactly TensorFlow's ResourceApplyKerasMomentum / ResourceApplyGradientDescent
arithmetic, whose kernels KerasSGD runs."""

from varrt import _C
from varrt.optimizers.keras.base_optimizer import Optimizer


class SGD(Optimizer):
    """Keras 3's SGD: gradient descent, with optional (Nesterov) momentum."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name="SGD",
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self.momentums = []
        if self.momentum != 0:
            self.momentums = self.add_optimizer_variables(variables, "momentum")

    def _slots_of(self, index):
        return (self.momentums[index],) if self.momentum != 0 else ()

    def _fused_update(self, variables, grads, learning_rate, iterations):
        _C.keras_sgd(variables, grads, learning_rate, iterations, self._cast_constant(self.momentum),
                     bool(self.nesterov))  # ops.cast(self.momentum, dtype)

    def get_config(self):
        config = super().get_config()
        config.update({"momentum": self.momentum, "nesterov": self.nesterov})
        return config
