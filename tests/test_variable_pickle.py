"""Pickling and copying variables, as TensorFlow 2.21 does (recorded with TensorFlow 2.21).

TensorFlow pickles (value, dtype, name, trainable, constraint): unpickling creates a fresh
variable under the current name scope, with the value's shape (a declared `shape=[None]` is
dropped) and default synchronization/aggregation. copy.copy is the variable itself; deepcopy
is a new variable that also keeps synchronization and aggregation.
"""
import copy
import pickle

import numpy as np
import pytest

import varrt as tf


def test_pickle_keeps_value_dtype_name_trainable_and_drops_declared_shape():
    v = tf.Variable([1.0, 2.0], name="w", trainable=False, shape=[None], dtype=tf.float64,
                    aggregation=tf.VariableAggregation.MEAN, synchronization=tf.VariableSynchronization.ON_READ)
    u = pickle.loads(pickle.dumps(v))
    assert u is not v
    assert repr(u) == "<tf.Variable 'w:0' shape=(2,) dtype=float64, numpy=array([1., 2.])>"
    assert (u.name, u.trainable, u.dtype) == ("w:0", False, tf.float64)
    assert repr(u.aggregation) == "<VariableAggregation.NONE: 0>"
    assert repr(u.synchronization) == "<VariableSynchronization.AUTO: 0>"


def test_unpickled_variable_is_independent_and_named_under_the_current_scope():
    with tf.name_scope("a"):
        v = tf.Variable([1.0, 2.0], name="w", constraint=abs)
    data = pickle.dumps(v)
    with tf.name_scope("sc"):
        u = pickle.loads(data)
    assert u.name == "sc/a/w:0"
    assert u.constraint is abs
    u.assign([5.0, 6.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


@pytest.mark.parametrize("value, dtype", [(3, tf.int32), (["a", "bc"], tf.string), (1.5, tf.bfloat16),
                                          ([[1 + 2j]], tf.complex128), ([True, False], tf.bool)])
def test_pickle_round_trips_every_kind_of_value(value, dtype):
    v = tf.Variable(value, dtype=dtype)
    u = pickle.loads(pickle.dumps(v))
    assert (u.dtype, u.shape, u.name) == (dtype, v.shape, "Variable:0")
    np.testing.assert_array_equal(u.numpy(), v.numpy())


def test_one_variable_pickled_twice_in_a_structure_stays_one_variable():
    v = tf.Variable(1.0)
    a, b = pickle.loads(pickle.dumps([v, v]))
    assert a is b


def test_assign_result_pickles_as_its_variable():
    # TensorFlow 2.21 fails here (ValueError: substring not found); varrt copies the variable.
    v = tf.Variable([1.0, 2.0], name="w")
    u = pickle.loads(pickle.dumps(v.assign([3.0, 4.0])))
    assert u.name == "w:0"
    np.testing.assert_array_equal(u.numpy(), [3.0, 4.0])


def test_copy_is_the_variable_itself():
    v = tf.Variable(1.0)
    assert copy.copy(v) is v


def test_deepcopy_keeps_enums_and_constraint_drops_declared_shape():
    with tf.name_scope("a"):
        v = tf.Variable([1.0, 2.0], name="w", shape=[None], constraint=abs, trainable=False,
                        aggregation=tf.VariableAggregation.MEAN, synchronization=tf.VariableSynchronization.ON_READ)
    with tf.name_scope("sc"):
        d = copy.deepcopy(v)
    assert (d.name, d.shape.as_list(), d.trainable, d.constraint) == ("sc/a/w:0", [2], False, abs)
    assert d.aggregation is tf.VariableAggregation.MEAN
    assert d.synchronization is tf.VariableSynchronization.ON_READ
    d.assign([7.0, 7.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
