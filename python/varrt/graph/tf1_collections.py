"""TensorFlow 1's other collection functions of the default graph: `get_collection_ref`,
`add_to_collections`, the local, model and moving-average variable lists and the deprecated names
of the variable initializers (`all_variables`, `initialize_variables`, `initialize_local_variables`).
Eagerly the variable lists are empty, as in TensorFlow 2."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.graph import graph as _ops
from varrt.graph.graph import GraphKeys, get_default_graph
from varrt.graph.tf1 import global_variables, local_variables_initializer, variables_initializer


def get_collection_ref(key):
    """The default graph's list of collection `key` (created empty)."""
    return get_default_graph().get_collection_ref(key)


def add_to_collections(names, value):
    """Adds `value` to each collection of `names` (one name or several)."""
    names = (names,) if isinstance(names, str) else set(names)
    for name in names:
        get_default_graph().add_to_collection(name, value)


def _variables(key, scope):
    graph = _ops.current_graph()
    return [] if graph is None else graph.get_collection(key, scope)


def local_variables(scope=None):
    """The graph's LOCAL_VARIABLES collection."""
    return _variables(GraphKeys.LOCAL_VARIABLES, scope)


def model_variables(scope=None):
    """The graph's MODEL_VARIABLES collection."""
    return _variables(GraphKeys.MODEL_VARIABLES, scope)


def moving_average_variables(scope=None):
    """The graph's MOVING_AVERAGE_VARIABLES collection."""
    return _variables(GraphKeys.MOVING_AVERAGE_VARIABLES, scope)


def all_variables():
    """Deprecated name of `global_variables`."""
    return global_variables()


def initialize_variables(var_list, name="init"):
    """Deprecated name of `variables_initializer`."""
    return variables_initializer(var_list, name=name)


def initialize_local_variables():
    """Deprecated name of `local_variables_initializer`."""
    return local_variables_initializer()
