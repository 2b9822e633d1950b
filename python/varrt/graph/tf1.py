"""TensorFlow 1's graph-mode functions (`tf.compat.v1`): the variable initializers and lists of the
default graph, collections, `placeholder`, switching eager execution and TensorFlow 2 behaviour
off and on, and `tf.gradients`. Inside `with tf.Graph().as_default():`, or anywhere after
`disable_eager_execution()` / `disable_v2_behavior()` (for the whole program, as in TensorFlow),
ops build a graph (graph.py) that a `Session` runs; otherwise the initializer functions return
None and the variable lists are empty, as in TensorFlow 2.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import Any

from varrt.base import dtypes, tf2
from varrt.framework import tensor_equality
from varrt.framework import graph_building as _graph_building
from varrt.graph import graph as _ops
from varrt.graph.graph import GraphKeys, get_default_graph


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
    """The operation initializing the LOCAL_VARIABLES collection (None when executing eagerly)."""
    g = _graph()
    return None if g is None else variables_initializer(g.get_collection(GraphKeys.LOCAL_VARIABLES))


def tables_initializer(name="init_all_tables"):
    """The Operation running the TABLE_INITIALIZERS collection's operations (varrt makes no lookup tables:
    only those added there); None when executing eagerly."""
    g = _graph()
    if g is None:
        return None
    nodes = [n for op in g.get_collection(GraphKeys.TABLE_INITIALIZERS) for n in getattr(op, "_nodes", ())]
    return g.noop_operation(name, nodes)


def initialize_all_tables(name="init_all_tables"):
    """Deprecated name of `tables_initializer`."""
    return tables_initializer(name)


def operation_since(graph, start, name):
    """An Operation (a NoOp, as TensorFlow's tf.group) running the stateful nodes `graph` recorded since
    record `start`."""
    return graph.noop_operation(name, graph.nodes_since(start))


def variables_initializer(var_list, name="init"):
    """An Operation running the initializers of `var_list` (None when executing eagerly)."""
    g = _graph()
    if g is None:
        return None
    return g.initializer_operation(var_list, name)


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
    tf2.disable_resource_variables()
    tensor_equality.disable_tensor_equality()
    _ops.disable_eager_execution()


def enable_v2_behavior():
    """TensorFlow 2 behaviour: eager execution on (tf.compat.v1.enable_v2_behavior)."""
    tf2.enable()
    tf2.enable_resource_variables()
    tensor_equality.enable_tensor_equality()
    _ops.enable_eager_execution()


def executing_eagerly():
    """Whether ops run eagerly now: False in a TensorFlow 1 graph or while a function is traced."""
    return _graph_building.executing_eagerly()


def executing_eagerly_outside_functions():
    """Whether ops would run eagerly outside any tf.function: False only in a TensorFlow 1 graph."""
    return _graph() is None


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
