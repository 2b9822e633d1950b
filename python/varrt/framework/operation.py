"""`tf.Operation`: a node of a graph being built (a tf.function's FuncGraph, a TensorFlow 1 Graph),
as code inspects it: its name and op type, its output and input tensors, its attributes, its
NodeDef, its control inputs. It holds no state of its own: everything is read from what the
graph recorded of the node (graph/func_graph.py: per node its input slots, first output slot and
number of outputs, its attributes; the graph's tensors by name and by slot), so an Operation made
twice for the same node is equal to the first. A TensorFlow 1 Operation a Session runs also
carries the recorded nodes it runs (`_nodes`: an initializer, a training step, a group).

What varrt's graphs do not record as TensorFlow's do (a variable read's resource input, a
captured constant's node, the Identity nodes of a function's results) is left out, not made up:
docs/not-supported.md lists the differences. The NodeDef (and the attributes read from it) is
written by graph_def/node_def.py, above this layer, which registers itself here."""
from varrt.framework import default_session

# What writes an Operation's NodeDef message and reads an attribute of it as a Python value:
# registered from above (varrt.graph_def, which has the protobuf codec and the SavedModel
# builder's attribute encoding), not imported.
_NODE_DEF_WRITER = []


def register_node_def_writer(writer, attr_value):
    """Makes `writer(operation)` what Operation.node_def returns (a NodeDef message) and
    `attr_value(attr_value_message)` what get_attr returns for one of its attributes."""
    _NODE_DEF_WRITER[:] = [writer, attr_value]


class Operation:
    """A node of a graph (TensorFlow's tf.Operation): its name, op type, inputs, outputs and attributes."""

    _is_operation = True  # what framework/default_session.py tells apart from tensors

    def __init__(self, graph, name, type, nodes=()):  # noqa: A002
        self._graph = graph
        self._name = name
        self._type = type
        self._nodes = list(nodes)  # TensorFlow 1: the record indices a Session runs for it

    # --- identity ------------------------------------------------------------------------------

    @property
    def name(self):
        """The node's name: its name scope's path, then its own name."""
        return self._name

    @property
    def type(self):
        """The node's op type: the TensorFlow op it runs."""
        return self._type

    @property
    def graph(self):
        """The graph the node is in."""
        return self._graph

    def __eq__(self, other):
        return isinstance(other, Operation) and other._graph is self._graph and other._name == self._name

    def __hash__(self):
        return hash((id(self._graph), self._name))

    def __repr__(self):
        return f"<tf.Operation '{self._name}' type={self._type}>"

    def __str__(self):
        return str(self.node_def)  # TensorFlow prints an operation as its NodeDef's text

    # --- structure -----------------------------------------------------------------------------

    def _node(self):
        """The node's index among the graph's recorded nodes (None for an argument, a placeholder,
        a named constant, or an Operation a TensorFlow 1 graph made of several records)."""
        index = self._graph.node_index(self._name)
        if index is not None and self._graph.nodes[index][1] != self._type:
            return None
        return index

    @property
    def outputs(self):
        """The node's output tensors, in order."""
        graph = self._graph
        index = self._node()
        if index is not None:
            count = graph._io[index][2]
        else:
            count = 0
            while f"{self._name}:{count}" in graph._by_name:
                count += 1
        return [graph._by_name[f"{self._name}:{k}"] for k in range(count) if f"{self._name}:{k}" in graph._by_name]

    def values(self):
        """The node's outputs as a tuple (TensorFlow's Operation.values())."""
        return tuple(self.outputs)

    @property
    def inputs(self):
        """The graph tensors the node reads, in order. A value varrt's graph holds as a captured
        constant (no node of its own) or a variable read through its resource is not among them."""
        index = self._node()
        if index is None:
            return []
        by_slot = self._graph._by_slot
        return [by_slot[s] for s in self._graph._io[index][0] if s in by_slot]

    @property
    def control_inputs(self):
        """The operations this node waits on beyond its inputs (tf.control_dependencies)."""
        index = self._node()
        if index is None:
            return []
        graph = self._graph
        return [graph.operation_at(i) for i in graph.control_deps.get(index, ())]

    @property
    def device(self):
        """The device the node was placed on by a tf.device scope ("" when none)."""
        index = self._node()
        return self._graph.node_devices[index] if index is not None else ""

    @property
    def node_def(self):
        """The node as TensorFlow's NodeDef message (protobuf's text format when printed)."""
        if not _NODE_DEF_WRITER:
            raise NotImplementedError("varrt cannot write a NodeDef without varrt.graph_def loaded")
        return _NODE_DEF_WRITER[0](self)

    @property
    def op_def(self):
        """Not in varrt yet: TensorFlow's OpDef message of the op type.

        Raises:
            NotImplementedError: Always (varrt's op table is not written as OpDef messages).
        """
        raise NotImplementedError("varrt does not implement Operation.op_def (TensorFlow's OpDef message) yet")

    def get_attr(self, name):
        """The value of attribute `name`: a DType, TensorShape, int, float, bool, bytes, or a list of them.

        Raises:
            ValueError: If the node has no attribute `name` (TensorFlow's text).
        """
        node_def = self.node_def
        if name not in node_def.attr:
            raise ValueError(f"Operation '{self._name}' has no attr named '{name}'.")
        return _NODE_DEF_WRITER[1](node_def.attr[name])

    @property
    def traceback(self):
        """Where the node was made: (filename, line number, function name, source line) per frame, outermost first."""
        import linecache
        index = self._node()
        frames = self._graph.nodes[index][2] if index is not None else []
        return [(f, line, fn, linecache.getline(f, line).strip()) for f, line, fn in frames]

    # --- TensorFlow 1 --------------------------------------------------------------------------

    def run(self, feed_dict=None, session=None):
        """Runs the node in a TensorFlow 1 session (the default session when none is given)."""
        default_session.run_in_session(self, session, feed_dict)
