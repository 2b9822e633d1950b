"""What the default updates return (TensorFlow's _UnreadVariable, built by the core), and the
attribute behaviour of variables without a `__getattr__`, checked against TensorFlow 2.21."""
import pickle
import sys

import numpy as np
import pytest

import varrt as tf
from varrt import errors

UPDATES = [
    lambda v: v.assign([3.0, 4.0]),
    lambda v: v.assign_add([1.0, 1.0]),
    lambda v: v.assign_sub([1.0, 1.0]),
    lambda v: v.assign(np.array([3.0, 4.0], np.float32), use_locking=True, name="x"),
    lambda v: v[1].assign(5.0),
    lambda v: v.scatter_update(tf.IndexedSlices(tf.constant([9.0]), tf.constant([0]))),
    lambda v: v.scatter_nd_add([[0]], [1.0]),
]


@pytest.mark.parametrize("update", UPDATES)
def test_every_update_returns_an_unread_variable_of_the_same_resource(update):
    v = tf.Variable([1.0, 2.0], name="w")
    r = update(v)
    assert type(r).__name__ == "_UnreadVariable" and isinstance(r, tf.Variable)
    assert r is not v and r.name == "UnreadVariable"
    assert r.dtype == tf.float32 and r.shape == (2,) and r.device == v.device
    assert r.numpy().tolist() == v.numpy().tolist()
    v.assign([7.0, 8.0])  # read lazily: the value at read time
    assert r.numpy().tolist() == [7.0, 8.0]
    assert repr(r) == "<tf.Variable 'UnreadVariable' shape=(2,) dtype=float32, numpy=array([7., 8.], dtype=float32)>"
    assert str(r) == repr(r)
    r.assign_add([1.0, 1.0])  # and writes the same variable
    assert v.numpy().tolist() == [8.0, 9.0]


def test_an_unread_variable_behaves_as_a_variable_in_expressions():
    v = tf.Variable([1.0, 2.0])
    r = v.assign([3.0, 4.0])
    assert (r + 1).numpy().tolist() == [4.0, 5.0]
    assert tf.add(r, r).numpy().tolist() == [6.0, 8.0]
    assert np.asarray(r).tolist() == [3.0, 4.0]
    assert r.read_value().numpy().tolist() == [3.0, 4.0]
    assert (r == v).numpy().tolist() == [True, True]
    assert r[0].numpy() == 3.0
    with pytest.raises(TypeError, match="unhashable"):
        hash(r)


def test_an_unread_variable_has_tensorflows_defaults_not_the_parents_settings():
    # TensorFlow 2.21 builds its _UnreadVariable with the handle, dtype and shape only.
    v = tf.Variable([1.0], trainable=False, constraint=lambda x: x, shape=[None],
                    synchronization=tf.VariableSynchronization.ON_READ, aggregation=tf.VariableAggregation.SUM)
    r = v.assign([1.0, 2.0])
    assert r.trainable is True and r.constraint is None
    assert r.synchronization == tf.VariableSynchronization.AUTO
    assert r.aggregation == tf.VariableAggregation.NONE
    assert str(r.shape) == "(None,)" and r.dtype == tf.float32
    m = tf.Module()
    m.x = r
    assert len(m.trainable_variables) == 1


def test_an_unread_variable_shares_the_handle_and_keeps_the_resource_alive():
    v = tf.Variable([1.0, 2.0], name="kept")
    r = v.assign_add([1.0, 1.0])
    del v
    assert r.numpy().tolist() == [2.0, 3.0]
    assert r.assign([5.0, 6.0], read_value=False) is None
    assert r.numpy().tolist() == [5.0, 6.0]
    copy = pickle.loads(pickle.dumps(r))  # TensorFlow cannot pickle one; varrt copies the variable
    assert copy.name == "kept:0" and copy.numpy().tolist() == [5.0, 6.0]


def test_unread_variables_are_not_created_directly():
    r = tf.Variable([1.0]).assign([2.0])
    with pytest.raises(TypeError, match="not created directly"):
        type(r)(tf.Variable([1.0]))


def test_a_default_variable_and_its_update_results_carry_no_instance_dict():
    # The name, dtype and shape are the core variable's: an instance attribute would cost a
    # dict per variable (its memory is the benchmark's, this is the mechanism).
    v = tf.Variable([1.0, 2.0], name="d")
    r = v.assign([1.0, 2.0])
    for obj in (v, r):
        obj.name, obj.dtype, obj.shape, obj.trainable
        assert not vars(obj), vars(obj)
    assert v.name == "d:0" and v.dtype == tf.float32 and v.shape == (2,)


def test_missing_attributes_are_plain_attribute_errors():
    v = tf.Variable([1.0, 2.0])
    r = v.assign([1.0, 2.0])
    for obj, cls in ((v, "Variable"), (r, "_UnreadVariable")):
        with pytest.raises(AttributeError, match=f"'{cls}' object has no attribute 'foo'"):
            obj.foo
        assert not hasattr(obj, "__array_interface__") and not hasattr(obj, "__array_struct__")
        assert getattr(obj, "_name", "missing") == "missing"
    v.tag = "user attribute"  # arbitrary attributes still work, as on TensorFlow's variables
    assert v.tag == "user attribute"


@pytest.mark.parametrize("expr", ["v.name", "v.dtype", "v.shape", "np.asarray(v)", "repr(v)", "v.read_value()"])
def test_an_object_made_by_new_alone_says_it_was_never_created(expr):
    v = tf.Variable.__new__(tf.Variable)
    with pytest.raises(errors.FailedPreconditionError, match="never created"):
        eval(expr)
    assert v.trainable is True  # class defaults still read


def test_asarray_protocol_arguments():
    v = tf.Variable([1.0, 2.0])
    view = v.__array__()
    assert not view.flags.writeable and view.dtype == np.float32
    copy = v.__array__(copy=True)
    assert copy.flags.writeable and not np.shares_memory(copy, view)
    assert v.__array__(np.float64).dtype == np.float64
    assert v.__array__(dtype="float32", copy=False).dtype == np.float32
    with pytest.raises(ValueError, match="Unable to avoid a copy"):
        v.__array__(dtype=np.float64, copy=False)
    with pytest.raises(TypeError):
        v.__array__(np.float32, None, 1)
    with pytest.raises(TypeError):
        v.__array__(order="C")
    s = tf.Variable(3.0)
    assert np.asarray(s).shape == () and np.array(s, copy=True).shape == ()
    if np.lib.NumpyVersion(np.__version__) >= "2.0.0":
        with pytest.raises(ValueError):
            np.array(v, dtype=np.float64, copy=False)


def test_update_results_are_freed():
    v = tf.Variable([1.0, 2.0])
    before = sys.getrefcount(v)
    for _ in range(100):
        v.assign_add([1.0, 1.0])
    assert sys.getrefcount(v) == before
    assert v.numpy().tolist() == [101.0, 102.0]

