"""The order in which TensorFlow's loader brings in a SavedModel's library functions
(function_deserialization.py: `_list_function_deps`, `_sort_function_defs`): a topological sort,
callees first, that pops from the end of the ready list. The loader renames each function with a
fresh number as it goes, so this order is the order of the loaded functions' names, which is how
saved_model_cli numbers a function's concrete "Options"."""
from varrt.saved_model.ops_used import CALL_OPS


def _gradient_op_type(node):
    if "_gradient_op_type" in node.attr and node.op not in CALL_OPS:
        return node.attr["_gradient_op_type"].s
    return None


def _function_deps(fdef, function_names, gradient_names):
    deps = set()
    for node in fdef.node_def:
        grad_op_type = _gradient_op_type(node)
        if node.op in function_names:
            deps.add(node.op)
        elif grad_op_type and grad_op_type in gradient_names:
            deps.add(gradient_names[grad_op_type])
        else:
            for attr in node.attr.values():
                kind = attr.WhichOneof("value")
                if kind == "func":
                    deps.add(attr.func.name)
                elif kind == "list":
                    deps.update(f.name for f in attr.list.func)
    return deps


def load_order(library):
    """The names of `library`'s functions (a FunctionDefLibrary message) in TensorFlow's load
    order; ValueError as TensorFlow's for functions that call each other in a cycle."""
    functions = list(library.function)
    function_names = {f.signature.name for f in functions}
    gradient_names = {g.registered_op_type.encode(): g.gradient_func
                      for g in library.registered_gradients if g.registered_op_type}
    edges, in_count = {}, {}
    for fdef in functions:
        for dep in _function_deps(fdef, function_names, gradient_names):
            edges.setdefault(dep, []).append(fdef.signature.name)
            in_count[fdef.signature.name] = in_count.get(fdef.signature.name, 0) + 1
    ready = [f.signature.name for f in functions if not in_count.get(f.signature.name)]
    output = []
    while ready:
        name = ready.pop()
        output.append(name)
        for dest in edges.get(name, ()):
            in_count[dest] -= 1
            if not in_count[dest]:
                ready.append(dest)
    if len(output) != len(functions):
        failed = sorted(set(in_count) - set(output))
        raise ValueError("There is a cyclic dependency between functions. ", f"Could not resolve {failed}.")
    return output
