"""keras.optimizers.schedules: learning rates as a function of the step, computed as Keras 3
computes them under TensorFlow (float32 ops on the initial rate's dtype; NumPy float32
arithmetic and powf give the same bits)."""
import numpy as np

from varrt.base.dtypes import float32
from varrt.framework import graph_building
from varrt.framework.tensor import constant
from varrt.ops.index_ops import where
from varrt.ops.math_ops import cast, floor, pow


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


def _step(step):
    return step.numpy() if hasattr(step, "numpy") else step


def _building():
    return graph_building.building()


def _graph_progress(schedule, step):
    """Inside a graph (tf.function): (lr, progress) as float32 tensors computed from the step tensor."""
    p = cast(step, float32) / constant(float(schedule.decay_steps), float32)
    return constant(schedule.initial_learning_rate, float32), (floor(p) if schedule.staircase else p)


class _RateDecay(LearningRateSchedule):
    """What ExponentialDecay and InverseTimeDecay share: their arguments and the (staircased)
    progress step / decay_steps, in float32 as Keras computes it."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase, name):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def _progress(self, step):
        lr = np.float32(self.initial_learning_rate)
        t = lr.dtype.type
        p = t(_step(step)) / t(self.decay_steps)
        return lr, t, (np.floor(p) if self.staircase else p)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class ExponentialDecay(_RateDecay):
    """initial_learning_rate * decay_rate ** (step / decay_steps) (floored with staircase=True)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="ExponentialDecay"):
        if decay_steps <= 0:
            raise ValueError(f"Argument `decay_steps` must be > 0. Received: decay_steps={decay_steps}")
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step):
        if _building():
            lr, p = _graph_progress(self, step)
            return lr * pow(constant(self.decay_rate, float32), p)
        lr, t, p = self._progress(step)
        return lr * np.power(t(self.decay_rate), p)


class InverseTimeDecay(_RateDecay):
    """initial_learning_rate / (1 + decay_rate * step / decay_steps) (floored with staircase=True)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="InverseTimeDecay"):
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step):
        if _building():
            lr, p = _graph_progress(self, step)
            return lr / (1.0 + self.decay_rate * p)
        lr, t, p = self._progress(step)
        return lr / (t(1) + t(self.decay_rate) * p)


class PiecewiseConstantDecay(LearningRateSchedule):
    """values[i] while step is in the i-th interval between `boundaries`."""

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of values. Received: "
                             f"boundaries={boundaries} of length {len(boundaries)}, and values={values} of length "
                             f"{len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        if _building():
            value = constant(self.values[-1], float32)
            for b, v in zip(reversed(self.boundaries), reversed(self.values[:-1])):
                value = where(step <= b, constant(v, float32), value)
            return value
        s = _step(step)
        for b, v in zip(self.boundaries, self.values):
            if s <= b:
                return np.float32(v)
        return np.float32(self.values[-1])

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


def deserialize(config):
    """A schedule from Keras's config dict (`{"class_name": "ExponentialDecay", "config": {...}}`)."""
    classes = {cls.__name__: cls for cls in (ExponentialDecay, InverseTimeDecay, PiecewiseConstantDecay)}
    cls = classes.get(config.get("class_name"))
    if cls is None:
        raise ValueError(f"Could not interpret learning rate schedule config: {config}")
    return cls.from_config(config.get("config", {}))
