"""tf.distribute.coordinator.ClusterCoordinator: scheduling functions on a cluster's workers.

`schedule(fn)` queues `fn` and returns a RemoteValue at once; one dispatcher thread per worker
takes functions off the queue in order, ships each (pickled: the variables it uses travel as
references to where they live) to its worker task, and runs it there. A worker task whose
process dies is restarted by Ray; the function it was running goes back to the front of the
queue and runs again (on the first worker free), as TensorFlow's coordinator re-schedules it.
An error the function raises itself is kept: `join()` (and the next `schedule`) raise it, once,
cancelling the functions still queued (as TensorFlow's coordinator does), and its RemoteValue's
`fetch()` raises it. A parameter server that fails makes the functions using it fail with
UnavailableError, raised so.

A function's updates of variables are applied all together when it returns, or not at all
(distribute/remote/staging.py): a function that fails half-way, or that the coordinator gives up
on, has changed nothing, and one re-scheduled after its worker died runs its updates once.

Every wait is bounded: a function that does not finish within the cluster's timeout fails with
UnavailableError; a dead worker that does not come back within it stops taking functions.
"""
import atexit
import collections
import threading
import time

from varrt.framework.tensor import constant
from varrt.base import errors
from varrt.distribute.remote import fencing, runtime
from varrt.distribute.remote.protocol import Failure
from varrt.base import nest
from varrt.distribute.parameter_server_strategy import ParameterServerStrategy


class RemoteValue:
    """The future result of a scheduled function."""

    def __init__(self):
        self._done = threading.Event()
        self._value = None
        self._error = None

    def _set(self, value):
        self._value = value
        self._done.set()

    def _fail(self, error):
        self._error = error
        self._done.set()

    def fetch(self):
        """Waits for the function and returns its result as NumPy values (or raises its error)."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value

    def get(self):
        """Waits for the function and returns its result as Tensors."""
        return nest.map_structure(lambda v: constant(v) if v is not None else v, self.fetch())


class _Closure:
    __slots__ = ("fn", "args", "kwargs", "result")

    def __init__(self, fn, args, kwargs):
        self.fn, self.args, self.kwargs, self.result = fn, args, kwargs, RemoteValue()


class ClusterCoordinator:
    """Schedules functions on the workers of a ParameterServerStrategy's cluster."""

    def __init__(self, strategy):
        if not isinstance(strategy, ParameterServerStrategy) or strategy.cluster_resolver is None:
            raise ValueError("Only `tf.distribute.experimental.ParameterServerStrategy` is supported to work with "
                             "`tf.distribute.experimental.coordinator.ClusterCoordinator` currently.")
        self._strategy = strategy
        resolver = strategy.cluster_resolver
        self._timeout = resolver._timeout
        self._queue = collections.deque()
        self._cv = threading.Condition()
        self._inflight = 0
        self._error = None
        self._stopped = False
        workers = sorted((task, actor) for (job, task), actor in resolver._tasks().items() if job == "worker")
        self._threads = [threading.Thread(target=self._dispatch, args=(task, actor), daemon=True,
                                          name=f"varrt-coordinator-worker-{task}") for task, actor in workers]
        self._alive = len(self._threads)
        for t in self._threads:
            t.start()
        atexit.register(self._stop)  # the dispatcher threads end before the interpreter does

    @property
    def strategy(self):
        """The strategy this coordinator schedules for."""
        return self._strategy

    def schedule(self, fn, args=None, kwargs=None):
        """Queues `fn(*args, **kwargs)` to run on a worker; returns its RemoteValue."""
        self._raise_error()
        args = nest.map_structure(_resolved, tuple(args or ()))
        kwargs = nest.map_structure(_resolved, dict(kwargs or {}))
        closure = _Closure(fn, args, kwargs)
        with self._cv:
            if self._alive == 0:
                raise errors.UnavailableError(None, None, "No worker of the cluster is available")
            self._queue.append(closure)
            self._cv.notify_all()
        return closure.result

    def join(self):
        """Waits for every scheduled function; raises the first error one of them raised."""
        deadline = None
        with self._cv:
            while (self._queue or self._inflight) and self._error is None:
                if self._alive == 0:
                    self._fail_queued(errors.UnavailableError(None, None, "No worker of the cluster is available"))
                    break
                self._cv.wait(timeout=1.0)
                if not self._inflight and self._queue:
                    deadline = deadline or time.monotonic() + self._timeout
                    if time.monotonic() > deadline:
                        self._fail_queued(errors.UnavailableError(None, None, "No worker took the queued functions"))
                        break
                else:
                    deadline = None
        self._raise_error()

    def done(self):
        """Whether every scheduled function has finished (raises the first error, if any)."""
        with self._cv:
            finished = not self._queue and not self._inflight
        if finished:
            self._raise_error()
        return finished

    def fetch(self, val):
        """The values of a structure of RemoteValues (other leaves are returned as they are)."""
        return nest.map_structure(lambda v: v.fetch() if isinstance(v, RemoteValue) else v, val)

    def create_per_worker_dataset(self, dataset_fn):
        """Not supported: varrt has no tf.data (raises NotImplementedError)."""
        raise NotImplementedError("varrt has no tf.data: pass each step's data to `schedule` as arguments")

    # --- dispatch ---------------------------------------------------------------------------

    def _raise_error(self):
        # As TensorFlow's ClosureQueue._raise_if_error: the functions still queued are cancelled,
        # the running ones finish (each run is bounded), then the first error is raised, once.
        with self._cv:
            if self._error is None:
                return
            cancelled = errors.CancelledError(
                None, None, "The corresponding function is cancelled. Please reschedule the function.")
            while self._queue:
                self._queue.popleft().result._fail(cancelled)
            while self._inflight:
                self._cv.wait(timeout=1.0)
            error, self._error = self._error, None
        raise error

    def _fail_queued(self, error):
        while self._queue:
            self._queue.popleft().result._fail(error)
        if self._error is None:
            self._error = error

    def _dispatch(self, task, actor):
        handle = runtime.TaskHandle("worker", task, actor, f"/job:worker/replica:0/task:{task}/device:CPU:0")
        handle.timeout = self._timeout
        while True:
            with self._cv:
                while not self._queue and not self._stopped:
                    self._cv.wait(timeout=1.0)
                if self._stopped:
                    return
                closure = self._queue.popleft()
                self._inflight += 1
            outcome = self._run(handle, closure)
            with self._cv:
                self._inflight -= 1
                if outcome == "worker died":
                    self._queue.appendleft(closure)  # re-scheduled, as TensorFlow's coordinator does
                self._cv.notify_all()
            if outcome == "worker died" and not self._wait_for_restart(handle):
                with self._cv:
                    self._alive -= 1
                    self._cv.notify_all()
                return

    def _run(self, handle, closure):
        try:
            result = self._outcome(handle, closure)
        except Exception as e:  # noqa: BLE001 (e.g. the function could not be pickled)
            result = Failure(e)
        if result == "worker died":
            return result
        if isinstance(result, Failure):
            closure.result._fail(result.error)
            with self._cv:
                if self._error is None:
                    self._error = result.error
        else:
            closure.result._set(result)
        return "done"

    def _outcome(self, handle, closure):
        """The function's result or Failure, or "worker died" when it has to run again.

        Its updates are applied all together or not at all (staging.py); giving up on it is
        claiming its fence as cancelled, which fails if its worker has already claimed it to
        commit: then its result is waited for once more."""
        import ray
        fence = fencing.new_fence("worker", handle.task, self._timeout)
        ps = self._strategy.cluster_resolver._ps_tasks()  # current: a ps task may have been restarted
        ref = handle.actor.run_function.remote((closure.fn, closure.args, closure.kwargs, ps, fence))
        for waited in range(2):
            try:
                return ray.get(ref, timeout=self._timeout)
            except ray.exceptions.RayActorError:
                if not waited and self._cancel(fence):
                    return "worker died"
                self._to_ps_tasks("commit", fence[0])  # it died committing: the commit is finished for it
                return Failure(errors.UnavailableError(
                    None, None, f"{handle.device} stopped after the function's updates were committed: they are "
                                "applied, its result is lost"))
            except ray.exceptions.GetTimeoutError:
                if not waited and self._cancel(fence):
                    return Failure(errors.UnavailableError(
                        None, None, f"{handle.device} did not finish a function within {self._timeout:g} s. The "
                                    "function was cancelled: none of its updates were applied."))
        return Failure(errors.UnavailableError(
            None, None, f"{handle.device} committed the function's updates but did not return its result "
                        f"within {self._timeout:g} s"))

    def _cancel(self, fence):
        """Gives up on a function: True if none of its updates will be applied."""
        if self._stopped:  # the program is exiting and Ray with it: nothing is re-run or aborted
            raise errors.UnavailableError(None, None, "The cluster is shutting down")
        if not fencing.cancel(fence):
            return False
        self._to_ps_tasks("abort", fence[0])  # what it staged goes now, not when the task ends
        return True

    @staticmethod
    def _to_ps_tasks(method, function_id):
        for device in runtime.known_devices():
            if device.startswith("/job:ps/"):
                runtime.task_of(device).send(method, function_id)

    def _wait_for_restart(self, handle):
        deadline = time.monotonic() + self._timeout
        while time.monotonic() < deadline and not self._stopped:
            try:
                handle.call("ping")
                return True
            except Exception:  # noqa: BLE001 (not back yet; or gone with the cluster: Ray's own error)
                time.sleep(0.2)
        return False

    def _stop(self):
        with self._cv:
            self._stopped = True
            self._cv.notify_all()


def _resolved(value):
    return value.fetch() if isinstance(value, RemoteValue) else value
