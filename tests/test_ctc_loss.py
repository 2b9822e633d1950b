"""The CTC loss (the CTCLoss op on the core's kernel, tf.compat.v1.nn.ctc_loss, tf.nn.ctc_loss and
tf.compat.v1.nn.ctc_loss_v2 with SparseTensor or dense labels, tf.nn.ctc_unique_labels, CTCLossV2)
against TensorFlow 2.21.

tests/ctc_loss_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/ctc_loss/results.json, recorded by
tests/tools/record_ctc_loss.py): losses and gradients at several sizes, lengths and class counts,
float64, the three flags, blank_index 0, -1 and others, batch-major logits, dense labels (empty
ones, `unique`), eagerly, in tf.function with an unknown batch and in a TF1 session, and the op's
errors in TensorFlow's order. Losses are within 3 ulps of TensorFlow's, gradients within 3.8e-6
(measured: see the program). With
VARRT_TF_PYTHON set (required under CI=true) the program also runs live under TensorFlow."""
import numpy as np

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "ctc_loss_program.py"
TF = recorded("ctc_loss")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "ctc_loss")


# --- varrt alone ---------------------------------------------------------------------------

def _labels(batch):
    return tf.SparseTensor(np.array([[b, 0] for b in range(batch)], np.int64), np.arange(batch, dtype=np.int32) % 3,
                           [batch, 1])


def test_graph_nodes_run_in_the_core():
    """A traced CTC loss and its gradient run without a Python frame per node."""
    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.compat.v1.nn.ctc_loss(_labels(2), x, [4, 3])
        return tape.gradient(loss, x)

    x = tf.ones([4, 2, 5])
    step(x)
    graph = step.get_concrete_function(x).graph
    assert "CTCLoss" in {op for _, op in graph.node_names}
    assert graph.host_node_ops() == []


def test_the_gradient_is_the_ops_second_output_scaled_by_the_loss_gradient():
    x = tf.constant(np.random.RandomState(1).randn(6, 3, 4).astype(np.float32))
    loss, gradient = tf.raw_ops.CTCLoss(inputs=x, labels_indices=_labels(3).indices, labels_values=_labels(3).values,
                                        sequence_length=[6, 5, 6])
    with tf.GradientTape() as tape:
        tape.watch(x)
        total = tf.reduce_sum(tf.compat.v1.nn.ctc_loss(_labels(3), x, [6, 5, 6]) * [2.0, -1.0, 0.5])
    np.testing.assert_array_equal(tape.gradient(total, x).numpy(),
                                  gradient.numpy() * np.array([2.0, -1.0, 0.5], np.float32)[:, None])
    assert not np.any(gradient.numpy()[5:, 1]), "no gradient past a sequence's end"
