"""The ops a GraphDef uses, through the functions its nodes call (TensorFlow's
meta_graph.ops_used_by_graph_def): what saved_model_cli lists and what a loader must have."""

CALL_OPS = ("PartitionedCall", "StatefulPartitionedCall")


def ops_used_by_graph_def(graph_def):
    """The op names the graph and the library functions it reaches use, functions excluded."""
    name_to_function = {f.signature.name: f for f in graph_def.library.function}
    used_ops = set()
    functions_to_process = []

    def mark_op_as_used(op):
        if op not in used_ops and op in name_to_function:
            functions_to_process.append(name_to_function[op])
        used_ops.add(op)

    def process_node(node):
        mark_op_as_used(node.op)
        if node.op in CALL_OPS:
            mark_op_as_used(node.attr["f"].func.name)

    for node in graph_def.node:
        process_node(node)
    while functions_to_process:
        for node in functions_to_process.pop().node_def:
            process_node(node)
    return [op for op in used_ops if op not in name_to_function]
