"""Keras 3's exponential moving average of the trained variables (`use_ema=True`,
keras/src/optimizers/base_optimizer.py): after each update, average = m * average + (1 - m) *
variable, with m = ema_momentum except at the first step (m = 0, so the average starts at the
variable), in the variable's dtype with TensorFlow's ops in Keras's order; every
`ema_overwrite_frequency` steps, and at the end of `fit`, the variables take their averages."""
from varrt.framework import graph_building
from varrt.ops import math_ops
from varrt.ops.index_ops import where


def check_arguments(ema_momentum, ema_overwrite_frequency):
    """Keras's checks of the EMA arguments (made when use_ema=True)."""
    if ema_momentum > 1 or ema_momentum < 0:
        raise ValueError(f"`ema_momentum` must be in the range [0, 1]. Received: ema_momentum={ema_momentum}")
    if ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int) or ema_overwrite_frequency < 1):
        raise ValueError("`ema_overwrite_frequency` must be an integer >= 1 or None. Received: "
                         f"ema_overwrite_frequency={ema_overwrite_frequency}")


def update_moving_averages(variables, averages, iterations, ema_momentum):
    """One step of the averages (`iterations` not yet incremented for the step)."""
    for variable, average in zip(variables, averages):
        not_first_step = math_ops.not_equal(iterations, 0)
        momentum = math_ops.multiply(math_ops.cast(not_first_step, variable.dtype), ema_momentum)
        average.assign(math_ops.add(math_ops.multiply(momentum, average),
                                    math_ops.multiply(math_ops.subtract(1, momentum), variable)))


def overwrite_every(variables, averages, iterations, frequency):
    """The variables take their averages when (iterations + 1) % frequency == 0."""
    should_overwrite = math_ops.equal((iterations + 1) % frequency, 0)
    if graph_building.building():  # each run decides: the variable keeps its value or takes the average
        for variable, average in zip(variables, averages):
            variable.assign(where(should_overwrite, average, variable))
    elif bool(should_overwrite):
        overwrite(variables, averages)


def overwrite(variables, averages):
    """The variables take their averages (Keras's _overwrite_model_variables_with_average_value)."""
    if len(variables) != len(averages):
        raise ValueError(f"The length of model variables ({len(variables)}) to override does not match the length of "
                         f"model variables stored in the optimizer ({len(averages)}). Please check if the optimizer "
                         "was called on your model.")
    for variable, average in zip(variables, averages):
        variable.assign(average)
