"""tf.VariableAggregation / tf.VariableSynchronization: TensorFlow 2.21's values, reprs and errors."""
import pytest

import varrt as tf


def test_members_values_and_reprs():
    assert [repr(m) for m in tf.VariableAggregation] == [
        "<VariableAggregationV2.NONE: 0>", "<VariableAggregationV2.SUM: 1>", "<VariableAggregationV2.MEAN: 2>",
        "<VariableAggregationV2.ONLY_FIRST_REPLICA: 3>"]
    assert [repr(m) for m in tf.VariableSynchronization] == [
        "<VariableSynchronization.AUTO: 0>", "<VariableSynchronization.NONE: 1>",
        "<VariableSynchronization.ON_WRITE: 2>", "<VariableSynchronization.ON_READ: 3>"]
    assert str(tf.VariableAggregation.MEAN) == "VariableAggregationV2.MEAN"
    assert tf.VariableAggregation(3) is tf.VariableAggregation.ONLY_FIRST_REPLICA


def test_v1_enum_has_the_tower_alias_and_compares_equal_to_v2():
    v1 = tf.compat.v1.VariableAggregation
    assert v1.ONLY_FIRST_TOWER is v1.ONLY_FIRST_REPLICA
    assert tf.VariableAggregation.MEAN == v1.MEAN and v1.MEAN == tf.VariableAggregation.MEAN
    assert tf.VariableAggregation.MEAN != 2
    assert hash(tf.VariableAggregation.MEAN) == hash(2)


def test_defaults_are_tensorflows():
    v = tf.Variable(1.0)
    assert repr(v.aggregation) == "<VariableAggregation.NONE: 0>"  # TensorFlow 1's enum, as TensorFlow reports
    assert v.synchronization is tf.VariableSynchronization.AUTO


def test_given_values_are_stored_as_enums():
    v = tf.Variable(1.0, aggregation=1, synchronization=2)
    assert v.aggregation is tf.VariableAggregation.SUM
    assert v.synchronization is tf.VariableSynchronization.ON_WRITE
    w = tf.Variable(1.0, aggregation=tf.compat.v1.VariableAggregation.ONLY_FIRST_TOWER)
    assert repr(w.aggregation) == "<VariableAggregation.ONLY_FIRST_REPLICA: 3>"


def test_on_read_makes_a_variable_untrainable_by_default():
    assert tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ).trainable is False
    assert tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ, trainable=True).trainable is True
    assert tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_WRITE).trainable is True


@pytest.mark.parametrize("kwargs, message", [
    (dict(aggregation="mean"), "Invalid variable aggregation mode: mean for variable: None"),
    (dict(aggregation=7, name="nm"), "Invalid variable aggregation mode: 7 for variable: nm"),
    (dict(aggregation=tf.VariableSynchronization.AUTO),
     "Invalid variable aggregation mode: VariableSynchronization.AUTO for variable: None"),
    (dict(synchronization="auto"), "Invalid variable synchronization mode: auto for variable: None"),
    (dict(synchronization=tf.VariableAggregation.SUM),
     "Invalid variable synchronization mode: VariableAggregationV2.SUM for variable: None"),
    (dict(synchronization=[1]), "Invalid variable synchronization mode: [1] for variable: None"),
])
def test_invalid_modes_raise_tensorflows_value_error(kwargs, message):
    with pytest.raises(ValueError) as info:
        tf.Variable(1.0, **kwargs)
    assert str(info.value) == message
