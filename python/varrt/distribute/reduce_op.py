"""`tf.distribute.ReduceOp` and the one reduction of per-replica values every strategy uses
(distribute/reduce_util.py, cross_device_ops.py's reduce_non_distributed_value)."""
import enum

from varrt.ops.array_ops import concat
from varrt.ops.math_ops import add_n, cast, divide
from varrt.ops.reduction_ops import reduce_sum
from varrt.ops.array_ops import shape as shape_of


class ReduceOp(enum.Enum):
    """How values of the replicas combine: SUM or MEAN."""
    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation):
        """The ReduceOp of a `tf.VariableAggregation` (SUM or MEAN)."""
        name = getattr(aggregation, "name", str(aggregation)).upper()
        if name not in ("SUM", "MEAN"):
            raise ValueError(f"Could not convert from `tf.VariableAggregation` {aggregation} to`tf.distribute.ReduceOp` "
                             "type")
        return ReduceOp[name]


def as_reduce_op(reduce_op):
    """`reduce_op` as a ReduceOp: a ReduceOp or its name ("SUM", "MEAN")."""
    if isinstance(reduce_op, ReduceOp):
        return reduce_op
    if isinstance(reduce_op, str) and reduce_op.upper() in ("SUM", "MEAN"):
        return ReduceOp[reduce_op.upper()]
    raise ValueError(f"Unsupported reduce_op: {reduce_op!r}")


def reduce_replica_values(reduce_op, values, axis=None):
    """The replicas' `values` (a list of tensors) reduced: summed, or averaged over the replicas
    (and over the elements along `axis` when given), as `strategy.reduce` does."""
    reduce_op = as_reduce_op(reduce_op)
    if axis is None:
        total = values[0] if len(values) == 1 else add_n(list(values))
        return divide(total, cast(len(values), total.dtype)) if reduce_op is ReduceOp.MEAN else total
    summed = add_n([reduce_sum(v, axis=axis) for v in values]) if len(values) > 1 else reduce_sum(values[0], axis=axis)
    if reduce_op is ReduceOp.SUM:
        return summed
    count = add_n([shape_of(v)[axis] for v in values]) if len(values) > 1 else shape_of(values[0])[axis]
    return divide(summed, cast(count, summed.dtype))


def non_distributed_value_reduced(reduce_op, value, num_replicas):
    """TensorFlow's reduce of a value that is the same on every replica: MEAN (or one replica)
    gives it back; SUM over several replicas is refused."""
    reduce_op = as_reduce_op(reduce_op)
    if reduce_op is ReduceOp.MEAN or num_replicas == 1:
        return value
    raise ValueError(f"A non-DistributedValues value {value!s} cannot be reduced with the given reduce op {reduce_op}.")


def gather_replica_values(values, axis):
    """The replicas' values concatenated along `axis` (`strategy.gather`)."""
    return values[0] if len(values) == 1 else concat(list(values), axis=axis)
