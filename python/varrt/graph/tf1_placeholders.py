"""TensorFlow 1's `placeholder_with_default`: the default's value unless fed, with a less specific
static shape, so a graph built with it accepts other batch sizes through `feed_dict`."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.framework.symbolic import relax_static_shape
from varrt.framework.graph_building import init_scope
from varrt.framework.tensor import convert_to_tensor
from varrt.graph import graph as _ops
from varrt.ops import array_ops


def placeholder_with_default(input, shape, name=None):  # noqa: A002 - TensorFlow's names
    """`input` unless a value of `shape` is fed for it (eagerly: `input`).

    Raises:
        ValueError: If `input`'s shape is not compatible with `shape`.
    """
    graph = _ops.current_graph()
    if graph is None:
        return convert_to_tensor(input)
    if _ops.is_graph_tensor(input):  # a default computed in the graph: its identity, less specific
        tensor = array_ops.identity(input, name=name or "PlaceholderWithDefault")
        relax_static_shape(tensor, shape)
        return tensor
    with init_scope():  # the default is a value, not a node
        value = convert_to_tensor(input)
    return graph.add_placeholder_with_default(value, shape, name)
