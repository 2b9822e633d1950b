"""Whether a graph is being built on this thread, which one, and what it knows of its symbolic
tensors (their static shapes, whether their values are known while building): what tensors,
variables and ops ask while a graph is built. The graph and its recorder are graph/func_graph.py,
above the op table; this module is below it, so every layer can ask.
"""
import itertools
import os
import sys
import threading
import weakref

from varrt import _C
from varrt.framework.tensor_shape import TensorShape

_tensor_id = _C.tensor_id


# Each graph's id, the tag its tensors carry in the core (Tensor::graph): the dispatch refuses a
# tensor of a graph that is not being built where it is used.
_graph_ids = itertools.count(1)
_MAX_GRAPH_ID = 2 ** 31 - 1  # the core keeps a tensor's graph id in 31 bits (Tensor::graph)


def _next_graph_id():
    """A graph's id: 1, 2, ... wrapping within the core's 31 bits (never 0, an eager value's)."""
    return (next(_graph_ids) - 1) % _MAX_GRAPH_ID + 1


class _State(threading.local):
    graph = None  # the FuncGraph being built on this thread (a class default: no exception to look it up)


_state = _State()
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # varrt/


def user_frames(limit=8):
    """The innermost `limit` frames of the caller's stack outside varrt, outermost first, as
    (filename, line, function): where a node was defined, for errors raised when it runs."""
    frames = []
    f = sys._getframe(1)
    while f is not None and len(frames) < limit:
        filename = f.f_code.co_filename
        if not filename.startswith(_PACKAGE):
            frames.append((filename, f.f_lineno, f.f_code.co_name))
        elif f.f_code.co_name == "_trace_once":  # the traced function's caller: user code ends here
            break
        f = f.f_back
    frames.reverse()
    return frames


def current():
    """The FuncGraph being built on this thread, or None."""
    return _state.graph


def building():
    """Whether a graph is being built on this thread (ops are recorded, not only run)."""
    return _state.graph is not None


def tf1_graph():
    """The TensorFlow 1 Graph being built on this thread (graph/graph.py), or None (eager, or a
    tf.function's FuncGraph)."""
    graph = _state.graph
    return graph if getattr(graph, "_is_tf1_graph", False) else None


def inside_function() -> bool:
    """TensorFlow's tf.inside_function(): whether a tf.function's graph (not a TensorFlow 1 Graph)
    is being built."""
    return _state.graph is not None and tf1_graph() is None


def executing_eagerly():
    """TensorFlow's tf.executing_eagerly(): False while a graph is built (inside a tf.function's
    trace), True otherwise."""
    return _state.graph is None


class TensorInfo:
    """What a graph knows of one of its tensors."""

    __slots__ = ("graph", "name", "shape", "op_type", "slot", "node", "constant", "partial", "__weakref__")

    def __init__(self, graph, name, shape, op_type, slot):
        self.graph = graph
        self.name = name
        self.shape = shape
        self.op_type = op_type
        self.slot = slot
        self.node = None  # index in graph.nodes of the node that made it
        # The value is the same on every run (made from constants only): code may read it while
        # tracing. Arguments, variable reads, random and Python-call outputs are not.
        self.constant = False
        # For the output of Shape: the static shape it holds the value of, known in part (TensorFlow
        # refines Reshape, Fill, BroadcastTo ... of tf.shape(x) with it).
        self.partial = None


# tensor id -> TensorInfo of every symbolic tensor still in some live graph (ids are unique per process).
_INFO = weakref.WeakValueDictionary()


def info_of(tensor):
    return _INFO.get(_tensor_id(tensor))


def _static_shape(tensor):
    info = _INFO.get(_tensor_id(tensor))
    return info.shape if info is not None else TensorShape(list(tensor._shape_tuple))


def value_known(tensor):
    """Whether a tensor's value while tracing is its value on every run of the graph (an eager
    tensor, or a symbolic one made from constants only): what code may read on the host."""
    info = _INFO.get(_tensor_id(tensor))
    return info is None or info.constant


def stand_in(dtype, shape, graph_id):
    """A symbolic tensor of graph `graph_id`, of `dtype` and static `shape` (a TensorShape): no
    value, only what the graph knows while it is built. An unknown rank stands as a vector of
    unknown length."""
    dims = [None] if shape.rank is None else shape.as_list()
    return _C.symbolic_tensor(dtype._enum, dims, graph_id)

def partial_shape_value(tensor):
    """What is known while building of the shape a graph tensor holds (the static shape whose
    Shape it is), a TensorShape, or None (TensorFlow's input_tensors_as_shapes)."""
    info = _INFO.get(_tensor_id(tensor))
    return None if info is None else info.partial

def shape_of(tensor):
    """The static shape of a tensor (a symbolic tensor's inferred shape)."""
    return _static_shape(tensor)



def _out_of_scope(tensor, info):
    frames = info.graph.nodes[info.node][2] if info is not None and info.node is not None else []
    where = "".join(f'    File "{f}", line {n}, in {fn}\n' for f, n, fn in frames)
    graph = repr(info.graph) if info is not None else "a graph that no longer exists"
    error = TypeError(
        f"{tensor!r} is out of scope and cannot be used here. Use return values, explicit Python locals or "
        "TensorFlow collections to access it.\nPlease see https://www.tensorflow.org/guide/function"
        "#all_outputs_of_a_tffunction_must_be_return_values for more information.\n\n"
        f"{tensor!r} was defined here:\n{where}\nThe tensor {tensor!r} cannot be accessed from here, because it "
        f"was defined in {graph}, which is out of scope.")
    # Met while a graph is built, TensorFlow captures the tensor and refuses it when the function
    # runs: no "in user code:" text then (eager code, init_scope included, gets it).
    error._varrt_raised_as_is = building()
    return error


# The core's dispatch refuses a graph's tensor outside that graph's build; the bindings raise this.
_C._set_out_of_scope_error(lambda tensor: _out_of_scope(tensor, info_of(tensor)))


class init_scope:
    """`with init_scope():` runs eagerly inside a trace (TensorFlow's tf.init_scope): ops run
    and are not recorded, results are eager tensors. Variables are created this way."""

    def __enter__(self):
        self._graph = current()
        self._hooks = _C.HooksSuspended()
        self._hooks.__enter__()
        self._wrap = _C._wrap_symbolic(False)
        self._quiet = _C._quiet_placement(False)  # what runs eagerly here is logged, as in TensorFlow
        _state.graph = None
        return self

    def __exit__(self, *exc):
        _state.graph = self._graph
        _C._quiet_placement(self._quiet)
        _C._wrap_symbolic(self._wrap)
        self._hooks.__exit__(None, None, None)
        return False
