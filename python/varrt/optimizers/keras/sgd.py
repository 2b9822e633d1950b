"""keras.optimizers.SGD, each step one fused KerasSGD op for all variables. Keras's update (m = m *
momentum - g * lr; var += m, or with nesterov var += m * momentum - g * lr; without momentum
var -= g * lr) is exactly TensorFlow's ResourceApplyKerasMomentum / ResourceApplyGradientDescent
arithmetic, whose kernels KerasSGD runs."""

from varrt import _C
from varrt.optimizers.keras import sparse_steps
from varrt.optimizers.keras.base_optimizer import Optimizer


class SGD(Optimizer):
    """Keras 3's SGD: gradient descent, with optional (Nesterov) momentum (`tf.keras.optimizers.SGD`).

    Each step (`apply_gradients`, `apply`, `minimize`) is one fused core op for all the
    variables, eagerly and inside `tf.function`, with Keras 3's arithmetic under TensorFlow
    bit for bit; a step that fails changes no variable, slot or `iterations`. float32 and
    float64 variables.

    Args:
        learning_rate: A float, a `tf.keras.optimizers.schedules.LearningRateSchedule` or a
            callable taking no argument.
        momentum: A float >= 0 accelerating descent in the relevant direction.
        nesterov: Whether to apply Nesterov momentum.
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

    _sparse_step = staticmethod(sparse_steps.sgd)

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
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
