"""One program over tf.nn's convolution and pooling functions and their raw ops, run under
TensorFlow 2.21 (by tests/tools/record_conv_ops.py, into tests/fixtures/conv_ops/) and under
varrt (by tests/test_conv_ops.py).

    python conv_ops_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (shapes, dtypes, error types
and messages) and {"num:<tolerance>:case": [floats]} for values and gradients (float32 1e-5,
sums over many products 1e-4; float64 1e-12)."""
import json
import os
import re
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


rs = np.random.RandomState(0)


def normal(*shape, dtype=np.float32):
    return tf.constant(rs.randn(*shape).astype(dtype))


# --- values ----------------------------------------------------------------------------------

x = normal(2, 9, 8, 3)
w = normal(3, 3, 3, 5)
record_result("conv2d.same", lambda: tf.nn.conv2d(x, w, 1, "SAME"), 1e-4)
record_result("conv2d.valid_strided", lambda: tf.nn.conv2d(x, w, [2, 3], "VALID"), 1e-4)
record_result("conv2d.same_strided", lambda: tf.nn.conv2d(x, w, 2, "SAME"), 1e-4)
record_result("conv2d.dilated", lambda: tf.nn.conv2d(x, w, 1, "SAME", dilations=[2, 1]), 1e-4)
record_result("conv2d.explicit", lambda: tf.nn.conv2d(x, w, [1, 2, 1, 1], [[0, 0], [2, 1], [0, 3], [0, 0]]), 1e-4)
record_result("conv2d.one_by_one", lambda: tf.nn.conv2d(x, normal(1, 1, 3, 4), 1, "VALID"), 1e-4)
record_result("conv2d.rank5", lambda: tf.nn.conv2d(normal(2, 2, 5, 5, 3), w, 1, "SAME"), 1e-4)
record_result("conv2d.float64", lambda: tf.nn.conv2d(normal(2, 6, 5, 3, dtype=np.float64),
                                                     normal(2, 3, 3, 2, dtype=np.float64), 1, "SAME"), 1e-12)
record_result("convolution", lambda: tf.nn.convolution(x, w, strides=2, padding="VALID"), 1e-4)
record_result("convolution.1d", lambda: tf.nn.convolution(normal(2, 9, 3), normal(3, 3, 4), padding="SAME",
                                                          dilations=2), 1e-4)
record_result("conv1d", lambda: tf.nn.conv1d(normal(2, 9, 3), normal(3, 3, 4), 2, "SAME"), 1e-4)
record_result("compat.v1.conv2d", lambda: tf.compat.v1.nn.conv2d(x, w, [1, 1, 1, 1], "VALID"), 1e-4)
record_result("compat.v1.conv2d.filters", lambda: tf.compat.v1.nn.conv2d(x, filters=w, strides=2,
                                                                          padding="SAME"), 1e-4)
record_result("raw.Conv2D", lambda: tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 1, 2, 1], padding="VALID"),
              1e-4)
dy = normal(2, 9, 8, 5)
record_result("raw.Conv2DBackpropInput", lambda: tf.raw_ops.Conv2DBackpropInput(
    input_sizes=[2, 9, 8, 3], filter=w, out_backprop=dy, strides=[1, 1, 1, 1], padding="SAME"), 1e-4)
record_result("raw.Conv2DBackpropFilter", lambda: tf.raw_ops.Conv2DBackpropFilter(
    input=x, filter_sizes=[3, 3, 3, 5], out_backprop=dy, strides=[1, 1, 1, 1], padding="SAME"), 1e-4)
record_result("max_pool2d", lambda: tf.nn.max_pool2d(x, 3, 2, "SAME"), 1e-6)
record_result("max_pool2d.explicit", lambda: tf.nn.max_pool2d(x, 2, 2, [[0, 0], [1, 0], [1, 1], [0, 0]]), 1e-6)
record_result("avg_pool2d", lambda: tf.nn.avg_pool2d(x, [3, 2], [2, 1], "SAME"), 1e-6)
record_result("avg_pool2d.valid", lambda: tf.nn.avg_pool2d(x, 2, 2, "VALID"), 1e-6)
record_result("max_pool", lambda: tf.nn.max_pool(x, 2, 2, "VALID"), 1e-6)
record_result("avg_pool.1d", lambda: tf.nn.avg_pool(normal(2, 7, 3), 2, 2, "SAME"), 1e-6)
record_result("max_pool1d", lambda: tf.nn.max_pool1d(normal(2, 7, 3), 3, 2, "VALID"), 1e-6)
record_result("avg_pool1d", lambda: tf.nn.avg_pool1d(normal(2, 7, 3), 3, 1, "SAME"), 1e-6)
record_result("max_pool2d.float64", lambda: tf.nn.max_pool2d(normal(1, 5, 5, 2, dtype=np.float64), 2, 1, "VALID"),
              1e-12)
record_result("avg_pool2d.float64", lambda: tf.nn.avg_pool2d(normal(1, 5, 5, 2, dtype=np.float64), 3, 2, "SAME"),
              1e-12)

record_result("compat.v1.max_pool", lambda: tf.compat.v1.nn.max_pool(value=x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                                                                      padding="VALID"), 1e-6)
record_result("compat.v1.avg_pool", lambda: tf.compat.v1.nn.avg_pool(x, 3, 2, "SAME"), 1e-6)
record_result("compat.v1.conv1d", lambda: tf.compat.v1.nn.conv1d(value=normal(2, 9, 3), filters=normal(3, 3, 4),
                                                                  stride=2, padding="SAME"), 1e-4)
record_result("compat.v1.convolution", lambda: tf.compat.v1.nn.convolution(x, w, "SAME", dilation_rate=[2, 1]), 1e-4)

# NCHW: TensorFlow's CPU build runs float32 through oneDNN (not MaxPoolGrad); float64 is refused.
xc = normal(2, 3, 7, 6)
record_result("conv2d.nchw", lambda: tf.nn.conv2d(xc, normal(3, 2, 3, 4), [1, 2], "SAME", data_format="NCHW"), 1e-4)
record_result("conv2d.nchw_explicit", lambda: tf.nn.conv2d(xc, normal(2, 2, 3, 2), 1, [[0, 0], [0, 0], [1, 0], [2, 1]],
                                                           data_format="NCHW"), 1e-4)
record_result("max_pool2d.nchw", lambda: tf.nn.max_pool2d(xc, 2, [2, 1], "VALID", data_format="NCHW"), 1e-6)
record_result("avg_pool2d.nchw", lambda: tf.nn.avg_pool2d(xc, 3, 2, "SAME", data_format="NCHW"), 1e-6)

# The 16-bit floats: TensorFlow computes half on Eigen (NHWC only) and bfloat16 through oneDNN.
xh, wh = tf.cast(x, tf.float16), tf.cast(w * 0.5, tf.float16)
record_result("conv2d.float16", lambda: tf.nn.conv2d(xh, wh, 2, "SAME"), 2e-3)
record_result("avg_pool2d.float16", lambda: tf.nn.avg_pool2d(xh, 3, 2, "SAME"), 2e-3)
record_result("max_pool2d.float16", lambda: tf.nn.max_pool2d(xh, 2, 1, "VALID"), 1e-6)
xb = tf.cast(xc, tf.bfloat16)
record_result("conv2d.bfloat16.nchw", lambda: tf.nn.conv2d(xb, tf.cast(normal(3, 3, 3, 2) * 0.5, tf.bfloat16), 1,
                                                           "VALID", data_format="NCHW"), 1.6e-2)
record_result("avg_pool2d.bfloat16.nchw", lambda: tf.nn.avg_pool2d(xb, 2, 2, "VALID", data_format="NCHW"), 1.6e-2)
record_result("max_pool2d.bfloat16", lambda: tf.nn.max_pool2d(tf.cast(x, tf.bfloat16), 3, 2, "SAME"), 1e-6)

# --- gradients -------------------------------------------------------------------------------


def gradients(name, fn, *inputs, rtol=1e-4):
    variables = [tf.Variable(v) for v in inputs]
    with tf.GradientTape() as tape:
        y = fn(*variables)
        loss = tf.reduce_sum(y * tf.cos(y))
    for i, g in enumerate(tape.gradient(loss, variables)):
        record_num(f"grad.{name}.{i}", g.numpy(), rtol)


gradients("conv2d.same_strided", lambda a, b: tf.nn.conv2d(a, b, 2, "SAME"), x, w)
gradients("conv2d.dilated_valid", lambda a, b: tf.nn.conv2d(a, b, 1, "VALID", dilations=2), x, w)
gradients("conv2d.explicit", lambda a, b: tf.nn.conv2d(a, b, [1, 2], [[0, 0], [2, 1], [0, 3], [0, 0]]), x, w)
gradients("conv1d", lambda a, b: tf.nn.conv1d(a, b, 1, "SAME"), normal(2, 9, 3), normal(3, 3, 4))
gradients("max_pool2d", lambda a: tf.nn.max_pool2d(a, 3, 2, "SAME"), x, rtol=1e-6)
gradients("avg_pool2d", lambda a: tf.nn.avg_pool2d(a, 3, 2, "SAME"), x, rtol=1e-6)
gradients("conv2d.float64", lambda a, b: tf.nn.conv2d(a, b, 2, "SAME"), normal(2, 6, 5, 3, dtype=np.float64),
          normal(3, 3, 3, 2, dtype=np.float64), rtol=1e-12)

gradients("conv2d.nchw", lambda a, b: tf.nn.conv2d(a, b, 2, "SAME", data_format="NCHW"), xc, normal(3, 3, 3, 2))
gradients("avg_pool2d.nchw", lambda a: tf.nn.avg_pool2d(a, 2, 1, "VALID", data_format="NCHW"), xc, rtol=1e-6)
gradients("conv2d.dilated.float32", lambda a, b: tf.nn.conv2d(a, b, 1, "SAME", dilations=2), x, w)
# Ties (ReLU's zeros, repeated values): TensorFlow sends the gradient to the first maximum.
ties = tf.constant(np.array([0, 0, 1, 1, 0, 2, 2, 0, 1, 1, 0, 0, 3, 0, 0, 3, 3, 3], np.float32).reshape(1, 3, 6, 1))
gradients("max_pool2d.ties", lambda a: tf.nn.max_pool2d(a, 2, 1, "SAME"), ties, rtol=1e-6)
gradients("max_pool2d.ties_strided", lambda a: tf.nn.max_pool2d(a, [2, 3], [1, 2], "VALID"), ties, rtol=1e-6)
# NaNs (a NaN is a window's maximum only as its first element), signed zeros in the input and in
# the gradient (0 + -0 is +0): recorded as text, bit for bit, for windows that overlap and that
# do not, clipped by SAME padding or not.
odd = rs.randn(2, 5, 7, 3).round().astype(np.float32)
odd[rs.rand(*odd.shape) < 0.2] = np.nan
odd[rs.rand(*odd.shape) < 0.2] = -0.0
for ksize, stride in ((2, 2), (3, 2), (2, 3), (2, 1)):
    for pad in ("SAME", "VALID"):
        pooled = tf.nn.max_pool2d(tf.constant(odd), ksize, stride, pad)
        dy = rs.randn(*pooled.shape).astype(np.float32)
        dy[rs.rand(*dy.shape) < 0.3] = -0.0
        record(f"max_pool_grad.nan_signed_zero.{ksize}_{stride}_{pad}", repr(tf.raw_ops.MaxPoolGrad(
            orig_input=tf.constant(odd), orig_output=pooled, grad=tf.constant(dy), ksize=[1, ksize, ksize, 1],
            strides=[1, stride, stride, 1], padding=pad).numpy().ravel().tolist()))

@tf.function
def traced_step(a, b):
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(a, b, 1, "SAME")), 2, 2, "VALID")
        loss = tf.reduce_sum(y * y)
    return [y] + tape.gradient(loss, [a, b])


for i, t in enumerate(traced_step(x, w)):
    record_num(f"traced_step.{i}", t.numpy(), 1e-4)
traced = traced_step.get_concrete_function(tf.TensorSpec([None, None, None, 3]), tf.TensorSpec([3, 3, 3, 5]))
record("traced_step.shapes", repr([tuple(t.shape) for t in traced.outputs]))

# --- errors ----------------------------------------------------------------------------------

record_error("error.strides_length", lambda: tf.nn.conv2d(x, w, [1, 1, 1], "SAME"))
record_error("error.explicit_string", lambda: tf.nn.conv2d(x, w, 1, "EXPLICIT"))
record_error("error.padding_list_size", lambda: tf.nn.conv2d(x, w, 1, [[0, 0], [1, 1], [1, 1]]))
record_error("error.padding_list_pair", lambda: tf.nn.conv2d(x, w, 1, [[0, 0], [1, 1, 1], [1, 1], [0, 0]]))
# (float64: TensorFlow's float32 text names its oneDNN op, _MklNativeConv2D, and that op's attributes)
record_error("error.padding_name", lambda: tf.nn.conv2d(tf.cast(x, tf.float64), tf.cast(w, tf.float64), 1, "FULL"))
record_error("error.pool_padding_name", lambda: tf.nn.max_pool2d(x, 2, 2, "FULL"))
record_error("error.nchw.float64", lambda: tf.nn.conv2d(tf.ones([1, 3, 5, 5], tf.float64),
                                                        tf.ones([3, 3, 3, 2], tf.float64), 1, "SAME",
                                                        data_format="NCHW"))
record_error("error.pool_nchw.float64", lambda: tf.nn.avg_pool2d(tf.ones([1, 3, 5, 5], tf.float64), 2, 2, "SAME",
                                                                 data_format="NCHW"))
record_error("error.raw_strides.float64", lambda: tf.raw_ops.Conv2D(
    input=tf.cast(x, tf.float64), filter=tf.cast(w, tf.float64), strides=[1, 1, 1], padding="SAME"))
record_error("error.explicit_paddings.float64", lambda: tf.raw_ops.Conv2D(
    input=tf.cast(x, tf.float64), filter=tf.cast(w, tf.float64), strides=[1, 1, 1, 1], padding="EXPLICIT",
    explicit_paddings=[0, 0, 1, 1]))
record_error("error.dtype", lambda: tf.nn.conv2d(tf.ones([1, 3, 3, 1], tf.int64), tf.ones([1, 1, 1, 1], tf.int64),
                                                 1, "SAME"))
record_error("error.mixed_dtypes", lambda: tf.nn.conv2d(x, tf.cast(w, tf.float64), 1, "SAME"))
record_error("error.depth", lambda: tf.nn.conv2d(x, normal(3, 3, 2, 5), 1, "SAME"))
record_error("error.depth.float64", lambda: tf.nn.conv2d(tf.cast(x, tf.float64), tf.ones([3, 3, 2, 5], tf.float64),
                                                         1, "SAME"))
record_error("error.batch_stride", lambda: tf.raw_ops.Conv2D(input=x, filter=w, strides=[2, 1, 1, 1],
                                                             padding="SAME"))
record_error("error.raw_strides", lambda: tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 1, 1], padding="SAME"))
record_error("error.pool_dtype", lambda: tf.nn.avg_pool2d(tf.ones([1, 4, 4, 1], tf.int32), 2, 2, "VALID"))
record_error("error.pool_batch", lambda: tf.nn.max_pool2d(x, [2, 2, 2, 1], 1, "VALID"))
record_error("error.pool_ksize_length", lambda: tf.nn.max_pool2d(x, [2, 2, 2], 1, "VALID"))
record_error("error.max_pool_rank", lambda: tf.nn.max_pool(tf.ones([2, 3]), 2, 2, "VALID"))
record_error("error.conv1d_format", lambda: tf.nn.conv1d(normal(2, 9, 3), normal(3, 3, 4), 1, "SAME",
                                                         data_format="NHWC"))

x64, w64 = tf.cast(x, tf.float64), tf.cast(w, tf.float64)
record_error("error.dilated_backprop.float64", lambda: tf.raw_ops.Conv2DBackpropInput(
    input_sizes=tf.shape(x64), filter=w64, out_backprop=tf.nn.conv2d(x64, w64, 1, "SAME", dilations=2),
    strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 2, 2, 1]))
record_error("error.dilated_filter_backprop.float64", lambda: tf.raw_ops.Conv2DBackpropFilter(
    input=x64, filter_sizes=tf.shape(w64), out_backprop=tf.nn.conv2d(x64, w64, 1, "SAME"), strides=[1, 1, 1, 1],
    padding="SAME", dilations=[1, 2, 2, 1]))
record_error("error.nchw_backprop.float64", lambda: tf.raw_ops.Conv2DBackpropInput(
    input_sizes=tf.constant([1, 2, 6, 6]), filter=tf.ones([2, 2, 2, 3], tf.float64),
    out_backprop=tf.ones([1, 3, 5, 5], tf.float64), strides=[1, 1, 1, 1], padding="VALID", data_format="NCHW"))
record_error("error.max_pool_grad_nchw", lambda: tf.raw_ops.MaxPoolGrad(
    orig_input=tf.ones([1, 2, 4, 4]), orig_output=tf.ones([1, 2, 2, 2]), grad=tf.ones([1, 2, 2, 2]),
    ksize=[1, 1, 2, 2], strides=[1, 1, 2, 2], padding="VALID", data_format="NCHW"))
record_error("error.avg_pool_grad_nchw.float64", lambda: tf.raw_ops.AvgPoolGrad(
    orig_input_shape=tf.constant([1, 2, 4, 4]), grad=tf.ones([1, 2, 2, 2], tf.float64), ksize=[1, 1, 2, 2],
    strides=[1, 1, 2, 2], padding="VALID", data_format="NCHW"))

record_error("error.nchw.float16", lambda: tf.nn.conv2d(tf.ones([1, 3, 5, 5], tf.float16),
                                                        tf.ones([3, 3, 3, 2], tf.float16), 1, "SAME",
                                                        data_format="NCHW"))
record_error("error.depth.bfloat16", lambda: tf.nn.conv2d(tf.ones([1, 5, 5, 3], tf.bfloat16),
                                                          tf.ones([3, 3, 2, 4], tf.bfloat16), 1, "SAME"))
record_error("error.raw_strides.float16", lambda: tf.raw_ops.Conv2D(
    input=tf.ones([1, 5, 5, 2], tf.float16), filter=tf.ones([3, 3, 2, 3], tf.float16), strides=[1, 1, 1],
    padding="SAME"))


def graph_error(name, fn, *specs):
    record_error(name, lambda: tf.function(fn).get_concrete_function(*specs))


graph_error("graph_error.depth", lambda a, b: tf.nn.conv2d(a, b, 1, "SAME"), tf.TensorSpec([None, 5, 5, 3]),
            tf.TensorSpec([3, 3, 2, 4]))
graph_error("graph_error.rank", lambda a, b: tf.nn.conv2d(a, b, 1, "SAME"), tf.TensorSpec([None, 5, 3]),
            tf.TensorSpec([3, 3, 3, 4]))
graph_error("graph_error.negative", lambda a, b: tf.nn.conv2d(a, b, 1, "VALID"), tf.TensorSpec([None, 2, 5, 3]),
            tf.TensorSpec([4, 3, 3, 4]))
graph_error("graph_error.pool_negative", lambda a: tf.nn.max_pool2d(a, 3, 1, "VALID"),
            tf.TensorSpec([None, 2, 5, 3]))

# --- stride-1 3x3 float32 convolutions with 16 or more channels each way ------------------------
# (varrt computes these with Winograd's F(2x2, 3x3), kernels/conv2d_winograd.h; its sums are grouped
# otherwise than an im2col GEMM's: float32 values within 1e-5, gradients (sums over hundreds of
# positions) within 1e-4, as the GEMM's are.) Odd sizes leave partial 2x2 tiles at the bottom and right; explicit padding of 2
# and 3 puts the filter's taps past the input (3 is not Winograd's, the same op runs the GEMM).
wx, ww = normal(2, 7, 5, 16), normal(3, 3, 16, 18) * 0.25
for pad_name, pad in (("same", "SAME"), ("valid", "VALID"), ("explicit2", [[0, 0], [2, 1], [0, 2], [0, 0]]),
                      ("explicit3", [[0, 0], [3, 0], [1, 3], [0, 0]])):
    record_result(f"conv2d.winograd.{pad_name}", lambda: tf.nn.conv2d(wx, ww, 1, pad), 1e-5)
    gradients(f"conv2d.winograd.{pad_name}", lambda a, b: tf.nn.conv2d(a, b, 1, pad), wx, ww)
# The shapes of issue 28's CNN's second layer (13x13x32 images, 64 filters, VALID), one image.
cnn_x, cnn_w, cnn_dy = normal(1, 13, 13, 32), normal(3, 3, 32, 64) * 0.1, normal(1, 11, 11, 64)
record_result("conv2d.winograd.cnn", lambda: tf.nn.conv2d(cnn_x, cnn_w, 1, "VALID"), 1e-5)
record_num("conv2d.winograd.cnn.backprop_input", tf.raw_ops.Conv2DBackpropInput(
    input_sizes=tf.shape(cnn_x), filter=cnn_w, out_backprop=cnn_dy, strides=[1, 1, 1, 1], padding="VALID").numpy(), 1e-5)
record_num("conv2d.winograd.cnn.backprop_filter", tf.raw_ops.Conv2DBackpropFilter(
    input=cnn_x, filter_sizes=tf.shape(cnn_w), out_backprop=cnn_dy, strides=[1, 1, 1, 1], padding="VALID").numpy(),
    1e-4)
# Small integers: every sum exact (Winograd's transforms add, subtract and halve), so the values
# are TensorFlow's bit for bit, forward and both gradients.
ix = tf.constant(rs.randint(-3, 4, (2, 7, 6, 16)).astype(np.float32))
iw = tf.constant(rs.randint(-2, 3, (3, 3, 16, 17)).astype(np.float32))
iy = tf.nn.conv2d(ix, iw, 1, "SAME")
idy = tf.constant(rs.randint(-3, 4, iy.shape).astype(np.float32))
record("conv2d.winograd.integers", repr(iy.numpy().ravel().tolist()))
record("conv2d.winograd.integers.backprop_input", repr(tf.raw_ops.Conv2DBackpropInput(
    input_sizes=tf.shape(ix), filter=iw, out_backprop=idy, strides=[1, 1, 1, 1], padding="SAME").numpy().ravel().tolist()))
record("conv2d.winograd.integers.backprop_filter", repr(tf.raw_ops.Conv2DBackpropFilter(
    input=ix, filter_sizes=tf.shape(iw), out_backprop=idy, strides=[1, 1, 1, 1], padding="SAME").numpy().ravel().tolist()))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
