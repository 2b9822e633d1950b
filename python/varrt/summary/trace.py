"""`tf.summary.trace_on`, `trace_export`, `trace_off` and `graph`. `graph` writes a traced
function's GraphDef (`FuncGraph.as_graph_def(add_shapes=True)`) or a GraphDef message; the graphs
of the functions a trace runs (and a profile) varrt does not record yet: trace_export checks what
TensorFlow checks and writes nothing."""
import threading
import time

from varrt.base.tf_logging import get_logger
from varrt.framework import graph_building
from varrt.framework.tensor import constant
from varrt.graph.func_graph import FuncGraph
from varrt.saved_model.proto import Message, type_of
from varrt.summary.summary_state import should_record_summaries, state
from varrt.summary.write import _check_step

_lock = threading.Lock()
_trace = None  # (graph, profiler) while a trace is on


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """Starts a trace to record computation graphs and profiling information.

    varrt records no graphs for TensorBoard (it cannot write a GraphDef of them) and has no
    profiler: the trace only marks that trace_export may be called.

    Args:
        graph: If True, enables collection of executed graphs.
        profiler: If True, enables the profiler (not in varrt: NotImplementedError).
        profiler_outdir: Output directory for the profiler.

    Raises:
        NotImplementedError: If `profiler` is True.
    """
    global _trace
    if graph_building.inside_function():
        get_logger().warning("Cannot enable trace inside a tf.function.")
        return
    if profiler:
        raise NotImplementedError("varrt has no profiler (tf.summary.trace_on(profiler=True))")
    with _lock:
        if _trace:
            get_logger().warning("Trace already enabled")
            return
        _trace = (graph, profiler)


def trace_export(name, step=None, profiler_outdir=None):
    """Stops and exports the active trace as a Summary.

    varrt writes no graph summary (it cannot make a GraphDef of its graphs): this checks the
    arguments and the trace as TensorFlow does and ends the trace.

    Args:
        name: A name for the summary to be written.
        step: Explicit `int64`-castable monotonic step value for this summary.
        profiler_outdir: Ignored, as in TensorFlow (pass it to trace_on).

    Raises:
        ValueError: If no trace is on, or `step` is not a scalar.
    """
    del name, profiler_outdir
    if step is not None:
        _check_step(step)
    if graph_building.inside_function():
        get_logger().warning("Cannot export trace inside a tf.function.")
        return
    with _lock:
        if _trace is None:
            raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    trace_off()


def trace_off():
    """Stops the current trace and discards any collected information."""
    global _trace
    with _lock:
        _trace = None


def graph(graph_data):
    """Writes a TensorFlow graph summary: the GraphDef of a traced function's graph (with its
    nodes' output shapes, as TensorFlow writes it) or a GraphDef message, as an Event of step 0.

    Args:
        graph_data: A tf.function's graph (`concrete_function.graph`) or a `GraphDef` message.

    Returns:
        True on success, or False if no summary was written because no default summary writer
        was available or recording is off.

    Raises:
        ValueError: Inside a graph, or for `graph_data` of another type.
        NotImplementedError: For a TensorFlow 1 `tf.Graph` (varrt writes no GraphDef of it yet),
            or a graph with nodes varrt cannot write as TensorFlow's ops yet.
    """
    if not graph_building.executing_eagerly():
        raise ValueError("graph() cannot be invoked inside a graph context.")
    writer = state.writer
    if writer is None:
        return constant(False)
    if not bool(should_record_summaries()):
        return constant(False)
    if isinstance(graph_data, FuncGraph):  # a TensorFlow 1 Graph too, whose as_graph_def says varrt lacks it
        data = graph_data.as_graph_def(add_shapes=True).to_bytes()
    elif isinstance(graph_data, Message) and type_of(graph_data) == "tensorflow.GraphDef":
        data = graph_data.to_bytes()
    else:
        raise ValueError("Argument 'graph_data' is not tf.Graph or tf.compat.v1.GraphDef. Received graph_data="
                         f"{graph_data} of type {type(graph_data).__name__}.")
    writer.add_event({"wall_time": time.time(), "graph_def": data})  # a graph has no step: 0, unset
    return constant(True)
