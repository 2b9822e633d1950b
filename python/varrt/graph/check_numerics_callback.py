"""`tf.debugging.enable_check_numerics` and `disable_check_numerics` (TensorFlow's
debug/lib/check_numerics_callback.py): while enabled on a thread, every float output of an op
that thread runs eagerly, or records into a tf.function's graph, passes through CheckNumericsV2
with TensorFlow's message (the op, the output slot, dtype, shape, the inputs; eagerly the counts
of -Inf, +Inf and NaN; in a graph its name and where the op was made), so the first NaN or
infinity raises InvalidArgumentError.

Eager ops are seen by an observe hook at the core dispatch (pushed by enable, removed by
disable: with it off the dispatch pays nothing); graph ops by a graph callback
(op_callbacks.py) that adds a CheckNumericsV2 node after the op, kept when the graph runs as a
stateful node is. As in TensorFlow, a function traced while checking was on keeps its checks.
TensorFlow 1 graphs run by a Session are not checked yet (TensorFlow checks them).
"""
import threading

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.graph import op_callbacks
from varrt.ops.numerics_ops import check_numerics_v2

# TensorFlow's op_callbacks_common.OP_CALLBACK_SKIP_OPS and check_numerics_callback.SAFE_OPS:
# ops whose outputs are not checked.
_SKIPPED = frozenset((
    "Enter", "Exit", "Identity", "If", "LoopCond", "Merge", "NextIteration", "StatelessIf", "StatefulPartitionedCall",
    "Switch", "While", "RemoteCall", "TPUReplicatedInput", "TPUReplicateMetadata", "TPUCompilationResult",
    "TPUReplicatedOutput", "ConfigureDistributedTPU", "DestroyResourceOp",
    "Concat", "ConcatV2", "ExpandDims", "Fill", "Gather", "Maximum", "Minimum", "Reshape", "Slice", "Squeeze", "Stack",
    "StridedSlice", "StridedSliceGrad", "TensorListConcatV2", "TensorListGather", "TensorListGetItem",
    "TensorListPopBack", "TensorListStack", "Transpose", "Unpack",
    "CheckNumericsV2",
))
# Outputs that may hold NaN by design (an empty batch's statistics): (op, slot).
_IGNORED_OUTPUTS = frozenset([("FusedBatchNorm", i) for i in range(1, 5)] + [("FusedBatchNormV2", i) for i in range(1, 5)]
                             + [("FusedBatchNormV3", i) for i in range(1, 6)])
_PATH_LENGTH_LIMIT = 50

_state = threading.local()


def _checked(op, slot, dtype):
    # Ops named with a leading underscore are varrt's own (an eager constant's _EagerConst):
    # TensorFlow runs no op there, so it checks nothing.
    return (op not in _SKIPPED and not op.startswith("_") and dtype.is_floating
            and (op, slot) not in _IGNORED_OUTPUTS)


def _limited(path, limit):
    return path if limit is None or len(path) <= limit else "..." + path[len(path) - limit:]


def error_message(slot, num_outputs, op, tensor, inputs, graph=None, frames=(), stack_height_limit=30,
                  path_length_limit=_PATH_LENGTH_LIMIT):
    """TensorFlow's get_check_numerics_error_message: eagerly the counts of bad values, in a graph
    its name and the user frames where the op was made (varrt records those, not its own)."""
    text = "\n"
    text += "\n!!! Detected Infinity or NaN in output %d of %s op \"%s\" (# of outputs: %d) !!!\n" % (
        slot, "graph" if graph else "eagerly-executing", op, num_outputs)
    text += "  dtype: %s\n" % tensor.dtype
    text += "  shape: %s\n" % (tensor.shape,)
    if not graph:
        values = tensor.numpy()
        is_inf = np.isinf(values)
        neg_inf = np.sum(np.logical_and(np.less(values, 0.0), is_inf))
        pos_inf = np.sum(np.logical_and(np.greater(values, 0.0), is_inf))
        nan = np.sum(np.isnan(values))
        if neg_inf > 0:
            text += "  # of -Inf elements: %s\n" % neg_inf
        if pos_inf > 0:
            text += "  # of +Inf elements: %s\n" % pos_inf
        if nan:
            text += "  # of +NaN elements: %s\n" % nan
    if len(inputs) > 1:
        text += "\n  Input tensors (%d):\n" % len(inputs)
        for i, t in enumerate(inputs):
            text += "         %d: %s\n" % (i, t)
    elif len(inputs) == 1:
        text += "\n  Input tensor: %s\n" % (inputs[0],)
    if graph and getattr(graph, "name", None):
        text += "  Graph name: \"%s\"\n" % graph.name
    if graph and frames:
        text += "\n  Stack trace of op's creation (\"->\": inferred user code):\n"
        if stack_height_limit is not None and len(frames) > stack_height_limit:
            text += "    + ... (Omitted %d frames)\n" % (len(frames) - stack_height_limit)
            frames = frames[-stack_height_limit:]
        for filename, line, function in frames:
            text += "    + %s (L%d) %s\n" % (_limited(filename, path_length_limit), line, function)
            text += " -> |   \n"  # every frame varrt records is the user's; TensorFlow shows no source line
    return text + "\n"


class _Checker:
    """One thread's checking: the eager dispatch hook and the graph callback."""

    def __init__(self, stack_height_limit, path_length_limit):
        self.stack_height_limit = stack_height_limit
        self.path_length_limit = path_length_limit
        self.hook = _C.push_dispatch_hook("observe", self.on_eager_op)

    def on_eager_op(self, op, device, inputs, outputs, attrs, resource):
        if _C._running_graph():  # a graph's node, not an eager op: a traced graph has its own checks
            return
        for slot, output in enumerate(outputs):
            if _checked(op, slot, output.dtype):
                check_numerics_v2(output, error_message(slot, len(outputs), op, output, inputs))

    def on_graph_op(self, graph, node_name, op, inputs, outputs):
        if not graph.lifts_variables:
            return  # a TensorFlow 1 graph: its Session compiles nodes a Python call node cannot join yet

        frames = graph.nodes[-1][2]
        for slot, output in enumerate(outputs):
            if _checked(op, slot, dtypes.as_dtype(output.dtype)):
                message = error_message(slot, len(outputs), op, output, inputs, graph, frames,
                                        self.stack_height_limit, self.path_length_limit)
                graph.add_call_node("CheckNumericsV2", lambda t, m=message: check_numerics_v2(t, m), [output], 1,
                                    name=f"{node_name}/CheckNumericsV2")


def enable_check_numerics(stack_height_limit=30, path_length_limit=50) -> None:
    """Checks every float output of the ops this thread runs from now on, eagerly and in the
    tf.functions it traces: a NaN or an infinity raises InvalidArgumentError naming the op
    (idempotent; disable_check_numerics ends it)."""
    if getattr(_state, "checker", None) is None:
        _state.checker = _Checker(stack_height_limit, path_length_limit)
        op_callbacks.add_graph_callback(_state.checker.on_graph_op)


def disable_check_numerics() -> None:
    """Ends enable_check_numerics on this thread (idempotent); functions traced while it was on
    keep their checks."""
    checker = getattr(_state, "checker", None)
    if checker is None:
        return
    _C.remove_dispatch_hook(checker.hook)
    op_callbacks.remove_graph_callback(checker.on_graph_op)
    _state.checker = None
