"""`compat.v1`: TensorFlow 1 names, with TensorFlow 1 graphs and sessions.

    import varrt.compat.v1 as tf
    tf.disable_eager_execution()
    x = tf.placeholder(tf.float32, [None, 3])
    w = tf.get_variable("w", [3, 1], initializer=tf.ones_initializer())
    y = tf.matmul(x, w)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(sess.run(y, feed_dict={x: [[1, 2, 3]]}))   # [[6.]]

Inside `with tf.Graph().as_default():`, or anywhere after `disable_eager_execution()` /
`disable_v2_behavior()` (for the whole program, as in TensorFlow), ops build a graph
(graph/graph.py) that a `Session` runs. Otherwise varrt executes eagerly, as TensorFlow 2
does: the initializer functions return None, the variable lists are empty, and `Session.run`
evaluates eager values. Every other attribute of `compat.v1` is varrt's own (`v1.constant`, ...).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import sys
import threading
import types
from typing import Any

from varrt.base import tf2
from varrt.client.session import InteractiveSession, Session, get_default_session  # noqa: F401
from varrt.framework import graph_building as _graph_building
from varrt.graph import graph as _ops
from varrt.framework import variable_scope_store
from varrt.graph.graph import Graph, GraphKeys, get_default_graph, reset_default_graph  # noqa: F401
from varrt.base import dtypes
from varrt.framework.name_scopes import name_scope
from varrt.framework.variables import Variable
from varrt import initializers
from varrt import random as _random
from varrt.framework import variable_enums as _variable_enums
from varrt.framework import variables as _variables
from varrt.framework.device_functions import device_v1 as _device_v1



def _graph():
    return _ops.current_graph()


def global_variables_initializer():
    """Returns an operation that initializes every global variable (TensorFlow 1).

    Returns:
        The operation (run it with a `Session`), or None when executing eagerly, where
        variables are initialized when created.
    """
    g = _graph()
    if g is None:
        return None
    return variables_initializer(g.get_collection(GraphKeys.GLOBAL_VARIABLES))


def initialize_all_variables():
    """Deprecated name of `global_variables_initializer`."""
    return global_variables_initializer()


def local_variables_initializer():
    """TensorFlow 1's initializer of local variables: a no-op in a graph (varrt makes none), None eagerly."""
    g = _graph()
    return None if g is None else _ops.Operation(g, g.unique_name("init"), "NoOp", [])


def variables_initializer(var_list, name="init"):
    """An Operation running the initializers of `var_list` (None when executing eagerly)."""
    g = _graph()
    if g is None:
        return None
    return _ops.Operation(g, g.unique_name(name), "NoOp", g.initializer_nodes(var_list))


def global_variables(scope=None):
    """The graph's global variables ([] when executing eagerly, as TensorFlow 2)."""
    g = _graph()
    return [] if g is None else g.get_collection(GraphKeys.GLOBAL_VARIABLES, scope)


def trainable_variables(scope=None):
    """TensorFlow 1's TRAINABLE_VARIABLES collection of the default graph (empty eagerly)."""
    g = _graph()
    return [] if g is None else g.get_collection(GraphKeys.TRAINABLE_VARIABLES, scope)


def add_to_collection(name, value):
    """Adds `value` to the default graph's collection `name` (TensorFlow 1)."""
    get_default_graph().add_to_collection(name, value)


def get_collection(key, scope=None):
    """The default graph's collection `key`, filtered by name `scope` (TensorFlow 1; empty eagerly)."""
    return get_default_graph().get_collection(key, scope)


def placeholder(dtype, shape=None, name=None):
    """Inserts a placeholder for a tensor that will always be fed (TensorFlow 1).

    Args:
        dtype: The dtype of the values fed.
        shape: The shape (None dimensions accept any size; None: any shape).
        name: A name for the operation (optional).

    Returns:
        A symbolic `Tensor`, to be fed through `Session.run`'s `feed_dict`.

    Raises:
        RuntimeError: If executing eagerly.
    """
    g = _graph()
    if g is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    return g.add_placeholder(dtypes.as_dtype(dtype), shape, name)


def disable_eager_execution():
    """Ops build into the default graph from now on, for the whole program (as in TensorFlow)."""
    _ops.disable_eager_execution()


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """Turns eager execution back on (tf.compat.v1.enable_eager_execution)."""
    _ops.enable_eager_execution()


def disable_v2_behavior():
    """TensorFlow 1 behaviour: graph mode, and variables shown as reference variables."""
    tf2.disable()
    _ops.disable_eager_execution()


def enable_v2_behavior():
    """TensorFlow 2 behaviour: eager execution on (tf.compat.v1.enable_v2_behavior)."""
    tf2.enable()
    _ops.enable_eager_execution()


def executing_eagerly():
    """Whether ops run eagerly now: False in a TensorFlow 1 graph or while a function is traced."""
    return _graph_building.executing_eagerly()


def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False, gate_gradients=False,
              aggregation_method=None, stop_gradients=None, unconnected_gradients="none") -> list[Any]:
    """d(sum of ys)/d(each of xs) in the default graph (TensorFlow 1's tf.gradients)."""
    g = _graph()
    if g is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape "
                           "instead.")
    single = not isinstance(xs, (list, tuple))
    out = g.gradients(ys, [xs] if single else list(xs), grad_ys)
    return list(out)


def gradients_v2(ys, xs, grad_ys=None, name="gradients", gate_gradients=False, aggregation_method=None,
                 stop_gradients=None, unconnected_gradients="none") -> list[Any]:
    """TensorFlow 2's tf.gradients: tf.compat.v1.gradients without colocate_gradients_with_ops."""
    return gradients(ys, xs, grad_ys, name, gate_gradients=gate_gradients, aggregation_method=aggregation_method,
                     stop_gradients=stop_gradients, unconnected_gradients=unconnected_gradients)


# --- variable scopes and get_variable ------------------------------------------------------------

AUTO_REUSE = "AUTO_REUSE"  # TensorFlow's _ReuseMode.AUTO_REUSE


class _ScopeStack(threading.local):
    def __init__(self):
        self.stack = []  # (name, reuse, initializer)


_scopes = _ScopeStack()
_stores = {}  # graph id (or None eagerly) -> {full name: Variable}


class variable_scope:  # noqa: N801 - TensorFlow's public name
    """A scope for `get_variable` names and reuse (also a name scope for the ops inside)."""

    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                 caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                 use_resource=None, constraint=None, auxiliary_name_scope=True):
        if name_or_scope is None and default_name is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if partitioner is not None:
            raise NotImplementedError("varrt does not partition variables (variable_scope partitioner=)")
        self._name = name_or_scope.name if isinstance(name_or_scope, variable_scope) else (name_or_scope or
                                                                                          default_name)
        self._reuse = reuse
        self._initializer = initializer

    @property
    def name(self):
        """The scope's full name."""
        return "/".join([s[0] for s in _scopes.stack] + [self._name]) if _scopes.stack and \
            _scopes.stack[-1][3] is not self else self._name

    @property
    def reuse(self):
        """The scope's reuse setting (True, AUTO_REUSE or False)."""
        return self._reuse

    def reuse_variables(self):
        """Makes get_variable in this scope reuse existing variables."""
        if _scopes.stack:
            name, _, init, owner = _scopes.stack[-1]
            _scopes.stack[-1] = (name, True, init, owner)

    def __enter__(self):
        outer_reuse = _scopes.stack[-1][1] if _scopes.stack else None
        reuse = self._reuse if self._reuse is not None else outer_reuse
        init = self._initializer if self._initializer is not None else (_scopes.stack[-1][2] if _scopes.stack
                                                                        else None)
        _scopes.stack.append((self._name, reuse, init, self))
        self._full_name = "/".join(s[0] for s in _scopes.stack)
        variable_scope_store.open_scope(self._full_name)
        self._name_scope = name_scope(self._name)
        self._name_scope.__enter__()
        return self

    def __exit__(self, *exc):
        self._name_scope.__exit__(*exc)
        _scopes.stack.pop()
        variable_scope_store.close_subscopes(self._full_name)
        return False


def get_variable_scope():
    """The current variable_scope (TensorFlow 1's tf.compat.v1.get_variable_scope)."""
    return _scopes.stack[-1][3] if _scopes.stack else variable_scope("")


def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True, use_resource=None,
                 custom_getter=None, constraint=None, synchronization=None, aggregation=None):
    """Gets an existing variable `scope/name` or creates a new one (TensorFlow 1).

    Args:
        name: The variable's name within the current `variable_scope`.
        shape: Its shape (needed when `initializer` is not a value).
        dtype: Its dtype (default float32).
        initializer: An initializer, a value, or None (glorot_uniform for floats, zeros
            otherwise).
        regularizer: A function of the variable whose result is added to the
            `REGULARIZATION_LOSSES` collection.
        trainable: Whether it is trainable (default True).
        collections: The collections to add it to (default: global variables).
        caching_device: Accepted for compatibility and ignored.
        partitioner: Must be None: partitioned variables are refused (`NotImplementedError`).
        validate_shape: Accepted for compatibility.
        use_resource: Accepted (every variable is a resource variable).
        custom_getter: A function wrapping the creation, as TensorFlow's.
        constraint: A projection function applied after optimizer updates.
        synchronization: A `tf.VariableSynchronization`.
        aggregation: A `tf.VariableAggregation`.

    Returns:
        The created or existing `Variable`.

    Raises:
        ValueError: If the variable exists and the scope does not reuse (or reuse is set and it
            does not exist), or if its shape or dtype differ from the existing one's.
        NotImplementedError: If `partitioner` is given.
    """
    if partitioner is not None:
        raise NotImplementedError("varrt does not partition variables (get_variable partitioner=)")
    full = "/".join([s[0] for s in _scopes.stack if s[0]] + [name])
    reuse = _scopes.stack[-1][1] if _scopes.stack else None
    g = _graph()
    store = _stores.setdefault(id(g) if g is not None else None, {})
    if full in store:
        if reuse is True or reuse == AUTO_REUSE:
            return store[full]
        raise ValueError(f"Variable {full} already exists, disallowed. Did you mean to set reuse=True or "
                         "reuse=tf.AUTO_REUSE in VarScope?")
    if reuse is True:
        raise ValueError(f"Variable {full} does not exist, or was not created with tf.get_variable(). Did you mean "
                         "to set reuse=tf.AUTO_REUSE in VarScope?")
    if initializer is None and _scopes.stack:
        initializer = _scopes.stack[-1][2]
    dtype = dtypes.as_dtype(dtype) if dtype is not None else (
        initializer.dtype if hasattr(initializer, "dtype") and not callable(initializer) else dtypes.float32)
    if initializer is None:
        initializer = initializers.glorot_uniform() if dtype.is_floating else initializers.zeros()
    if isinstance(initializer, type):  # TensorFlow accepts an initializer class (tf.zeros_initializer)
        initializer = initializer()
    if callable(initializer):
        if shape is None:
            raise ValueError("The initializer passed is not valid. It should be a callable with no arguments and the "
                             "shape should not be provided or an instance of `tf.keras.initializers.*' and `shape` "
                             "should be fully defined.")
        value = (lambda: initializer(shape, dtype))
    else:
        value = initializer
    # The name ends in "/": absolute, not under the name scope variable_scope opened (TensorFlow
    # names get_variable's variables by variable scopes only).
    v = Variable(value, name=full + "/", dtype=dtype, trainable=True if trainable is None else trainable,
                 constraint=constraint, synchronization=synchronization, aggregation=aggregation)
    if not tf2.enabled():
        v._ref_variable = True  # TensorFlow 1 makes a reference variable (VariableV2)
    store[full] = v
    return v


class _LazyNamespace(types.ModuleType):
    """A module whose missing attributes come from another module, imported on first use (so
    `compat.v1.train.Saver` works without importing `varrt.train` until it is needed)."""

    def __init__(self, name, target, doc=None, hidden=()):
        super().__init__(name, doc)
        self._target = target
        self._hidden = frozenset(hidden)  # the target's names this namespace does not have

    def __getattr__(self, name):
        if name.startswith("__") or name in self._hidden:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
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
    # TensorFlow 1 has no tf.autodiff or tf.optimizers, and its tf.losses are other functions.
    v1 = _LazyNamespace(__name__ + ".v1", "varrt", "TensorFlow 1 names over varrt (see varrt.compat).",
                        hidden=("autodiff", "losses", "optimizers"))
    for name in ("global_variables_initializer", "initialize_all_variables", "local_variables_initializer",
                 "variables_initializer", "global_variables", "trainable_variables", "placeholder",
                 "disable_eager_execution", "enable_eager_execution", "disable_v2_behavior", "enable_v2_behavior",
                 "executing_eagerly", "Session", "InteractiveSession", "get_default_session", "Graph", "GraphKeys",
                 "get_default_graph", "reset_default_graph", "add_to_collection", "get_collection", "variable_scope",
                 "get_variable_scope", "get_variable", "AUTO_REUSE", "gradients"):
        setattr(v1, name, globals()[name])
    v1.device = _device_v1
    v1.Variable = _variables.Variable
    v1.VariableAggregation = _variable_enums.VariableAggregation  # TensorFlow 1's enum (ONLY_FIRST_TOWER)
    v1.random_normal = _random.normal
    v1.random_uniform = _random.uniform
    v1.truncated_normal = _random.truncated_normal
    v1.set_random_seed = _random.set_seed
    v1.train = _LazyNamespace(v1.__name__ + ".train", "varrt.train.compat_v1",
                                "TensorFlow 1's tf.train: varrt.train and the v1 optimizers.")
    sys.modules[v1.__name__] = v1
    sys.modules[v1.train.__name__] = v1.train
    return v1


v1 = _make_v1()
