"""`tf.summary.trace_on`, `trace_export`, `trace_off` and `graph`. varrt cannot write a GraphDef
of the graphs its functions run (nor profile them): trace_export checks what TensorFlow checks and
writes nothing, and `graph` raises NotImplementedError saying so."""
import threading

from varrt.base.tf_logging import get_logger
from varrt.framework import graph_building
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
    """Writes a TensorFlow graph summary: not in varrt yet. TensorFlow writes the graph's GraphDef
    with each node's output shapes (`as_graph_def(add_shapes=True)`), which varrt's GraphDef
    (`FuncGraph.as_graph_def()`) does not have yet.

    Raises:
        NotImplementedError: Always.
    """
    raise NotImplementedError("varrt cannot write graph summaries (tf.summary.graph) yet: TensorFlow writes the "
                              "GraphDef with its nodes' output shapes, which varrt's as_graph_def() lacks")

