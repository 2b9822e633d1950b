"""One task of a cluster: a varrt runtime inside a Ray actor (a parameter server or a worker).

The client (or a worker) forwards each op placed on this task's device here as one call:
`run_op((op, inputs, attrs, rids, num_outputs, host, create))`. The op runs through this
runtime's own dispatch, on a one-node graph of the core's kernel for that op (the kernel a
traced function would run), so its checks, copy-on-write and "a failed update changes
nothing" are the same as in a local run. Variables are kept by the id their client gave them.

Failures come back as values (`Failure`), never as Ray task errors, so the client raises the
very exception (type and TensorFlow's message) this runtime raised.
"""
import os

import numpy as np

from varrt.distribute.remote import fencing


class Failure:
    """An exception raised here, returned to the caller to be raised there unchanged."""

    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


class TaskServer:
    """The body of a task's Ray actor: hosts variables and runs the ops forwarded to them."""

    def __init__(self, job, task):
        from varrt import _C
        # Before anything touches a device: this runtime's devices are the task's own.
        if not _C.configure_local_task(job, task):
            raise RuntimeError(f"/job:{job}/task:{task}: this process's devices were made before it became the task")
        import varrt
        self._tf = varrt
        self._C = _C
        self.job = job
        self.task = task
        self._vars = {}    # rid -> Variable
        self._graphs = {}  # (op, attrs, rids, arity) -> one-node _C.Graph
        self._connected = {}  # (job, task) -> actor id, of the tasks connect() was given
        self._sweeper = fencing.Sweeper(job, task)

    def ping(self):
        """The task's process id (callers use it to check the task is up, tests to kill it)."""
        return os.getpid()

    def connect(self, tasks):
        """Makes the other tasks' devices known here: {(job, task): actor handle}."""
        from varrt.distribute.remote import runtime
        runtime.connect(tasks)
        self._connected.update({key: actor._actor_id for key, actor in tasks.items()})

    def run_op(self, request, fence=None):
        """Runs one forwarded op, `request` = (op, inputs, attrs, rids, num_outputs, host, create)
        (one argument: Ray serializes each argument of a call on its own, at a cost per argument);
        returns the op's outputs as ndarrays, or a Failure. An update comes with its `fence`: it
        is applied only if its caller has not given up on it (fencing.py)."""
        op, inputs, attrs, rids, num_outputs, host, create = request
        try:
            if fence is not None:
                if not fencing.claim_for_apply(fence):
                    return Failure(self._tf.errors.CancelledError(
                        None, op, "The update arrived after its caller had stopped waiting for it: not applied"))
                self._sweeper.note(fence)
            if op == "DestroyResourceOp":
                self._forget(rids[0])
                return []
            if op == "VarIsInitializedOp":
                v = self._vars.get(rids[0])
                return [np.array(v is not None and bool(v.is_initialized()))]
            if create is not None and rids[0] not in self._vars:
                return self._create(rids[0], create, inputs[0])
            for rid in rids:
                if rid not in self._vars:
                    raise self._tf.errors.FailedPreconditionError(
                        None, op, f"Could not find variable {rid} on /job:{self.job}/replica:0/task:{self.task}. "
                                  "This could mean that the variable has been deleted or that its task restarted "
                                  "since it was created: restore it from a checkpoint.")
            graph = self._graph(op, attrs, rids, len(inputs), num_outputs, host)
            borrowed, wrap = self._C.borrowed_tensor, self._tf.Tensor._wrap
            outputs = graph.run([wrap(borrowed(_contiguous(x))) for x in inputs])
            return [np.asarray(t) for t in outputs]
        except Exception as e:  # noqa: BLE001 (returned to the caller, who raises it)
            return Failure(e)

    def _create(self, rid, create, value):
        dtype, declared, name = create
        shape = self._tf.TensorShape(None if declared is None else [None if d < 0 else d for d in declared])
        self._vars[rid] = self._tf.Variable(_contiguous(value), dtype=self._tf.as_dtype(dtype),
                                            name=name, shape=shape)
        return []

    def _graph(self, op, attrs, rids, num_inputs, num_outputs, host):
        # Core ops' graphs are kept per signature; an op with a Python kernel (`host`, unpickled
        # anew for each call) gets a graph of its own.
        key = None if host else (op, tuple(sorted(attrs.items())), rids, num_inputs, num_outputs)
        graph = self._graphs.get(key) if key else None
        if graph is None:
            graph = self._C.Graph(num_inputs)
            refs = [self._C.resource_ref(self._vars[rid]) for rid in rids]
            first = graph.add_node(op, list(range(num_inputs)), dict(attrs), refs, num_outputs, host=host)
            graph.set_outputs(list(range(first, first + num_outputs)))
            if key:
                if len(self._graphs) >= 4096:  # bounded: ops with ever-new attributes must not grow it
                    self._graphs.clear()
                self._graphs[key] = graph
        return graph

    def _forget(self, rid):
        v = self._vars.pop(rid, None)
        if v is not None:
            self._graphs = {k: g for k, g in self._graphs.items() if rid not in k[2]}

    def run_function(self, request):
        """Runs `fn(*args, **kwargs)` for `request` = (fn, args, kwargs, tasks), scheduled on this
        (worker) task, connected to `tasks` first (a worker Ray restarted, or a ps task restarted
        since); returns its result as ndarrays, or a Failure."""
        fn, args, kwargs, tasks = request
        try:
            if any(self._connected.get(key) != actor._actor_id for key, actor in tasks.items()):
                self.connect(tasks)
            result = fn(*args, **kwargs)
            return _to_host(result)
        except Exception as e:  # noqa: BLE001
            return Failure(e)


def _contiguous(array):
    # (np.ascontiguousarray would make a 0-d array 1-d.)
    array = np.asarray(array)
    return array if array.flags.c_contiguous else array.copy(order="C")


def _to_host(value):
    """A function's result with its tensors as ndarrays (what travels back to the coordinator)."""
    import varrt
    if isinstance(value, (varrt.Tensor, varrt.Variable)):
        return np.asarray(value.numpy() if isinstance(value, varrt.Variable) else value)
    if isinstance(value, (list, tuple)):
        return type(value)(_to_host(v) for v in value)
    if isinstance(value, dict):
        return {k: _to_host(v) for k, v in value.items()}
    return value
