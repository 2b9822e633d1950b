"""Random ops whose shape a graph knows only when it runs (`tf.random.uniform(tf.shape(x))` over an
unknown batch): the shape is the node's input, read on every run, so one trace serves every batch
size. A stateful op draws new values on every run, a stateless one the same values on every run,
and the same as eagerly, as TensorFlow 2.21 does (checked with it on these programs: every
comparison below holds there too; tests/test_random_streams.py compares the values themselves)."""
import numpy as np
import pytest

import varrt as tf

SPEC = [tf.TensorSpec([None, 3], tf.float32)]


@pytest.fixture(autouse=True)
def _no_global_seed():
    tf.random.set_seed(None)
    yield
    tf.random.set_seed(None)


@pytest.mark.parametrize("draw", [
    lambda s: tf.random.uniform(s, seed=3),
    lambda s: tf.random.normal(s, seed=3),
    lambda s: tf.random.truncated_normal(s, seed=3),
    lambda s: tf.random.uniform(s, maxval=1000, dtype=tf.int32, seed=3),
], ids=["uniform", "normal", "truncated_normal", "uniform_int"])
def test_a_stateful_op_in_a_function_draws_new_values_at_every_batch_size(draw):
    f = tf.function(lambda x: draw(tf.shape(x)), input_signature=SPEC)
    a, b, c = f(tf.zeros([4, 3])), f(tf.zeros([4, 3])), f(tf.zeros([7, 3]))
    assert a.shape == (4, 3) and b.shape == (4, 3) and c.shape == (7, 3)
    assert np.any(a.numpy() != b.numpy())
    assert f.get_concrete_function().structured_outputs.shape.as_list() == [None, 3]


@pytest.mark.parametrize("draw", [
    lambda s: tf.random.stateless_uniform(s, seed=[1, 2]),
    lambda s: tf.random.stateless_normal(s, seed=[1, 2]),
    lambda s: tf.random.stateless_truncated_normal(s, seed=[1, 2]),
    lambda s: tf.random.stateless_uniform(s, seed=[1, 2], minval=0, maxval=1000, dtype=tf.int32),
    lambda s: tf.random.stateless_uniform(s, seed=[1, 2], minval=None, maxval=None, dtype=tf.int64),
], ids=["uniform", "normal", "truncated_normal", "uniform_int", "uniform_full_int"])
def test_a_stateless_op_in_a_function_draws_the_same_values_as_eagerly_on_every_call(draw):
    f = tf.function(lambda x: draw(tf.shape(x)), input_signature=SPEC)
    a, b = f(tf.zeros([4, 3])), f(tf.zeros([4, 3]))
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    np.testing.assert_array_equal(a.numpy(), draw([4, 3]).numpy())
    assert f(tf.zeros([6, 3])).shape == (6, 3)


def test_tf1_session_runs_redraw_stateful_ops_and_repeat_stateless_ones():
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 3])
        u = tf.random.uniform(tf.shape(x), seed=3)
        n = tf.random.stateless_uniform(tf.shape(x), seed=[1, 2], minval=0, maxval=1000, dtype=tf.int32)
        assert u.shape.as_list() == [None, 3] and n.shape.as_list() == [None, 3]
        with tf.compat.v1.Session() as sess:
            u1, n1 = sess.run([u, n], {x: np.zeros([5, 3])})
            u2, n2 = sess.run([u, n], {x: np.zeros([5, 3])})
            u3 = sess.run(u, {x: np.zeros([2, 3])})
    assert u1.shape == (5, 3) and u3.shape == (2, 3)
    assert np.any(u1 != u2)
    np.testing.assert_array_equal(n1, n2)


def test_a_negative_dimension_known_only_when_the_graph_runs_fails_then():
    f = tf.function(lambda s: tf.random.uniform(s, seed=1), input_signature=[tf.TensorSpec([2], tf.int32)])
    assert f(tf.constant([2, 3])).shape == (2, 3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Dimension -1 must be >= 0"):
        f(tf.constant([2, -1]))


def test_a_stateless_seed_known_only_when_the_function_runs_is_an_input():
    # The seed goes through a StatelessRandomGetKeyCounter node on every run, as in TensorFlow's
    # graph; [3, 2] gives TensorFlow 2.21's bytes (recorded), other seeds the eager values.
    f = tf.function(lambda s: tf.random.stateless_uniform([2], seed=s))
    assert f(tf.constant([3, 2])).numpy().tobytes().hex() == "2af25f3f98edbf3e"
    g = tf.function(lambda s: (tf.random.stateless_normal([3], seed=s), tf.random.stateless_truncated_normal([5], seed=s),
                               tf.random.stateless_uniform([4], seed=s, minval=0, maxval=9, dtype=tf.int32)))
    for seed in ([1, 2], [-7, 2**40]):
        got = g(tf.constant(seed, tf.int64))
        want = (tf.random.stateless_normal([3], seed=seed), tf.random.stateless_truncated_normal([5], seed=seed),
                tf.random.stateless_uniform([4], seed=seed, minval=0, maxval=9, dtype=tf.int32))
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert [op.type for op in f.get_concrete_function(tf.constant([3, 2])).graph.get_operations()
            if op.type.startswith("Stateless")] == ["StatelessRandomGetKeyCounter", "StatelessRandomUniformV2"]
    with pytest.raises(ValueError, match=r"Dimension must be 2 but is 3 for '\{\{node StatelessRandomGetKeyCounter\}\}"):
        f(tf.constant([1, 2, 3]))
    h = tf.function(lambda s: tf.random.stateless_uniform([2], seed=s), input_signature=[tf.TensorSpec([None], tf.int32)])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"seed must have shape \[2\], not \[3\]"):
        h(tf.constant([1, 2, 3]))
