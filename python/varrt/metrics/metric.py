"""Keras 3's `Metric` (keras/src/metrics/metric.py): state in Keras variables made by
`add_variable` (not trainable, aggregated by sum, in a name scope of the metric's name, "/"
written ">"), `update_state` to accumulate, `result` to read, `reset_state` to zero; calling a
metric updates it and returns its result.

Attribute assignment tracks Keras variables and nested metrics (Keras's `Tracker`), so
`variables` lists the metric's own variables, then those of the metrics it holds."""
from varrt.layers import dtype_policy, naming
from varrt.layers.keras_variable import KerasVariable
from varrt.layers.name_scope import name_scope
from varrt.layers.tracked_collections import Tracker
from varrt.ops import array_ops
from varrt.saving import public_names

_SUPER_NOT_CALLED = "You forgot to call `super().__init__()` in the `__init__()` method. Go add it!"


class Metric:
    """The base of the Keras metrics (`tf.keras.metrics.Metric`).

    Args:
        dtype: The dtype of the metric's computations and variables (a dtype, its name or a
            `DTypePolicy`); default float32.
        name: The metric's name; None gives the class name in snake case, made unique.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # varrt's metrics are Keras's public ones: a compile config names them "keras.metrics.<Name>".
        if cls.__module__.startswith("varrt.metrics.") and not cls.__name__.startswith("_"):
            public_names.export(cls, f"keras.metrics.{cls.__name__}")

    def __init__(self, dtype=None, name=None):
        self.name = name or naming.auto_name(type(self).__name__)
        self._dtype_policy = dtype_policy.get(dtype or "float32")
        self._dtype = self._dtype_policy.compute_dtype
        self._metrics = []
        self._variables = []
        self._tracker = Tracker({"variables": (lambda x: isinstance(x, KerasVariable), self._variables),
                                 "metrics": (lambda x: isinstance(x, Metric), self._metrics)})

    def reset_state(self):
        """Sets every state variable to zeros (between epochs, or by the user)."""
        for v in self.variables:
            v.assign(array_ops.zeros(v.shape, dtype=v.dtype))

    def update_state(self, *args, **kwargs):
        """Accumulates statistics for the metric."""
        raise NotImplementedError

    def result(self):
        """The current value: a scalar tensor (or a dict of them)."""
        raise NotImplementedError

    @property
    def dtype(self):
        """The dtype of the metric's computations (a string, "float32")."""
        return self._dtype

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        """A state variable of the metric (a non-trainable Keras variable named "<metric>/<name>")."""
        self._check_super_called()
        with name_scope(self.name.replace("/", ">"), caller=self):
            variable = KerasVariable(initializer=initializer, shape=shape, dtype=dtype, trainable=False,
                                     aggregation=aggregation, synchronization="on_read", name=name)
        self._tracker.add_to_store("variables", variable)  # stored here, so assigning it does not track it twice
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        """`add_variable` under its older name."""
        return self.add_variable(shape=shape, initializer=initializer, dtype=dtype, name=name)

    @property
    def variables(self):
        """The metric's variables, then those of the metrics it holds."""
        variables = list(self._variables)
        for metric in self._metrics:
            variables.extend(metric.variables)
        return variables

    def __call__(self, *args, **kwargs):
        self._check_super_called()
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        """The metric's configuration (`name`, `dtype`)."""
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        """A new metric from `get_config`'s dict."""
        return cls(**config)

    def __setattr__(self, name, value):
        if "_tracker" in self.__dict__:
            value = self._tracker.track(value)
        object.__setattr__(self, name, value)

    def _check_super_called(self):
        if "_tracker" not in self.__dict__:
            raise RuntimeError(_SUPER_NOT_CALLED)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    def __str__(self):
        return self.__repr__()


public_names.export(Metric, "keras.metrics.Metric")
