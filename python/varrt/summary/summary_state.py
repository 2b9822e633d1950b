"""What tf.summary's functions consult, per thread as TensorFlow keeps it: the default writer,
the default step (`tf.summary.experimental.get_step/set_step`) and whether to record
(`tf.summary.record_if`, `should_record_summaries`)."""
import contextlib
import threading

from varrt.framework.tensor import Tensor, constant
from varrt.ops.constant_value import get_static_value


class _SummaryState(threading.local):
    def __init__(self):
        super().__init__()
        self.writer = None
        self.step = None
        self.is_recording = None  # None: record when a writer is set; a bool, a tensor or a callable of them


state = _SummaryState()


def get_step():
    """Returns the default summary step for the current thread.

    Returns:
        The step set by `tf.summary.experimental.set_step()` if one has been set, otherwise None.
    """
    return state.step


def set_step(step):
    """Sets the default summary step for the current thread: the `step` of summary-writing
    functions called without one. A constant is captured when a `tf.function` is traced; a
    `tf.Variable` step is read each time the function runs.

    Args:
        step: An `int64`-castable default step value, or None to unset.
    """
    state.step = step


@contextlib.contextmanager
def record_if(condition):
    """Sets summary recording on or off per the provided boolean value.

    Args:
        condition: A boolean, a boolean tensor, or a callable giving one (called each time a
            summary is written).

    Yields:
        Returns a context manager that sets this value on enter and restores the previous value on exit.
    """
    old = state.is_recording
    try:
        state.is_recording = condition
        yield
    finally:
        state.is_recording = old


def recording_condition():
    """Whether a summary written now is recorded: False, True, or a symbolic boolean tensor (the
    condition depends on what a graph being built computes), as TensorFlow's
    _should_record_summaries_internal decides it."""
    if state.writer is None:
        return False
    cond = state.is_recording
    if callable(cond):
        cond = cond()
    if cond is None:
        return True
    if isinstance(cond, Tensor) or hasattr(cond, "_as_tensor"):
        value = get_static_value(cond)
        return cond if value is None else bool(value)
    return bool(cond)


def should_record_summaries():
    """Returns boolean Tensor which is True if summaries will be recorded.

    If no default summary writer is currently registered, this always returns False. Otherwise,
    this reflects the recording condition that has been set via `tf.summary.record_if()` (if any).
    If none has been set, this defaults to True.
    """
    cond = recording_condition()
    return cond if isinstance(cond, Tensor) else constant(cond)
