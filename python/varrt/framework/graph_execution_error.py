"""What an op failing while a TensorFlow 1 `Session` runs a graph reads like: TensorFlow's
interpolated message (tensorflow/python/framework/error_interpolation.py, interpolate_graph),

    Graph execution error:

    Detected at node 'Reshape' defined at (most recent call last):
        File "train.py", line 6, in <module>
    Node: 'Reshape'
    Input to reshape is a tensor with 3 values, but the requested shape has 4
    	 [[{{node Reshape}}]]

with the kernel's own text in the middle and the error's class kept. (A tf.function reports
its failures in another format, TensorFlow's atomic_function one: see function.py.)
"""
import re

_UNINITIALIZED = re.compile(r"uninitialized variable \S+ \(([^)]*)\)")


def kernel_message(error):
    """The kernel's text of an op error, without what eager execution adds around it (the
    wrapping function's name, "[Op:Name]", "name: ...")."""
    message = re.sub(r"^\{\{function_node [^}]*\}\}\s*", "", error.message)
    return re.sub(r"\s*\[Op:[^\]]*\](\s*name:.*)?$", "", message, flags=re.S)


def session_error(error, node_name, frames, op=None):
    """`error`, raised by the kernel of node `node_name` (defined at `frames`), as a Session
    raises it: the same class, TensorFlow 1's text (a read of a variable no initializer has run
    for says what TensorFlow 1's does)."""
    message = kernel_message(error)
    uninitialized = _UNINITIALIZED.search(message)
    if uninitialized is not None:
        name = uninitialized.group(1)
        message = (f"Could not find variable {name}. This could mean that the variable has been deleted. In TF1, it "
                   "can also mean the variable is uninitialized. Debug info: container=localhost, status error "
                   f"message=Container localhost does not exist. (Could not find resource: localhost/{name})")
    return error_in_node(type(error), node_name, frames, message, op)


def error_in_node(error_class, node_name, frames, message, op=None):
    """An `error_class` OpError saying node `node_name` (defined at `frames`, outermost first, as
    (filename, line, function)) failed with `message`, in TensorFlow 1's words."""
    lines = ["Graph execution error:", "", f"Detected at node {node_name!r} defined at (most recent call last):"]
    lines += [f'    File "{filename}", line {line}, in {function}' for filename, line, function in frames]
    lines += [f"Node: {node_name!r}", message, f"\t [[{{{{node {node_name}}}}}]]"]
    return error_class(None, op, "\n".join(lines))
