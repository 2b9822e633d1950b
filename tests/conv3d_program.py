"""One program over 3-D convolution: tf.nn.conv3d, its raw ops (Conv3D, Conv3DBackpropInputV2,
Conv3DBackpropFilterV2) and Keras's Conv3D, run under TensorFlow 2.21 (by
tests/tools/record_conv3d.py, into tests/fixtures/conv3d/) and under varrt (by
tests/test_conv3d.py).

    python conv3d_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (shapes, configs, error types
and messages) and {"num:<tolerance>:case": [floats]} for values and gradients."""
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


def gradients(name, fn, *inputs, rtol=1e-4):
    variables = [tf.Variable(v) for v in inputs]
    with tf.GradientTape() as tape:
        y = fn(*variables)
        loss = tf.reduce_sum(y * tf.cos(y))
    for i, g in enumerate(tape.gradient(loss, variables)):
        record_num(f"grad.{name}.{i}", g.numpy(), rtol)


rs = np.random.RandomState(9)
x = tf.constant(rs.randn(2, 5, 4, 6, 3).astype(np.float32))
w = tf.constant(rs.randn(2, 3, 2, 3, 4).astype(np.float32))
x64, w64 = tf.cast(x, tf.float64), tf.cast(w, tf.float64)

record_result("conv3d.same", lambda: tf.nn.conv3d(x, w, [1, 1, 1, 1, 1], "SAME"), 1e-4)
record_result("conv3d.valid_strided", lambda: tf.nn.conv3d(x, w, [1, 2, 1, 3, 1], "VALID"), 1e-4)
record_result("conv3d.same_strided", lambda: tf.nn.conv3d(x, w, [1, 2, 2, 2, 1], "SAME"), 1e-4)
record_result("conv3d.dilated", lambda: tf.nn.conv3d(x, w, [1, 1, 1, 1, 1], "SAME", dilations=[1, 2, 1, 2, 1]), 1e-4)
record_result("conv3d.ncdhw", lambda: tf.nn.conv3d(tf.transpose(x, [0, 4, 1, 2, 3]), w, [1, 1, 1, 2, 1], "SAME",
                                                   data_format="NCDHW"), 1e-4)
record_result("conv3d.float64", lambda: tf.nn.conv3d(x64, w64, [1, 1, 2, 1, 1], "SAME"), 1e-12)
# (TensorFlow's half kernel rounds its sums to half as it goes; varrt's sums in float32, rounded once)
record_result("conv3d.float16", lambda: tf.nn.conv3d(tf.cast(x, tf.float16), tf.cast(w * 0.5, tf.float16),
                                                     [1, 1, 1, 1, 1], "VALID"), 1e-2)
record_result("compat.v1.conv3d", lambda: tf.compat.v1.nn.conv3d(x, filters=w, strides=[1, 1, 1, 1, 1],
                                                                  padding="VALID"), 1e-4)
dy = tf.constant(rs.randn(2, 5, 4, 6, 4).astype(np.float32))
record_result("raw.Conv3DBackpropInputV2", lambda: tf.raw_ops.Conv3DBackpropInputV2(
    input_sizes=[2, 5, 4, 6, 3], filter=w, out_backprop=dy, strides=[1, 1, 1, 1, 1], padding="SAME"), 1e-4)
record_result("raw.Conv3DBackpropFilterV2", lambda: tf.raw_ops.Conv3DBackpropFilterV2(
    input=x, filter_sizes=[2, 3, 2, 3, 4], out_backprop=dy, strides=[1, 1, 1, 1, 1], padding="SAME"), 1e-4)

gradients("conv3d.same_strided", lambda a, b: tf.nn.conv3d(a, b, [1, 2, 1, 2, 1], "SAME"), x, w)
gradients("conv3d.dilated", lambda a, b: tf.nn.conv3d(a, b, [1, 1, 1, 1, 1], "SAME", dilations=[1, 1, 2, 1, 1]),
          x, w)
gradients("conv3d.ncdhw", lambda a, b: tf.nn.conv3d(a, b, [1, 1, 2, 1, 1], "SAME", data_format="NCDHW"),
          tf.transpose(x, [0, 4, 1, 2, 3]), w)
gradients("conv3d.float64", lambda a, b: tf.nn.conv3d(a, b, [1, 1, 1, 1, 1], "SAME"), x64, w64, rtol=1e-12)


@tf.function
def traced(a, b):
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.nn.relu(tf.nn.conv3d(a, b, [1, 1, 1, 1, 1], "SAME"))
        loss = tf.reduce_sum(y * y)
    return [y] + tape.gradient(loss, [a, b])


for i, t in enumerate(traced(x, w)):
    record_num(f"traced.{i}", t.numpy(), 1e-4)
record("traced.shapes", repr([tuple(t.shape) for t in traced.get_concrete_function(
    tf.TensorSpec([None, 5, 4, 6, 3]), tf.TensorSpec([2, 3, 2, 3, 4])).outputs]))

layers = tf.keras.layers
for name, make, shape in (("conv3d", lambda: layers.Conv3D(4, 2), (2, 4, 5, 3, 2)),
                          ("conv3d.same_strided", lambda: layers.Conv3D(3, (3, 2, 2), strides=(2, 1, 2), padding="same",
                                                                        activation="relu"), (2, 5, 4, 5, 3)),
                          ("conv3d.dilated_nobias", lambda: layers.Conv3D(2, 2, dilation_rate=2, use_bias=False),
                           (1, 5, 5, 5, 2)),
                          ("conv3d.channels_first", lambda: layers.Conv3D(2, 2, data_format="channels_first"),
                           (2, 3, 4, 4, 5))):
    layer = make()
    layer.build(shape)
    layer.set_weights([rs.randn(*v.shape).astype(np.float32) * 0.3 for v in layer.weights])
    v = tf.constant(rs.randn(*shape).astype(np.float32))
    y = layer(v)
    record(f"{name}.config", repr(sorted(layer.get_config().items())))
    record(f"{name}.weights", repr([(t.path, tuple(t.shape)) for t in layer.weights]))
    record(f"{name}.output_shape", repr((tuple(y.shape), y.dtype.name)))
    record(f"{name}.compute_output_shape", repr(layer.compute_output_shape((None,) + shape[1:])))
    record_num(f"{name}.output", y.numpy(), 1e-5)
    with tf.GradientTape() as tape:
        tape.watch(v)
        loss = tf.reduce_sum(layer(v) ** 2)
    for i, g in enumerate(tape.gradient(loss, [v] + list(layer.trainable_weights))):
        record_num(f"{name}.grad.{i}", g.numpy(), 1e-4)

record_error("error.depth", lambda: tf.nn.conv3d(x, w[:, :, :, :2], [1, 1, 1, 1, 1], "SAME"))
record_error("error.depth.float64", lambda: tf.nn.conv3d(x64, w64[:, :, :, :2], [1, 1, 1, 1, 1], "SAME"))
record_error("error.dilated.float64", lambda: tf.nn.conv3d(x64, w64, [1, 1, 1, 1, 1], "SAME",
                                                           dilations=[1, 2, 1, 1, 1]))
record_error("error.ncdhw.float64", lambda: tf.nn.conv3d(tf.transpose(x64, [0, 4, 1, 2, 3]), w64, [1, 1, 1, 1, 1],
                                                         "SAME", data_format="NCDHW"))
record_error("error.dtype", lambda: tf.nn.conv3d(tf.cast(x, tf.int32), tf.cast(w, tf.int32), [1, 1, 1, 1, 1],
                                                 "SAME"))
record_error("graph_error.depth", lambda: tf.function(lambda a, b: tf.nn.conv3d(a, b, [1, 1, 1, 1, 1], "SAME"))
             .get_concrete_function(tf.TensorSpec([None, 4, 4, 4, 3]), tf.TensorSpec([2, 2, 2, 2, 4])))
record_error("graph_error.rank", lambda: tf.function(lambda a, b: tf.nn.conv3d(a, b, [1, 1, 1, 1, 1], "SAME"))
             .get_concrete_function(tf.TensorSpec([None, 4, 4, 3]), tf.TensorSpec([2, 2, 2, 3, 4])))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
