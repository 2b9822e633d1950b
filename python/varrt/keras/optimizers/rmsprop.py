"""keras.optimizers.RMSprop, each step one fused KerasRMSprop op."""
from varrt import _C
from varrt.keras.optimizers.base_optimizer import Optimizer


class RMSprop(Optimizer):
    """Keras 3's RMSprop: gradients scaled by a moving average of their squares (optionally centered, with momentum)."""

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None,
                 name="rmsprop", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, "velocity")
        self._momentums = self.add_optimizer_variables(var_list, "momentum") if self.momentum > 0 else []
        self._average_gradients = (self.add_optimizer_variables(var_list, "average_gradient") if self.centered
                                   else [])

    def update_step(self, gradient, variable, learning_rate):
        i = self._get_variable_index(variable)
        r = lambda x: self._rounded(x, variable)  # noqa: E731
        _C.keras_rmsprop(variable, self._velocities[i], self._momentums[i] if self.momentum > 0 else None,
                         self._average_gradients[i] if self.centered else None, gradient, learning_rate, r(self.rho),
                         r(1 - self.rho), r(self.momentum), r(self.epsilon))

    def graph_update_step(self, gradient, variable, learning_rate):
        # Keras 3's RMSprop with ops (see kernels/training_ops.h for the formula).
        import varrt as tf
        i = self._get_variable_index(variable)
        velocity = self._velocities[i]
        velocity.assign(self.rho * velocity + (1 - self.rho) * tf.square(gradient))
        if self.centered:
            average = self._average_gradients[i]
            average.assign(self.rho * average + (1 - self.rho) * gradient)
            denominator = velocity - tf.square(average) + self.epsilon
        else:
            denominator = velocity + self.epsilon
        increment = learning_rate * gradient / tf.sqrt(denominator)
        if self.momentum > 0:
            momentum = self._momentums[i]
            momentum.assign(self.momentum * momentum + increment)
            variable.assign_sub(momentum)
        else:
            variable.assign_sub(increment)

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                       "centered": self.centered})
        return config
