"""ConcatV2 and Split run core kernels (ops/concat_split_ops.h): eagerly, and in graphs as native
nodes (no Python frame), at batch sizes no trace saw, every dtype (strings too), with TensorFlow's
kernel messages (recorded from TensorFlow 2.21 below)."""
import numpy as np
import pytest

import varrt as tf

A = tf.constant([[1.0, 2.0], [3.0, 4.0]])
DEVICE = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
TF_ERRORS = [
    (lambda: tf.concat([A, tf.ones([3, 3])], 1), DEVICE % "ConcatV2_N_2" + "ConcatOp : Dimension 0 in both shapes "
     "must be equal: shape[0] = [2,2] vs. shape[1] = [3,3] [Op:ConcatV2] name: concat"),
    (lambda: tf.split(A, 3, axis=1), DEVICE % "Split_num_split_3" + "Number of ways to split should evenly divide "
     "the split dimension, but got split_dim 1 (size = 2) and num_split 3 [Op:Split] name: split"),
    (lambda: tf.concat([A, tf.ones([2])], 0), DEVICE % "ConcatV2_N_2" + "ConcatOp : Ranks of all input tensors "
     "should match: shape[0] = [2,2] vs. shape[1] = [2] [Op:ConcatV2] name: concat"),
    (lambda: tf.concat([A, A], 2), DEVICE % "ConcatV2_N_2" + "ConcatOp : Expected concatenating dimensions in the "
     "range [-2, 2), but got 2 [Op:ConcatV2] name: concat"),
    (lambda: tf.split(A, 2, axis=-3), DEVICE % "Split_num_split_2" + "-input rank(-2) <= split_dim < input rank "
     "(2), but got -3 [Op:Split] name: split"),
]


@pytest.mark.parametrize("case", range(len(TF_ERRORS)))
def test_kernel_errors_are_tensorflows(case):
    fn, message = TF_ERRORS[case]
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        fn()
    assert str(caught.value) == message


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64, np.uint8, np.bool_, np.float16,
                                   np.complex64])
def test_values_and_dtypes_match_numpy(dtype):
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((3, 4, 6)) * 5).astype(dtype)
    b = (rng.standard_normal((3, 2, 6)) * 5).astype(dtype)
    got = tf.concat([a, tf.constant(b), a], axis=1)
    assert got.dtype.as_numpy_dtype == dtype
    np.testing.assert_array_equal(got.numpy(), np.concatenate([a, b, a], axis=1))
    pieces = tf.split(got, 5, axis=-2)
    for got_piece, want in zip(pieces, np.split(np.concatenate([a, b, a], axis=1), 5, axis=1)):
        np.testing.assert_array_equal(got_piece.numpy(), want)


def test_strings_and_empty_pieces():
    s = tf.concat([tf.constant([["a", "b"]]), tf.constant([["c", "d"], ["e", "f"]])], 0)
    assert s.numpy().tolist() == [[b"a", b"b"], [b"c", b"d"], [b"e", b"f"]]
    assert [p.numpy().tolist() for p in tf.split(s, 2, axis=1)] == [[[b"a"], [b"c"], [b"e"]], [[b"b"], [b"d"], [b"f"]]]
    empty = tf.concat([tf.zeros([0, 3]), tf.ones([2, 3])], 0)
    np.testing.assert_array_equal(empty.numpy(), np.ones((2, 3), np.float32))
    assert [tuple(p.shape) for p in tf.split(tf.zeros([4, 0]), 2)] == [(2, 0), (2, 0)]


def test_graph_nodes_are_native_and_replay_at_other_batch_sizes():
    @tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float32)])
    def swap(x):
        a, b, c = tf.split(x, 3, axis=1)
        return tf.concat([c, a, b], axis=-1)

    graph = swap.get_concrete_function().graph
    ops = [op for _, op in graph.node_names]
    assert "Split" in ops and "ConcatV2" in ops and graph.host_node_ops() == []
    for batch in (1, 7, 33):
        x = np.arange(batch * 6, dtype=np.float32).reshape(batch, 6)
        np.testing.assert_array_equal(swap(x).numpy(), np.concatenate([x[:, 4:], x[:, :4]], axis=1))


def test_gradients_in_a_graph():
    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a, b = tf.split(x, 2, axis=1)
            y = tf.reduce_sum(tf.concat([a * 2.0, b * 3.0], 0))
        return tape.gradient(y, x)

    np.testing.assert_array_equal(grad(np.ones((5, 4), np.float32)).numpy(), np.tile([2.0, 2.0, 3.0, 3.0], (5, 1)))
