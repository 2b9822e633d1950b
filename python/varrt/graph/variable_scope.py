"""TensorFlow 1's variable scopes and `get_variable` (tensorflow/python/ops/variable_scope.py):
variables named by scope, created once per graph and reused when the scope says so."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import threading
import weakref

from varrt.ops import init_ops, init_ops_v1
from varrt.base import dtypes, tf2
from varrt.framework import variable_scope_store
from varrt.framework.name_scopes import name_scope
from varrt.framework.variables import Variable
from varrt.graph import graph as _ops
from varrt.graph.graph import GraphKeys


# --- variable scopes and get_variable ------------------------------------------------------------

AUTO_REUSE = "AUTO_REUSE"  # TensorFlow's _ReuseMode.AUTO_REUSE


class _ScopeStack(threading.local):
    def __init__(self):
        self.stack = []  # (name, reuse, initializer)


_scopes = _ScopeStack()
# graph -> {full name: Variable}; weak, so a graph's variables go with it and a new graph that
# reuses a freed one's id() starts empty (an id-keyed store handed it the old graph's names)
_stores = weakref.WeakKeyDictionary()
_eager_store = {}  # get_variable outside any graph


class variable_scope:  # noqa: N801 - TensorFlow's public name
    """A scope for `get_variable` names and reuse (also a name scope for the ops inside)."""

    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                 caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                 use_resource=None, constraint=None, auxiliary_name_scope=True):
        if name_or_scope is None and default_name is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if partitioner is not None:
            raise NotImplementedError("varrt does not partition variables (variable_scope partitioner=)")
        self._name = name_or_scope.name if isinstance(name_or_scope, variable_scope) else name_or_scope
        # Without a name the scope takes `default_name`, made unique when entered ("dense", "dense_1", ...).
        self._default_name = default_name if not self._name else None
        self._reuse = reuse
        self._initializer = initializer

    @property
    def name(self):
        """The scope's full name."""
        if hasattr(self, "_full_name"):  # entered: TensorFlow's VariableScope.name is the full name
            return self._full_name
        if self._name is None:
            return self._default_name
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
        if self._default_name is not None:
            self._name = variable_scope_store.open_unique_scope(self._default_name)
            self._default_name = None
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


def get_local_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=False,
                       collections=None, caching_device=None, partitioner=None, validate_shape=True,
                       use_resource=None, custom_getter=None, constraint=None, synchronization=None,
                       aggregation=None):
    """`get_variable` of a local variable: not trainable, in LOCAL_VARIABLES (and `collections`), not among
    the global variables (so `local_variables_initializer` initializes it and a Saver leaves it out)."""
    collections = list(collections or []) + [GraphKeys.LOCAL_VARIABLES]
    return get_variable(name, shape=shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
                        trainable=False, collections=collections, caching_device=caching_device,
                        partitioner=partitioner, validate_shape=validate_shape, use_resource=use_resource,
                        custom_getter=custom_getter, constraint=constraint, synchronization=synchronization,
                        aggregation=aggregation)


def no_regularizer(_):
    """A regularizer that adds no loss (TensorFlow 1's tf.no_regularizer)."""
    return None


def variable_store():
    """{full name: Variable} of the variables `get_variable` made in the current graph (or eagerly)."""
    g = _ops.current_graph()
    return _stores.setdefault(g, {}) if g is not None else _eager_store


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
        initializer: An initializer, a value, or None (TensorFlow 1's glorot_uniform_initializer
            for floats, drawn by the graph's seed; zeros otherwise).
        regularizer: A function of the variable whose result is added to the
            `REGULARIZATION_LOSSES` collection.
        trainable: Whether it is trainable (default True).
        collections: The collections to put it in (default: the global variables; a list without
            GLOBAL_VARIABLES leaves it out of them).
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
    g = _ops.current_graph()
    store = _stores.setdefault(g, {}) if g is not None else _eager_store
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
    if initializer is None:  # TensorFlow 1's glorot_uniform_initializer: drawn by the graph's seed
        initializer = init_ops_v1.GlorotUniform() if dtype.is_floating else init_ops.zeros()
    if isinstance(initializer, type):  # TensorFlow accepts an initializer class (tf.zeros_initializer)
        initializer = initializer()
    if callable(initializer):
        if shape is None:
            raise ValueError("The initializer passed is not valid. It should be a callable with no arguments and the "
                             "shape should not be provided or an instance of `tf.keras.init_ops.*' and `shape` "
                             "should be fully defined.")
        value = (lambda: initializer(shape, dtype))
    else:
        value = initializer
    # The name ends in "/": absolute, not under the name scope variable_scope opened (TensorFlow
    # names get_variable's variables by variable scopes only).
    v = Variable(value, name=full + "/", dtype=dtype, trainable=True if trainable is None else trainable,
                 constraint=constraint, synchronization=synchronization, aggregation=aggregation)
    if not (use_resource or tf2.resource_variables_enabled()):
        v._ref_variable = True  # TensorFlow 1 makes a reference variable (VariableV2)
    store[full] = v
    if collections is not None and g is not None:
        g.set_variable_collections(v, list(collections))
    if regularizer is not None and g is not None:  # TensorFlow collects the loss in graphs only
        with name_scope(full + "/Regularizer/"):
            loss = regularizer(v)
        if loss is not None:
            g.add_to_collection(GraphKeys.REGULARIZATION_LOSSES, loss)
    return v
