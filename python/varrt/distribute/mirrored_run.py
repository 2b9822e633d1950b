"""Calling a function once per replica (TensorFlow's mirrored_run.py): one thread per replica,
run one at a time in replica order, each until it returns or reaches a `merge_call`; when every
replica waits in `merge_call`, the merge function runs once, in cross-replica context on the
calling thread, and each replica resumes with its part of the result. So replicas draw from a
shared generator in replica order, as in TensorFlow, and all-reduces see every replica's value.

Inside a graph being built (`strategy.run` in a `tf.function`) the replicas run the same way;
each thread records into the caller's graph while it runs (it enters the graph for each stretch
it runs and leaves it before pausing, so the graph's entries stay nested).
"""
import re
import threading

from varrt.distribute import values as values_lib
from varrt.distribute.replica_context import ReplicaContext
from varrt.framework import distribution_context
from varrt.framework import graph_building
from varrt.framework.device_scope import device


class _Aborted(BaseException):
    """Ends a replica thread whose run is abandoned (another replica raised)."""


class _ReplicaThread(threading.Thread):
    def __init__(self, strategy, replica_id, fn, args, kwargs, graph, shared_variables):
        super().__init__(name=f"replica_{replica_id}", daemon=True)
        self.strategy, self.replica_id = strategy, replica_id
        self.fn, self.args, self.kwargs = fn, args, kwargs
        self.graph = graph  # the graph the caller is building, or None (eager)
        self.shared_variables = shared_variables  # {name: [variables the first replica made]}
        self.variables_taken = {}
        self.should_run, self.has_paused = threading.Event(), threading.Event()
        self.aborted = False
        self.done = False
        self.result = self.error = None
        self.merge = None  # (merge_fn, args, kwargs) while waiting in merge_call
        self.merge_result = None

    def run(self):
        self.should_run.wait()
        self.should_run.clear()
        try:
            if self.aborted:
                return
            context = _MirroredReplicaContext(self.strategy, self.replica_id, self)
            self._enter_graph()
            try:
                with distribution_context.entered(self.strategy, context), \
                        device(self.strategy.extended.worker_devices[self.replica_id]):
                    self.result = self.fn(*self.args, **self.kwargs)
            finally:
                self._exit_graph()
        except _Aborted:
            pass
        except BaseException as e:  # noqa: BLE001 - handed to the calling thread, which raises it
            self.error = e
        finally:
            self.done = True
            self.has_paused.set()

    def _enter_graph(self):
        if self.graph is not None:
            self.graph.__enter__()

    def _exit_graph(self):
        if self.graph is not None:
            self.graph.__exit__(None, None, None)

    def pause_for_merge(self, merge_fn, args, kwargs):
        self.merge = (merge_fn, args, kwargs)
        self._exit_graph()
        self.has_paused.set()
        self.should_run.wait()
        self.should_run.clear()
        self._enter_graph()
        self.merge = None
        if self.aborted:
            raise _Aborted()
        return self.merge_result


class _MirroredReplicaContext(ReplicaContext):
    """The replica context of a MirroredStrategy replica thread."""

    def __init__(self, strategy, replica_id, thread):
        super().__init__(strategy, replica_id)
        self._thread = thread

    def _merge_call(self, merge_fn, args, kwargs):
        return self._thread.pause_for_merge(merge_fn, args, kwargs)

    def _shared_variable(self, name, make):
        """The variable the first replica made as the n-th of `name` in this run (it makes it)."""
        store, taken = self._thread.shared_variables, self._thread.variables_taken
        key = _canonical_name(name)
        n = taken.get(key, 0)
        taken[key] = n + 1
        if self._replica_id == 0:
            store.setdefault(key, []).append(make())
        elif n >= len(store.get(key, ())):
            raise RuntimeError(f"Tried to create variable {name} with mismatching name on device "
                               f"{self._replica_id}")
        return store[key][n]


def _canonical_name(name):
    """A variable's name without the "_<n>" suffixes uniquifying added (TensorFlow's
    shared_variable_creator._canonicalize_variable_name)."""
    return re.sub(r"_\d+/", "/", f"{name or 'Variable'}/")[:-1]


def call_for_each_replica(strategy, fn, args, kwargs):
    """`fn(*args, **kwargs)` in each replica (arguments that are distributed values give each
    replica its own part); the results regrouped (PerReplica where they differ)."""
    count = strategy.num_replicas_in_sync
    graph = graph_building.current()
    shared_variables = {}
    threads = [_ReplicaThread(strategy, i, fn, values_lib.select_replica(i, args),
                              values_lib.select_replica(i, kwargs), graph, shared_variables) for i in range(count)]
    for t in threads:
        t.start()
    try:
        while True:
            for t in threads:
                if not t.done:
                    t.should_run.set()
                    t.has_paused.wait()
                    t.has_paused.clear()
                if t.error is not None:
                    raise t.error
            if all(t.done for t in threads):
                break
            if any(t.done for t in threads):
                raise RuntimeError("Some replicas made a different number of replica_context().merge_call() calls.")
            merge_fn = threads[0].merge[0]
            merge_args = values_lib.regroup([t.merge[1] for t in threads])
            merge_kwargs = values_lib.regroup([t.merge[2] for t in threads])
            with distribution_context.entered(strategy, None):
                merged = merge_fn(strategy, *merge_args, **merge_kwargs)
            for t in threads:
                t.merge_result = values_lib.select_replica(t.replica_id, merged)
    finally:
        for t in threads:
            if not t.done:
                t.aborted = True
                t.should_run.set()
        for t in threads:
            t.join()
    return values_lib.regroup([t.result for t in threads])
