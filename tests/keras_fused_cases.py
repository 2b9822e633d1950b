"""The Keras optimizer cases of tests/test_keras_fused_steps.py, for either framework (`tf` is
varrt or TensorFlow; tests/tools/run_keras_traced.py runs them under TensorFlow): name ->
(optimizer factory, the fused op varrt logs for its step)."""

OPTIMIZERS = {
    "sgd": (lambda tf: tf.keras.optimizers.SGD(0.0123), "KerasSGD"),
    "sgd_nesterov": (lambda tf: tf.keras.optimizers.SGD(0.0123, momentum=0.913, nesterov=True), "KerasSGD"),
    "adam": (lambda tf: tf.keras.optimizers.Adam(0.0123, beta_1=0.913, beta_2=0.9991, epsilon=1.3e-7), "KerasAdam"),
    "adam_amsgrad": (lambda tf: tf.keras.optimizers.Adam(0.0123, amsgrad=True), "KerasAdam"),
    "adagrad": (lambda tf: tf.keras.optimizers.Adagrad(0.0123, initial_accumulator_value=0.13), "KerasAdagrad"),
    "rmsprop": (lambda tf: tf.keras.optimizers.RMSprop(0.0123, rho=0.913), "KerasRMSprop"),
    "rmsprop_momentum_centered": (
        lambda tf: tf.keras.optimizers.RMSprop(0.0123, rho=0.913, momentum=0.31, centered=True), "KerasRMSprop"),
    "adam_schedule": (lambda tf: tf.keras.optimizers.Adam(
        tf.keras.optimizers.schedules.ExponentialDecay(0.0123, decay_steps=2, decay_rate=0.87)), "KerasAdam"),
}

# TensorFlow's graph optimizer (grappler) rewrites Adagrad's and RMSprop's `lr * g / sqrt(x)`
# inside tf.function, so there Keras's traced steps differ from its eager steps in the last
# bit (checked with TensorFlow 2.21); varrt's traced steps are the eager ones, for every case.
TF_TRACED_IS_EAGER = {"sgd", "sgd_nesterov", "adam", "adam_amsgrad", "adam_schedule"}

# The variables of the comparison with TensorFlow: a scalar, float32 and float64 side by side
# (a 0-size variable is left out: Keras's RMSprop under TensorFlow fails on one, its add
# becoming a bias_add, "Biases must be 1D").
TF_SHAPES = [((), "float32"), ((3, 4), "float64"), ((37,), "float32"), ((5,), "float64")]
TF_STEPS = 5


def tf_inputs():
    """{"init/i": initial value, "grad/step/i": gradient}: the comparison's inputs (NumPy only)."""
    import numpy as np
    rng = np.random.default_rng(25)
    data = {f"init/{i}": rng.standard_normal(shape).astype(dtype) for i, (shape, dtype) in enumerate(TF_SHAPES)}
    for s in range(TF_STEPS):
        data.update({f"grad/{s}/{i}": rng.standard_normal(shape).astype(dtype)
                     for i, (shape, dtype) in enumerate(TF_SHAPES)})
    return data
