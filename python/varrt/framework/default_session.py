"""The default TensorFlow 1 session of each thread: the stack `with sess.as_default()` and
InteractiveSession push onto (client/session.py, a layer above), and what `Tensor.eval`,
`Variable.eval` and `Operation.run` run in when given no session."""
import threading


class _DefaultSessions(threading.local):
    def __init__(self):
        self.stack = []
        self.running = None  # the session whose run() executes graph nodes on this thread (per-session kernel state)


sessions = _DefaultSessions()


def get_default_session():
    """The Session made default by `with sess.as_default()` (or an InteractiveSession), or None."""
    return sessions.stack[-1] if sessions.stack else None


def run_in_session(fetch, session=None, feed_dict=None):
    """`session.run(fetch, feed_dict)` in `session`, or the default session (TensorFlow's error
    when there is none: `Tensor.eval`'s, or `Operation.run`'s for an operation)."""
    session = session or get_default_session()
    if session is None:
        if getattr(fetch, "_is_operation", False):
            raise ValueError("Cannot execute operation using `run()`: No default session is registered. Use `with "
                             "sess.as_default():` or pass an explicit session to `run(session=sess)`")
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered. Use `with "
                         "sess.as_default()` or pass an explicit session to `eval(session=sess)`")
    return session.run(fetch, feed_dict)
