"""The fused batch normalization ops (FusedBatchNormV3 and FusedBatchNormGradV3 on the core's
kernels) and tf.compat.v1.nn.fused_batch_norm against TensorFlow 2.21.

tests/fused_batch_norm_program.py runs in a fresh interpreter under varrt and each of its results
is compared with TensorFlow's (tests/fixtures/fused_batch_norm/results.json, recorded by
tests/tools/record_fused_batch_norm.py): every output (reserve spaces included), gradients (eager
and traced), shapes, dtypes, error types and messages. tests/test_op_db.py runs the ops eagerly,
traced with an unknown batch and in a TF1 Session; tests/test_shape_fns.py holds their shape
functions to TensorFlow's. With VARRT_TF_PYTHON set (required under CI=true) the program also runs
live under TensorFlow."""
import sys

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "fused_batch_norm_program.py"
TF = recorded("fused_batch_norm")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_fused_batch_norm_run"))


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(TF)


@pytest.mark.parametrize("name", sorted(TF))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, TF[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(TF)
    for name in sorted(TF):
        assert_same(name, theirs[name], TF[name])


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
