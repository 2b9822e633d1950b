"""One program over tf.nn's depthwise and separable convolutions and their raw ops
(DepthwiseConv2dNative and its two gradient ops), run under TensorFlow 2.21 (by
tests/tools/record_depthwise_conv_ops.py, into tests/fixtures/depthwise_conv_ops/) and under
varrt (by tests/test_depthwise_conv_ops.py).

    python depthwise_conv_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (shapes, dtypes, error types
and messages) and {"num:<tolerance>:case": [floats]} for values and gradients. The shapes are
ones no other example uses: odd sizes, depth multipliers 1 to 3, channels not a multiple of a
vector's width."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = str(e)
        if "in user code:" in text:  # a build error: its last line, without the traced file and line
            text = text.rstrip().rsplit("\n\n", 1)[-1].strip()
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def record_result(name, fn, rtol):
    y = fn()
    record(f"{name}.shape", repr((tuple(y.shape), y.dtype.name)))
    record_num(name, y.numpy(), rtol)


rs = np.random.RandomState(7)


def normal(*shape, dtype=np.float32):
    return tf.constant(rs.randn(*shape).astype(dtype))


# --- values ----------------------------------------------------------------------------------

x = normal(3, 11, 9, 5)
w1 = normal(3, 3, 5, 1)
w2 = normal(3, 2, 5, 2)
w3 = normal(2, 4, 5, 3)
record_result("depthwise.same", lambda: tf.nn.depthwise_conv2d(x, w1, [1, 1, 1, 1], "SAME"), 1e-5)
record_result("depthwise.valid_mult2", lambda: tf.nn.depthwise_conv2d(x, w2, [1, 1, 1, 1], "VALID"), 1e-5)
record_result("depthwise.strided_mult3", lambda: tf.nn.depthwise_conv2d(x, w3, [1, 2, 2, 1], "SAME"), 1e-5)
record_result("depthwise.unequal_strides", lambda: tf.nn.depthwise_conv2d(x, w2, [1, 3, 2, 1], "VALID"), 1e-5)
record_result("depthwise.explicit", lambda: tf.nn.depthwise_conv2d(x, w3, [1, 1, 1, 1],
                                                                   [[0, 0], [2, 1], [0, 3], [0, 0]]), 1e-5)
# Dilation rates: TensorFlow's SpaceToBatchND, the undilated op, BatchToSpaceND.
record_result("depthwise.dilated", lambda: tf.nn.depthwise_conv2d(x, w1, [1, 1, 1, 1], "SAME", dilations=[2, 3]), 1e-5)
record_result("depthwise.dilated_valid", lambda: tf.nn.depthwise_conv2d(x, w2, [1, 1, 1, 1], "VALID",
                                                                        dilations=[2, 2]), 1e-5)
record_result("depthwise.dilated_explicit", lambda: tf.nn.depthwise_conv2d(x, w2, [1, 1, 1, 1],
                                                                           [[0, 0], [1, 2], [3, 0], [0, 0]],
                                                                           dilations=[3, 2]), 1e-5)
record_result("depthwise.dilated_strided", lambda: tf.nn.depthwise_conv2d(x, w3, [1, 2, 2, 1], "SAME",
                                                                          dilations=[2, 2]), 1e-5)
record_result("depthwise.dilated_nchw", lambda: tf.nn.depthwise_conv2d(
    normal(2, 5, 7, 6), normal(2, 3, 5, 2), [1, 1, 1, 1], "SAME", data_format="NCHW", dilations=[2, 2]), 1e-5)
record_result("depthwise.dilated.float64", lambda: tf.nn.depthwise_conv2d(
    tf.cast(x, tf.float64), tf.cast(w3, tf.float64), [1, 1, 1, 1], "SAME", dilations=[2, 3]), 1e-12)
record_result("raw.SpaceToBatchND", lambda: tf.raw_ops.SpaceToBatchND(input=x, block_shape=[3, 2],
                                                                      paddings=[[1, 0], [0, 1]]), 1e-7)
record_result("raw.BatchToSpaceND", lambda: tf.raw_ops.BatchToSpaceND(input=normal(12, 3, 4, 2), block_shape=[2, 3],
                                                                      crops=[[0, 1], [2, 1]]), 1e-7)
record_result("depthwise.float64", lambda: tf.nn.depthwise_conv2d(tf.cast(x, tf.float64), tf.cast(w3, tf.float64),
                                                                  [1, 2, 2, 1], "SAME"), 1e-12)
record_result("depthwise.float16", lambda: tf.nn.depthwise_conv2d(tf.cast(x, tf.float16),
                                                                  tf.cast(w2 * 0.5, tf.float16), [1, 1, 1, 1],
                                                                  "SAME"), 3e-3)
record_result("depthwise.bfloat16", lambda: tf.nn.depthwise_conv2d(tf.cast(x, tf.bfloat16),
                                                                   tf.cast(w1 * 0.5, tf.bfloat16), [1, 1, 1, 1],
                                                                   "VALID"), 2e-2)
xc = normal(2, 5, 7, 6)
record_result("depthwise.nchw", lambda: tf.nn.depthwise_conv2d(xc, normal(3, 3, 5, 2), [1, 1, 2, 2], "SAME",
                                                               data_format="NCHW"), 1e-5)
record_result("compat.v1.depthwise_conv2d_native", lambda: tf.compat.v1.nn.depthwise_conv2d_native(
    x, w2, [1, 2, 1, 1], "VALID", dilations=[1, 1, 2, 1]), 1e-5)
record_result("separable", lambda: tf.nn.separable_conv2d(x, w2, normal(1, 1, 10, 4), [1, 1, 1, 1], "SAME"), 1e-4)
record_result("separable.strided", lambda: tf.nn.separable_conv2d(x, w3, normal(1, 1, 15, 2), [1, 2, 2, 1],
                                                                  "VALID"), 1e-4)
record_result("compat.v1.separable_conv2d", lambda: tf.compat.v1.nn.separable_conv2d(
    x, w1, normal(1, 1, 5, 6), [1, 1, 1, 1], "VALID", rate=[1, 2]), 1e-4)
record_result("separable.dilated", lambda: tf.nn.separable_conv2d(x, w1, normal(1, 1, 5, 3), [1, 1, 1, 1], "SAME",
                                                                  dilations=[2, 2]), 1e-4)
record_result("compat.v1.depthwise_conv2d.rate", lambda: tf.compat.v1.nn.depthwise_conv2d(
    x, w3, [1, 1, 1, 1], "SAME", rate=[3, 2]), 1e-5)
dy2 = normal(3, 11, 9, 10)
record_result("depthwise_conv2d_backprop_input", lambda: tf.nn.depthwise_conv2d_backprop_input(
    [3, 11, 9, 5], w2, dy2, [1, 1, 1, 1], "SAME"), 1e-5)
record_result("depthwise_conv2d_backprop_filter", lambda: tf.nn.depthwise_conv2d_backprop_filter(
    x, [3, 2, 5, 2], dy2, [1, 1, 1, 1], "SAME"), 1e-4)
record_result("compat.v1.depthwise_conv2d_native_backprop_input", lambda: (
    tf.compat.v1.nn.depthwise_conv2d_native_backprop_input([3, 11, 9, 5], w2, dy2, [1, 1, 1, 1], "SAME")), 1e-5)
record_result("compat.v1.depthwise_conv2d_native_backprop_filter", lambda: (
    tf.compat.v1.nn.depthwise_conv2d_native_backprop_filter(x, [3, 2, 5, 2], dy2, [1, 1, 1, 1],
                                                            [[0, 0], [1, 1], [0, 1], [0, 0]])), 1e-4)
dy3 = normal(3, 6, 5, 15)
record_result("raw.DepthwiseConv2dNativeBackpropInput", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[3, 11, 9, 5], filter=w3, out_backprop=dy3, strides=[1, 2, 2, 1], padding="SAME"), 1e-5)
record_result("raw.DepthwiseConv2dNativeBackpropFilter", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
    input=x, filter_sizes=[2, 4, 5, 3], out_backprop=dy3, strides=[1, 2, 2, 1], padding="SAME"), 1e-4)
record_result("raw.DepthwiseConv2dNative.explicit.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=tf.cast(x, tf.float64), filter=tf.cast(w1, tf.float64), strides=[1, 1, 1, 1], padding="EXPLICIT",
    explicit_paddings=[0, 0, 1, 0, 2, 2, 0, 0]), 1e-12)
# TensorFlow's gradient kernels (oneDNN's and Eigen's) ignore `dilations`: they compute the
# undilated gradient, and check out_backprop against the undilated shape.
record_result("raw.DepthwiseConv2dNativeBackpropInput.dilations_ignored.float64",
              lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
                  input_sizes=[3, 11, 9, 5], filter=tf.cast(w2, tf.float64), out_backprop=tf.cast(dy2, tf.float64),
                  strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 2, 2, 1]), 1e-12)
record_result("raw.DepthwiseConv2dNativeBackpropInput.nchw", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[2, 5, 7, 6], filter=w2, out_backprop=normal(2, 10, 7, 6), strides=[1, 1, 1, 1], padding="SAME",
    data_format="NCHW"), 1e-5)
record_result("raw.DepthwiseConv2dNativeBackpropFilter.dilations_ignored", lambda: (
    tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(input=x, filter_sizes=[3, 3, 5, 1], out_backprop=normal(3, 9, 7, 5),
                                                   strides=[1, 1, 1, 1], padding="VALID", dilations=[1, 2, 2, 1])),
              1e-4)

# --- gradients -------------------------------------------------------------------------------


def gradients(name, fn, *inputs, rtol=1e-4):
    variables = [tf.Variable(v) for v in inputs]
    with tf.GradientTape() as tape:
        y = fn(*variables)
        loss = tf.reduce_sum(y * tf.cos(y))
    for i, g in enumerate(tape.gradient(loss, variables)):
        record_num(f"grad.{name}.{i}", g.numpy(), rtol)


gradients("depthwise.same_mult2", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME"), x, w2)
gradients("depthwise.strided_mult3", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 2, 3, 1], "VALID"), x, w3)
gradients("depthwise.explicit", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1],
                                                                    [[0, 0], [1, 2], [3, 0], [0, 0]]), x, w2)
gradients("depthwise.dilated", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME", dilations=[2, 3]),
          x, w2)
gradients("separable.dilated", lambda a, b, c: tf.nn.separable_conv2d(a, b, c, [1, 1, 1, 1], "VALID",
                                                                      dilations=[2, 2]), x, w1, normal(1, 1, 5, 2))
gradients("depthwise.nchw", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 2, 1], "SAME", data_format="NCHW"),
          xc, normal(2, 3, 5, 3))
gradients("depthwise.float64", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 2, 2, 1], "SAME"),
          tf.cast(x, tf.float64), tf.cast(w3, tf.float64), rtol=1e-12)
gradients("separable", lambda a, b, c: tf.nn.separable_conv2d(a, b, c, [1, 1, 1, 1], "SAME"), x, w2,
          normal(1, 1, 10, 3))


@tf.function
def traced_step(a, b, c):
    with tf.GradientTape() as tape:
        tape.watch([a, b, c])
        y = tf.nn.relu(tf.nn.separable_conv2d(a, b, c, [1, 1, 1, 1], "SAME"))
        loss = tf.reduce_sum(y * y)
    return [y] + tape.gradient(loss, [a, b, c])


pw = normal(1, 1, 15, 4)
for i, t in enumerate(traced_step(x, w3, pw)):
    record_num(f"traced_step.{i}", t.numpy(), 1e-4)
traced = traced_step.get_concrete_function(tf.TensorSpec([None, None, None, 5]), tf.TensorSpec([2, 4, 5, 3]),
                                           tf.TensorSpec([1, 1, 15, 4]))
record("traced_step.shapes", repr([tuple(t.shape) for t in traced.outputs]))

# --- errors ----------------------------------------------------------------------------------

x64 = tf.cast(x, tf.float64)
w64 = tf.cast(w2, tf.float64)
record_error("error.space_to_batch_divisible", lambda: tf.raw_ops.SpaceToBatchND(
    input=x, block_shape=[2, 2], paddings=[[0, 0], [0, 0]]))
record_error("error.batch_to_space_divisible", lambda: tf.raw_ops.BatchToSpaceND(
    input=x, block_shape=[2, 1], crops=[[0, 0], [0, 0]]))
record_error("error.space_to_batch_paddings_shape", lambda: tf.raw_ops.SpaceToBatchND(
    input=x, block_shape=[2, 2], paddings=[[0, 1]]))
record_error("error.dilation_rate_negative", lambda: tf.nn.depthwise_conv2d(x, w1, [1, 1, 1, 1], "SAME",
                                                                            dilations=[0, 2]))
record_error("error.depth", lambda: tf.nn.depthwise_conv2d(x, normal(3, 3, 4, 2), [1, 1, 1, 1], "SAME"))
record_error("error.depth.float64", lambda: tf.nn.depthwise_conv2d(x64, tf.ones([3, 3, 4, 2], tf.float64),
                                                                   [1, 1, 1, 1], "SAME"))
record_error("error.rank.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x64[0], filter=w64, strides=[1, 1, 1, 1], padding="SAME"))
record_error("error.filter_rank", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x, filter=tf.ones([3, 5, 2]), strides=[1, 1, 1, 1], padding="SAME"))
record_error("error.strides_length", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x, filter=w2, strides=[1, 1, 1], padding="SAME"))
record_error("error.strides_length.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x64, filter=w64, strides=[1, 1, 1], padding="SAME"))
record_error("error.batch_stride", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x, filter=w2, strides=[2, 1, 1, 1], padding="SAME"))
record_error("error.batch_stride.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x64, filter=w64, strides=[1, 1, 1, 2], padding="SAME"))
record_error("error.unequal_strides.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x64, filter=w64, strides=[1, 2, 1, 1], padding="SAME"))
record_error("error.dilations.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=x64, filter=w64, strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 2, 3, 1]))
record_error("error.nchw.float64", lambda: tf.raw_ops.DepthwiseConv2dNative(
    input=tf.ones([1, 5, 4, 4], tf.float64), filter=w64, strides=[1, 1, 1, 1], padding="SAME", data_format="NCHW"))
record_error("error.nchw.float16", lambda: tf.nn.depthwise_conv2d(
    tf.ones([1, 5, 4, 4], tf.float16), tf.ones([2, 2, 5, 1], tf.float16), [1, 1, 1, 1], "SAME", data_format="NCHW"))
record_error("error.negative", lambda: tf.nn.depthwise_conv2d(x, tf.ones([13, 3, 5, 1]), [1, 1, 1, 1], "VALID"))
record_error("error.negative.float64", lambda: tf.nn.depthwise_conv2d(x64, tf.ones([2, 11, 5, 1], tf.float64),
                                                                      [1, 1, 1, 1], "VALID"))
record_error("error.dtype", lambda: tf.nn.depthwise_conv2d(tf.ones([1, 3, 3, 1], tf.int32),
                                                           tf.ones([1, 1, 1, 1], tf.int32), [1, 1, 1, 1], "SAME"))
record_error("error.padding_name", lambda: tf.nn.depthwise_conv2d(x64, w64, [1, 1, 1, 1], "FULL"))
record_error("error.explicit_string", lambda: tf.nn.depthwise_conv2d(x, w2, [1, 1, 1, 1], "EXPLICIT"))
record_error("error.separable_pointwise", lambda: tf.nn.separable_conv2d(x, w2, tf.ones([2, 1, 10, 3]),
                                                                         [1, 1, 1, 1], "SAME"))
record_error("error.backprop_dilated_shape", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[3, 11, 9, 5], filter=w1, out_backprop=tf.ones([3, 7, 5, 5]), strides=[1, 1, 1, 1],
    padding="VALID", dilations=[1, 2, 2, 1]))
record_error("error.backprop_input_cols.float64", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[3, 11, 9, 5], filter=w64, out_backprop=tf.ones([3, 11, 8, 10], tf.float64), strides=[1, 1, 1, 1],
    padding="SAME"))
record_error("error.backprop_filter_rows.float64", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
    input=x64, filter_sizes=[3, 2, 5, 2], out_backprop=tf.ones([3, 10, 9, 10], tf.float64), strides=[1, 1, 1, 1],
    padding="SAME"))
record_error("error.backprop_depth.float64", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[3, 11, 9, 5], filter=w64, out_backprop=tf.ones([3, 11, 9, 9], tf.float64), strides=[1, 1, 1, 1],
    padding="SAME"))
record_error("error.backprop_nchw.float64", lambda: tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
    input=tf.ones([1, 5, 4, 4], tf.float64), filter_sizes=[3, 2, 5, 2], out_backprop=tf.ones([1, 10, 4, 4],
                                                                                             tf.float64),
    strides=[1, 1, 1, 1], padding="SAME", data_format="NCHW"))


def graph_error(name, fn, *specs):
    record_error(name, lambda: tf.function(fn).get_concrete_function(*specs))


graph_error("graph_error.depth", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME"),
            tf.TensorSpec([None, 5, 5, 3]), tf.TensorSpec([3, 3, 2, 4]))
graph_error("graph_error.rank", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME"),
            tf.TensorSpec([None, 5, 3]), tf.TensorSpec([3, 3, 3, 4]))
graph_error("graph_error.negative", lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "VALID"),
            tf.TensorSpec([None, 2, 5, 3]), tf.TensorSpec([4, 3, 3, 4]))
graph_error("graph_error.strides", lambda a, b: tf.raw_ops.DepthwiseConv2dNative(
    input=a, filter=b, strides=[1, 1, 1], padding="SAME"), tf.TensorSpec([None, 5, 5, 3]),
    tf.TensorSpec([3, 3, 3, 4]))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
