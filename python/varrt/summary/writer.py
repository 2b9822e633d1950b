"""Summary writers: `tf.summary.SummaryWriter` (the interface and its `as_default`),
`create_file_writer` (TensorBoard event files, event_file.py), `create_noop_writer` and
`tf.summary.flush`."""
import os

from varrt.framework import graph_building
from varrt.framework.tensor import Tensor
from varrt.graph.function import register_trace_context, trace_context_changed
from varrt.graph.control_flow_ops import no_op
from varrt.summary.event_file import EventFileWriter
from varrt.summary.summary_state import state

# A tf.function traced with no default writer writes nothing; one traced with a writer writes:
# whether there is one is part of the trace key, as it is of TensorFlow's.
register_trace_context(lambda: ("summary writer", state.writer is not None))


class _SummaryContextManager:
    """What `SummaryWriter.as_default()` returns: a class, so set_as_default can enter it for good."""

    def __init__(self, writer, step=None):
        self._writer = writer
        self._step = step
        self._old_writer = None
        self._old_step = None

    def __enter__(self):
        self._old_writer = state.writer
        _set_writer(self._writer)
        if self._step is not None:
            self._old_step = state.step
            state.step = self._step
        return self._writer

    def __exit__(self, *exc):
        state.writer.flush()
        _set_writer(self._old_writer)
        if self._step is not None:
            state.step = self._old_step
        return False


def _set_writer(writer):
    """Makes `writer` the default; whether there is one is part of a tf.function's trace key."""
    changed = (state.writer is None) != (writer is None)
    state.writer = writer
    if changed:
        trace_context_changed()


class SummaryWriter:
    """Interface representing a stateful summary writer object."""

    def set_as_default(self, step=None):
        """Enables this summary writer for the current thread.

        Args:
            step: An `int64`-castable default step value, or `None`. When not `None`, the current
                step is modified to the given value. When `None`, the current step is not modified.
        """
        self.as_default(step).__enter__()

    def as_default(self, step=None):
        """Returns a context manager that enables summary writing.

        Args:
            step: An `int64`-castable default step value, or `None`. When not `None`, the current
                step is captured, replaced by a given one, and the original one is restored when
                the context manager exits. When `None`, the current step is not modified.

        Returns:
            The context manager.
        """
        return _SummaryContextManager(self, step)

    def init(self):
        """Initializes the summary writer."""
        raise NotImplementedError()

    def flush(self):
        """Flushes any buffered data."""
        raise NotImplementedError()

    def close(self):
        """Flushes and closes the summary writer."""
        raise NotImplementedError()


class _FileSummaryWriter(SummaryWriter):
    """A writer of one event file (TensorFlow's _ResourceSummaryWriter over a summary file writer)."""

    def __init__(self, logdir, max_queue, flush_millis, filename_suffix):
        self._file = EventFileWriter(logdir, max_queue, flush_millis, filename_suffix)
        self._closed = False

    def _check_open(self):
        if self._closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")

    def set_as_default(self, step=None):
        """See `SummaryWriter.set_as_default`."""
        self._check_open()
        super().set_as_default(step)

    def as_default(self, step=None):
        """See `SummaryWriter.as_default`."""
        self._check_open()
        return super().as_default(step)

    def init(self):
        """See `SummaryWriter.init` (the file is opened when the writer is made)."""
        self._check_open()

    def flush(self):
        """See `SummaryWriter.flush`."""
        if not self._closed:
            self._file.flush()

    def close(self):
        """See `SummaryWriter.close`."""
        if not self._closed:
            self._closed = True
            self._file.close()

    def add_event(self, fields):
        """Queues an Event (a dict of its fields); a closed writer drops it, as TensorFlow's
        closed resource does."""
        if not self._closed:
            self._file.add_event(fields)


class _NoopSummaryWriter(SummaryWriter):
    """A summary writer that does nothing, for create_noop_writer()."""

    def set_as_default(self, step=None):
        """Does nothing."""

    def as_default(self, step=None):
        """A context manager that does nothing (the default writer stays as it was)."""
        return _Nothing()

    def init(self):
        """Does nothing."""

    def flush(self):
        """Does nothing."""

    def close(self):
        """Does nothing."""


class _Nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _check_arg(name, value):
    if isinstance(value, Tensor) and not graph_building.value_known(value):
        if graph_building.inside_function():
            raise ValueError(f"Invalid graph Tensor argument '{name}={value}' to create_file_writer() inside an "
                             "@tf.function. The create call will be lifted into the outer eager execution context, "
                             "so it cannot consume graph tensors defined inside the function body.")
        raise ValueError(f"Invalid graph Tensor argument '{name}={value}' to eagerly executed create_file_writer().")
    return value.numpy() if isinstance(value, Tensor) else value


def _text(value):
    value = _check_arg("logdir", value) if isinstance(value, Tensor) else value
    if isinstance(value, bytes):
        return value.decode()
    return os.fspath(value) if hasattr(value, "__fspath__") else str(value)


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None) -> SummaryWriter:
    """Creates a summary file writer for the given log directory.

    Args:
        logdir: a string specifying the directory in which to write an event file.
        max_queue: the largest number of summaries to keep in a queue; will flush once the queue
            gets bigger than this. Defaults to 10.
        flush_millis: the largest interval between flushes. Defaults to 120,000.
        filename_suffix: optional suffix for the event file name. Defaults to `.v2`.
        name: a name for the op that creates the writer (unused by varrt).
        experimental_trackable: accepted; varrt's writer is not a TrackableResource, so True
            raises NotImplementedError.
        experimental_mesh: a DTensor mesh; varrt has no DTensor, so a mesh raises NotImplementedError.

    Returns:
        A SummaryWriter object.

    Raises:
        ValueError: If `logdir` is None, or an argument is a graph tensor.
    """
    del name
    if logdir is None:
        raise ValueError("Argument `logdir` cannot be None")
    if experimental_trackable:
        raise NotImplementedError("varrt's summary writers are not TrackableResources yet "
                                  "(create_file_writer(experimental_trackable=True))")
    if experimental_mesh is not None:
        raise NotImplementedError("varrt has no DTensor meshes (create_file_writer(experimental_mesh=...))")
    max_queue = 10 if max_queue is None else int(_check_arg("max_queue", max_queue))
    flush_millis = 120000 if flush_millis is None else int(_check_arg("flush_millis", flush_millis))
    suffix = ".v2" if filename_suffix is None else _check_arg("filename_suffix", filename_suffix)
    if isinstance(suffix, bytes):
        suffix = suffix.decode()
    return _FileSummaryWriter(_text(logdir), max_queue, flush_millis, suffix)


def create_noop_writer() -> SummaryWriter:
    """Returns a summary writer that does nothing.

    This is useful as a placeholder in code that expects a context manager.
    """
    return _NoopSummaryWriter()


def flush(writer=None, name=None):
    """Forces summary writer to send any buffered data to storage.

    Args:
        writer: The `tf.summary.SummaryWriter` to flush. If None, the current default writer will
            be used instead; if there is no current writer, this returns `tf.no_op`.
        name: Ignored legacy argument for a name for the operation.

    Returns:
        None (eagerly), or `tf.no_op()` when there is no writer.

    Raises:
        ValueError: If `writer` is not a SummaryWriter.
    """
    del name
    if writer is None:
        writer = state.writer
        if writer is None:
            return no_op()
    if isinstance(writer, SummaryWriter):
        return writer.flush()
    raise ValueError("Invalid argument to flush(): %r" % (writer,))
