"""The whole-sequence LSTM ops (BlockLSTMV2 and BlockLSTMGradV2 on the core's kernel,
csrc/varrt/kernels/block_lstm.h) and Keras's LSTM layer, whose time loop runs as them, against
TensorFlow 2.21.

tests/block_lstm_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/block_lstm/results.json, recorded by
tests/tools/record_block_lstm.py): the ops' outputs and gradients (eager and traced, with
peepholes, a cell clip, fewer steps than the sequence has, rows split over threads), static
shapes, error types and messages, Keras's layer's outputs and gradients, a training step and two
epochs. tests/test_op_db.py runs the ops eagerly, traced with an unknown batch and in a TF1
Session; tests/test_shape_fns.py holds their shape functions to TensorFlow's. With VARRT_TF_PYTHON
set (required under CI=true) the program also runs live under TensorFlow."""
import os
import subprocess
import sys

import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "block_lstm_program.py"
TF = recorded("block_lstm")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "block_lstm")


# --- varrt alone ---------------------------------------------------------------------------

def _layer(units, **kwargs):
    rs = np.random.RandomState(3)
    layer = tf.keras.layers.LSTM(units, **kwargs)
    layer.build((None, None, 6))
    layer.set_weights([rs.uniform(-0.5, 0.5, w.shape).astype(np.float32) for w in layer.get_weights()])
    return layer


def test_keras_lstm_runs_as_one_block_lstm_node_in_the_core():
    """A traced LSTM step and its gradient: one BlockLSTM and one BlockLSTMGrad node, no per-step
    nodes, neither a Python frame."""
    layer = _layer(5)

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x))
        return tape.gradient(loss, [x] + layer.trainable_variables)

    x = tf.ones([3, 8, 6])
    step(x)
    graph = step.get_concrete_function(x).graph
    ops = [op for _, op in graph.node_names]
    assert ops.count("BlockLSTM") == 1 and ops.count("BlockLSTMGrad") == 1
    assert "MatMul" not in ops and "Sigmoid" not in ops
    assert not {"BlockLSTM", "BlockLSTMGrad"} & set(graph.host_node_ops()), graph.host_node_ops()


@pytest.mark.parametrize("kwargs", [{}, {"return_sequences": True, "go_backwards": True}])
def test_the_forward_values_are_the_per_step_loops_bits(kwargs):
    """The loop as BlockLSTMV2 gives the bits of the per-step loop (varrt's unfused path, which an
    all-True mask takes) at sizes whose [batch, cell] gates are and are not a multiple of 8."""
    for batch, units, steps in ((4, 6, 9), (7, 5, 3), (33, 16, 12)):
        layer = _layer(units, **kwargs)
        x = tf.constant(np.random.RandomState(batch).randn(batch, steps, 6).astype(np.float32))
        fused = layer(x).numpy()
        per_step = layer(x, mask=tf.ones([batch, steps], tf.bool)).numpy()
        np.testing.assert_array_equal(fused, per_step)


def test_the_gradients_agree_with_the_per_step_loops():
    """The gradients sum over steps and rows in one product each (not step by step): equal to the
    per-step loop's within float32's rounding."""
    layer = _layer(16, return_sequences=True)
    x = tf.constant(np.random.RandomState(1).randn(33, 12, 6).astype(np.float32))
    seed = tf.constant(np.random.RandomState(2).randn(33, 12, 16).astype(np.float32))

    def grads(mask):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x, mask=mask) * seed)
        return [g.numpy() for g in tape.gradient(loss, [x] + layer.trainable_variables)]

    for fused, per_step in zip(grads(None), grads(tf.ones([33, 12], tf.bool))):
        np.testing.assert_allclose(fused, per_step, rtol=1e-5, atol=1e-5)


def test_a_step_whose_input_needs_no_gradient_gives_the_same_weight_gradients():
    """In a traced step where nothing reads x's gradient, BlockLSTMGrad's node skips x's product
    (graph_fusion.h): the weights' gradients are the bits of a step that also takes x's."""
    layer = _layer(16)
    x = tf.constant(np.random.RandomState(7).randn(40, 9, 6).astype(np.float32))

    @tf.function
    def without_x(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(x) ** 2)
        return tape.gradient(loss, layer.trainable_variables)

    @tf.function
    def with_x(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x) ** 2)
        return tape.gradient(loss, layer.trainable_variables + [x])

    with_grads = with_x(x)
    assert float(tf.reduce_max(tf.abs(with_grads[-1]))) > 0
    for a, b in zip(without_x(x), with_grads[:-1]):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


_THREADS_SCRIPT = """
import hashlib, numpy as np, varrt as tf
rs = np.random.RandomState(4)
layer = tf.keras.layers.LSTM(48, return_sequences=True)
layer.build((None, 15, 7))
layer.set_weights([rs.uniform(-0.5, 0.5, w.shape).astype(np.float32) for w in layer.get_weights()])
x = tf.constant(rs.randn(40, 15, 7).astype(np.float32))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = layer(x)
    loss = tf.reduce_sum(y * tf.constant(rs.randn(40, 15, 48).astype(np.float32)))
grads = tape.gradient(loss, [x] + layer.trainable_variables)
print(hashlib.sha256(b"".join(t.numpy().tobytes() for t in [y] + grads)).hexdigest())
"""


def test_results_do_not_depend_on_the_number_of_threads():
    """The batch's rows run in blocks chosen by the sizes alone (40 rows: two blocks), on one, two
    or three threads: the same bits."""
    digests = set()
    for threads in ("1", "2", "3"):
        env = dict(os.environ, VARRT_NUM_THREADS=threads)
        result = subprocess.run([sys.executable, "-c", _THREADS_SCRIPT], capture_output=True, text=True, env=env,
                                timeout=600)
        assert result.returncode == 0, result.stderr[-2000:]
        digests.add(result.stdout.strip())
    assert len(digests) == 1


def test_seq_len_max_beyond_the_sequence_is_refused():
    """(TensorFlow 2.21's kernel aborts the process here; varrt raises the error its check writes.)"""
    p = tf.zeros([2])
    with pytest.raises(tf.errors.InvalidArgumentError, match="seq_len_max must be between 0 and 3 but is 4"):
        tf.raw_ops.BlockLSTMV2(seq_len_max=tf.constant(4, tf.int64), x=tf.zeros([3, 1, 2]), cs_prev=tf.zeros([1, 2]),
                               h_prev=tf.zeros([1, 2]), w=tf.zeros([4, 8]), wci=p, wcf=p, wco=p, b=tf.zeros([8]))


def test_half_says_it_is_not_implemented():
    h = tf.zeros([2], tf.half)
    with pytest.raises(tf.errors.UnimplementedError, match="BlockLSTMV2 has no float16 kernel yet"):
        tf.raw_ops.BlockLSTMV2(seq_len_max=tf.constant(1, tf.int64), x=tf.zeros([1, 1, 2], tf.half),
                               cs_prev=tf.zeros([1, 2], tf.half), h_prev=tf.zeros([1, 2], tf.half),
                               w=tf.zeros([4, 8], tf.half), wci=h, wcf=h, wco=h, b=tf.zeros([8], tf.half))
