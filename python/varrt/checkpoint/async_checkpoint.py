"""Background saves: `CheckpointOptions(experimental_enable_async_checkpoint=True)`.

The caller's thread walks the objects and takes a snapshot of every value (a read that shares
the variable's buffer: no byte is copied; the next update of a variable writes new memory,
in the same pass as the update for kernels that write every element). A background thread
then writes the files without the GIL, and afterwards runs the completion step (a manager's
state file and deletions), so they name only complete checkpoints.

At most one save is in flight per Checkpoint: the next save, a restore and `sync()` wait for
it, and an error it raised surfaces there (once). The thread is not a daemon, so a save still
running when the interpreter exits completes first; an error nobody collected is printed then.
"""
import atexit
import os
import sys
import threading
import weakref

_writers = weakref.WeakSet()


class AsyncWriter:
    """One Checkpoint's background saves (TensorFlow's AsyncCheckpointHelper, simplified)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._thread = None
        self._error = None
        _writers.add(self)

    def submit(self, work):
        """Waits for the save in flight (raising its error), then runs `work()` on a new thread."""
        with self._lock:
            self._join_and_raise()
            thread = threading.Thread(target=self._run, args=(work,), name="varrt-async-checkpoint")
            self._thread = thread
            thread.start()

    def _run(self, work):
        _lower_priority_of_this_thread()
        try:
            work()
        except BaseException as e:  # kept for the next call on the caller's side
            self._error = e

    def _join_and_raise(self):
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()
        error, self._error = self._error, None
        if error is not None:
            raise error

    def sync(self):
        """Waits for the save in flight; raises the error it ended with, if any."""
        with self._lock:
            self._join_and_raise()

    @property
    def pending(self):
        """True while a save runs."""
        thread = self._thread
        return thread is not None and thread.is_alive()


def _lower_priority_of_this_thread():
    """Background means behind the caller's work: on Linux a thread has its own nice value, and
    at +10 the writer takes the CPU only when the training step (and its worker threads) leave
    it. At equal priority, with every core busy, the step's workers lose their turns to the
    writer and the step waits for them (a 2 ms update measured at 38 ms on 2 cores)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):  # not Linux, or not permitted: equal priority
        pass


@atexit.register
def _report_uncollected_errors():
    # Runs after the interpreter joined the (non-daemon) save threads.
    for writer in list(_writers):
        error, writer._error = writer._error, None
        if error is not None:
            print(f"varrt: a background checkpoint save failed: {type(error).__name__}: {error}", file=sys.stderr)
