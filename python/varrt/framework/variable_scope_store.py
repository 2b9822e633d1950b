"""How often each variable scope name has been opened (TensorFlow's _VariableScopeStore), per
TensorFlow 1 graph and once for everything made eagerly (a tf.function's variables included,
made eagerly as TensorFlow's init_scope makes them).

A scope opened by a default name takes the first of "name", "name_1", "name_2", ... not opened
yet (TensorFlow's _get_unique_variable_scope): that is how a TensorFlow 1 optimizer's second
slot of `model/w` is `model/w/Adam_1`, in eager mode too, and a second Adam's are `Adam_2`
and `Adam_3`. Closing a scope forgets its subscopes, as TensorFlow's close_variable_subscopes.
"""
import weakref

from varrt.framework import graph_building, name_scopes

_eager = {}
_graphs = weakref.WeakKeyDictionary()


def _counts():
    graph = graph_building.current()
    if graph is None or graph.lifts_variables:
        return _eager
    return _graphs.setdefault(graph, {})


def open_scope(full_name):
    """Notes that the variable scope `full_name` was opened."""
    counts = _counts()
    counts[full_name] = counts.get(full_name, 0) + 1


def close_subscopes(full_name):
    """Forgets the scopes opened inside `full_name` (it is being closed)."""
    counts = _counts()
    for name in counts:
        if name.startswith(full_name + "/"):
            counts[name] = 0


def open_unique_scope(prefix):
    """Opens the scope `prefix` names under the current scope, made unique ("prefix_1", ...),
    and returns its name relative to the current scope."""
    counts = _counts()
    outer = name_scopes.current_scope()
    name, n = prefix, 0
    while counts.get(outer + name, 0) > 0:
        n += 1
        name = f"{prefix}_{n}"
    counts[outer + name] = 1
    return name
