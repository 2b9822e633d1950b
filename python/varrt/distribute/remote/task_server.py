"""One task of a cluster: a varrt runtime inside a Ray actor (a parameter server or a worker).

The client (or a worker) forwards each op placed on this task's device here as one call:
`run_op((op, inputs, attrs, rids, num_outputs, host, create))`. The op runs through this
runtime's own dispatch, on a one-node graph of the core's kernel for that op (the kernel a
traced function would run), so its checks, copy-on-write and "a failed update changes
nothing" are the same as in a local run. Variables are kept by the id their client gave them.

Failures come back as values (`Failure`), never as Ray task errors, so the client raises the
very exception (type and TensorFlow's message) this runtime raised.
"""
import collections
import os

import numpy as np

from varrt.base import dtypes, errors
from varrt.distribute.remote import fencing, runtime, staging
from varrt.distribute.remote.protocol import READ_ONLY_OPS, Failure
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.variables import Variable
from varrt import _C

class TaskServer:
    """The body of a task's Ray actor: hosts variables and runs the ops forwarded to them."""

    def __init__(self, job, task):
        # Before anything touches a device: this runtime's devices are the task's own.
        if not _C.configure_local_task(job, task):
            raise RuntimeError(f"/job:{job}/task:{task}: this process's devices were made before it became the task")
        self._C = _C
        self.job = job
        self.task = task
        self._vars = {}    # rid -> Variable
        self._graphs = {}  # (op, attrs, rids, arity) -> one-node _C.Graph
        self._connected = {}  # (job, task) -> actor id, of the tasks connect() was given
        self._sweeper = fencing.Sweeper(job, task)
        self._declared = {}  # rid -> (dtype, declared shape, name): what a copy of it is made with
        self._versions = {}  # rid -> how many updates it has had (a staged copy is adopted if unchanged)
        self._staged = {}    # scheduled function id -> staging.Staged
        self._ended = collections.OrderedDict()  # ids of functions committed or aborted, latest last

    def ping(self):
        """The task's process id (callers use it to check the task is up, tests to kill it)."""
        return os.getpid()

    def connect(self, tasks, timeout=None):
        """Makes the other tasks' devices known here: {(job, task): actor handle}, waited for
        `timeout` seconds per op (the cluster's)."""
        runtime.connect(tasks, timeout)
        self._connected.update({key: actor._actor_id for key, actor in tasks.items()})

    def run_op(self, request, fence=None, staged=None):
        """Runs one forwarded op, `request` = (op, inputs, attrs, rids, num_outputs, host, create)
        (one argument: Ray serializes each argument of a call on its own, at a cost per argument);
        returns the op's outputs as ndarrays, or a Failure. An update comes with its `fence`: it
        is applied only if its caller has not given up on it (fencing.py); an op of a scheduled
        function comes with the function's id, `staged`, and runs on its staged copies
        (staging.py)."""
        try:
            if staged is not None:
                return self._run_staged(staged, request)
            if fence is not None:
                if not fencing.claim_for_apply(fence):
                    return Failure(errors.CancelledError(
                        None, request[0], "The update arrived after its caller had stopped waiting for it: not applied"))
                self._sweeper.note(fence)
            return self._apply(request)
        except Exception as e:  # noqa: BLE001 (returned to the caller, who raises it)
            return Failure(e)

    def _apply(self, request):
        op, inputs, attrs, rids, num_outputs, host, create = request
        if op == "DestroyResourceOp":
            self._forget(rids[0])
            return []
        if op == "VarIsInitializedOp":
            v = self._vars.get(rids[0])
            return [np.array(v is not None and bool(v.is_initialized()))]
        if create is not None and rids[0] not in self._vars:
            self._vars[rids[0]] = self._new_variable(create, inputs[0])
            self._declared[rids[0]] = create
            return []
        variables = [self._variable(rid, op) for rid in rids]
        outputs = self._run(self._graph(op, attrs, rids, variables, len(inputs), num_outputs, host), inputs)
        if op not in READ_ONLY_OPS:
            for rid in rids:
                self._versions[rid] = self._versions.get(rid, 0) + 1
        return outputs

    def _variable(self, rid, op):
        v = self._vars.get(rid)
        if v is None:
            raise errors.FailedPreconditionError(
                None, op, f"Could not find variable {rid} on /job:{self.job}/replica:0/task:{self.task}. "
                          "This could mean that the variable has been deleted or that its task restarted "
                          "since it was created: restore it from a checkpoint.")
        return v

    def _new_variable(self, create, value):
        dtype, declared, name = create
        shape = TensorShape(None if declared is None else [None if d < 0 else d for d in declared])
        return Variable(_contiguous(value), dtype=dtypes.as_dtype(dtype), name=name, shape=shape)

    def _run(self, graph, inputs):
        borrowed, wrap = self._C.borrowed_tensor, Tensor._wrap
        outputs = graph.run([wrap(borrowed(_contiguous(x))) for x in inputs])
        return [np.asarray(t) for t in outputs]

    def _graph(self, op, attrs, rids, variables, num_inputs, num_outputs, host):
        # Core ops' graphs are kept per signature; an op with a Python kernel (`host`, unpickled
        # anew for each call), or on staged copies (`rids` None), gets a graph of its own.
        key = None if host or rids is None else (op, tuple(sorted(attrs.items())), rids, num_inputs, num_outputs)
        graph = self._graphs.get(key) if key else None
        if graph is None:
            graph = self._C.Graph(num_inputs)
            refs = [self._C.resource_ref(v) for v in variables]
            first = graph.add_node(op, list(range(num_inputs)), dict(attrs), refs, num_outputs, host=host)
            graph.set_outputs(list(range(first, first + num_outputs)))
            if key:
                if len(self._graphs) >= 4096:  # bounded: ops with ever-new attributes must not grow it
                    self._graphs.clear()
                self._graphs[key] = graph
        return graph

    def _forget(self, rid):
        v = self._vars.pop(rid, None)
        self._declared.pop(rid, None)
        self._versions.pop(rid, None)
        if v is not None:
            self._graphs = {k: g for k, g in self._graphs.items() if rid not in k[2]}

    # --- the staged updates of scheduled functions (staging.py) ------------------------------

    def _run_staged(self, function, request):
        op, inputs, attrs, rids, num_outputs, host, create = request
        if function in self._ended:
            raise errors.CancelledError(None, op, "The scheduled function this op belongs to has ended")
        staged = self._staged.setdefault(function, staging.Staged())
        if op in READ_ONLY_OPS and not any(rid in staged.copies for rid in rids):
            return self._apply(request)  # the current value: this function has not written it
        if op == "VarIsInitializedOp":
            return [np.array(True)]
        if create is not None and rids[0] not in self._vars and rids[0] not in staged.copies:
            staged.copies[rids[0]] = self._new_variable(create, inputs[0])
            staged.created[rids[0]] = create
            staged.log.append(request)
            return []
        for rid in rids:
            if rid not in staged.copies:
                v = self._variable(rid, op)
                staged.copies[rid] = self._new_variable(self._declared[rid], v.read_value())
                staged.versions[rid] = self._versions.get(rid, 0)
        variables = [staged.copies[rid] for rid in rids]
        outputs = self._run(self._graph(op, attrs, None, variables, len(inputs), num_outputs, host), inputs)
        if op not in READ_ONLY_OPS:
            staged.log.append(request)
        return outputs

    def commit(self, function):
        """Applies the staged updates of `function` in one step (see staging.py)."""
        staged = self._staged.pop(function, None)
        self._end(function)
        if staged is None:
            return []
        untouched = all(self._versions.get(rid, 0) == version and rid in self._vars
                        for rid, version in staged.versions.items())
        if untouched and not any(rid in self._vars for rid in staged.created):
            # Nobody else wrote them: their values become the copies' (one copy each, no replay).
            for rid, copy in staged.copies.items():
                if rid in staged.created:
                    self._vars[rid], self._declared[rid] = copy, staged.created[rid]
                else:
                    self._vars[rid].assign(copy.read_value())
                    self._versions[rid] = staged.versions[rid] + 1
            return []
        saved = {rid: self._vars[rid].read_value() for rid in staged.copies if rid in self._vars}
        try:
            for request in staged.log:
                self._apply(request)
        except Exception as e:  # noqa: BLE001 (all or nothing: the values before it go back)
            for rid in staged.created:
                self._forget(rid)
            for rid, value in saved.items():
                self._vars[rid].assign(value)
            return Failure(e)
        return []

    def abort(self, function):
        """Drops the staged updates of `function`; its ops that arrive later are refused."""
        self._staged.pop(function, None)
        self._end(function)
        return []

    def _end(self, function):
        self._ended[function] = None
        if len(self._ended) > 65536:  # bounded: only late ops of recent functions can still arrive
            self._ended.popitem(last=False)

    # --- functions scheduled on this (worker) task ------------------------------------------

    def run_function(self, request):
        """Runs `fn(*args, **kwargs)` for `request` = (fn, args, kwargs, tasks, fence), scheduled on
        this (worker) task, connected to `tasks` first (a worker Ray restarted, or a ps task
        restarted since), its updates staged and committed all together (staging.py); returns
        its result as ndarrays, or a Failure."""
        fn, args, kwargs, tasks, fence = request
        function = None
        try:
            if any(self._connected.get(key) != actor._actor_id for key, actor in tasks.items()):
                self.connect(tasks)
            with staging.running(fence) as function:
                result = _to_host(fn(*args, **kwargs))
        except Exception as e:  # noqa: BLE001
            if function is not None:
                staging.finish(function, succeeded=False)
            return Failure(e)
        try:
            if not staging.finish(function, succeeded=True):
                return Failure(errors.CancelledError(
                    None, None, "The function was cancelled by its coordinator: none of its updates were applied"))
        except Exception as e:  # noqa: BLE001
            return Failure(e)
        return result


def _contiguous(array):
    # (np.ascontiguousarray would make a 0-d array 1-d.)
    array = np.asarray(array)
    return array if array.flags.c_contiguous else array.copy(order="C")


def _to_host(value):
    """A function's result with its tensors as ndarrays (what travels back to the coordinator)."""
    if isinstance(value, (Tensor, Variable)):
        return np.asarray(value.numpy() if isinstance(value, Variable) else value)
    if isinstance(value, (list, tuple)):
        return type(value)(_to_host(v) for v in value)
    if isinstance(value, dict):
        return {k: _to_host(v) for k, v in value.items()}
    return value
