"""tf.distribute.ParameterServerStrategy: variables on parameter servers, steps on workers.

    resolver = tf.distribute.cluster_resolver.RayClusterResolver(num_ps=2, num_workers=2)
    strategy = tf.distribute.ParameterServerStrategy(resolver)
    with strategy.scope():
        w = tf.Variable(...)           # round-robin over the ps tasks
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    coordinator.schedule(train_step)   # runs on a worker, updating w where it lives

Each worker runs one replica (its CPU), so `run` calls the function once and `reduce` reduces
that one replica's value along `axis`. Variable partitioning is not supported.
"""
import contextlib
import itertools
import threading

from varrt.distribute.reduce_op import as_reduce_op, reduce_replica_values
from varrt.distribute.remote import runtime
from varrt.distribute.remote.connect import connect_to_cluster
from varrt.framework.variables import watching_creation


class _RoundRobinPlacer:
    """A creation watcher placing each new variable on the next parameter server."""

    def __init__(self, devices):
        self._devices = devices
        self._next = itertools.count()
        self._lock = threading.Lock()

    def variable_device(self, name):
        with self._lock:
            return self._devices[next(self._next) % len(self._devices)]

    def before_create(self):
        pass

    def on_created(self, variable):
        pass


class ParameterServerStrategy:
    """TensorFlow's ParameterServerStrategy (v2) over a RayClusterResolver's tasks."""

    def __init__(self, cluster_resolver, variable_partitioner=None):
        if variable_partitioner is not None:
            raise NotImplementedError("varrt's ParameterServerStrategy does not partition variables: "
                                      "pass variable_partitioner=None")
        connect_to_cluster(cluster_resolver, job_name="chief")
        self._cluster_resolver = cluster_resolver
        num_ps = cluster_resolver.num_tasks("ps")
        if num_ps == 0:
            raise ValueError("There must be at least one ps.")
        if cluster_resolver.num_tasks("worker") == 0:
            raise ValueError("There must be at least one worker.")
        self._placer = _RoundRobinPlacer([f"/job:ps/replica:0/task:{i}/device:CPU:0" for i in range(num_ps)])

    @property
    def cluster_resolver(self):
        """The resolver this strategy was made with."""
        return self._cluster_resolver

    @property
    def num_replicas_in_sync(self):
        """Replicas updating in lockstep: one (each worker runs its steps independently)."""
        return 1

    @contextlib.contextmanager
    def scope(self):
        """Variables created inside are placed round-robin on the parameter servers."""
        with watching_creation(self._placer):
            yield self

    def run(self, fn, args=(), kwargs=None, options=None):
        """Runs `fn` as this worker's one replica."""
        return fn(*args, **(kwargs or {}))

    def reduce(self, reduce_op, value, axis):
        """Reduces the one replica's `value` along `axis` (None: the value itself)."""
        reduce_op = as_reduce_op(reduce_op)
        if axis is None:
            return value
        return reduce_replica_values(reduce_op, [value], axis)

    def experimental_local_results(self, value):
        """The per-replica values of `value`: one."""
        return (value,)

    def __reduce__(self):
        # Shipped with a scheduled function: on the worker it only needs to run and reduce.
        return _WorkerStrategy, ()


class _WorkerStrategy(ParameterServerStrategy):
    """The strategy as a function running on a worker sees it (run, reduce, scope)."""

    def __init__(self):  # noqa: super().__init__ connects the chief; a worker is connected already
        self._cluster_resolver = None
        self._placer = _RoundRobinPlacer(
            [d for d in runtime.known_devices() if d.startswith("/job:ps/")] or [""])
