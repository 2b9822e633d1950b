"""`Operation`: what can be called on KerasTensors (keras/src/ops/operation.py). A Layer is one;
so are the operators of KerasTensors (`x + y` in a functional model, varrt.layers.keras_ops).

A call on symbolic tensors infers its outputs (`compute_output_spec`) and records a `Node`;
the node lists (`_inbound_nodes`, `_outbound_nodes`) are the operation's part of the graph."""
from varrt.layers import output_spec
from varrt.layers.node import Node


class Operation:
    """A callable whose calls on KerasTensors are recorded as graph nodes."""

    def _init_nodes(self):
        # Plain lists, set past Layer.__setattr__: the graph's bookkeeping is not layer state.
        object.__setattr__(self, "_inbound_nodes", [])
        object.__setattr__(self, "_outbound_nodes", [])

    def symbolic_call(self, *args, **kwargs):
        """The call on symbolic tensors: the inferred outputs, recorded as a new node."""
        outputs = self.compute_output_spec(*args, **kwargs)
        Node(self, args, kwargs, outputs)
        return outputs

    def compute_output_spec(self, *args, **kwargs):
        """The outputs (KerasTensors) of a call on these arguments, by running `call` on placeholders."""
        return output_spec.compute_output_spec(self.call, *args, **kwargs)

    def _node_attribute(self, attribute, attribute_name):
        # Keras's rule: the first call's tensors (a shared layer's later calls are not looked at).
        if not self._inbound_nodes:
            raise AttributeError(f"The layer {self.name} has never been called and thus has no defined "
                                 f"{attribute_name}.")
        values = getattr(self._inbound_nodes[0], attribute)
        return values[0] if isinstance(values, list) and len(values) == 1 else values

    @property
    def input(self):
        """The symbolic input of the operation's only call (Keras's `Operation.input`)."""
        return self._node_attribute("input_tensors", "input")

    @property
    def output(self):
        """The symbolic output of the operation's only call (Keras's `Operation.output`)."""
        return self._node_attribute("output_tensors", "output")
