"""`v[key]` and `v[key].assign(x)` for basic keys (ints, plain slices, tuples of them) run in C
with no Python frame, and give what TensorFlow 2.21 gives: values, the UnreadVariable,
TensorFlow's errors, copy-on-write. Other keys keep the general path (ops/slicing.py).
Expected values were printed by TensorFlow 2.21 on the same programs."""
import numpy as np
import pytest

import varrt as tf
from varrt import errors
from python_frames import python_functions_run


def _slice_assign(v, key, value):
    return v[key].assign(value)


@pytest.mark.parametrize("key,value", [(1, 5.0), (slice(1, 3), [7.0, 8.0]), (slice(None, None, 2), 0.0),
                                       ((1, slice(1, None)), [9, 9]), ((slice(None), 0), np.array([-1.0, -2.0], np.float32)),
                                       (np.int32(1), 3)])
def test_basic_slices_and_their_assigns_run_no_python(key, value):
    v = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3) if isinstance(key, tuple) else [1.0, 2.0, 3.0, 4.0])
    assert python_functions_run(_slice_assign, v, key, value) == []


def test_reads_match_tensorflow():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    m = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert isinstance(v[1:3], tf.Tensor)
    assert v[1:3].numpy().tolist() == [2.0, 3.0]
    assert v[::2].numpy().tolist() == [1.0, 3.0]
    assert v[-1].shape == () and v[-1].numpy() == 4.0
    assert m[1, 1:].numpy().tolist() == [5.0, 6.0]
    assert m[:, ::-1].numpy().tolist() == [[3.0, 2.0, 1.0], [6.0, 5.0, 4.0]]
    assert v[5:9].shape == (0,)


def test_assigns_match_tensorflow_and_return_the_unread_variable():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    m = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    r = v[1:3].assign([7.0, 8.0])
    assert type(r).__name__ == "_UnreadVariable"
    assert repr(r) == ("<tf.Variable 'UnreadVariable' shape=(4,) dtype=float32, numpy=array([1., 7., 8., 4.], "
                       "dtype=float32)>")
    v[::2].assign(0.0)
    m[1, 1:].assign([9, 9])
    m[:, 0].assign(np.array([-1.0, -2.0]))
    m[0].assign(tf.constant([1.0, 1.0, 1.0]))
    v[np.int32(1)].assign(3)
    assert v[1].assign(5.0, name="a").numpy().tolist() == [0.0, 5.0, 0.0, 4.0]
    assert v[1].assign(6.0, "b").numpy().tolist() == [0.0, 6.0, 0.0, 4.0]
    assert m.numpy().tolist() == [[1.0, 1.0, 1.0], [-2.0, 9.0, 9.0]]


def test_values_read_before_an_assign_keep_their_values():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    t, s, a = v.read_value(), v[1:3], np.asarray(v)
    v[1:3].assign([7.0, 8.0])
    s.assign([0.0, 0.0])
    assert t.numpy().tolist() == [1.0, 2.0, 3.0, 4.0]
    assert s.numpy().tolist() == [2.0, 3.0]
    assert a.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert v.numpy().tolist() == [1.0, 0.0, 0.0, 4.0]


def test_errors_are_tensorflows_and_change_nothing():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    iv = tf.Variable([1, 2, 3])
    with pytest.raises(errors.InvalidArgumentError, match=r"Cannot broadcast input shape \[3\] into final shape \[2\]"):
        v[1:3].assign([1.0, 2.0, 3.0])
    with pytest.raises(errors.InvalidArgumentError, match="slice index 7 of dimension 0 out of bounds"):
        v[7]
    with pytest.raises(errors.InvalidArgumentError, match=r"strides\[0\] must be non-zero"):
        v[1:2:0]
    with pytest.raises(TypeError, match="Cannot convert 'x' to EagerTensor of dtype float"):
        v[1].assign("x")
    with pytest.raises(ValueError, match="Tensor conversion requested dtype float32 for Tensor with dtype int32"):
        v[0:3].assign(tf.constant([1, 1, 1]))
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        iv[0].assign(2.5)
    with pytest.raises(TypeError, match="unexpected keyword argument 'value'"):
        v[1].assign(value=6.0)
    assert v.numpy().tolist() == [1.0, 2.0, 3.0, 4.0] and iv.numpy().tolist() == [1, 2, 3]


def test_other_keys_keep_the_general_path():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert v[..., 1].assign([8.0, 9.0]).numpy().tolist() == [[1.0, 8.0], [3.0, 9.0]]
    assert v[None, 0].shape == (1, 2)
    assert v[tf.constant(1)].assign([0.0, 0.0]).numpy().tolist() == [[1.0, 8.0], [0.0, 0.0]]
    with pytest.raises(ValueError, match="mask cannot be scalar"):
        v[True]
    with pytest.raises(TypeError, match="Only integers, slices"):
        v[1.5]


def test_inside_a_function_the_slice_assign_runs_on_each_call():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])

    @tf.function
    def step(x):
        v[1:3].assign(x)
        return v[0]

    assert step(tf.constant([5.0, 6.0])).numpy() == 1.0
    assert v.numpy().tolist() == [1.0, 5.0, 6.0, 4.0]
    step(tf.constant([7.0, 8.0]))
    assert v.numpy().tolist() == [1.0, 7.0, 8.0, 4.0]
