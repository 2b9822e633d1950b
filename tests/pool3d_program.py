"""One program over 3-D pooling: tf.nn.max_pool3d and avg_pool3d, their raw ops (MaxPool3D,
AvgPool3D, MaxPool3DGrad, AvgPool3DGrad) and Keras's MaxPooling3D and AveragePooling3D, run under
TensorFlow 2.21 (by tests/tools/record_pool3d.py, into tests/fixtures/pool3d/) and under varrt (by
tests/test_pool3d.py).

    python pool3d_program.py varrt|tensorflow OUT_DIR

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


def gradients(name, fn, x, rtol=1e-6):
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = fn(v)
        loss = tf.reduce_sum(y * tf.cos(y))
    record_num(f"grad.{name}", tape.gradient(loss, v).numpy(), rtol)


rs = np.random.RandomState(5)
x = tf.constant(rs.randn(2, 5, 6, 7, 3).astype(np.float32))
ties = tf.constant(np.round(rs.randn(1, 4, 3, 5, 2) * 1.5).astype(np.float32))  # many equal maxima

record_result("max_pool3d.valid", lambda: tf.nn.max_pool3d(x, 2, 2, "VALID"), 1e-7)
record_result("max_pool3d.same", lambda: tf.nn.max_pool3d(x, [3, 2, 3], [2, 1, 3], "SAME"), 1e-7)
record_result("avg_pool3d.same", lambda: tf.nn.avg_pool3d(x, [3, 2, 3], [2, 1, 3], "SAME"), 1e-6)
record_result("avg_pool3d.valid", lambda: tf.nn.avg_pool3d(x, [1, 3, 2], 1, "VALID"), 1e-6)
record_result("max_pool3d.ncdhw", lambda: tf.nn.max_pool3d(tf.transpose(x, [0, 4, 1, 2, 3]), 2, [1, 2, 1], "SAME",
                                                           data_format="NCDHW"), 1e-7)
record_result("avg_pool3d.ncdhw", lambda: tf.nn.avg_pool3d(tf.transpose(x, [0, 4, 1, 2, 3]), 3, 2, "SAME",
                                                           data_format="NCDHW"), 1e-6)
record_result("max_pool3d.bfloat16", lambda: tf.nn.max_pool3d(tf.cast(x, tf.bfloat16), 2, 1, "SAME"), 1e-7)
record_result("compat.v1.avg_pool3d", lambda: tf.compat.v1.nn.avg_pool3d(x, [1, 2, 2, 2, 1], [1, 1, 2, 2, 1],
                                                                         "VALID"), 1e-6)
record_result("raw.MaxPool3DGrad.ties", lambda: tf.raw_ops.MaxPool3DGrad(
    orig_input=ties, orig_output=tf.nn.max_pool3d(ties, 2, 1, "VALID"), grad=tf.ones([1, 3, 2, 4, 2]),
    ksize=[1, 2, 2, 2, 1], strides=[1, 1, 1, 1, 1], padding="VALID"), 1e-7)
record_result("raw.AvgPool3DGrad", lambda: tf.raw_ops.AvgPool3DGrad(
    orig_input_shape=[2, 5, 6, 7, 3], grad=tf.ones([2, 3, 6, 3, 3]), ksize=[1, 3, 2, 3, 1], strides=[1, 2, 1, 3, 1],
    padding="SAME"), 1e-6)

gradients("max_pool3d.same", lambda a: tf.nn.max_pool3d(a, [3, 2, 3], [2, 1, 3], "SAME"), x)
gradients("max_pool3d.ties", lambda a: tf.nn.max_pool3d(a, 2, 1, "SAME"), ties)
gradients("avg_pool3d.valid", lambda a: tf.nn.avg_pool3d(a, [2, 3, 2], [1, 2, 2], "VALID"), x)
gradients("avg_pool3d.ncdhw", lambda a: tf.nn.avg_pool3d(a, 2, 1, "SAME", data_format="NCDHW"),
          tf.transpose(x, [0, 4, 1, 2, 3]))


@tf.function
def traced(a):
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.nn.avg_pool3d(tf.nn.max_pool3d(a, 2, 1, "SAME"), 2, 2, "VALID")
        loss = tf.reduce_sum(y * y)
    return [y, tape.gradient(loss, a)]


for i, t in enumerate(traced(x)):
    record_num(f"traced.{i}", t.numpy(), 1e-6)
record("traced.shapes", repr([tuple(t.shape) for t in
                              traced.get_concrete_function(tf.TensorSpec([None, 5, 6, 7, 3])).outputs]))

layers = tf.keras.layers
for name, layer, shape in (("max_pooling3d", layers.MaxPooling3D(), (2, 4, 5, 6, 3)),
                           ("max_pooling3d.same_strided", layers.MaxPooling3D((3, 2, 2), strides=(1, 2, 3),
                                                                              padding="same"), (2, 5, 4, 7, 2)),
                           ("average_pooling3d", layers.AveragePooling3D(2, padding="same"), (2, 5, 4, 3, 2)),
                           ("average_pooling3d.channels_first",
                            layers.AveragePooling3D((1, 2, 2), data_format="channels_first"), (2, 3, 4, 6, 5))):
    v = rs.randn(*shape).astype(np.float32)
    y = layer(v)
    record(f"{name}.config", repr(sorted(layer.get_config().items())))
    record(f"{name}.output_shape", repr((tuple(y.shape), y.dtype.name)))
    record(f"{name}.compute_output_shape", repr(layer.compute_output_shape((None,) + shape[1:])))
    record_num(f"{name}.output", y.numpy(), 1e-6)
    gradients(f"keras.{name}", layer, v)

record_error("error.batch", lambda: tf.raw_ops.MaxPool3D(input=x, ksize=[2, 1, 1, 1, 1], strides=[1, 1, 1, 1, 1],
                                                         padding="VALID"))
record_error("error.dtype", lambda: tf.nn.max_pool3d(tf.cast(x, tf.float64), 2, 2, "VALID"))
record_error("graph_error.rank", lambda: tf.function(lambda a: tf.nn.max_pool3d(a, 2, 2, "VALID"))
             .get_concrete_function(tf.TensorSpec([None, 4, 4, 3])))
record_error("graph_error.negative", lambda: tf.function(lambda a: tf.nn.avg_pool3d(a, 3, 1, "VALID"))
             .get_concrete_function(tf.TensorSpec([None, 2, 4, 4, 3])))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
