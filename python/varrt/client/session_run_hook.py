"""TensorFlow 1's session-run hook interface (tensorflow/python/training/session_run_hook.py):
`SessionRunHook` and the values it is handed. varrt has no MonitoredSession to call hooks; these are
the classes TensorFlow 1 code subclasses and constructs."""
import collections


class SessionRunHook:
    """A hook into a MonitoredSession's runs: each method does nothing until overridden."""

    def begin(self):
        """Called once before the session is used."""

    def after_create_session(self, session, coord):
        """Called when the session is created."""

    def before_run(self, run_context):
        """Called before each run; may return `SessionRunArgs` to add to it."""
        return None

    def after_run(self, run_context, run_values):
        """Called after each run with its `SessionRunValues`."""

    def end(self, session):
        """Called at the end of the session."""


class SessionRunArgs(collections.namedtuple("SessionRunArgs", ["fetches", "feed_dict", "options"])):
    """What a hook adds to a run: fetches, a feed dict and options."""

    def __new__(cls, fetches, feed_dict=None, options=None):
        return super().__new__(cls, fetches, feed_dict, options)


class SessionRunContext:
    """A run as a hook sees it: its original arguments and session, and the request to stop."""

    def __init__(self, original_args, session):
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self):
        """The `SessionRunArgs` the run was called with."""
        return self._original_args

    @property
    def session(self):
        """The session being run."""
        return self._session

    @property
    def stop_requested(self):
        """Whether a hook asked the session to stop."""
        return self._stop_requested

    def request_stop(self):
        """Asks the session to stop after this run."""
        self._stop_requested = True


class SessionRunValues(collections.namedtuple("SessionRunValues", ["results", "options", "run_metadata"])):
    """What a run returned for a hook's `SessionRunArgs`."""
