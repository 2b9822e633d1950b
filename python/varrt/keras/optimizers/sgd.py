"""keras.optimizers.SGD. Keras's update (m = m * momentum - g * lr; var += m, or with nesterov
var += m * momentum - g * lr; without momentum var -= g * lr) is exactly TensorFlow's
ResourceApplyKerasMomentum / ResourceApplyGradientDescent, which run it fused."""
import numpy as np

from varrt import _C
from varrt.keras.optimizers.base_optimizer import Optimizer


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

    def update_step(self, gradient, variable, learning_rate):
        lr = np.asarray(learning_rate, variable.dtype.as_numpy_dtype)
        if self.momentum != 0:
            m = self.momentums[self._get_variable_index(variable)]
            momentum = np.asarray(self.momentum, variable.dtype.as_numpy_dtype)
            _C.training_op("ResourceApplyKerasMomentum", (variable, m), (lr, gradient, momentum), bool(self.nesterov))
        else:
            _C.training_op("ResourceApplyGradientDescent", (variable,), (lr, gradient))

    def graph_update_step(self, gradient, variable, learning_rate):
        if self.momentum != 0:
            m = self.momentums[self._get_variable_index(variable)]
            _C.training_op("ResourceApplyKerasMomentum", (variable, m),
                           (learning_rate, gradient, np.asarray(self.momentum, variable.dtype.as_numpy_dtype)),
                           bool(self.nesterov))
        else:
            _C.training_op("ResourceApplyGradientDescent", (variable,), (learning_rate, gradient))

    def get_config(self):
        config = super().get_config()
        config.update({"momentum": self.momentum, "nesterov": self.nesterov})
        return config
