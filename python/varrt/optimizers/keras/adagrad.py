"""keras.optimizers.Adagrad, each step one fused KerasAdagrad op for all variables."""
from varrt import _C
from varrt.optimizers.keras import sparse_steps
from varrt.optimizers.keras.base_optimizer import Optimizer


class Adagrad(Optimizer):
    """Keras 3's Adagrad: per-parameter learning rates scaled by the accumulated squared gradients.

    Each step (`apply_gradients`, `apply`, `minimize`) is one fused core op for all the
    variables, eagerly and inside `tf.function`, with Keras 3's arithmetic under TensorFlow
    bit for bit; a step that fails changes no variable, slot or `iterations`. float32 and
    float64 variables.

    Args:
        learning_rate: A float, a `tf.keras.optimizers.schedules.LearningRateSchedule` or a
            callable taking no argument.
        initial_accumulator_value: The starting value of the accumulators (>= 0).
        epsilon: A small constant for numerical stability.
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

    _sparse_step = staticmethod(sparse_steps.adagrad)

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None,
                 name=None, **kwargs):
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
