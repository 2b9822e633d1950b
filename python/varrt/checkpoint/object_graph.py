"""TensorFlow's TrackableObjectGraph message, stored in every object-based checkpoint under
`_CHECKPOINTABLE_OBJECT_GRAPH` (node 0 is the root).

The wire format is the core's (csrc/varrt/io/object_graph.h: the message's fields, the
byte-exact encoding, the damage checks raising DataLossError); this module names the fields
of the plain tuples the core takes and returns, and prints a node as TensorFlow does.
"""
import collections

from varrt import _C
from varrt.checkpoint.text_format import quote

ObjectReference = collections.namedtuple("ObjectReference", "node_id local_name")
SerializedTensor = collections.namedtuple("SerializedTensor", "name full_name checkpoint_key")
SlotVariableReference = collections.namedtuple("SlotVariableReference",
                                               "original_variable_node_id slot_name slot_variable_node_id")
RegisteredSaver = collections.namedtuple("RegisteredSaver", "name object_name")

_NODE_FIELDS = "children attributes slot_variables registered_saver has_checkpoint_values"


class TrackableObject(collections.namedtuple("TrackableObject", _NODE_FIELDS)):
    """One node; its lists may be appended to. has_checkpoint_values None = field absent."""

    __slots__ = ()

    def __new__(cls, children=(), attributes=(), slot_variables=(), registered_saver=None,
                has_checkpoint_values=None):
        return super().__new__(cls, list(children), list(attributes), list(slot_variables), registered_saver,
                               has_checkpoint_values)

    def text(self):
        """The node in protobuf text format, as TensorFlow prints it in assertion messages."""
        lines = []
        for c in self.children:
            lines += _message("children", (("node_id", c.node_id), ("local_name", c.local_name)))
        for a in self.attributes:
            lines += _message("attributes", zip(SerializedTensor._fields, a))
        for s in self.slot_variables:
            lines += _message("slot_variables", zip(SlotVariableReference._fields, s))
        if self.registered_saver is not None:
            lines += _message("registered_saver", zip(RegisteredSaver._fields, self.registered_saver))
        if self.has_checkpoint_values is not None:
            lines += _message("has_checkpoint_values", (("value", self.has_checkpoint_values),))
        return "".join(line + "\n" for line in lines)

    __str__ = text


def _message(name, fields):
    """Text lines of a sub-message; proto3 default values are not printed."""
    lines = [name + " {"]
    for field, value in fields:
        if value is True:
            lines.append(f"  {field}: true")
        elif isinstance(value, str):
            if value:
                lines.append(f"  {field}: {quote(value)}")
        elif value:
            lines.append(f"  {field}: {value}")
    lines.append("}")
    return lines


def encode(nodes):
    """TrackableObjectGraph bytes of a list of TrackableObject (node 0 first)."""
    return _C.object_graph_encode(nodes)


def decode(data):
    """The TrackableObjects of TrackableObjectGraph bytes; DataLossError when malformed or
    when a node refers to a node the graph does not have. The core makes the named tuples;
    empty fields are the empty tuple, others lists (read them, do not append)."""
    return _C.object_graph_decode(data, (TrackableObject, ObjectReference, SerializedTensor, SlotVariableReference,
                                         RegisteredSaver))
