"""`VariableSynchronization` and `VariableAggregation`: TensorFlow 2.21's enums, values and errors.

varrt has no distribution strategy, so these only record what the user asked for (TensorFlow's
single-device behaviour): the one effect is that `ON_READ` makes a variable untrainable by default.

TensorFlow has two aggregation enums: `tf.VariableAggregation` is `VariableAggregationV2`, and
TensorFlow 1's `VariableAggregation` (`tf.compat.v1.VariableAggregation`, with the
`ONLY_FIRST_TOWER` alias) is what a variable created without `aggregation=` reports. They are
kept apart here too so reprs match; V2 compares equal to V1 members of the same value.
"""
import enum


class VariableSynchronization(enum.Enum):
    """When a distributed variable is aggregated: AUTO, NONE, ON_WRITE or ON_READ."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregationV2(enum.Enum):
    """How updates to a distributed variable combine: NONE, SUM, MEAN or ONLY_FIRST_REPLICA."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        if self is other:
            return True
        if isinstance(other, VariableAggregation):
            return int(self.value) == int(other.value)
        return False


class VariableAggregation(enum.Enum):
    """TensorFlow 1's aggregation enum (`tf.compat.v1.VariableAggregation`)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
    ONLY_FIRST_TOWER = 3  # deprecated alias, as in TensorFlow

    def __hash__(self):
        return hash(self.value)


def validate(synchronization, aggregation, trainable, name):
    """TensorFlow's defaults and checks: (synchronization, aggregation, trainable).

    `name` is the `name=` argument as given (None when absent); TensorFlow's messages print it so.
    """
    if aggregation is None:
        aggregation = VariableAggregation.NONE
    elif not isinstance(aggregation, (VariableAggregation, VariableAggregationV2)):
        try:
            aggregation = VariableAggregationV2(aggregation)
        except ValueError:
            raise ValueError(f"Invalid variable aggregation mode: {aggregation} for variable: {name}")
    if synchronization is None:
        synchronization = VariableSynchronization.AUTO
    else:
        try:
            synchronization = VariableSynchronization(synchronization)
        except ValueError:
            raise ValueError(f"Invalid variable synchronization mode: {synchronization} for variable: {name}")
    if trainable is None:
        trainable = synchronization != VariableSynchronization.ON_READ
    return synchronization, aggregation, trainable
