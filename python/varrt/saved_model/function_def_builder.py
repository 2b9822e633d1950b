"""A traced varrt graph (a ConcreteFunction's FuncGraph) as a TensorFlow `FunctionDef`: each node
as TensorFlow's op of the same name, its type attributes (`T`, `Tidx`, `dtype`, `N`, ...) inferred
from the op record's signature and the inputs' and outputs' dtypes, its other attributes from the
values varrt recorded (defaults left out, as TensorFlow strips them); inputs varrt reads on the
host while building (a reduction's axes, a strided slice's bounds) become `Const` nodes, captured
tensors too; the variables the graph reads are resource arguments after the tensor arguments.
Stateful nodes run in program order (each waits on the one before) and are the function's control
outputs, as TensorFlow's automatic control dependencies make them.

Not yet: control flow and Python-call nodes (tf.cond, tf.while_loop, tf.py_function, tf.print),
calls of other tf.functions,
variables passed as arguments, ops with several list outputs: NotImplementedError names them."""
from varrt import _C
from varrt.base import dtypes
from varrt.framework.graph_building import info_of
from varrt.framework.tensor import constant
from varrt.ops import op_def_lib
from varrt.saved_model.proto import Message, fields_of
from varrt.saved_model.structured_value import shape_fields as _shape_fields

_RESOURCE = 20  # DT_RESOURCE
# The nodes varrt's graphs add without an op record's attributes, by what they are.
_NOT_EXPORTED = {"If": "control flow", "StatelessIf": "control flow", "While": "control flow",
                 "StatelessWhile": "control flow", "StatefulPartitionedCall": "a call of another tf.function",
                 "PartitionedCall": "a call of another tf.function"}


def tensor_proto_fields(value):
    """The TensorProto fields of an eager tensor (what tf.io.serialize_tensor writes)."""
    return fields_of(Message.from_bytes("tensorflow.TensorProto", _C.serialize_tensor_proto(value)))


def _attr(attr_def, value):
    """An AttrValue's fields for a recorded attribute value of the op record's type."""
    kind = attr_def.type
    if kind == "type":
        return {"type": int(value)}
    if kind == "bool":
        return {"b": bool(value)}
    if kind == "int":
        return {"i": int(value)}
    if kind == "float":
        return {"f": float(value)}
    if kind == "string":
        value = _string(attr_def, value)
        return {"s": value.encode() if isinstance(value, str) else bytes(value)}
    if kind == "list(int)":
        return {"list": {"i": [int(v) for v in value]}}
    if kind == "list(type)":
        return {"list": {"type": [int(v) for v in value]}}
    if kind == "list(float)":
        return {"list": {"f": [float(v) for v in value]}}
    if kind == "list(string)":
        return {"list": {"s": [v.encode() if isinstance(v, str) else bytes(v) for v in value]}}
    raise NotImplementedError(f"tf.saved_model.save: varrt cannot write an attribute of type {kind} "
                              f"({attr_def.name}) yet")


def _string(attr_def, value):
    """A string attribute's value: a graph records one with allowed values (a convolution's
    padding, its data_format: False for the first) as its index among them."""
    if isinstance(value, (bool, int)) and attr_def.allowed:
        return attr_def.allowed[int(value)]
    return value


def _is_default(attr_def, value):
    default = attr_def.default
    if default is None:
        return False
    if attr_def.type == "type":
        return dtypes.enum_name(_dtype(value)) == default  # Sum's Tidx int32 is left out, as TensorFlow strips it
    try:
        if attr_def.type == "bool":
            return bool(value) == (default in (True, "true", "True", 1))
        if attr_def.type in ("int", "float"):
            return float(value) == float(default)
        if attr_def.type == "string":
            value = _string(attr_def, value)
            return (value.decode() if isinstance(value, bytes) else value) == default
        if attr_def.type.startswith("list("):
            return list(value) == list(default or [])
    except (TypeError, ValueError):
        return False
    return False


class _Builder:
    def __init__(self, graph, name):
        self.graph = graph
        self.name = name
        self.fdef = {"signature": {"name": name, "input_arg": [], "output_arg": []}, "node_def": [], "ret": {}}
        self.refs = {}  # slot -> "node:arg:index" (or an argument's name)
        self.used_names = set()
        self.variables = []  # the variables read, in resource-argument order

    def unique(self, base):
        name, n = base, 0
        while name.lower() in self.used_names:
            n += 1
            name = f"{base}_{n}"
        self.used_names.add(name.lower())
        return name

    def add_node(self, name, op, inputs, attrs):
        node = {"name": name, "op": op, "attr": attrs}
        if inputs:
            node["input"] = inputs
        self.fdef["node_def"].append(node)
        return node

    def const(self, value, dtype):
        tensor = constant(value, dtype=dtype)
        name = self.unique("Const")
        self.add_node(name, "Const", [], {"dtype": {"type": dtype._enum}, "value": {"tensor": tensor_proto_fields(tensor)}})
        return f"{name}:output:0"


def build(concrete_function, name, custom_gradients=True, strip_defaults=True):
    """(FunctionDef fields, [variables in resource-argument order]) of a traced function.
    `custom_gradients`: SaveOptions.experimental_custom_gradients (varrt cannot write the
    gradient functions of tf.custom_gradient yet: True refuses a function that has one, False
    writes its forward computation, whose gradient a loader then refuses, as TensorFlow's).
    `strip_defaults`: leave out attributes of their op's default value, as a FunctionDef has them
    (False keeps them, as a live graph's GraphDef has them)."""
    graph = concrete_function.graph
    if graph.resource_args or graph.external_captures:
        raise NotImplementedError("tf.saved_model.save: varrt cannot export a function taking variables as "
                                  "arguments yet")
    b = _Builder(graph, name)
    sig = b.fdef["signature"]
    for i, tensor in enumerate(graph.inputs):
        arg_name = b.unique(info_of(tensor).name.split(":")[0])
        sig["input_arg"].append({"name": arg_name, "type": tensor.dtype._enum})
        b.refs[i] = arg_name
    for slot, tensor in graph.captured_constants:
        tname = b.unique("Const")
        b.add_node(tname, "Const", [], {"dtype": {"type": tensor.dtype._enum},
                                        "value": {"tensor": tensor_proto_fields(tensor)}})
        b.refs[slot] = f"{tname}:output:0"
    slot_dtypes = dict(graph.slot_dtypes)  # captured constants' slots are not registered tensors
    slot_dtypes.update({slot: tensor.dtype for slot, tensor in graph.captured_constants})
    resource_args = {}  # resource id -> argument name
    live = graph._live_nodes(graph.output_slots)
    previous_stateful, control = None, []
    for index, (node_name, op, _) in enumerate(graph.nodes):
        if index not in live:
            continue
        attrs = graph.node_attrs[index]
        opdef = op_def_lib.get(op)
        if index in graph.custom_gradient_nodes:
            if custom_gradients:
                raise NotImplementedError(
                    f"tf.saved_model.save: varrt cannot save the gradient of the tf.custom_gradient function behind "
                    f"node {node_name} yet (TensorFlow saves it by default); pass options=tf.saved_model.SaveOptions("
                    f"experimental_custom_gradients=False) to save the forward computation only (the loaded "
                    f"function's gradient is then that of its ops, as in TensorFlow with that option)")
            # TensorFlow's node: an IdentityN of the results whose gradient op type names the
            # custom gradient, which a loader without it refuses to differentiate (LookupError).
            slots, first, num_outputs, _ = graph._io[index]
            results = slots[:num_outputs]
            name = b.unique(node_name)
            b.add_node(name, "IdentityN", [b.refs[s] for s in results],
                       {"T": {"list": {"type": [slot_dtypes[s]._enum for s in results]}},
                        "_gradient_op_type": {"s": f"CustomGradient-{id(graph)}-{index}".encode()}})
            for k in range(num_outputs):
                b.refs[first + k] = f"{name}:output:{k}"
            continue
        if attrs is None or opdef is None:
            what = _NOT_EXPORTED.get(op, "a Python call")
            raise NotImplementedError(f"tf.saved_model.save: varrt cannot export the node {node_name} (op {op}: "
                                      f"{what}) yet")
        slots, first, num_outputs, _ = graph._io[index]
        name = b.unique(node_name)
        resources = list(graph.node_resources[index])
        inputs = []
        for arg, kind, payload in _input_groups(opdef, attrs, slots):
            if kind == "resource":
                if not resources:  # the node reads state the graph did not record as an input
                    raise NotImplementedError(
                        f"tf.saved_model.save: varrt cannot export the node {node_name} (op {op}: its resource "
                        f"input {arg.name!r} is state the traced graph holds in Python, such as a "
                        f"tf.random.Generator's) yet")
                rid = resources.pop(0)
                if rid not in resource_args:
                    resource_args[rid] = b.unique(f"{name.lower().replace('/', '_')}_resource")
                    b.variables.append(graph.variables_by_resource[rid])
                inputs.append(resource_args[rid])
            elif kind == "host":  # read on the host while building: a constant of the function
                inputs.append(b.const(attrs[arg.name], payload))
            else:
                inputs += [b.refs[s] for s in payload]
        node_attrs = node_attr_fields(opdef, attrs, slots, first, num_outputs, slot_dtypes, strip_defaults)
        out_names = _output_refs(opdef, num_outputs, node_name)
        for k in range(num_outputs):
            b.refs[first + k] = f"{name}:{out_names[k]}"
        if opdef.is_stateful:
            if previous_stateful is not None:
                inputs.append(f"^{previous_stateful}")
            previous_stateful = name
            control.append(name)
        b.add_node(name, op, inputs, node_attrs)
    for rid, arg_name in resource_args.items():
        var = graph.variables_by_resource[rid]
        sig["input_arg"].append({"name": arg_name, "type": _RESOURCE, "handle_data": [
            {"dtype": var.dtype._enum, "shape": _shape_fields(var.shape)}]})
    if control:  # the results wait on every stateful node, through one NoOp as TensorFlow writes it
        noop = b.unique("NoOp")
        b.add_node(noop, "NoOp", [f"^{c}" for c in control], {})
    for k, slot in enumerate(graph.output_slots):
        ident = b.unique("Identity")
        inputs = [b.refs[slot]] + ([f"^{noop}"] if control else [])
        b.add_node(ident, "Identity", inputs, {"T": {"type": slot_dtypes[slot]._enum}})
        out = "identity" if k == 0 else f"identity_{k}"
        sig["output_arg"].append({"name": out, "type": slot_dtypes[slot]._enum})
        b.fdef["ret"][out] = f"{ident}:output:0"
    if control:
        sig["is_stateful"] = True
        sig["control_output"] = control
        b.fdef["control_ret"] = {c: c for c in control}
    return b.fdef, b.variables


def _host_input_dtype(opdef, arg, attrs):
    """The dtype of an input varrt read on the host while building (an attribute under its name)."""
    type_attr = opdef.attrs.get(arg.type_attr) if arg.type_attr else None
    if arg.type_attr in attrs:
        return _dtype(attrs.get(arg.type_attr))
    return _dtype_named(arg.dtype or (type_attr.default if type_attr is not None and type_attr.default else "DT_INT32"))


def _input_groups(opdef, attrs, slots):
    """A recorded node's inputs by the op record's input arguments: (arg, "resource", None) for a
    variable's resource, (arg, "host", dtype) for one read on the host while building (its value is
    attrs[arg.name]), (arg, "list", slots) for a list argument, (arg, "single", [slot])."""
    singles = sum(1 for a in opdef.inputs if not a.is_resource and not (a.number_attr or a.type_list_attr)
                  and a.name not in attrs)
    position = 0
    for arg in opdef.inputs:
        if arg.is_resource:
            yield arg, "resource", None
        elif arg.name in attrs:
            yield arg, "host", _host_input_dtype(opdef, arg, attrs)
        elif arg.number_attr or arg.type_list_attr:
            count = len(slots) - position - (singles - sum(
                1 for a in opdef.inputs[:opdef.inputs.index(arg)] if not a.is_resource
                and not (a.number_attr or a.type_list_attr) and a.name not in attrs))
            yield arg, "list", slots[position:position + count]
            position += count
        else:
            yield arg, "single", slots[position:position + 1]
            position += 1


def node_attr_fields(opdef, attrs, slots, first, num_outputs, slot_dtypes, strip_defaults=True):
    """The AttrValue fields of a recorded node's attributes, by name: its recorded values and the
    type attributes its inputs and outputs bind. `strip_defaults`: leave out those of the op's
    default value, as a FunctionDef has them; else every attribute of the op, defaults included,
    as a live graph's NodeDef has them (an attribute whose value is neither recorded, bound nor
    defaulted is left out either way)."""
    node_attrs, bound = {}, {}
    for arg, kind, payload in _input_groups(opdef, attrs, slots):
        if kind == "host":
            if arg.type_attr:
                bound.setdefault(arg.type_attr, payload._enum)
        elif kind == "list":
            if arg.number_attr:
                node_attrs[arg.number_attr] = {"i": len(payload)}
                if arg.type_attr and payload:
                    bound.setdefault(arg.type_attr, slot_dtypes[payload[0]]._enum)
            else:
                node_attrs[arg.type_list_attr] = {"list": {"type": [slot_dtypes[s]._enum for s in payload]}}
        elif kind == "single" and payload and arg.type_attr:
            bound.setdefault(arg.type_attr, slot_dtypes[payload[0]]._enum)
    for k, arg in enumerate(opdef.outputs):
        if arg.type_attr and not arg.number_attr and k < num_outputs and first + k in slot_dtypes:
            bound.setdefault(arg.type_attr, slot_dtypes[first + k]._enum)
    inputs = [a.name for a in opdef.inputs]
    for attr_name, attr_def in opdef.attrs.items():
        if attr_name in node_attrs:
            continue
        if attr_name in attrs and attr_name not in inputs:
            if not (strip_defaults and _is_default(attr_def, attrs[attr_name])):
                node_attrs[attr_name] = _attr(attr_def, attrs[attr_name])
        elif attr_def.type == "type" and attr_name in bound:
            if not (strip_defaults and _is_default(attr_def, bound[attr_name])):
                node_attrs[attr_name] = {"type": bound[attr_name]}
        elif not strip_defaults and attr_def.default is not None:
            node_attrs[attr_name] = _default_attr(attr_def)
    return node_attrs


def _default_attr(attr_def):
    """An attribute's default value as AttrValue fields (what TensorFlow adds to a graph's node)."""
    if attr_def.type == "type":
        return {"type": _dtype_named(attr_def.default)._enum}
    if attr_def.type == "shape":
        return {"shape": {"unknown_rank": True}} if attr_def.default == "<unknown rank>" else {"shape": {}}
    if attr_def.type.startswith("list(") and not attr_def.default:
        return {"list": {}}
    default = attr_def.default
    if attr_def.type == "bool":
        default = default in (True, "true", "True", 1)
    return _attr(attr_def, default)


def _dtype(enum):
    return dtypes.as_dtype(int(enum))


def _dtype_named(tf_name):
    return next(d for d in dtypes._ALL if dtypes.enum_name(d) == tf_name)


def _output_refs(opdef, num_outputs, node_name):
    """"arg:index" of each of a node's outputs, from the op record's output arguments."""
    lists = [a for a in opdef.outputs if a.number_attr or a.type_list_attr]
    if not lists:
        return [f"{a.name}:0" for a in opdef.outputs][:num_outputs]
    if len(opdef.outputs) == 1:
        return [f"{opdef.outputs[0].name}:{k}" for k in range(num_outputs)]
    raise NotImplementedError(f"tf.saved_model.save: varrt cannot export the node {node_name} (op {opdef.name}, "
                              f"several list outputs) yet")
