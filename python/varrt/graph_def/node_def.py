"""An Operation's NodeDef (`op.node_def`, `str(op)`) and its attributes as Python values
(`op.get_attr`): the node as a live TensorFlow graph holds it. Its attributes are encoded by the
SavedModel FunctionDef builder's rule (saved_model/function_def_builder.py: `node_attr_fields`),
with every attribute of the op, defaults included, as TensorFlow adds them to a graph's node; an
argument or placeholder as FuncGraph.as_graph_def writes it (func_graph_def.py); its inputs as a
GraphDef references them (`node`, `node:k`, `^node`). Registered with framework/operation.py when
the package loads.

A node varrt records without an op record's attributes (control flow, a Python call, a call of
another tf.function, a tf.custom_gradient result) has no NodeDef in varrt yet:
NotImplementedError names it."""
from varrt.base import dtypes
from varrt.framework import operation
from varrt.graph_def import func_graph_def
from varrt.ops import op_def_lib
from varrt.saved_model import function_def_builder
from varrt.saved_model.proto import Message, fields_of
from varrt.saved_model.structured_value import shape_fields
from varrt.graph.func_graph import shape_of


def _ref(tensor):
    """A tensor as a GraphDef input references it: its node for output 0, else "node:k"."""
    node, _, k = tensor.name.rpartition(":")
    return node if k == "0" else tensor.name


def _fields(op):
    graph = op.graph
    index = op._node()
    if index is None:
        outputs = op.outputs
        if op.type == "Placeholder" and outputs:
            t = outputs[0]
            user_name = op.name if any(t is x for x in graph.inputs) else None  # a function's argument names its spec
            return func_graph_def._placeholder(op.name, t.dtype._enum, shape_fields(shape_of(t)), user_name)
        if op.type == "Const" and outputs:
            t = outputs[0]
            return {"name": op.name, "op": "Const", "attr": {
                "dtype": {"type": t.dtype._enum},
                "value": {"tensor": function_def_builder.tensor_proto_fields(t)}}}
        raise NotImplementedError(f"varrt cannot write the NodeDef of operation {op.name} (type {op.type}) yet: "
                                  "it is not one recorded node of its graph")
    attrs = graph.node_attrs[index]
    opdef = op_def_lib.get(op.type)
    if attrs is None or opdef is None or index in graph.custom_gradient_nodes:
        what = function_def_builder._NOT_EXPORTED.get(op.type, "a Python call or a tf.custom_gradient result")
        raise NotImplementedError(f"varrt cannot write the NodeDef of operation {op.name} (op {op.type}: {what}) yet")
    slots, first, num_outputs, _ = graph._io[index]
    slot_dtypes = dict(graph.slot_dtypes)
    slot_dtypes.update({slot: t.dtype for slot, t in graph.captured_constants})
    node = {"name": op.name, "op": op.type}
    inputs = [_ref(t) for t in op.inputs] + [f"^{c.name}" for c in op.control_inputs]
    if inputs:
        node["input"] = inputs
    if op.device:
        node["device"] = op.device
    try:
        node["attr"] = function_def_builder.node_attr_fields(opdef, attrs, slots, first, num_outputs, slot_dtypes,
                                                             strip_defaults=False)
    except NotImplementedError as e:  # the builder's words name the export; here it is the NodeDef
        raise NotImplementedError(str(e).replace("tf.saved_model.save: varrt cannot write",
                                                 f"varrt cannot write, in the NodeDef of {op.name},")) from None
    return node


def node_def(op):
    """The NodeDef message of an Operation (see the module docstring)."""
    return Message("tensorflow.NodeDef", _fields(op))


def attr_value(message):
    """An AttrValue message as TensorFlow's Operation.get_attr gives it: a DType for a type, bytes
    for a string, an int, float or bool, the TensorShapeProto, TensorProto or NameAttrList message
    itself, a list of those for a list."""
    fields = fields_of(message)
    if "list" in fields:
        values = fields["list"]
        for key in ("s", "i", "f", "b", "type", "shape", "tensor", "func"):
            if key in values:
                return [_value(key, v, message.list) for v in values[key]] if key not in ("shape", "tensor", "func") \
                    else list(getattr(message.list, key))
        return []
    for key in ("s", "i", "f", "b", "type"):
        if key in fields:
            return _value(key, fields[key], message)
    for key in ("shape", "tensor", "func"):
        if key in fields:
            return getattr(message, key)
    return []  # an AttrValue with nothing set is an empty list to TensorFlow


def _value(key, value, _message):
    if key == "type":
        return dtypes.as_dtype(int(value))
    if key == "s":
        return bytes(value)
    if key == "b":
        return bool(value)
    return value


operation.register_node_def_writer(node_def, attr_value)
