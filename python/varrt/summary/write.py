"""`tf.summary.write` and `tf.summary.experimental.write_raw_pb`, `summary_scope`: a tensor (or a
raw Summary) as an Event of the default writer, eagerly at once; in a graph being built (a
`tf.function`) as a WriteSummary node that writes, when the graph runs, the value the graph
computed then. The writer, tag and metadata are fixed when the node is built, the value, the step
and (when it depends on the graph) the recording condition are the node's inputs."""
import contextlib
import re
import time

import numpy as np

from varrt.base import dtypes
from varrt.base.errors import DataLossError
from varrt.framework import graph_building
from varrt.framework.name_scopes import get_current_name_scope, name_scope
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.saved_model.function_def_builder import tensor_proto_fields
from varrt.saved_model.proto import Message, fields_of
from varrt.summary.summary_state import recording_condition, state

_INVALID_SCOPE_CHARACTERS = re.compile(r"[^-_/.A-Za-z0-9]")
_NO_STEP = ("No step set. Please specify one either through the `step` argument or through "
            "tf.summary.experimental.set_step()")


@contextlib.contextmanager
def summary_scope(name, default_name="summary", values=None):
    """Experimental context manager for use when defining a custom summary op.

    This behaves similarly to `tf.name_scope`, except that it returns a generated summary tag in
    addition to the scope name. The tag is the user-provided name prefixed with the enclosing name
    scopes, neither uniquified nor stripped of characters scope names cannot hold.

    Args:
        name: string name for the summary.
        default_name: Optional; if provided, used as default name of the summary.
        values: Optional; the tensors TensorFlow passes to its name_scope (unused).

    Yields:
        A tuple `(tag, scope)`.
    """
    del values
    name = name or default_name
    current = get_current_name_scope()
    tag = current + "/" + name if current else name
    name = _INVALID_SCOPE_CHARACTERS.sub("", name) or default_name
    with name_scope(name) as scope:
        yield tag, scope


def _check_step(step):
    step = convert_to_tensor(step, dtype=dtypes.int64)
    if step.shape.num_elements() != 1:
        raise ValueError(f"Argument `step` must be a scalar. Received step with shape {step.shape}.")
    return step


def _metadata_bytes(metadata):
    if metadata is None:
        return b""
    if hasattr(metadata, "SerializeToString"):
        return metadata.SerializeToString()
    return bytes(metadata)


def write(tag, tensor, step=None, metadata=None, name=None) -> Tensor:
    """Writes a generic summary to the default SummaryWriter if one exists.

    Args:
        tag: string tag used to identify the summary (e.g. in TensorBoard), usually generated with
            `tf.summary.summary_scope`
        tensor: the Tensor holding the summary data to write or a callable that returns this
            Tensor. If a callable is passed, it will only be called when a default SummaryWriter
            exists and the recording condition specified by `record_if()` is met.
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        metadata: Optional SummaryMetadata, as a proto or serialized bytes
        name: Optional string name for this op.

    Returns:
        True on success, or false if no summary was written because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None.
    """
    return write_value(tag, tensor, step, metadata, name=name)


def write_value(tag, tensor, step=None, metadata=None, host_fn=None, name=None):
    """`write`, with `host_fn`: what is written is host_fn(the NumPy value of `tensor`), computed
    where the value is known (at once eagerly, when the graph runs in a tf.function)."""
    del name
    if step is not None:
        _check_step(step)
    writer = state.writer
    if writer is None:
        return constant(False)
    if step is None:
        step = state.step
    serialized_metadata = _metadata_bytes(metadata)
    condition = recording_condition()
    if condition is False:
        return constant(False)
    if step is None:
        raise ValueError(_NO_STEP)
    value = tensor() if callable(tensor) else tensor
    value = value if isinstance(value, Tensor) else convert_to_tensor(value)

    def emit(value, step, recording=True):
        if not bool(recording):
            return constant(False)
        if host_fn is not None:
            value = host_fn(value.numpy())
            value = value if isinstance(value, Tensor) else constant(value)
        summary_value = {"tag": tag, "tensor": tensor_proto_fields(value)}
        if serialized_metadata:
            summary_value["metadata"] = fields_of(Message.from_bytes("tensorflow.SummaryMetadata",
                                                                     serialized_metadata))
        writer.add_event({"wall_time": time.time(), "step": int(step.numpy()), "summary": {"value": [summary_value]}})
        return constant(True)

    return _run("WriteSummary", emit, [value, convert_to_tensor(step, dtype=dtypes.int64)], condition)


def write_raw_pb(tensor, step=None, name=None) -> Tensor:
    """Writes a summary using raw `tf.compat.v1.Summary` protocol buffers.

    Args:
        tensor: the string Tensor holding one or more serialized `Summary` protobufs
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        name: Optional string name for this op.

    Returns:
        True on success, or false if no summary was written because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None.
    """
    del name
    if step is not None:
        _check_step(step)
    writer = state.writer
    if writer is None:
        return constant(False)
    if step is None:
        step = state.step
        if step is None:
            raise ValueError(_NO_STEP)
    condition = recording_condition()
    if condition is False:
        return constant(False)

    def emit(value, step, recording=True):
        if not bool(recording):
            return constant(False)
        for i, serialized in enumerate(np.asarray(value.numpy(), dtype=object).reshape(-1).tolist()):
            try:
                summary = fields_of(Message.from_bytes("tensorflow.Summary", serialized, "a Summary"))
            except DataLossError:
                raise DataLossError(None, None, f"Bad tf.compat.v1.Summary binary proto tensor string at index {i}") \
                    from None
            writer.add_event({"wall_time": time.time(), "step": int(step.numpy()), "summary": summary})
        return constant(True)

    value = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor, dtype=dtypes.string)
    return _run("WriteRawProtoSummary", emit, [value, convert_to_tensor(step, dtype=dtypes.int64)], condition)


def _run(op, emit, inputs, condition):
    """emit(*inputs, condition) now, or as an `op` node of the graph being built (its inputs
    `inputs` and the recording condition, a tensor the graph computes or a constant)."""
    graph = graph_building.current()
    if graph is None:
        return emit(*inputs)
    inputs = inputs + [condition if isinstance(condition, Tensor) else constant(True)]

    def run(*values):
        return (emit(*values),)

    first, node_name = graph.add_call_node(op, run, inputs, 1)
    return graph.register_outputs([dtypes.bool], first, node_name, [TensorShape([])], op)[0]
