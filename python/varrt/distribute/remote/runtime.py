"""The other tasks this process can run ops on, and the forwarder that runs them there.

Placement decides, in the core, once per op: an op placed on a device of another task (a
variable's ops run where the variable lives; `tf.device("/job:ps/task:1")` places the others)
reaches `_forward` instead of a local kernel. `_forward` makes one call to that task's actor
(task_server.TaskServer) with the op, its inputs as ndarrays (zero-copy views; Ray's object
store moves large ones without further copies) and the ids the task knows its variables by,
and returns the task's outputs as ndarrays, which the core borrows as the op's outputs.

An op that may change a variable is applied there at most once, and never after this process
gave up waiting for it (fencing.py); inside a function scheduled on a worker, it is staged
there until the function commits (staging.py).

A variable of another task is, here, a handle to a local stand-in (dtype, declared shape,
name, device; never a value) whose resource id maps to (task, rid). The process that created
it owns it: when its Variable goes, the task drops the value. Other processes hold references
(unpickled Variables, see `reference`/`rebuild_variable`), which never destroy it.
"""
import itertools
import threading
import uuid
import weakref

import numpy as np

from varrt import _C
from varrt.base import errors
from varrt.distribute.remote import fencing, staging
from varrt.distribute.remote.protocol import READ_ONLY_OPS, Failure
from varrt.framework import variables

# Seconds an op on another task may take before it fails with UnavailableError (a task that
# stopped answering must not hang its caller).
DEFAULT_TIMEOUT = 60.0

_lock = threading.Lock()
_tasks = {}                        # device name -> TaskHandle
_vars = {}                         # local resource id -> RemoteVar
_by_rid = weakref.WeakValueDictionary()  # rid -> the Variable that stands for it in this process
_rid_prefix = uuid.uuid4().hex[:16]
_rid_counter = itertools.count()


class RemoteVar:
    """What this process knows of a variable of another task."""

    __slots__ = ("task", "rid", "owner")

    def __init__(self, task, rid, owner):
        self.task, self.rid, self.owner = task, rid, owner


class TaskHandle:
    """A task of the cluster as this process reaches it: its device and its Ray actor."""

    def __init__(self, job, task, actor, device):
        self.job, self.task, self.actor, self.device = job, task, actor, device
        self.timeout = DEFAULT_TIMEOUT

    def call(self, method, *args):
        """One call to the task; its Failure raised here; a dead or silent task: UnavailableError."""
        import ray
        try:
            return self._get(getattr(self.actor, method).remote(*args))
        except ray.exceptions.GetTimeoutError:
            raise self._silent("") from None

    def update(self, request, num_outputs):
        """`run_op(request)` for an op that changes the task's state: applied once, or, when it
        fails, never (a task that resumes after its caller gave up drops it: see fencing.py)."""
        import ray
        fence = fencing.new_fence(self.job, self.task, self.timeout)
        ref = self.actor.run_op.remote(request, fence)
        try:
            return self._get(ref)
        except ray.exceptions.GetTimeoutError:
            pass
        try:
            cancelled = fencing.cancel(fence)
        except Exception as e:  # noqa: BLE001 (the cluster's store is gone: so is the cluster)
            raise self._silent(f" Whether the update was applied is unknown: {e}") from None
        if cancelled:
            raise self._silent(" The update was cancelled: it will not be applied.")
        # The task claimed the update first: it is applied, or will be before the task's next op.
        try:
            return self._get(ref)
        except ray.exceptions.GetTimeoutError:
            if num_outputs == 0:
                return []
            raise self._silent(" The update was applied, but its outputs were lost.") from None

    def _get(self, ref):
        import ray
        try:
            result = ray.get(ref, timeout=self.timeout)
        except ray.exceptions.RayActorError as e:
            raise errors.UnavailableError(
                None, None, f"{self.device} is unavailable: its task has stopped ({type(e).__name__}). "
                            "Restart it and restore its variables from a checkpoint.") from None
        if isinstance(result, Failure):
            raise result.error
        return result

    def _silent(self, outcome):
        return errors.UnavailableError(None, None, f"{self.device} did not answer within {self.timeout:g} s.{outcome}")

    def send(self, method, *args):
        """A call nobody waits for (dropping a variable from a destructor)."""
        import ray
        if not ray.is_initialized():  # shut down (at exit): a call would start a new Ray
            return
        try:
            getattr(self.actor, method).remote(*args)
        except Exception:  # noqa: BLE001 (the task may be gone; there is nothing to drop then)
            pass


def connect(tasks, timeout=None):
    """Makes `{(job, task): actor}` reachable from this process; returns their device names.

    A task already known keeps its device; its actor is replaced (a restarted task)."""
    names = []
    with _lock:
        for (job, task), actor in tasks.items():
            try:
                device = _C.add_remote_device(job, int(task))
            except errors.InvalidArgumentError:
                continue  # this process's own task
            handle = _tasks.get(device)
            if handle is None:
                handle = _tasks[device] = TaskHandle(job, int(task), actor, device)
            handle.actor = actor
            if timeout is not None:
                handle.timeout = float(timeout)
            names.append(device)
        _C.set_op_forwarder(list(_tasks), _forward)
    return names


def task_of(device):
    """The TaskHandle of a remote device name, or None."""
    return _tasks.get(device)


def known_devices():
    """The remote devices this process reaches."""
    return list(_tasks)


def _entry(ref, device, task):
    entry = _vars.get(ref.id)
    if entry is None:
        if ref.device != device:
            raise errors.InvalidArgumentError(
                None, None, f"Cannot colocate {ref.debug_name} on {ref.device} with an op on {device}: the "
                            "variables of one op must live on one task")
        entry = _vars[ref.id] = RemoteVar(task, f"{_rid_prefix}:{next(_rid_counter)}", True)
    return entry


def _forward(op, device, inputs, attrs, resources, num_outputs, host):
    task = _tasks[device]
    if not inputs and not resources and num_outputs == 0:
        # Placement only (VarHandleOp: the task makes the variable at its first assignment; a host
        # value's _EagerConst: the value travels with the op using it): nothing to run there.
        return ()
    if op == "DestroyResourceOp":
        entry = _vars.pop(resources[0].id, None)
        if entry is not None and entry.owner:
            entry.task.send("run_op", (op, [], {}, (entry.rid,), 0, None, None))
        return ()
    rids = tuple(_entry(r, device, task).rid for r in resources)
    create = None
    if op == "AssignVariableOp":  # a task that never saw the variable (or restarted) makes it
        r = resources[0]
        create = (r.dtype, r.declared_shape, r.debug_name)
    arrays = [np.asarray(t) for t in inputs]
    request = (op, arrays, attrs, rids, num_outputs, host, create)
    function = staging.current()
    if rids and function is not None:  # a scheduled function's op: staged until it commits
        function.touch(task)
        return task.call("run_op", request, None, function.id)
    if not rids or op in READ_ONLY_OPS:
        return task.call("run_op", request)
    return task.update(request, num_outputs)


def reference(variable):
    """(device, job, task, actor, rid) for a Variable of another task, or None for a local one."""
    ref = _C.resource_ref(variable)
    entry = _vars.get(ref.id)
    if entry is None:
        return None
    _by_rid.setdefault(entry.rid, variable)
    t = entry.task
    return (t.device, t.job, t.task, t.actor, entry.rid)


def rebuild_variable(device, job, task, actor, rid, dtype, declared, name, trainable):
    """The Variable standing for `rid` in this process (what an unpickled reference becomes)."""
    existing = _by_rid.get(rid)
    if existing is not None:
        return existing
    if device not in _tasks:
        connect({(job, task): actor})
    handle = _C.remote_variable_handle(dtype, None if declared is None else list(declared), name, device)
    v = variables.Variable.__new__(variables.Variable)
    _C.VarHandle.__init__(v, handle)
    variables._register(v)
    if not trainable:
        v._trainable = False
    _vars[_C.resource_ref(v).id] = RemoteVar(_tasks[device], rid, False)
    _by_rid[rid] = v
    return v
