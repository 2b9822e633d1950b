"""keras.optimizers.RMSprop, each step one fused KerasRMSprop op for all variables."""
from varrt import _C
from varrt.optimizers.keras import sparse_steps
from varrt.optimizers.keras.base_optimizer import Optimizer


class RMSprop(Optimizer):
    """Keras 3's RMSprop: gradients scaled by a moving average of their squares (`tf.keras.optimizers.RMSprop`).

    Each step (`apply_gradients`, `apply`, `minimize`) is one fused core op for all the
    variables, eagerly and inside `tf.function`, with Keras 3's arithmetic under TensorFlow
    bit for bit; a step that fails changes no variable, slot or `iterations`. float32 and
    float64 variables.

    Args:
        learning_rate: A float, a `tf.keras.optimizers.schedules.LearningRateSchedule` or a
            callable taking no argument.
        rho: The discounting factor of the moving average of squared gradients.
        momentum: A float >= 0: momentum of the update.
        epsilon: A small constant for numerical stability.
        centered: If True, gradients are normalized by their estimated variance.
        weight_decay: Must be None: varrt refuses weight decay (`NotImplementedError`).
        clipnorm: If set, each gradient is clipped to this norm.
        clipvalue: If set, each gradient is clipped to `[-clipvalue, clipvalue]`.
        global_clipnorm: If set, the gradients are clipped together to this global norm.
        use_ema: Keep an exponential moving average of the variables (which `fit` leaves in
            them at its end, and `tf.keras.callbacks.SwapEMAWeights` evaluates with).
        ema_momentum: The average's momentum, in [0, 1] (used only with `use_ema`).
        ema_overwrite_frequency: Every that many steps the variables take their averages (used
            only with `use_ema`).
        loss_scale_factor: Must be None (`NotImplementedError` otherwise).
        gradient_accumulation_steps: Must be None (`NotImplementedError` otherwise).
        name: The optimizer's name (default: the class's, numbered when taken).
        **kwargs: Only the deprecated `decay` (ignored with a warning).

    Raises:
        NotImplementedError: If `weight_decay`, `loss_scale_factor` or
            `gradient_accumulation_steps` is set.
        ValueError: If an unknown keyword argument is given, more than one of `clipnorm`,
            `clipvalue` and `global_clipnorm` is set, or `learning_rate` is neither a float, a
            schedule nor a callable.
    """

    _sparse_step = staticmethod(sparse_steps.rmsprop)

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None,
                 name=None, **kwargs):
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

    def _slots_of(self, index):
        slots = (self._velocities[index],)
        if self.momentum > 0:
            slots += (self._momentums[index],)
        return slots + (self._average_gradients[index],) if self.centered else slots

    def _fused_update(self, variables, grads, learning_rate, iterations):
        _C.keras_rmsprop(variables, grads, learning_rate, iterations, self.rho, 1 - self.rho, self.momentum,
                         self.epsilon, self.momentum > 0, bool(self.centered))

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                       "centered": self.centered})
        return config
