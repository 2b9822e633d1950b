"""keras.optimizers.Adam, each step one fused KerasAdam op (Keras 3's arithmetic: beta powers
pow(beta, iterations + 1) in the variable's dtype, `1 - beta` computed in double)."""
from varrt import _C
from varrt.keras.optimizers.base_optimizer import Optimizer


class Adam(Optimizer):
    """Keras 3's Adam: adaptive moment estimation (optionally AMSGrad), one fused update per variable."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name="adam",
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

    def update_step(self, gradient, variable, learning_rate):
        i = self._get_variable_index(variable)
        r = lambda x: self._rounded(x, variable)  # noqa: E731
        _C.keras_adam(variable, self._momentums[i], self._velocities[i],
                      self._velocity_hats[i] if self.amsgrad else None, gradient, learning_rate, r(self.beta_1),
                      r(self.beta_2), r(1 - self.beta_1), r(1 - self.beta_2), r(self.epsilon),
                      float(int(self._iterations.numpy()) + 1))

    def graph_update_step(self, gradient, variable, learning_rate):
        # Keras 3's Adam with ops, as Keras runs it under tf.function: alpha = lr * sqrt(1 -
        # beta_2^t) / (1 - beta_1^t). (TensorFlow's fused ResourceApplyAdam computes 1 - beta in
        # float32 and drifts from Keras by ~1e-6 relative in a few steps: not used.)
        import varrt as tf
        i = self._get_variable_index(variable)
        m, v = self._momentums[i], self._velocities[i]
        step = self._local_step(variable)
        dtype = variable.dtype
        beta_1, beta_2 = tf.constant(self.beta_1, dtype), tf.constant(self.beta_2, dtype)
        alpha = learning_rate * tf.sqrt(1 - tf.pow(beta_2, step)) / (1 - tf.pow(beta_1, step))
        m.assign_add((gradient - m) * (1 - self.beta_1))
        v.assign_add((tf.square(gradient) - v) * (1 - self.beta_2))
        if self.amsgrad:
            v_hat = self._velocity_hats[i]
            v_hat.assign(tf.maximum(v_hat, v))
            v = v_hat
        variable.assign_sub((m * alpha) / (tf.sqrt(v) + self.epsilon))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon,
                       "amsgrad": self.amsgrad})
        return config
