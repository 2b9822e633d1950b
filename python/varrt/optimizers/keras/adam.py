"""keras.optimizers.Adam, each step one fused KerasAdam op for all variables (Keras 3's arithmetic:
beta powers pow(beta, iterations + 1) in the variable's dtype, `1 - beta` computed in double)."""
from varrt import _C
from varrt.optimizers.keras import sparse_steps
from varrt.optimizers.keras.base_optimizer import Optimizer


class Adam(Optimizer):
    """Keras 3's Adam: adaptive moment estimation, optionally AMSGrad (`tf.keras.optimizers.Adam`).

    Each step (`apply_gradients`, `apply`, `minimize`) is one fused core op for all the
    variables, eagerly and inside `tf.function`, with Keras 3's arithmetic under TensorFlow
    bit for bit; a step that fails changes no variable, slot or `iterations`. float32 and
    float64 variables.

    Args:
        learning_rate: A float, a `tf.keras.optimizers.schedules.LearningRateSchedule` or a
            callable taking no argument.
        beta_1: The exponential decay rate of the first moment estimates.
        beta_2: The exponential decay rate of the second moment estimates.
        epsilon: A small constant for numerical stability.
        amsgrad: Whether to apply the AMSGrad variant.
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

    _sparse_step = staticmethod(sparse_steps.adam)

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(var_list, ["momentum", "velocity"])
        if self.amsgrad:
            self._velocity_hats = self.add_optimizer_variables(var_list, "velocity_hat")

    def _slots_of(self, index):
        slots = (self._momentums[index], self._velocities[index])
        return slots + (self._velocity_hats[index],) if self.amsgrad else slots

    def _fused_update(self, variables, grads, learning_rate, iterations):
        # The powers' bases are ops.cast(beta, dtype); `1 - beta` and epsilon are Python floats
        # TensorFlow converts to the variable's dtype directly.
        _C.keras_adam(variables, grads, learning_rate, iterations, self._cast_constant(self.beta_1),
                      self._cast_constant(self.beta_2), 1 - self.beta_1, 1 - self.beta_2, self.epsilon)

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon,
                       "amsgrad": self.amsgrad})
        return config
