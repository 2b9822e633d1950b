"""`FuncGraph.as_graph_def()`: a tf.function's traced graph as TensorFlow's GraphDef. The nodes are
those of the graph's FunctionDef (saved_model/function_def_builder.py: TensorFlow's ops, attributes
with their defaults, as a live graph's nodes have them, and names), its arguments become `Placeholder` nodes, and each input reference is written as a
GraphDef writes it: `node` for a node's first output, `node:k` for its k-th, `^node` for a control
input. With `add_shapes`, each node has TensorFlow's `_output_shapes` attribute: the static shapes
of its outputs. What the FunctionDef builder cannot write (control flow, Python calls, calls of
other tf.functions) raises its NotImplementedError."""
from varrt.base import tf_version
from varrt.framework.graph_building import info_of
from varrt.framework.tensor_shape import TensorShape
from varrt.graph import func_graph
from varrt.ops import op_def_lib
from varrt.saved_model import function_def_builder
from varrt.saved_model.proto import Message
from varrt.saved_model.structured_value import shape_fields

_RESOURCE = 20  # DT_RESOURCE


class _Traced:
    """What the FunctionDef builder reads of a concrete function: its graph."""

    def __init__(self, graph):
        self.graph = graph


def _output_index(opdef, arg_name, k):
    """A node's flat output index of its output argument `arg_name`'s k-th tensor."""
    if len(opdef.outputs) == 1:
        return k
    return [a.name for a in opdef.outputs].index(arg_name) + k


def _graph_ref(ref, ops_by_node):
    """A FunctionDef input reference ("node:arg:k", an argument's name, "^node") as a GraphDef's."""
    if ref.startswith("^") or ref.count(":") != 2:
        return ref
    node, arg_name, k = ref.split(":")
    index = _output_index(op_def_lib.get(ops_by_node[node]), arg_name, int(k))
    return node if index == 0 else f"{node}:{index}"


def _placeholder(name, dtype_enum, shape, user_name):
    attrs = {"shape": {"shape": shape}, "dtype": {"type": dtype_enum}}
    if user_name is not None:
        attrs["_user_specified_name"] = {"s": user_name.encode()}
    return {"name": name, "op": "Placeholder", "attr": attrs}


def _add_output_shapes(graph, nodes):
    """Adds `_output_shapes` to each node: the graph's static shapes of a node it recorded, a
    constant's value's shape, an argument's shape, an Identity's input's."""
    by_slot = {info.slot: TensorShape(info.shape) for info in graph._infos}
    recorded = {}
    for index, (name, op, _) in enumerate(graph.nodes):
        _, first, num_outputs, _ = graph._io[index]
        recorded[name] = (op, [shape_fields(by_slot.get(first + k, TensorShape(None))) for k in range(num_outputs)])
    shapes = {}
    for node in nodes:
        name, op, attrs = node["name"], node["op"], node["attr"]
        if op == "Placeholder":
            out = [attrs["shape"]["shape"]]
        elif op == "Const":
            out = [attrs["value"]["tensor"].get("tensor_shape", {})]
        elif op == "Identity":
            source = next(ref for ref in node["input"] if not ref.startswith("^"))
            source_node, _, k = source.partition(":")
            out = [shapes[source_node][int(k or 0)]]
        elif name in recorded and recorded[name][0] == op:
            out = recorded[name][1]
        else:
            out = []  # NoOp
        shapes[name] = out
        attrs["_output_shapes"] = {"list": {"shape": out}} if out else {"list": {}}


def as_graph_def(graph, add_shapes=False):
    """The GraphDef message of a traced FuncGraph (with each node's output shapes if `add_shapes`)."""
    try:
        fdef, _ = function_def_builder.build(_Traced(graph), graph.name, strip_defaults=False)
    except NotImplementedError as e:
        raise NotImplementedError(str(e).replace("tf.saved_model.save: varrt cannot export",
                                                 "FuncGraph.as_graph_def: varrt cannot write")) from None
    nodes = []
    for n, arg in enumerate(fdef["signature"]["input_arg"]):
        if arg["type"] == _RESOURCE:
            nodes.append(_placeholder(arg["name"], _RESOURCE, {}, arg["name"]))
        else:
            tensor = graph.inputs[n]
            nodes.append(_placeholder(arg["name"], arg["type"], shape_fields(func_graph.shape_of(tensor)),
                                      info_of(tensor).name.split(":")[0]))
    ops_by_node = {node["name"]: node["op"] for node in fdef["node_def"]}
    for node in fdef["node_def"]:
        node = dict(node, attr=dict(node["attr"]))
        if "input" in node:
            node["input"] = [_graph_ref(ref, ops_by_node) for ref in node["input"]]
        nodes.append(node)
    if add_shapes:
        _add_output_shapes(graph, nodes)
    return Message("tensorflow.GraphDef", {"node": nodes, "versions": {"producer": tf_version.GRAPH_DEF_VERSION}})


func_graph.register_graph_def_writer(as_graph_def)
