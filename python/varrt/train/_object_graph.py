"""TensorFlow's TrackableObjectGraph message (trackable_object_graph.proto), by hand.

    TrackableObjectGraph { repeated TrackableObject nodes = 1; }
    TrackableObject {
      repeated ObjectReference children = 1;        // { int32 node_id = 1; string local_name = 2; }
      repeated SerializedTensor attributes = 2;     // { string name = 1; string full_name = 2;
                                                    //   string checkpoint_key = 3; }
      repeated SlotVariableReference slot_variables = 3;
      RegisteredSaver registered_saver = 4;
      google.protobuf.BoolValue has_checkpoint_values = 5;
    }

Stored in every object-based checkpoint under `_CHECKPOINTABLE_OBJECT_GRAPH`; node 0 is the
root. Slot variables and registered savers (optimizer state, custom savers) are kept as
opaque bytes so a checkpoint read and re-encoded keeps them.
"""
from varrt.train import _wire


class ObjectReference:
    __slots__ = ("node_id", "local_name")

    def __init__(self, node_id, local_name):
        self.node_id = node_id
        self.local_name = local_name


class SerializedTensor:
    __slots__ = ("name", "full_name", "checkpoint_key")

    def __init__(self, name, full_name, checkpoint_key):
        self.name = name
        self.full_name = full_name
        self.checkpoint_key = checkpoint_key


class TrackableObject:
    __slots__ = ("children", "attributes", "slot_variables", "registered_saver", "has_checkpoint_values")

    def __init__(self, children=(), attributes=(), has_checkpoint_values=None):
        self.children = list(children)
        self.attributes = list(attributes)
        self.slot_variables = []       # raw SlotVariableReference bytes
        self.registered_saver = None   # raw RegisteredSaver bytes
        self.has_checkpoint_values = has_checkpoint_values  # None = field absent

    def text(self):
        """The node in protobuf text format, as TensorFlow prints it in assertion messages."""
        lines = []
        for c in self.children:
            lines.append("children {")
            if c.node_id:
                lines.append(f"  node_id: {c.node_id}")
            if c.local_name:
                lines.append(f"  local_name: {_quote(c.local_name)}")
            lines.append("}")
        for a in self.attributes:
            lines.append("attributes {")
            for field in ("name", "full_name", "checkpoint_key"):
                value = getattr(a, field)
                if value:
                    lines.append(f"  {field}: {_quote(value)}")
            lines.append("}")
        if self.has_checkpoint_values is not None:
            lines.append("has_checkpoint_values {")
            if self.has_checkpoint_values:
                lines.append("  value: true")
            lines.append("}")
        return "\n".join(lines) + "\n"

    __str__ = text


def _quote(s):
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        c = chr(b)
        if c in "\"'\\":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    return '"' + "".join(out) + '"'


def encode(nodes):
    """Serializes a list of TrackableObject (node 0 first)."""
    out = []
    for node in nodes:
        body = []
        for c in node.children:
            ref = (_wire.field_varint(1, c.node_id) if c.node_id else b"") + \
                  (_wire.field_bytes(2, c.local_name) if c.local_name else b"")
            body.append(_wire.field_bytes(1, ref))
        for a in node.attributes:
            msg = b"".join(_wire.field_bytes(i, v) for i, v in
                           ((1, a.name), (2, a.full_name), (3, a.checkpoint_key)) if v)
            body.append(_wire.field_bytes(2, msg))
        for raw in node.slot_variables:
            body.append(_wire.field_bytes(3, raw))
        if node.registered_saver is not None:
            body.append(_wire.field_bytes(4, node.registered_saver))
        if node.has_checkpoint_values is not None:
            body.append(_wire.field_bytes(5, _wire.field_varint(1, 1) if node.has_checkpoint_values else b""))
        out.append(_wire.field_bytes(1, b"".join(body)))
    return b"".join(out)


def _text(value):
    return value.decode("utf-8", "surrogateescape")


def decode(data):
    """Parses TrackableObjectGraph bytes into a list of TrackableObject.

    Raises varrt.errors.DataLossError for malformed bytes or dangling node references.
    """
    try:
        nodes = []
        for number, wire, value in _wire.fields(data):
            if number != 1 or wire != 2:
                continue
            node = TrackableObject()
            for n, w, v in _wire.fields(value):
                if n == 1 and w == 2:
                    node_id, name = 0, ""
                    for fn, fw, fv in _wire.fields(v):
                        if fn == 1 and fw == 0:
                            node_id = _wire.int32(fv)
                        elif fn == 2 and fw == 2:
                            name = _text(fv)
                    node.children.append(ObjectReference(node_id, name))
                elif n == 2 and w == 2:
                    parts = {1: "", 2: "", 3: ""}
                    for fn, fw, fv in _wire.fields(v):
                        if fn in parts and fw == 2:
                            parts[fn] = _text(fv)
                    node.attributes.append(SerializedTensor(parts[1], parts[2], parts[3]))
                elif n == 3 and w == 2:
                    node.slot_variables.append(v)
                elif n == 4 and w == 2:
                    node.registered_saver = v
                elif n == 5 and w == 2:
                    flag = False
                    for fn, fw, fv in _wire.fields(v):
                        if fn == 1 and fw == 0:
                            flag = fv != 0
                    node.has_checkpoint_values = flag
            nodes.append(node)
    except _wire.WireError as e:
        raise _wire.data_loss("The checkpoint's object graph", e) from None
    for node in nodes:
        for c in node.children:
            if not 0 <= c.node_id < len(nodes):
                raise _wire.data_loss("The checkpoint's object graph",
                                      f"child {c.local_name!r} refers to node {c.node_id} of {len(nodes)}")
    return nodes
