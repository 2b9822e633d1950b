"""keras.optimizers.schedules (keras/src/optimizers/schedules/learning_rate_schedule.py): learning
rates as a function of the optimizer's step, computed with the ops Keras 3 uses under TensorFlow,
in the same order, in the initial rate's dtype (float32 for a Python float). The same code runs
eagerly (a scalar tensor) and inside a traced training step (graph nodes reading the step), as
Keras's does; an optimizer calls its schedule with `iterations` before each update."""
import math

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.graph.control_flow_ops import cond
from varrt.ops.index_ops import where
from varrt.ops.math_ops import add, cast, ceil, cos, divide, equal, floor, log, minimum, multiply, pow


class LearningRateSchedule:
    """A learning rate that depends on the step: called with the step, returns the rate."""

    def __call__(self, step):
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must override `__call__(self, "
                                  "step)`.")

    def get_config(self):
        """The schedule's configuration as a dict (from_config rebuilds it)."""
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must override `get_config()` "
                                  "in order to be serializable.")

    @classmethod
    def from_config(cls, config):
        """A schedule made from a get_config() dict."""
        return cls(**config)


def _check_steps(argument, value):
    if value <= 0:
        raise ValueError(f"Argument `{argument}` must be > 0. Received: {argument}={value}")


def _initial_and_step(schedule, step):
    """The initial rate as a tensor (its dtype the schedule's) and the step cast to that dtype."""
    initial_learning_rate = convert_to_tensor(schedule.initial_learning_rate)
    return initial_learning_rate, cast(step, initial_learning_rate.dtype)


class ExponentialDecay(LearningRateSchedule):
    """initial_learning_rate * decay_rate ** (step / decay_steps), the exponent floored with
    staircase=True (`tf.keras.optimizers.schedules.ExponentialDecay`).

    Raises:
        ValueError: If `decay_steps` <= 0.
    """

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="ExponentialDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_steps("decay_steps", decay_steps)

    def __call__(self, step):
        initial_learning_rate, global_step = _initial_and_step(self, step)
        dtype = initial_learning_rate.dtype
        p = global_step / cast(self.decay_steps, dtype)
        if self.staircase:
            p = floor(p)
        return multiply(initial_learning_rate, pow(cast(self.decay_rate, dtype), p))

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    """values[i] while the step is in the i-th interval between `boundaries`, an interval including
    its upper boundary (`tf.keras.optimizers.schedules.PiecewiseConstantDecay`).

    Raises:
        ValueError: If there is not one value more than boundaries.
    """

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of values. Received: "
                             f"boundaries={boundaries} of length {len(boundaries)}, and values={values} of length "
                             f"{len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        step = convert_to_tensor(step)
        boundaries = [convert_to_tensor(b) for b in self.boundaries]
        boundaries = [b if b.dtype == step.dtype else cast(b, step.dtype) for b in boundaries]
        values = [convert_to_tensor(v) for v in self.values]
        dtype = values[0].dtype
        # Keras's sum of (step in interval i) * values[i]: one term is the value, the others 0.
        result = convert_to_tensor(np.array(0, dtype.as_numpy_dtype))
        result += cast(step <= boundaries[0], dtype) * values[0]
        result += cast(step > boundaries[-1], dtype) * values[-1]
        for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
            result += cast((step > low) & (step <= high), dtype) * value
        return result

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """(initial - end) * (1 - step / decay_steps) ** power + end, the step held at decay_steps, or
    with cycle=True decay_steps stretched to the next multiple past the step
    (`tf.keras.optimizers.schedules.PolynomialDecay`).

    Raises:
        ValueError: If `decay_steps` <= 0.
    """

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name="PolynomialDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name
        _check_steps("decay_steps", decay_steps)

    def __call__(self, step):
        initial_learning_rate, global_step = _initial_and_step(self, step)
        dtype = initial_learning_rate.dtype
        end_learning_rate = cast(self.end_learning_rate, dtype)
        power = cast(self.power, dtype)
        decay_steps = cast(self.decay_steps, dtype)
        if self.cycle:
            # The first multiple of decay_steps past the step (1 at step 0).
            multiplier = where(equal(global_step, 0), convert_to_tensor(1.0, dtype),
                               ceil(global_step / self.decay_steps))
            decay_steps = multiply(decay_steps, multiplier)
        else:
            global_step = minimum(global_step, decay_steps)
        p = divide(global_step, decay_steps)
        return add(multiply(initial_learning_rate - end_learning_rate, pow(1 - p, power)), end_learning_rate)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "end_learning_rate": self.end_learning_rate, "power": self.power, "cycle": self.cycle,
                "name": self.name}


class InverseTimeDecay(LearningRateSchedule):
    """initial_learning_rate / (1 + decay_rate * step / decay_steps), the quotient floored with
    staircase=True (`tf.keras.optimizers.schedules.InverseTimeDecay`).

    Raises:
        ValueError: If `decay_steps` <= 0.
    """

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="InverseTimeDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_steps("decay_steps", decay_steps)

    def __call__(self, step):
        initial_learning_rate, global_step = _initial_and_step(self, step)
        dtype = initial_learning_rate.dtype
        p = global_step / cast(self.decay_steps, dtype)
        if self.staircase:
            p = floor(p)
        denominator = add(cast(1, dtype), multiply(cast(self.decay_rate, dtype), p))
        return divide(initial_learning_rate, denominator)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


def _cosine(completed_fraction, dtype):
    """0.5 * (1 + cos(pi * completed_fraction)), as Keras writes it."""
    return 0.5 * (1.0 + cos(multiply(convert_to_tensor(math.pi, dtype), completed_fraction)))


class CosineDecay(LearningRateSchedule):
    """A cosine from the initial rate (or, after `warmup_steps` of linear warmup, from
    `warmup_target`) down to alpha times it over `decay_steps`, then held there
    (`tf.keras.optimizers.schedules.CosineDecay`).

    Raises:
        ValueError: If `decay_steps` <= 0.
    """

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay", warmup_target=None,
                 warmup_steps=0):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target
        _check_steps("decay_steps", decay_steps)

    def _decay_function(self, step, decay_steps, decay_from_lr, dtype):
        decayed = (1 - self.alpha) * _cosine(divide(step, decay_steps), dtype) + self.alpha
        return multiply(decay_from_lr, decayed)

    @staticmethod
    def _warmup_function(step, warmup_steps, warmup_target, initial_learning_rate):
        return (warmup_target - initial_learning_rate) * (step / warmup_steps) + initial_learning_rate

    def __call__(self, step):
        initial_learning_rate, global_step = _initial_and_step(self, step)
        dtype = initial_learning_rate.dtype
        decay_steps = cast(self.decay_steps, dtype)
        if self.warmup_target is None:
            return self._decay_function(minimum(global_step, decay_steps), decay_steps, initial_learning_rate, dtype)
        warmup_target = cast(self.warmup_target, dtype)
        warmup_steps = cast(self.warmup_steps, dtype)
        global_step = minimum(global_step, decay_steps + warmup_steps)
        return cond(global_step < warmup_steps,
                    lambda: self._warmup_function(global_step, warmup_steps, warmup_target, initial_learning_rate),
                    lambda: self._decay_function(global_step - warmup_steps, decay_steps, warmup_target, dtype))

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "alpha": self.alpha, "name": self.name, "warmup_target": self.warmup_target,
                "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay with warm restarts (SGDR): periods of `first_decay_steps` times `t_mul` ** i
    steps, the i-th starting from `m_mul` ** i times the initial rate, decaying to alpha times it
    (`tf.keras.optimizers.schedules.CosineDecayRestarts`).

    Raises:
        ValueError: If `first_decay_steps` <= 0.
    """

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name="SGDRDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name
        _check_steps("first_decay_steps", first_decay_steps)

    def __call__(self, step):
        initial_learning_rate, global_step = _initial_and_step(self, step)
        dtype = initial_learning_rate.dtype
        alpha = cast(self.alpha, dtype)
        t_mul = cast(self._t_mul, dtype)
        m_mul = cast(self._m_mul, dtype)
        completed_fraction = global_step / cast(self.first_decay_steps, dtype)
        if np.float32(self._t_mul) == 1.0:  # Keras's cond on equal(t_mul, 1.0), a constant
            i_restart = floor(completed_fraction)
            completed_fraction -= i_restart
        else:
            i_restart = floor(log(cast(1.0 - completed_fraction * (1.0 - t_mul), dtype)) / log(t_mul))
            sum_r = divide(1.0 - pow(t_mul, i_restart), (1.0 - t_mul))
            completed_fraction = divide(completed_fraction - sum_r, pow(t_mul, i_restart))
        m_fac = pow(m_mul, i_restart)
        cosine_decayed = 0.5 * m_fac * (1.0 + cos(multiply(convert_to_tensor(math.pi, dtype), completed_fraction)))
        decayed = add(multiply((1 - alpha), cosine_decayed), alpha)
        return multiply(initial_learning_rate, decayed)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "first_decay_steps": self.first_decay_steps,
                "t_mul": self._t_mul, "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


_MODULE = "keras.optimizers.schedules"


def serialize(learning_rate_schedule):
    """The schedule as Keras 3 serializes it into an optimizer's config (a class of its own is
    named by its module, None for `__main__`, and registered under its class name)."""
    cls = type(learning_rate_schedule)
    builtin = globals().get(cls.__name__) is cls
    module = _MODULE if builtin else (None if cls.__module__ == "__main__" else cls.__module__)
    return {"module": module, "class_name": cls.__name__,
            "config": learning_rate_schedule.get_config(), "registered_name": None if builtin else cls.__name__}


def deserialize(config, custom_objects=None):
    """The schedule a `serialize` dict describes (Keras's schedules, or one in `custom_objects`)."""
    name = config["class_name"]
    cls = (custom_objects or {}).get(name) or globals().get(name)
    if not (isinstance(cls, type) and issubclass(cls, LearningRateSchedule)):
        raise TypeError(f"Could not locate class '{name}'. Make sure custom classes are decorated with "
                        "`@keras.saving.register_keras_serializable()`. "
                        f"Full object config: {config}")
    return cls.from_config(config["config"])
