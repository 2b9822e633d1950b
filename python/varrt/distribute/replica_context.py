"""`tf.distribute.ReplicaContext`: what code running in one replica sees of its strategy
(distribute_lib.py): its id, the replica count, `merge_call` into cross-replica context and
`all_reduce` over it."""
from varrt.distribute import reduce_op as reduce_lib
from varrt.distribute import values as values_lib
from varrt.framework.tensor import convert_to_tensor
from varrt.ops.array_ops import identity
from varrt.ops.math_ops import multiply


class ReplicaContext:
    """A replica's view of its strategy."""

    def __init__(self, strategy, replica_id_in_sync_group):
        self._strategy = strategy
        self._replica_id = int(replica_id_in_sync_group)

    @property
    def strategy(self):
        """The strategy this replica belongs to."""
        return self._strategy

    @property
    def num_replicas_in_sync(self):
        """How many replicas run in sync."""
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        """This replica's id, 0 .. num_replicas_in_sync - 1: an int32 tensor in a strategy's
        replica, the int 0 outside every strategy (as TensorFlow's)."""
        return convert_to_tensor(self._replica_id) if self._id_is_tensor else self._replica_id

    _id_is_tensor = True

    @property
    def devices(self):
        """This replica's device, as a one-element tuple."""
        return (self._strategy.extended.worker_devices[self._replica_id],)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """Runs `merge_fn(strategy, *args, **kwargs)` once for all replicas, in cross-replica
        context, with each argument the replicas' values regrouped (PerReplica where they
        differ); returns this replica's part of its result."""
        return self._merge_call(merge_fn, tuple(args), dict(kwargs or {}))

    def _merge_call(self, merge_fn, args, kwargs):
        # One replica: nothing to wait for; its part of the result.
        return values_lib.select_replica(0, merge_fn(self._strategy, *args, **kwargs))

    def all_reduce(self, reduce_op, value, options=None):
        """`value` (a tensor or a structure of tensors) reduced over all replicas; every replica
        gets the result."""
        reduce_op = reduce_lib.as_reduce_op(reduce_op)

        def reduce_all(strategy, per_replica):
            return _map_reduced(reduce_op, per_replica, strategy.num_replicas_in_sync)
        return self.merge_call(reduce_all, args=(value,))

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"


def _map_reduced(reduce_op, structure, num_replicas):
    """Each leaf of a regrouped structure reduced over the replicas, as a Mirrored value."""
    if isinstance(structure, values_lib.DistributedValues):
        reduced = reduce_lib.reduce_replica_values(reduce_op, [convert_to_tensor(v) for v in structure.values])
        return values_lib.Mirrored(_copies(reduced, num_replicas))
    if isinstance(structure, (list, tuple)):
        items = [_map_reduced(reduce_op, v, num_replicas) for v in structure]
        return structure._make(items) if hasattr(structure, "_fields") else type(structure)(items)
    if isinstance(structure, dict):
        return type(structure)({k: _map_reduced(reduce_op, v, num_replicas) for k, v in structure.items()})
    value = convert_to_tensor(structure)  # the same object on every replica
    if reduce_op is reduce_lib.ReduceOp.SUM and num_replicas > 1:

        value = multiply(value, convert_to_tensor(num_replicas, value.dtype))
    return values_lib.Mirrored(_copies(value, num_replicas))


def _copies(value, count):
    """`value` for each replica: its own tensor on each (TensorFlow copies it to each device)."""
    return [value] + [identity(value) for _ in range(count - 1)]
