"""`tf.distribute.Strategy`'s common surface, the default strategy and the context functions
(`get_strategy`, `has_strategy`, `in_cross_replica_context`, `get_replica_context`), as in
TensorFlow's distribute_lib.py. Which strategy and replica a thread is in is kept in
framework/distribution_context.py (ops read it too)."""
import contextlib

from varrt.distribute import reduce_op as reduce_lib
from varrt.distribute import values as values_lib
from varrt.distribute.input_lib import DistributedDataset, DistributedDatasetsFromFunction, split_batch
from varrt.distribute.replica_context import ReplicaContext
from varrt.framework import distribution_context
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.variables import strategy_variable_creation


class StrategyExtended:
    """`strategy.extended`: the devices and the per-variable update of a strategy."""

    def __init__(self, strategy, worker_devices):
        self._container_strategy = strategy
        self._worker_devices = tuple(worker_devices)

    @property
    def worker_devices(self):
        """The replicas' devices, in replica order (full names)."""
        return self._worker_devices

    @property
    def parameter_devices(self):
        """Where variables live: the replicas' devices."""
        return self._worker_devices

    def update(self, var, fn, args=(), kwargs=None, group=True):
        """`fn(v, *args, **kwargs)` on each copy `v` of `var` (one for a plain variable)."""
        copies = getattr(var, "values", None) or (var,)
        results = [fn(v, *values_lib.select_replica(i, tuple(args)), **values_lib.select_replica(i, dict(kwargs or {})))
                   for i, v in enumerate(copies)]
        return results[0] if len(results) == 1 else values_lib.regroup(results, values_lib.Mirrored)

    def value_container(self, value):
        """The distributed variable `value` is a copy of, or `value`."""
        return getattr(value, "_distributed_container", None) or value

    def variable_created_in_scope(self, v):
        """Whether `v` was made in this strategy's scope."""
        return getattr(v, "distribute_strategy", None) is self._container_strategy


class Strategy:
    """What every strategy offers: scope, run, reduce, gather and the distributed datasets."""

    _creates_variables = False  # MirroredStrategy makes tf.Variable(...) a MirroredVariable in its scope

    def __init__(self, extended):
        self._extended = extended

    @property
    def extended(self):
        """The strategy's devices and per-variable updates (`StrategyExtended`)."""
        return self._extended

    @property
    def num_replicas_in_sync(self):
        """How many replicas run `run`'s function in sync."""
        return len(self._extended.worker_devices)

    @contextlib.contextmanager
    def scope(self):
        """Variables created inside belong to this strategy; `get_strategy()` returns it."""
        current = distribution_context.current_strategy()
        if current is not None and current is not self:
            raise ValueError("Mixing different tf.distribute.Strategy objects: "
                             f"{self} is not {current}")
        with self._variable_creation(), \
                distribution_context.entered(self, distribution_context.current_replica_context()):
            with self._variable_placement():
                yield self

    def _variable_creation(self):
        """Where `tf.Variable(...)` asks this strategy to make it (MirroredStrategy), the hook for it."""
        return strategy_variable_creation() if self._creates_variables else contextlib.nullcontext()

    def _variable_placement(self):
        return contextlib.nullcontext()

    def run(self, fn, args=(), kwargs=None, options=None):
        """`fn(*args, **kwargs)` on each replica, in its replica context; the results regrouped
        (a `PerReplica` where the replicas' values differ)."""
        with self._variable_creation(), distribution_context.entered(self, None):
            return self._call_for_each_replica(fn, tuple(args), dict(kwargs or {}))

    def reduce(self, reduce_op, value, axis):
        """`value`'s replicas reduced to one tensor (SUM or MEAN), over `axis` of each too when given."""
        if isinstance(value, values_lib.DistributedValues):
            return reduce_lib.reduce_replica_values(reduce_op, [convert_to_tensor(v) for v in value.values], axis)
        value = convert_to_tensor(value)
        if axis is not None:
            return reduce_lib.reduce_replica_values(reduce_op, [value] * self.num_replicas_in_sync, axis)
        return reduce_lib.non_distributed_value_reduced(reduce_op, value, self.num_replicas_in_sync)

    def gather(self, value, axis):
        """The replicas' values concatenated along `axis`."""
        return reduce_lib.gather_replica_values([convert_to_tensor(v) for v in self.experimental_local_results(value)],
                                                axis)

    def experimental_local_results(self, value):
        """The replicas' values of `value` as a tuple (one for a plain value)."""
        if isinstance(value, values_lib.DistributedValues):
            return value.values
        return (value,)

    def experimental_distribute_dataset(self, dataset, options=None):
        """`dataset`'s batches split across the replicas (each element a PerReplica)."""
        return DistributedDataset(self, dataset)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        """The dataset `dataset_fn(input_context)` makes, its elements dealt to the replicas in turn."""
        return DistributedDatasetsFromFunction(self, dataset_fn)

    def _split_batch(self, batch):
        """One batch (a structure of tensors) split across the replicas as a distributed dataset
        splits it: a PerReplica structure (the batch itself for one replica)."""
        return split_batch(batch, self.num_replicas_in_sync)

    def experimental_distribute_values_from_function(self, value_fn):
        """A PerReplica of `value_fn(value_context)` for each replica."""
        vals = [value_fn(_ValueContext(i, self.num_replicas_in_sync)) for i in range(self.num_replicas_in_sync)]
        return values_lib.regroup(vals)


class _ValueContext:
    """What `experimental_distribute_values_from_function`'s function learns of its replica."""

    def __init__(self, replica_id, num_replicas):
        self.replica_id_in_sync_group = replica_id
        self.num_replicas_in_sync = num_replicas


class _DefaultDistributionStrategy(Strategy):
    """The strategy code runs in outside every scope: one replica, on the current device."""

    def __init__(self):
        super().__init__(StrategyExtended(self, ("/job:localhost/replica:0/task:0/device:CPU:0",)))

    @contextlib.contextmanager
    def scope(self):
        yield self  # entering the default strategy changes nothing: has_strategy() stays False

    def run(self, fn, args=(), kwargs=None, options=None):
        return fn(*args, **(kwargs or {}))


class _DefaultReplicaContext(ReplicaContext):
    """The replica context outside every strategy: replica 0 of 1."""

    _id_is_tensor = False


_DEFAULT_STRATEGY = _DefaultDistributionStrategy()
_DEFAULT_REPLICA_CONTEXT = _DefaultReplicaContext(_DEFAULT_STRATEGY, 0)


def get_strategy():
    """The strategy of the current scope or replica, else the default strategy."""
    return distribution_context.current_strategy() or _DEFAULT_STRATEGY


def has_strategy():
    """Whether a strategy other than the default is current."""
    return distribution_context.current_strategy() is not None


def in_cross_replica_context():
    """Whether in a strategy's scope outside its replicas (True) or not (False)."""
    entry = distribution_context.current()
    return entry is not None and entry[1] is None


def get_replica_context():
    """The current replica's context; None in cross-replica context; outside every strategy the
    default strategy's one replica."""
    entry = distribution_context.current()
    if entry is None:
        return _DEFAULT_REPLICA_CONTEXT
    return entry[1]


def get_cross_replica_context():
    """The strategy when in cross-replica context (or no strategy: the default), else None."""
    entry = distribution_context.current()
    if entry is None:
        return _DEFAULT_STRATEGY
    return entry[0] if entry[1] is None else None
