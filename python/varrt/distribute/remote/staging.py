"""A scheduled function's updates, staged on the tasks they go to and applied all together or not at all.

A function scheduled on a worker updates variables on parameter-server tasks. Were each update
applied as it came, a function that failed half-way (a ps task stopped answering, the worker
died, the coordinator gave up waiting) would leave its first updates applied and its last ones
not. So, while the function runs, each op it sends to a task with variables runs there on that
task's staged copies of the variables it writes (reads see the function's own writes), and is
recorded. When the function has returned, its worker claims the function's fence (fencing.py:
the coordinator claims it as cancelled when it gives up) and, having won, commits on every
task it touched; a function that failed, or lost its fence, is aborted everywhere.

On commit a task applies the function's updates in one step between two other ops: it adopts
the staged copies if nobody else wrote those variables meanwhile, else it replays the recorded
ops on the current values (so concurrent workers' updates add up, as in TensorFlow's
asynchronous training) and, if one of them fails, puts the values back.
"""
import contextlib
import threading

from varrt.base import errors
from varrt.distribute.remote import fencing


class Staged:
    """On a task: one function's staged variables and the ops that wrote them, in order."""

    __slots__ = ("copies", "versions", "created", "log")

    def __init__(self):
        self.copies = {}      # rid -> the function's copy of the variable
        self.versions = {}    # rid -> the variable's version when it was copied
        self.created = {}     # rid -> (dtype, declared shape, name) of a variable the function created
        self.log = []         # the writing ops' requests, replayed on commit when needed


class Function:
    """On a worker: the scheduled function running now and the tasks its ops went to."""

    def __init__(self, fence):
        self.fence = fence
        self.id = fence[0]
        self.tasks = {}  # device -> TaskHandle

    def touch(self, task):
        self.tasks[task.device] = task


_current = threading.local()


def current():
    """The scheduled function whose ops this thread is running, or None."""
    return getattr(_current, "function", None)


@contextlib.contextmanager
def running(fence):
    """Runs the block as the scheduled function of `fence`: its ops on variables are staged."""
    function = _current.function = Function(fence)
    try:
        yield function
    finally:
        _current.function = None


def finish(function, succeeded):
    """Commits `function`'s updates everywhere if it succeeded and its fence is still its own,
    else aborts them everywhere; returns whether they were committed."""
    if not succeeded or not fencing.claim_for_apply(function.fence):
        for task in function.tasks.values():
            task.send("abort", function.id)
        return False
    failure = None
    for task in function.tasks.values():
        try:
            task.call("commit", function.id)
        except errors.UnavailableError:
            pass  # decided: a paused task commits when it resumes, a dead one lost its variables anyway
        except Exception as e:  # noqa: BLE001 (that task put its values back; the others committed)
            failure = failure or e
    if failure is not None:
        raise failure
    return True
