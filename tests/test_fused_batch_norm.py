"""The fused batch normalization ops (FusedBatchNormV3 and FusedBatchNormGradV3 on the core's
kernels) and tf.compat.v1.nn.fused_batch_norm against TensorFlow 2.21.

tests/fused_batch_norm_program.py runs in a fresh interpreter under varrt and each of its results
is compared with TensorFlow's (tests/fixtures/fused_batch_norm/results.json, recorded by
tests/tools/record_fused_batch_norm.py): every output (reserve spaces included), gradients (eager
and traced), shapes, dtypes, error types and messages. tests/test_op_db.py runs the ops eagerly,
traced with an unknown batch and in a TF1 Session; tests/test_shape_fns.py holds their shape
functions to TensorFlow's. With VARRT_TF_PYTHON set (required under CI=true) the program also runs
live under TensorFlow."""
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "fused_batch_norm_program.py"
TF = recorded("fused_batch_norm")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "fused_batch_norm",
                                                                      tensorflow_depends_on_cpu=True)


# --- varrt alone ---------------------------------------------------------------------------

def test_graph_nodes_run_in_the_core():
    """A traced batch-norm step, its gradient included, runs without a Python frame per node."""
    @tf.function
    def step(x, s, o):
        with tf.GradientTape() as tape:
            tape.watch([x, s, o])
            y = tf.compat.v1.nn.fused_batch_norm(x, s, o)[0]
            loss = tf.reduce_sum(y * y)
        return tape.gradient(loss, [x, s, o])

    x, s, o = tf.ones([2, 3, 3, 4]), tf.ones([4]), tf.zeros([4])
    step(x, s, o)
    graph = step.get_concrete_function(x, s, o).graph
    ops = {op for _, op in graph.node_names}
    assert {"FusedBatchNormV3", "FusedBatchNormGradV3"} <= ops
    assert graph.host_node_ops() == []


def test_bfloat16_statistics_say_they_are_not_implemented():
    with pytest.raises(tf.errors.UnimplementedError, match="bfloat16 statistics"):
        v = tf.ones([2], tf.bfloat16)
        tf.raw_ops.FusedBatchNormV3(x=tf.ones([1, 2, 2, 2]), scale=v, offset=v, mean=v, variance=v)
