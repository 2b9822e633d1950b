"""TensorFlow 1's checks of variable initialization: `is_variable_initialized` and
`report_uninitialized_variables`. In a graph each is a node that asks the variables when the graph
runs (VarIsInitializedOp, as TensorFlow's, then the names of those not initialized); eagerly every
variable holds a value."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import constant
from varrt.framework.tensor_shape import TensorShape
from varrt.graph import graph as _ops
from varrt.graph.tf1 import global_variables
from varrt.graph.tf1_collections import local_variables


def _host_node(graph, op, fn, dtype, shape, name):
    first, node_name = graph.add_call_node(op, lambda: (constant(fn(), dtype=dtype),), [], 1, name)
    return graph.register_outputs([dtype], first, node_name, [TensorShape(shape)], op)[0]


def is_variable_initialized(variable):
    """A bool scalar: whether `variable` holds a value (when the graph runs)."""
    graph = _ops.current_graph()
    if graph is None:
        return variable.is_initialized()
    return _host_node(graph, "VarIsInitializedOp", lambda: np.array(variable._is_initialized()), dtypes.bool, [],
                      None)


def report_uninitialized_variables(var_list=None, name="report_uninitialized_variables"):
    """A 1-D string tensor: the names (without ":0") of the variables of `var_list` (default: the global
    and local variables) that hold no value when the graph runs."""
    if var_list is None:
        var_list = global_variables() + local_variables()
    var_list = list(var_list)
    graph = _ops.current_graph()
    if graph is None or not var_list:
        return constant([], dtype=dtypes.string)
    names = [v.name[:-2] if v.name.endswith(":0") else v.name for v in var_list]

    def uninitialized():
        return np.array([n.encode() for n, v in zip(names, var_list) if not v._is_initialized()], dtype=object)
    return _host_node(graph, "ReportUninitializedVariables", uninitialized, dtypes.string, [None], name)
