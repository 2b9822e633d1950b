"""TensorFlow 1's `tf.compat.v1.layers.Layer` (tf_keras/legacy_tf_layers/base.py): a layer whose
variables come from `get_variable` inside its own variable scope.

The scope is chosen on the first call: `name` when given, else the snake-cased class name made unique
among the variable scopes of the graph ("dense", "dense_1", ...), so a layer's variables are named as
TensorFlow 1 names them (`dense/kernel:0`) and a TensorFlow 1 checkpoint restores into them by name.
Later calls reuse the variables. TensorFlow 2.21 routes these names to tf_keras, and raises
`AttributeError` ("`dense` is not available with Keras 3.") without it; varrt follows tf_keras's
legacy layers."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import contextlib
import weakref

from varrt.base import dtypes
from varrt.base.naming import to_snake_case
from varrt.framework import graph_building
from varrt.framework.tensor import convert_to_tensor
from varrt.graph import graph as _graph
from varrt.graph.graph import GraphKeys
from varrt.graph.variable_scope import get_variable, get_variable_scope, variable_scope

# graph (or None: eager) -> {base name: count}: Keras's unique_object_name, per graph
_layer_names = weakref.WeakKeyDictionary()
_eager_layer_names = {}


def _unique_layer_name(base):
    graph = graph_building.current()
    counts = _eager_layer_names if graph is None else _layer_names.setdefault(graph, {})
    n = counts.get(base, 0)
    counts[base] = n + 1
    return base if n == 0 else f"{base}_{n}"


def _add_to_collection(key, values):
    graph = _graph.current_graph()
    if graph is None:
        return
    present = graph.get_collection(key)
    for value in values:
        if not any(value is p for p in present):
            graph.add_to_collection(key, value)


class Layer:
    """A TensorFlow 1 layer: `__call__` builds it on first use (its variables through `get_variable`
    in its variable scope) and applies `call`.

    Args:
        trainable: Whether its variables are trainable.
        name: Its name, and its variable scope's (default: the class name, made unique).
        dtype: Its variables' dtype (default: the first input's).
    """

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        self._reuse = kwargs.pop("_reuse", None)
        scope = kwargs.pop("_scope", None)
        for kwarg in kwargs:
            raise TypeError(f"('Keyword argument not understood:', '{kwarg}')")
        self.trainable = trainable
        self.built = False
        self._dtype = None if dtype is None else dtypes.as_dtype(dtype)
        self._base_name = name or to_snake_case(type(self).__name__)
        self._name = name or _unique_layer_name(self._base_name)
        self._trainable_weights = []
        self._non_trainable_weights = []
        self._updates = []
        self._losses = []
        self._scope_outer = None  # the variable scope the layer's scope was opened in
        self._scope_name = None   # the layer's scope, relative to it
        if scope:
            self._open_scope(scope, None)

    # --- names and scopes -----------------------------------------------------------------------

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return None if self._dtype is None else self._dtype.name

    @property
    def scope_name(self):
        if self._scope_name is None:
            raise ValueError(f'No name available for layer scope because the layer "{self._name}" has not been used '
                             "yet. The scope name  is determined the first time the layer instance is called. You "
                             "must therefore call the layer before querying `scope_name`.")
        return f"{self._scope_outer}/{self._scope_name}" if self._scope_outer else self._scope_name

    def _open_scope(self, name, default_name):
        self._scope_outer = get_variable_scope().name
        with variable_scope(name, default_name=default_name) as scope:
            self._scope_name = scope.name.rsplit("/", 1)[-1]

    def _set_scope(self, scope=None):
        if self._scope_name is None:
            if self._reuse:
                self._open_scope(scope if scope is not None else self._base_name, None)
            else:
                self._open_scope(scope, self._base_name)

    def _enter_scope(self, reuse):
        """The layer's variable scope, entered from the scope it was opened in (or already current)."""
        current = get_variable_scope().name
        if current == self.scope_name:
            return contextlib.nullcontext()
        if current != self._scope_outer:
            raise NotImplementedError(f"varrt calls the tf.compat.v1.layers layer {self._name!r} only under the "
                                      f"variable scope it was first called in ({self._scope_outer!r})")
        return variable_scope(self._scope_name, reuse=reuse)

    # --- weights ----------------------------------------------------------------------------------

    def add_weight(self, name, shape, dtype=None, initializer=None, regularizer=None, trainable=None,
                   constraint=None, use_resource=None, synchronization=None, aggregation=None, partitioner=None,
                   **kwargs):
        """Gets or creates the variable `name` in the layer's scope (through `get_variable`); a regularizer's
        loss goes to the REGULARIZATION_LOSSES collection."""
        for kwarg in kwargs:
            if kwarg != "experimental_autocast":
                raise TypeError("Unknown keyword argument:", kwarg)
        trainable = True if trainable is None else trainable
        dtype = dtypes.as_dtype(dtype or self._dtype or dtypes.float32)
        self._set_scope(None)
        graph = _graph.current_graph()
        existing = set(id(v) for v in graph.get_collection(GraphKeys.GLOBAL_VARIABLES)) if graph is not None else set()
        with self._enter_scope(self.built or self._reuse):
            variable = get_variable(name, shape=shape, dtype=dtype, initializer=initializer,
                                    trainable=trainable and self.trainable, constraint=constraint,
                                    partitioner=partitioner, synchronization=synchronization,
                                    aggregation=aggregation)
            if regularizer is not None and id(variable) not in existing:
                loss = regularizer(variable)
                if loss is not None:
                    self._losses.append(loss)
                    _add_to_collection(GraphKeys.REGULARIZATION_LOSSES, [loss])
        weights = self._trainable_weights if trainable and self.trainable else self._non_trainable_weights
        if not any(variable is w for w in weights):
            weights.append(variable)
        return variable

    @property
    def trainable_weights(self):
        return list(self._trainable_weights) if self.trainable else []

    @property
    def non_trainable_weights(self):
        if self.trainable:
            return list(self._non_trainable_weights)
        return self._trainable_weights + self._non_trainable_weights

    @property
    def weights(self):
        return self.trainable_weights + self.non_trainable_weights

    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights
    variables = weights

    @property
    def updates(self):
        return list(self._updates)

    @property
    def losses(self):
        return list(self._losses)

    def add_update(self, updates):
        self._updates.extend(updates if isinstance(updates, (list, tuple)) else [updates])

    # --- calling ----------------------------------------------------------------------------------

    def build(self, input_shape):
        self.built = True

    def call(self, inputs, **kwargs):
        return inputs

    def __call__(self, inputs, *args, **kwargs):
        scope = kwargs.pop("scope", None)
        self._set_scope(scope)
        inputs = convert_to_tensor(inputs) if not isinstance(inputs, (list, tuple)) else inputs
        if self._dtype is None and hasattr(inputs, "dtype"):
            self._dtype = inputs.dtype.base_dtype if hasattr(inputs.dtype, "base_dtype") else inputs.dtype
        with self._enter_scope(True if self.built else self._reuse):
            if not self.built:
                self.build(inputs.shape)
                self.built = True
            outputs = self.call(inputs, *args, **kwargs)
        _add_to_collection(GraphKeys.UPDATE_OPS, self._updates)
        return outputs

    def apply(self, *args, **kwargs):
        return self(*args, **kwargs)
