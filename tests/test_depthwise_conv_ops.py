"""tf.nn's depthwise and separable convolutions (DepthwiseConv2dNative and its two gradient ops on
the core's kernels) against TensorFlow 2.21.

tests/depthwise_conv_program.py runs in a fresh interpreter under varrt and each of its results
is compared with TensorFlow's (tests/fixtures/depthwise_conv_ops/results.json, recorded by
tests/tools/record_depthwise_conv_ops.py): values, gradients (eager and traced), shapes, dtypes,
error types and messages. tests/test_op_db.py runs the same ops eagerly, traced with an unknown
batch and in a TF1 Session; tests/test_shape_fns.py holds their shape functions to TensorFlow's.
With VARRT_TF_PYTHON set (required under CI=true) the program also runs live under TensorFlow.

What varrt does not do (yet) is tested here on varrt alone: it must say so."""
import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "depthwise_conv_program.py"
TF = recorded("depthwise_conv_ops")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "depthwise",
                                                                      tensorflow_depends_on_cpu=True)


# --- varrt alone ---------------------------------------------------------------------------

def test_graph_nodes_run_in_the_core():
    """A traced separable convolution step, gradients included, runs without a Python frame per node."""
    @tf.function
    def step(x, w, p):
        with tf.GradientTape() as tape:
            tape.watch([w, p])
            loss = tf.reduce_sum(tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], "SAME"))
        return tape.gradient(loss, [w, p])

    x, w, p = tf.ones([2, 5, 5, 3]), tf.ones([3, 3, 3, 2]), tf.ones([1, 1, 6, 4])
    step(x, w, p)
    graph = step.get_concrete_function(x, w, p).graph
    ops = {op for _, op in graph.node_names}
    assert {"DepthwiseConv2dNative", "DepthwiseConv2dNativeBackpropFilter", "Conv2D"} <= ops
    assert "DepthwiseConv2dNativeBackpropInput" in ops  # (the pointwise conv's input gradient feeds it)
    assert graph.host_node_ops() == []  # (Conv2D's gradient takes its shapes with ShapeN, a core op too)
