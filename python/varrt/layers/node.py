"""`Node`: one call of an operation (a layer) on symbolic tensors (keras/src/ops/node.py).

A functional model is a graph whose edges are KerasTensors and whose nodes are these calls:
each output KerasTensor carries a `KerasHistory` (the operation, which of its calls, which
output), and each operation lists its calls (`_inbound_nodes`) and the calls that read its
outputs (`_outbound_nodes`). A layer called twice has two nodes and shares its variables."""
import collections

from varrt.base import nest
from varrt.layers.keras_tensor import KerasTensor


class KerasHistory(collections.namedtuple("KerasHistory", ["operation", "node_index", "tensor_index"])):
    """Where a KerasTensor came from: `operation._inbound_nodes[node_index].outputs[tensor_index]`."""
    __slots__ = ()


class SymbolicArguments:
    """A call's arguments with their KerasTensors found, so that a run can put values in their place."""

    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs
        self.keras_tensors = [x for x in nest.flatten((args, kwargs)) if isinstance(x, KerasTensor)]

    def fill_in(self, tensor_dict):
        """(args, kwargs) with each KerasTensor replaced by `tensor_dict[id(tensor)]`."""
        def switch(x):
            return tensor_dict.get(id(x), None) if isinstance(x, KerasTensor) else x
        if len(self.keras_tensors) == 1 and len(self.args) == 1 and self.args[0] is self.keras_tensors[0] \
                and not self.kwargs:
            return (tensor_dict[id(self.args[0])],), {}  # the common case, without walking structures
        return nest.map_structure(switch, self.args), nest.map_structure(switch, self.kwargs)


class Node:
    """The record of `operation(*call_args, **call_kwargs)` returning `outputs` (KerasTensors)."""

    def __init__(self, operation, call_args=(), call_kwargs=None, outputs=None):
        self.operation = operation
        self.arguments = SymbolicArguments(*call_args, **(call_kwargs or {}))
        self.outputs = [] if outputs is None else nest.flatten(outputs)
        for x in self.outputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(f"All operation outputs must be tensors. Operation {operation} returned a "
                                 f"non-tensor. Non-tensor received: {x}")
        zero_history = any(not x.record_history for x in self.arguments.keras_tensors)
        if not zero_history:
            for tensor in self.arguments.keras_tensors:
                if not hasattr(tensor, "_keras_history"):  # a KerasTensor made by hand: a graph entry
                    tensor._keras_history = KerasHistory(operation=None, node_index=0, tensor_index=0)
        operation._inbound_nodes.append(self)
        for kt in self.arguments.keras_tensors:
            inbound_op = kt._keras_history.operation
            if inbound_op is not None:
                inbound_op._outbound_nodes.append(self)
        if not zero_history:
            node_index = len(operation._inbound_nodes) - 1
            for i, tensor in enumerate(self.outputs):
                tensor._keras_history = KerasHistory(operation=operation, node_index=node_index, tensor_index=i)
        self.is_input = not self.arguments.keras_tensors

    def __repr__(self):
        return f"<Node operation={self.operation.name}, id={id(self)}>"

    @property
    def input_tensors(self):
        return self.arguments.keras_tensors

    @property
    def output_tensors(self):
        return self.outputs

    @property
    def parent_nodes(self):
        """The nodes whose outputs this node reads."""
        out = []
        for kt in self.arguments.keras_tensors:
            op, node_index = kt._keras_history.operation, kt._keras_history.node_index
            if op is not None:
                out.append(op._inbound_nodes[node_index])
        return out
