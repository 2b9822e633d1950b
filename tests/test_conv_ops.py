"""tf.nn's convolution and pooling (Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter, MaxPool,
MaxPoolGrad, AvgPool, AvgPoolGrad on the core's kernels) against TensorFlow 2.21.

tests/conv_ops_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/conv_ops/results.json, recorded by
tests/tools/record_conv_ops.py): values, gradients (eager and traced), shapes, dtypes, error
types and messages. tests/test_op_db.py runs the same ops eagerly, traced with an unknown batch
and in a TF1 Session; tests/test_shape_fns.py holds their shape functions to TensorFlow's. With
VARRT_TF_PYTHON set (required under CI=true) the program also runs live under TensorFlow.

What varrt does not do (yet) is tested here on varrt alone: it must say so."""
import os
import subprocess
import sys
import textwrap

import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "conv_ops_program.py"
TF = recorded("conv_ops")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "conv",
                                                                      tensorflow_depends_on_cpu=True)


# --- varrt alone ---------------------------------------------------------------------------

def test_graph_nodes_run_in_the_core():
    """A traced convolution step runs without a Python frame per node, as MatMul does."""
    @tf.function
    def step(x, w):
        with tf.GradientTape() as tape:
            tape.watch(w)
            y = tf.nn.avg_pool2d(tf.nn.max_pool2d(tf.nn.conv2d(x, w, 1, "SAME"), 2, 1, "SAME"), 2, 1, "VALID")
            loss = tf.reduce_sum(y)
        return tape.gradient(loss, w)

    x = tf.ones([2, 5, 5, 3])
    w = tf.ones([3, 3, 3, 4])
    step(x, w)
    graph = step.get_concrete_function(x, w).graph
    ops = {op for _, op in graph.node_names}
    assert {"Conv2D", "MaxPool", "AvgPool", "AvgPoolGrad", "MaxPoolGrad", "Conv2DBackpropFilter"} <= ops
    # (TensorFlow's Conv2D gradient takes both shapes with ShapeN, a core op too.)
    assert graph.host_node_ops() == []


def test_what_varrt_does_not_implement_says_so():
    with pytest.raises(tf.errors.UnimplementedError, match="no int32 kernel"):
        tf.nn.conv2d(tf.ones([1, 3, 3, 1], tf.int32), tf.ones([1, 1, 1, 1], tf.int32), 1, "SAME")
    with pytest.raises(tf.errors.UnimplementedError, match="no int32 kernel"):
        tf.nn.max_pool2d(tf.ones([1, 3, 3, 1], tf.int32), 2, 2, "SAME")
    with pytest.raises(tf.errors.UnimplementedError, match="grouped convolutions"):
        tf.nn.conv2d(tf.ones([1, 3, 3, 4]), tf.ones([1, 1, 2, 2]), 1, "SAME")
    with pytest.raises(tf.errors.UnimplementedError, match="3-D"):
        tf.nn.convolution(tf.ones([1, 3, 3, 3, 1]), tf.ones([1, 1, 1, 1, 1]))


def test_winograd_results_do_not_depend_on_the_thread_count():
    """Stride-1 3x3 float32 convolutions with 16+ channels run Winograd's F(2x2, 3x3) in chunks of
    tiles spread over the thread pool (kernels/conv2d_winograd.h): the chunks are cut by the
    geometry alone and the filter gradient's partial sums added in chunk order, so one and two
    threads give the same bits (forward, input gradient, filter gradient)."""
    code = textwrap.dedent("""
        import hashlib, numpy as np, varrt as tf
        rng = np.random.default_rng(3)
        x = tf.constant(rng.standard_normal((12, 17, 15, 24), dtype=np.float32))
        w = tf.constant(rng.standard_normal((3, 3, 24, 40), dtype=np.float32))
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            y = tf.nn.conv2d(x, w, 1, "SAME")
            loss = tf.reduce_sum(y * tf.cos(y))
        outs = [y] + tape.gradient(loss, [x, w])
        print(hashlib.sha256(b"".join(t.numpy().tobytes() for t in outs)).hexdigest())
    """)
    digests = []
    for threads in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                             env=dict(os.environ, VARRT_NUM_THREADS=threads))
        assert out.returncode == 0, out.stderr
        digests.append(out.stdout.strip())
    assert digests[0] == digests[1] and len(digests[0]) == 64
