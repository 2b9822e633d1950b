"""`compat.v1`: TensorFlow 1 names, so TF1-style scripts run on varrt's eager runtime.

    import varrt.compat.v1 as tf
    v = tf.Variable(1.0)
    init = tf.global_variables_initializer()
    with tf.Session() as sess:
        sess.run(init)
        sess.run(v.assign_add(1.0))
        print(sess.run(v))            # 2.0

varrt always executes eagerly, as TensorFlow 2 does: variables are initialised when they
are created, so the initializer functions return None (TensorFlow's answer in eager mode),
and `Session.run` simply evaluates what it is given to NumPy values. (Real TensorFlow in
eager mode refuses `Session.run` because its graph is empty; a TF1 script gets there only
after `disable_eager_execution()`, which varrt accepts and ignores.) There are no
placeholders. Every other attribute of `compat.v1` is varrt's own (`v1.constant`, ...).
"""
import sys
import types


def global_variables_initializer():
    """None: eager variables are initialised at creation (TensorFlow 2 returns None too)."""
    return None


def initialize_all_variables():
    """Deprecated name of `global_variables_initializer` (None in eager mode)."""
    return None


def local_variables_initializer():
    return None


def variables_initializer(var_list, name="init"):
    """None: the variables in `var_list` are already initialised (eager mode)."""
    return None


def global_variables(scope=None):
    """[]: eager mode keeps no variable collections (as TensorFlow's eager mode)."""
    return []


def trainable_variables(scope=None):
    return []


def placeholder(dtype, shape=None, name=None):
    raise RuntimeError("tf.placeholder() is not compatible with eager execution.")


def disable_eager_execution():
    """Accepted and ignored: varrt has no graph mode (see the module docstring)."""


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """Accepted; varrt always executes eagerly."""


def disable_v2_behavior():
    """Accepted and ignored: varrt keeps TensorFlow 2's eager behaviour."""


def enable_v2_behavior():
    """Accepted; varrt has TensorFlow 2's behaviour."""


def executing_eagerly():
    return True


def _fetch(value):
    from varrt.framework.tensor import Tensor
    from varrt.framework.variables import Variable
    if value is None:
        return None
    if isinstance(value, (Tensor, Variable)):
        return value.numpy()
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*(_fetch(v) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_fetch(v) for v in value)
    if isinstance(value, dict):
        return type(value)((k, _fetch(v)) for k, v in value.items())
    raise TypeError(f"Fetch argument {value!r} has invalid type {type(value)}, must be a string or Tensor. (Can not "
                    f"convert a {type(value).__name__} into a Tensor or Operation.)")


class Session:
    """TensorFlow 1's Session over an eager runtime: `run` evaluates, it does not execute a graph.

    `run(fetches)` takes a Tensor, a Variable (its current value), None (what the eager
    initializers return) or a list, tuple, namedtuple or dict of them, and returns the same
    structure with NumPy values in place of tensors.
    """

    def __init__(self, target="", graph=None, config=None):
        self._closed = False
        self.graph = graph

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        if feed_dict:
            raise RuntimeError("varrt executes eagerly and has no placeholders: there is nothing to feed. Compute "
                               "the fetched values from the inputs directly.")
        return _fetch(fetches)

    def close(self):
        self._closed = True

    def as_default(self):
        return self

    def __enter__(self):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()
        return False


InteractiveSession = Session


class _LazyNamespace(types.ModuleType):
    """A module whose missing attributes come from another module, imported on first use (so
    `compat.v1.train.Saver` works without importing `varrt.train` until it is needed)."""

    def __init__(self, name, target, doc=None):
        super().__init__(name, doc)
        self._target = target

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        import importlib
        try:
            module = importlib.import_module(self._target)
        except ModuleNotFoundError as e:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r} ({self._target} is not "
                                 f"available: {e})") from None
        try:
            return getattr(module, name)
        except AttributeError:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}") from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.__dict__))


def _make_v1():
    from varrt import random as _random
    from varrt.framework import variable_enums as _variable_enums
    from varrt.framework import variables as _variables
    v1 = _LazyNamespace(__name__ + ".v1", "varrt", "TensorFlow 1 names over varrt (see varrt.compat).")
    for name in ("global_variables_initializer", "initialize_all_variables", "local_variables_initializer",
                 "variables_initializer", "global_variables", "trainable_variables", "placeholder",
                 "disable_eager_execution", "enable_eager_execution", "disable_v2_behavior", "enable_v2_behavior",
                 "executing_eagerly", "Session", "InteractiveSession"):
        setattr(v1, name, globals()[name])
    v1.Variable = _variables.Variable
    v1.VariableAggregation = _variable_enums.VariableAggregation  # TensorFlow 1's enum (ONLY_FIRST_TOWER)
    v1.random_normal = _random.normal
    v1.random_uniform = _random.uniform
    v1.truncated_normal = _random.truncated_normal
    v1.set_random_seed = _random.set_seed
    v1.train = _LazyNamespace(v1.__name__ + ".train", "varrt.training.v1_train",
                                "TensorFlow 1's tf.train: varrt.train and the v1 optimizers.")
    sys.modules[v1.__name__] = v1
    sys.modules[v1.train.__name__] = v1.train
    return v1


v1 = _make_v1()


def __getattr__(name):
    if name == "v2":
        import varrt
        return varrt
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
