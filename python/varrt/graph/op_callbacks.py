"""What instruments the ops recorded into a graph on this thread (TensorFlow's op callbacks,
framework/op_callbacks.py, on their graph side): each callback sees a node just recorded in a
tf.function's graph and may add nodes after it. Eager ops are seen at the core dispatch instead
(a dispatch hook). With no callback installed the recorder pays one attribute read per node."""
import threading

_state = threading.local()


def graph_callbacks():
    """This thread's callbacks, oldest first (an empty tuple when there are none)."""
    return getattr(_state, "callbacks", ())


def add_graph_callback(fn):
    """Adds `fn(graph, node_name, op, inputs, outputs)` for this thread (once: adding it again
    changes nothing)."""
    if fn not in graph_callbacks():
        _state.callbacks = graph_callbacks() + (fn,)


def remove_graph_callback(fn):
    # `!=`, not `is not`: a bound method is a new object each time it is read, equal to the last.
    _state.callbacks = tuple(c for c in graph_callbacks() if c != fn)
