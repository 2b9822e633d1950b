"""Keras 3's shape layers (ZeroPadding1D/2D, Cropping1D/2D, UpSampling1D/2D) and transposed
convolutions (Conv1DTranspose, Conv2DTranspose, and tf.nn.conv2d_transpose, conv1d_transpose and
conv_transpose under them), run under TensorFlow 2.21 (by tests/tools/record_keras_program.py,
into tests/fixtures/keras_shape_layers/) and under varrt (by tests/test_keras_shape_layers.py).

    python keras_shape_layers_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (configs, shapes, dtypes, error
types and messages, summaries) and {"num:<tolerance>:case": [floats]} for numbers. Padding,
cropping and up-sampling only move values: their tolerance is 0 (bit-equal). Transposed
convolutions sum products in another order than oneDNN: 1e-5."""
import contextlib
import io
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
layers = tf.keras.layers
rs = np.random.RandomState(5)


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        text = re.sub(r"\{'[^{}]*'\}", lambda m: "{" + ", ".join(sorted(m.group(0)[1:-1].split(", "))) + "}", text)
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def printed(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return out.getvalue()


def with_weights(layer, input_shape):
    layer.build(input_shape)
    layer.set_weights([rs.randn(*w.shape).astype(np.float32) * 0.3 for w in layer.weights])
    return layer


def gradients(layer, x):
    """d(sum(layer(x) * r)) / d(x and the layer's weights), r fixed random."""
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = layer(xt)
        loss = tf.reduce_sum(y * tf.constant(rs.randn(*y.shape).astype(np.float32)))
    grads = tape.gradient(loss, [xt] + list(layer.trainable_variables))
    return np.concatenate([g.numpy().ravel() for g in grads])


# --- tf.nn's transposed convolutions ----------------------------------------------------------
x4 = rs.randn(2, 3, 4, 3).astype(np.float32)
w4 = rs.randn(3, 3, 5, 3).astype(np.float32)
y = tf.nn.conv2d_transpose(x4, w4, [2, 6, 8, 5], strides=2)
record("nn.conv2d_transpose.same", (y.shape, y.dtype))
record_num("nn.conv2d_transpose.same", y.numpy(), 1e-5)
record_num("nn.conv2d_transpose.valid", tf.nn.conv2d_transpose(x4, w4, [2, 7, 9, 5], 2, "VALID").numpy(), 1e-5)
record_num("nn.conv2d_transpose.dilated",
           tf.nn.conv2d_transpose(x4, w4, [2, 7, 8, 5], 1, "VALID", dilations=2).numpy(), 1e-5)
# (Explicit paddings are left out: TensorFlow's oneDNN kernel aborts on them.)
record_error("nn.conv2d_transpose.explicit_length",
             lambda: tf.nn.conv2d_transpose(x4, w4, [2, 4, 5, 5], 1, [[0, 0], [1, 0], [0, 1]]))
record_error("nn.conv2d_transpose.explicit_pair", lambda: tf.nn.conv2d_transpose(x4, w4, [2, 4, 5, 5], 1,
                                                                              [[0, 0], [1, 0, 1], [0, 1], [0, 0]]))
record_num("nn.conv2d_transpose.nchw",
           tf.nn.conv2d_transpose(np.transpose(x4, (0, 3, 1, 2)), w4, [2, 5, 3, 8], (1, 2), "SAME",
                                  data_format="NCHW").numpy(), 1e-5)
record_num("nn.conv2d_transpose.float64",
           tf.nn.conv2d_transpose(x4.astype(np.float64), w4.astype(np.float64), [2, 6, 8, 5], 2).numpy(), 1e-12)
x3 = rs.randn(2, 5, 3).astype(np.float32)
w3 = rs.randn(4, 2, 3).astype(np.float32)
y = tf.nn.conv1d_transpose(x3, w3, [2, 10, 2], 2)
record("nn.conv1d_transpose", (y.shape, y.dtype))
record_num("nn.conv1d_transpose", y.numpy(), 1e-5)
record_num("nn.conv1d_transpose.valid", tf.nn.conv1d_transpose(x3, w3, [2, 12, 2], 2, "VALID").numpy(), 1e-5)
record_num("nn.conv1d_transpose.ncw", tf.nn.conv1d_transpose(np.transpose(x3, (0, 2, 1)), w3, [2, 2, 8], 1, "VALID",
                                                             data_format="NCW").numpy(), 1e-5)
record_num("nn.conv_transpose", np.concatenate([
    tf.nn.conv_transpose(x3, w3, [2, 10, 2], 2).numpy().ravel(),
    tf.nn.conv_transpose(x4, w4, tf.constant([2, 6, 8, 5]), 2).numpy().ravel()]), 1e-5)
record_num("nn.compat_v1.conv2d_transpose",
           tf.compat.v1.nn.conv2d_transpose(x4, w4, [2, 6, 8, 5], [1, 2, 2, 1]).numpy(), 1e-5)
xt, wt = tf.constant(x4), tf.constant(w4)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([xt, wt])
    y = tf.nn.conv2d_transpose(xt, wt, [2, 6, 8, 5], 2)
    loss = tf.reduce_sum(y * tf.constant(rs.randn(2, 6, 8, 5).astype(np.float32)))
record_num("nn.conv2d_transpose.gradients",
           np.concatenate([g.numpy().ravel() for g in tape.gradient(loss, [xt, wt])]), 1e-4)


@tf.function(input_signature=[tf.TensorSpec([None, 3, 4, 3], tf.float32)])
def traced_transpose(v):
    shape = tf.stack([tf.shape(v)[0], 6, 8, 5])
    return tf.nn.conv2d_transpose(v, w4, shape, 2)


record("nn.conv2d_transpose.traced_shape", traced_transpose.get_concrete_function().structured_outputs.shape)
record_num("nn.conv2d_transpose.traced", traced_transpose(rs.randn(3, 3, 4, 3).astype(np.float32)).numpy(), 1e-5)
# In a TensorFlow 1 graph: the batch of the static shape is the input's, however output_shape is written.
with tf.Graph().as_default():
    placeholder = tf.compat.v1.placeholder(tf.float32, [None, 3, 4, 3])
    graph_outputs = [tf.nn.conv2d_transpose(placeholder, w4, tf.stack([tf.shape(placeholder)[0], 6, 8, 5]), 2),
                     tf.nn.conv2d_transpose(placeholder, w4, [3, 6, 8, 5], 2, name="given_batch"),
                     tf.nn.conv2d_transpose(placeholder, w4, [3, 7, 9, 5], 2, "VALID")]
    record("nn.conv2d_transpose.graph", graph_outputs)
    with tf.compat.v1.Session() as session:
        record_num("nn.conv2d_transpose.session", np.concatenate(
            [v.ravel() for v in session.run(graph_outputs, {placeholder: rs.randn(3, 3, 4, 3).astype(np.float32)})]),
            1e-5)
record_error("nn.conv_transpose.bad_length", lambda: tf.nn.conv_transpose(x3, w3, [2, 10], 2))
record_error("nn.conv_transpose.not_sized", lambda: tf.nn.conv_transpose(x3, w3, 7, 2))
record_error("nn.conv1d_transpose.bad_format",
             lambda: tf.nn.conv1d_transpose(x3, w3, [2, 10, 2], 2, data_format="NHWC"))
record_error("nn.conv2d_transpose.bad_strides", lambda: tf.nn.conv2d_transpose(x4, w4, [2, 6, 8, 5], [1, 2, 2]))
record_error("nn.conv2d_transpose.explicit_string",
             lambda: tf.nn.conv2d_transpose(x4, w4, [2, 6, 8, 5], 2, "EXPLICIT"))
# float64: TensorFlow's float32 op is oneDNN's, whose attribute errors print its own op definition.
record_error("nn.conv2d_transpose.bad_padding", lambda: tf.nn.conv2d_transpose(x4.astype(np.float64),
                                                                              w4.astype(np.float64), [2, 6, 8, 5], 2,
                                                                              "FULL"))

# --- the shape layers: values, shapes, configs ---------------------------------------------------
image = rs.randn(2, 5, 4, 3).astype(np.float32)
image_cf = rs.randn(2, 3, 5, 4).astype(np.float32)
seq = rs.randn(3, 7, 2).astype(np.float32)
seq_cf = rs.randn(3, 2, 7).astype(np.float32)
shape_layers = {
    "zero_padding1d": (lambda: layers.ZeroPadding1D(), seq),
    "zero_padding1d.pair": (lambda: layers.ZeroPadding1D((0, 3)), seq),
    "zero_padding1d.channels_first": (lambda: layers.ZeroPadding1D(2, data_format="channels_first"), seq_cf),
    "zero_padding2d": (lambda: layers.ZeroPadding2D(), image),
    "zero_padding2d.int": (lambda: layers.ZeroPadding2D(2), image),
    "zero_padding2d.pairs": (lambda: layers.ZeroPadding2D(((1, 0), (2, 3))), image),
    "zero_padding2d.channels_first": (lambda: layers.ZeroPadding2D((1, 2), data_format="channels_first"), image_cf),
    "cropping1d": (lambda: layers.Cropping1D(), seq),
    "cropping1d.int": (lambda: layers.Cropping1D(2), seq),
    "cropping1d.end_zero": (lambda: layers.Cropping1D((3, 0)), seq),
    "cropping2d": (lambda: layers.Cropping2D(), image),
    "cropping2d.int": (lambda: layers.Cropping2D(1), image),
    "cropping2d.pairs": (lambda: layers.Cropping2D(((1, 2), (0, 1))), image),
    "cropping2d.rows_end_zero": (lambda: layers.Cropping2D(((2, 0), (1, 1))), image),
    "cropping2d.cols_end_zero": (lambda: layers.Cropping2D(((1, 1), (1, 0))), image),
    "cropping2d.channels_first": (lambda: layers.Cropping2D(((0, 1), (1, 2)), data_format="channels_first"), image_cf),
    "up_sampling1d": (lambda: layers.UpSampling1D(), seq),
    "up_sampling1d.3": (lambda: layers.UpSampling1D(3), seq),
    "up_sampling2d": (lambda: layers.UpSampling2D(), image),
    "up_sampling2d.3x1": (lambda: layers.UpSampling2D((3, 1)), image),
    "up_sampling2d.channels_first": (lambda: layers.UpSampling2D((1, 2), data_format="channels_first"), image_cf),
}
for name, (make, x) in shape_layers.items():
    layer = make()
    out = layer(x)
    record(f"{name}.out", (out.shape, out.dtype))
    record(f"{name}.compute_output_shape", layer.compute_output_shape((None,) + x.shape[1:]))
    record(f"{name}.config", layer.get_config())
    record_num(f"{name}.values", out.numpy(), 0)
    # Up-sampling's gradient sums each value's copies (Tile's gradient, a reduce_sum), which
    # TensorFlow and varrt round differently in the last bit.
    record_num(f"{name}.gradients", gradients(layer, x), 1e-6 if name.startswith("up_sampling") else 0)
    traced = tf.function(lambda v, layer=layer: layer(v))
    record_num(f"{name}.traced", traced(tf.constant(x)).numpy(), 0)
record_num("up_sampling2d.float64", layers.UpSampling2D(dtype="float64")(image.astype(np.float64)).numpy(), 0)
# Bilinear up-sampling: tf.image.resize (ResizeBilinear with half-pixel centers), and its gradient.
for name, layer, x in (("up_sampling2d.bilinear", layers.UpSampling2D((2, 3), interpolation="bilinear"), image),
                       ("up_sampling2d.bilinear.channels_first",
                        layers.UpSampling2D((3, 2), interpolation="bilinear", data_format="channels_first"), image_cf)):
    out = layer(x)
    record(f"{name}.out", (out.shape, out.dtype))
    record_num(f"{name}.values", out.numpy(), 1e-6)
    record_num(f"{name}.gradients", gradients(layer, x), 1e-5)
    # (traced with a batch unknown: Keras's resize needs the spatial sizes known while tracing)
    traced = tf.function(lambda v, layer=layer: layer(v),
                         input_signature=[tf.TensorSpec((None,) + x.shape[1:], tf.float32)])
    record_num(f"{name}.traced", traced(tf.constant(x)).numpy(), 1e-6)
    record(f"{name}.traced_shape", traced.get_concrete_function().outputs[0].shape)
record_num("image.resize.3d", tf.image.resize(image[0], (5, 3)).numpy(), 1e-6)
record_num("image.resize.down", tf.image.resize(image, [2, 2], method="bilinear").numpy(), 1e-6)
record_num("raw.ResizeBilinear.align_corners", tf.raw_ops.ResizeBilinear(images=image, size=[7, 4],
                                                                          align_corners=True).numpy(), 1e-6)
record_num("raw.ResizeBilinearGrad", tf.raw_ops.ResizeBilinearGrad(
    grads=np.linspace(-2, 2, image.shape[0] * 7 * 9 * image.shape[3], dtype=np.float32).reshape(
        image.shape[0], 7, 9, image.shape[3]), original_image=image).numpy(), 1e-5)
record_error("image.resize.rank", lambda: tf.image.resize(image[0, 0], (2, 2)))
record_error("image.resize.size", lambda: tf.image.resize(image, (2, 2, 2)))
record_num("zero_padding2d.int32", layers.ZeroPadding2D(dtype="int32")(np.arange(12, dtype=np.int32)
                                                                        .reshape(1, 2, 2, 3)).numpy(), 0)
record("cropping1d.unknown_length", layers.Cropping1D(2).compute_output_shape((None, None, 4)))
record("up_sampling2d.unknown", layers.UpSampling2D(3).compute_output_shape((None, None, 4, 2)))
record("zero_padding2d.unknown", layers.ZeroPadding2D(1).compute_output_shape((None, None, None, 2)))

# --- the shape layers' errors ------------------------------------------------------------------
record_error("zero_padding1d.bad_padding", lambda: layers.ZeroPadding1D((1, 2, 3)))
record_error("zero_padding1d.negative", lambda: layers.ZeroPadding1D(-1))
record_error("zero_padding2d.three", lambda: layers.ZeroPadding2D((1, 2, 3)))
record_error("zero_padding2d.bad_entry", lambda: layers.ZeroPadding2D(((1, 2, 3), 1)))
record_error("zero_padding2d.negative_entry", lambda: layers.ZeroPadding2D((1, -1)))
record_error("zero_padding2d.not_sized", lambda: layers.ZeroPadding2D(1.5))
record_error("zero_padding2d.bad_format", lambda: layers.ZeroPadding2D(data_format="NHWC"))
record_error("zero_padding2d.wrong_rank", lambda: layers.ZeroPadding2D()(seq))
record_error("cropping1d.too_much", lambda: layers.Cropping1D((4, 3))(seq))
record_error("cropping1d.too_much_shape", lambda: layers.Cropping1D((4, 3)).compute_output_shape((None, 7, 2)))
record_error("cropping2d.negative", lambda: layers.Cropping2D(-1))
record_error("cropping2d.three", lambda: layers.Cropping2D((1, 2, 3)))
record_error("cropping2d.not_sized", lambda: layers.Cropping2D("ab"))
record_error("cropping2d.too_much", lambda: layers.Cropping2D(((3, 2), (0, 0)))(image))
record_error("cropping2d.too_much_cf", lambda: layers.Cropping2D(((0, 0), (2, 2)), data_format="channels_first")
             .compute_output_shape((None, 3, 5, 4)))
record_error("up_sampling1d.float_size", lambda: layers.UpSampling1D(2.0))
record_error("up_sampling1d.bool_size", lambda: layers.UpSampling1D(True))
record_error("up_sampling1d.zero", lambda: layers.UpSampling1D(0))
record_error("up_sampling2d.zero", lambda: layers.UpSampling2D((2, 0)))
record_error("up_sampling2d.bad_interpolation", lambda: layers.UpSampling2D(interpolation="cubic")(image))
record_error("raw.ResizeBilinear.both_modes", lambda: tf.raw_ops.ResizeBilinear(images=image, size=[3, 3],
                                                                                align_corners=True,
                                                                                half_pixel_centers=True))
record("up_sampling2d.bilinear.config", layers.UpSampling2D(interpolation="Bilinear").get_config()["interpolation"])

# --- Conv1DTranspose and Conv2DTranspose -------------------------------------------------------
transposes = {
    "conv2d_transpose": (lambda: layers.Conv2DTranspose(4, 3), (2, 5, 4, 3)),
    "conv2d_transpose.same_strided": (lambda: layers.Conv2DTranspose(3, (3, 2), strides=2, padding="same",
                                                                      activation="relu"), (2, 4, 5, 2)),
    "conv2d_transpose.valid_strided": (lambda: layers.Conv2DTranspose(2, 2, strides=(3, 2)), (1, 3, 4, 3)),
    "conv2d_transpose.output_padding": (lambda: layers.Conv2DTranspose(2, 3, strides=2, output_padding=1),
                                        (2, 3, 3, 2)),
    "conv2d_transpose.same_output_padding": (lambda: layers.Conv2DTranspose(
        3, 4, strides=(2, 3), padding="same", output_padding=(1, 2)), (1, 3, 4, 2)),
    "conv2d_transpose.dilated_nobias": (lambda: layers.Conv2DTranspose(2, 2, dilation_rate=2, use_bias=False,
                                                                        activation="tanh"), (2, 4, 4, 3)),
    "conv2d_transpose.kernel_bigger_than_stride": (lambda: layers.Conv2DTranspose(2, 1, strides=3), (1, 3, 2, 2)),
    "conv2d_transpose.channels_first": (lambda: layers.Conv2DTranspose(3, 2, strides=(1, 2),
                                                                        data_format="channels_first"), (2, 4, 3, 5)),
    "conv1d_transpose": (lambda: layers.Conv1DTranspose(3, 3), (2, 6, 4)),
    "conv1d_transpose.same_strided": (lambda: layers.Conv1DTranspose(2, 4, strides=3, padding="same"), (2, 5, 3)),
    "conv1d_transpose.output_padding": (lambda: layers.Conv1DTranspose(2, 3, strides=2, output_padding=1,
                                                                        activation="sigmoid"), (1, 4, 2)),
    "conv1d_transpose.dilated": (lambda: layers.Conv1DTranspose(2, 3, dilation_rate=3), (2, 5, 2)),
    "conv1d_transpose.channels_first": (lambda: layers.Conv1DTranspose(4, 2, strides=2, padding="same",
                                                                        data_format="channels_first"), (2, 3, 6)),
}
for name, (make, shape) in transposes.items():
    layer = with_weights(make(), shape)
    x = rs.randn(*shape).astype(np.float32)
    out = layer(x)
    record(f"{name}.out", (out.shape, out.dtype))
    record(f"{name}.weights", [(w.path, tuple(w.shape)) for w in layer.weights])
    record(f"{name}.compute_output_shape", layer.compute_output_shape((None,) + shape[1:]))
    record(f"{name}.config", layer.get_config())
    record_num(f"{name}.values", out.numpy(), 1e-5)
    record_num(f"{name}.gradients", gradients(layer, x), 1e-4)
    traced = tf.function(lambda v, layer=layer: layer(v))
    record_num(f"{name}.traced", traced(tf.constant(x)).numpy(), 1e-5)
record("conv2d_transpose.unknown", layers.Conv2DTranspose(2, 3, strides=2).compute_output_shape((None, None, 5, 3)))
record("conv2d_transpose.default_config", layers.Conv2DTranspose(2, 3, name="ct").get_config())
record_error("conv2d_transpose.kernel_before_build", lambda: layers.Conv2DTranspose(2, 3).kernel)
record_error("conv2d_transpose.zero_filters", lambda: layers.Conv2DTranspose(0, 3))
record_error("conv2d_transpose.zero_kernel", lambda: layers.Conv2DTranspose(2, (3, 0)))
record_error("conv2d_transpose.zero_stride", lambda: layers.Conv2DTranspose(2, 3, strides=(0, 1)))
record_error("conv2d_transpose.bad_padding", lambda: layers.Conv2DTranspose(2, 3, padding="causal"))
record_error("conv2d_transpose.output_padding_vs_strides",
             lambda: layers.Conv2DTranspose(2, 3, strides=2, output_padding=(1, 2)))
record_error("conv2d_transpose.strides_and_dilation", lambda: layers.Conv2DTranspose(2, 3, strides=2, dilation_rate=2))
record_error("conv2d_transpose.groups", lambda: layers.Conv2DTranspose(2, 3, groups=2))
record_error("conv2d_transpose.wrong_rank", lambda: layers.Conv2DTranspose(2, 3)(seq))
record_error("conv1d_transpose.wrong_channels", lambda: with_weights(layers.Conv1DTranspose(2, 3), (1, 4, 3))(seq))
record_error("conv1d_transpose.bad_kernel_size", lambda: layers.Conv1DTranspose(2, (3, 3)))

# --- in a functional model, with unknown sizes, and in a model that trains -----------------------
inputs = tf.keras.Input(shape=(6, 5, 3))
h = layers.ZeroPadding2D(((1, 0), (0, 1)))(inputs)
h = layers.Conv2DTranspose(4, 3, strides=2, padding="same", activation="relu")(h)
h = layers.Cropping2D(((1, 2), (2, 1)))(h)
h = layers.UpSampling2D((1, 2))(h)
outputs = layers.Conv2D(2, 3)(h)
model = tf.keras.Model(inputs, outputs)
model.set_weights([rs.randn(*w.shape).astype(np.float32) * 0.3 for w in model.weights])
record("model.shapes", [tuple(layer.output.shape) for layer in model.layers])
record("model.summary", printed(model.summary))
record_num("model.predict", model.predict(rs.randn(3, 6, 5, 3).astype(np.float32), verbose=0), 1e-4)
model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
X, Y = rs.randn(8, 6, 5, 3).astype(np.float32), rs.randn(8, 9, 16, 2).astype(np.float32) * 0.1
loss = model.train_on_batch(X, Y)
record_num("model.one_step.loss", loss, 1e-4)
record_num("model.one_step.weights", np.concatenate([w.numpy().ravel() for w in model.weights]), 1e-4)

seq_in = tf.keras.Input(shape=(None, 3))
s = layers.ZeroPadding1D((2, 1))(seq_in)
s = layers.Conv1DTranspose(2, 3, strides=2)(s)
s = layers.UpSampling1D(2)(layers.Cropping1D((1, 1))(s))
seq_model = tf.keras.Model(seq_in, s)
seq_model.set_weights([rs.randn(*w.shape).astype(np.float32) * 0.3 for w in seq_model.weights])
record("seq_model.shapes", [tuple(layer.output.shape) for layer in seq_model.layers])
record("seq_model.summary", printed(seq_model.summary))
record_num("seq_model.predict", np.concatenate([seq_model.predict(rs.randn(2, n, 3).astype(np.float32), verbose=0)
                                                .ravel() for n in (4, 9)]), 1e-5)

# Saved as .keras and loaded back (the fixture keeps Keras's file: the test loads it in varrt).
saved_path = os.path.join(out_dir, "shape_layers.keras")
model.save(saved_path)
loaded = tf.keras.models.load_model(saved_path)
record("saved.layers", [(type(layer).__name__, layer.name) for layer in loaded.layers])
record_num("saved.predict", loaded.predict(np.linspace(-1, 1, 90, dtype=np.float32).reshape(1, 6, 5, 3), verbose=0),
           1e-4)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
