"""`FuncGraph.as_graph_def()`: a tf.function's traced graph as TensorFlow's GraphDef. The nodes are
those of the graph's FunctionDef (saved_model/function_def_builder.py: TensorFlow's ops, attributes
and names), its arguments become `Placeholder` nodes, and each input reference is written as a
GraphDef writes it: `node` for a node's first output, `node:k` for its k-th, `^node` for a control
input. What the FunctionDef builder cannot write (control flow, Python calls, calls of other
tf.functions) raises its NotImplementedError."""
from varrt.base import tf_version
from varrt.framework.graph_building import info_of
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


def as_graph_def(graph, add_shapes=False):
    """The GraphDef message of a traced FuncGraph."""
    if add_shapes:
        raise NotImplementedError("varrt's FuncGraph.as_graph_def cannot add the `_output_shapes` attributes "
                                  "(add_shapes=True) yet")
    try:
        fdef, _ = function_def_builder.build(_Traced(graph), graph.name)
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
        node = dict(node)
        if "input" in node:
            node["input"] = [_graph_ref(ref, ops_by_node) for ref in node["input"]]
        nodes.append(node)
    return Message("tensorflow.GraphDef", {"node": nodes, "versions": {"producer": tf_version.GRAPH_DEF_VERSION}})


func_graph.register_graph_def_writer(as_graph_def)
