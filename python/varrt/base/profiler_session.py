"""`tf.profiler.experimental`'s session: at most one at a time, with TensorFlow's errors for a
second start and for a stop without one. varrt has no profiler: a session records nothing and
writes no profile (TensorFlow writes `LOGDIR/plugins/profile/RUN/HOST.xplane.pb`), and start()
logs a warning that says so."""
import collections
import threading

from varrt.base import errors
from varrt.base.tf_logging import get_logger

_lock = threading.Lock()
_session = [None]  # the log directory of the running session

ProfilerOptions = collections.namedtuple(
    "ProfilerOptions", ["host_tracer_level", "python_tracer_level", "device_tracer_level", "delay_ms"])
ProfilerOptions.__new__.__defaults__ = (2, 0, 1, None)
ProfilerOptions.__doc__ = "Options of a profiling session (accepted; varrt records no profile)."


def start(logdir, options=None):
    """Starts a profiling session (which in varrt records nothing: a warning says so).

    Args:
        logdir: The directory TensorFlow writes the profile to.
        options: A `ProfilerOptions` (accepted).

    Raises:
        AlreadyExistsError: If a session is running.
    """
    del options
    with _lock:
        if _session[0] is not None:
            raise errors.AlreadyExistsError(None, None, "Another profiler is running.")
        _session[0] = logdir
    get_logger().warning(f"varrt has no profiler: this profiling session records nothing and writes no profile to "
                         f"{logdir}.")


def stop(save=True):
    """Stops the profiling session (varrt has no profile to save).

    Args:
        save: Whether TensorFlow would save the profile (accepted).

    Raises:
        UnavailableError: If no session is running.
    """
    del save
    with _lock:
        if _session[0] is None:
            raise errors.UnavailableError(None, None, "Cannot export profiling results. No profiler is running.")
        _session[0] = None


class Profile:
    """A profiling session for a `with` block (`tf.profiler.experimental.Profile`)."""

    def __init__(self, logdir, options=None):
        self._logdir = logdir
        self._options = options

    def __enter__(self):
        start(self._logdir, self._options)

    def __exit__(self, typ, value, tb):
        stop()


class Trace:
    """A named event of a profile (`tf.profiler.experimental.Trace`): with no profiler, it marks nothing."""

    def __init__(self, name, **kwargs):
        self._name = name
        self._metadata = kwargs

    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        return False
