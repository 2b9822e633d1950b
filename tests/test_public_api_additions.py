"""Public functions the op database exercises, beyond its entries (tests/test_op_db.py compares
their values, traced and in a Session, with TensorFlow's): their edge cases and errors. The
expected values and texts are what TensorFlow 2.21 gave for the same calls."""
import numpy as np
import pytest

import varrt as tf


def test_conj_and_real_return_a_real_tensor_as_it_is():
    x = tf.constant([0.5, -1.0])
    assert tf.math.conj(x) is x and tf.math.real(x) is x
    z = tf.constant([1 + 2j])
    assert tf.math.conj(z).numpy().tolist() == [1 - 2j]
    assert tf.math.real(z).dtype == tf.float64 and tf.math.real(z).numpy().tolist() == [1.0]


def test_unsorted_segment_sum_drops_negative_ids_and_refuses_large_ones():
    data = tf.constant([1.0, 2.0, 3.0])
    assert tf.math.unsorted_segment_sum(data, tf.constant([0, 1, -1]), 4).numpy().tolist() == [1.0, 2.0, 0.0, 0.0]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"segment_ids\[1\] = 5 is out of range \[0, 4\)"):
        tf.math.unsorted_segment_sum(data, tf.constant([0, 5, -1]), 4)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"data.shape = \[3\] does not start with segment_ids.shape = \[2\]"):
        tf.math.unsorted_segment_sum(data, tf.constant([0, 1]), 4)


def test_scatter_nd_adds_repeats_and_refuses_an_index_outside_the_shape():
    assert tf.scatter_nd(tf.constant([[1], [1]]), tf.constant([1.0, 2.0]), [4]).numpy().tolist() == [0, 3, 0, 0]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0\] = \[5\] does not index into shape \[4\]"):
        tf.scatter_nd(tf.constant([[5]]), tf.constant([1.0]), tf.constant([4]))


def test_scatter_nd_with_a_shape_known_only_when_the_graph_runs():
    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        return tf.scatter_nd([[1], [0]], x[:2], tf.shape(x))

    x = np.arange(12.0, dtype=np.float32).reshape(4, 3)
    want = np.zeros_like(x)
    want[1], want[0] = x[0], x[1]
    np.testing.assert_array_equal(f(tf.constant(x)).numpy(), want)


def test_shape_n():
    got = tf.shape_n([tf.zeros([2, 3]), [1, 2]], out_type=tf.int64)
    assert [(t.dtype, t.numpy().tolist()) for t in got] == [(tf.int64, [2, 3]), (tf.int64, [2])]


def test_strings_format_in_a_graph_with_several_inputs():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def f(x):
        return tf.strings.format("a={} b={}!", [x, tf.shape(x)])

    assert f(tf.constant([1, 2, 3])).numpy() == b"a=[1 2 3] b=[3]!"
    assert tf.strings.format("x={}", [tf.constant(np.arange(10))], summarize=2).numpy() == b"x=[0 1 ... 8 9]"
    with pytest.raises(ValueError, match="The template expects 2 tensors, but the inputs only has 1. Please ensure "
                                         "the number of placeholders in template matches inputs length."):
        tf.strings.format("x={} {}", [tf.constant(1)])


def test_categorical_draws_classes_in_range_with_its_shape_and_dtype():
    out = tf.random.categorical(tf.constant([[1.0, 2.0, 0.5]] * 4), 6, dtype=tf.int32, seed=3)
    assert out.dtype == tf.int32 and out.shape == (4, 6)
    assert set(out.numpy().reshape(-1).tolist()) <= {0, 1, 2}
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"logits should be a matrix, got shape \[2\]"):
        tf.random.categorical(tf.constant([1.0, 2.0]), 5)


def test_tf_gradients_is_tf1_gradients_and_refuses_eager_mode():
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution is enabled. "
                                           "Use tf.GradientTape instead."):
        tf.gradients(tf.constant(1.0), tf.constant(1.0))
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None])
        g = tf.gradients(tf.reduce_sum(x * x), x)
        with tf.compat.v1.Session() as sess:
            assert sess.run(g, {x: [1.0, 2.0, 3.0]})[0].tolist() == [2.0, 4.0, 6.0]
