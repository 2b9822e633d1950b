"""One program over Keras 3's depthwise and separable convolution layers (DepthwiseConv1D,
DepthwiseConv2D, SeparableConv1D, SeparableConv2D) and a small separable CNN trained with fit, run
under TensorFlow 2.21 (by tests/tools/record_keras_depthwise.py, into
tests/fixtures/keras_depthwise/) and under varrt (by tests/test_keras_depthwise.py), in a fresh
interpreter each (Keras's automatic names count program-wide).

    python keras_depthwise_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (configs, names, weight paths,
shapes, checkpoint keys, error types and messages) and {"num:<tolerance>:case": [floats]} for
numbers: layer outputs and gradients 1e-5 (1e-4 where a sum runs over many products), the CNN's
weights after one step 1e-5 and after an epoch 1e-3 (its metrics too)."""
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


rs = np.random.RandomState(3)


def with_weights(layer, input_shape):
    """The layer built for `input_shape` with weights drawn from `rs`."""
    layer.build(input_shape)
    layer.set_weights([rs.randn(*w.shape).astype(np.float32) * 0.3 for w in layer.weights])
    return layer


# --- layers: configs, names, weights, shapes, values, gradients --------------------------------

cases = {
    "depthwise2d": (lambda: layers.DepthwiseConv2D(3), (2, 7, 6, 3)),
    "depthwise2d.mult_same_strided": (lambda: layers.DepthwiseConv2D((3, 2), strides=2, padding="same",
                                                                     depth_multiplier=3, activation="relu"),
                                      (3, 9, 7, 5)),
    "depthwise2d.unequal_strides_nobias": (lambda: layers.DepthwiseConv2D(2, strides=(1, 3), use_bias=False,
                                                                          depth_multiplier=2), (2, 6, 11, 4)),
    "depthwise2d.channels_first": (lambda: layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2,
                                                                  data_format="channels_first"), (2, 3, 6, 5)),
    "depthwise1d": (lambda: layers.DepthwiseConv1D(3, depth_multiplier=2), (2, 9, 4)),
    "depthwise1d.same_strided": (lambda: layers.DepthwiseConv1D(4, strides=2, padding="same", activation="tanh"),
                                 (3, 11, 3)),
    "depthwise1d.channels_first": (lambda: layers.DepthwiseConv1D(2, data_format="channels_first"), (2, 3, 7)),
    "separable2d": (lambda: layers.SeparableConv2D(4, 3), (2, 7, 6, 3)),
    "separable2d.mult_same_strided": (lambda: layers.SeparableConv2D(6, (2, 3), strides=(2, 1), padding="same",
                                                                     depth_multiplier=2, activation="relu"),
                                      (3, 8, 7, 5)),
    "separable2d.channels_first_nobias": (lambda: layers.SeparableConv2D(3, 2, use_bias=False,
                                                                         data_format="channels_first"),
                                          (2, 4, 5, 6)),
    "separable1d": (lambda: layers.SeparableConv1D(5, 3, depth_multiplier=3), (2, 9, 2)),
    "separable1d.same_strided": (lambda: layers.SeparableConv1D(2, 2, strides=3, padding="same",
                                                                activation="sigmoid"), (2, 10, 4)),
    "separable_convolution2d": (lambda: layers.SeparableConvolution2D(2, 2), (1, 4, 4, 2)),
    "depthwise2d.dilated": (lambda: layers.DepthwiseConv2D(3, padding="same", dilation_rate=(2, 3),
                                                           depth_multiplier=2), (2, 9, 8, 3)),
    "depthwise1d.dilated": (lambda: layers.DepthwiseConv1D(2, dilation_rate=3), (2, 10, 3)),
    "separable2d.dilated_channels_first": (lambda: layers.SeparableConv2D(3, 2, dilation_rate=2,
                                                                          data_format="channels_first"),
                                           (2, 3, 7, 6)),
    "separable1d.dilated_same": (lambda: layers.SeparableConv1D(4, 3, padding="same", dilation_rate=2), (2, 11, 3)),
    "depthwise2d.strided_dilated_same": (lambda: layers.DepthwiseConv2D(3, strides=2, padding="same", dilation_rate=2),
                                         (2, 10, 9, 3)),
    "separable1d.strided_dilated": (lambda: layers.SeparableConv1D(3, 2, strides=3, dilation_rate=2), (2, 13, 2)),
    "separable2d.strided_dilated_channels_first": (lambda: layers.SeparableConv2D(
        2, 3, strides=(2, 1), padding="same", dilation_rate=(1, 2), data_format="channels_first"), (2, 3, 8, 7)),
}
for case, (make, shape) in cases.items():
    layer = with_weights(make(), shape)
    x = tf.constant(rs.randn(*shape).astype(np.float32))
    y = layer(x)
    record(f"{case}.config", repr(sorted(layer.get_config().items())))
    record(f"{case}.class", type(layer).__name__)
    record(f"{case}.name", layer.name)
    record(f"{case}.weights", repr([(w.path, tuple(w.shape)) for w in layer.weights]))
    record(f"{case}.output_shape", repr((tuple(y.shape), y.dtype.name)))
    record(f"{case}.compute_output_shape", repr(layer.compute_output_shape((None,) + shape[1:])))
    record_num(f"{case}.output", y.numpy(), 1e-5)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = layer(x)
        loss = tf.reduce_sum(out * tf.cos(out))
    grads = tape.gradient(loss, [x] + list(layer.trainable_weights))
    for i, g in enumerate(grads):
        record_num(f"{case}.grad.{i}", g.numpy(), 1e-4)
    clone = type(layer).from_config(layer.get_config())
    record(f"{case}.from_config", repr(sorted(clone.get_config().items())))

record("depthwise2d.float64", repr(layers.DepthwiseConv2D(2, dtype="float64")(np.ones((1, 3, 3, 2))).dtype.name))

# --- errors --------------------------------------------------------------------------------

record_error("error.depth_multiplier", lambda: layers.DepthwiseConv2D(3, depth_multiplier=0))
record_error("error.kernel_size_zero", lambda: layers.DepthwiseConv2D((3, 0)))
record_error("error.strides_zero", lambda: layers.DepthwiseConv2D(3, strides=(1, 0)))
record_error("error.causal", lambda: layers.DepthwiseConv1D(3, padding="causal"))
record_error("error.separable_filters", lambda: layers.SeparableConv2D(0, 3))
record_error("error.separable_kernel_zero", lambda: layers.SeparableConv1D(2, 0))
record_error("error.separable_strides_zero", lambda: layers.SeparableConv2D(2, 3, strides=0))
record_error("error.too_small", lambda: layers.DepthwiseConv2D(5).compute_output_shape((None, 3, 8, 1)))
record_error("error.rank", lambda: layers.SeparableConv2D(2, 3)(np.ones((2, 5, 5), np.float32)))
record_error("error.channels", lambda: with_weights(layers.DepthwiseConv2D(3), (1, 5, 5, 3))(
    np.ones((1, 5, 5, 2), np.float32)))

# --- a small separable CNN, trained with fit -------------------------------------------------

X = rs.rand(64, 13, 11, 3).astype(np.float32)
Y = rs.randint(0, 5, 64)


def cnn():
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(13, 11, 3)),
        layers.Conv2D(8, 3, activation="relu"),
        layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2, activation="relu"),
        layers.SeparableConv2D(12, 3, strides=2, activation="relu"),
        layers.GlobalAveragePooling2D(),
        layers.Dense(5),
    ])
    weights_rs = np.random.RandomState(5)
    model.set_weights([weights_rs.randn(*w.shape).astype(np.float32) * (0.3 if len(w.shape) > 1 else 0.05)
                       for w in model.weights])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-2),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


def flat(model):
    return np.concatenate([w.numpy().reshape(-1) for w in model.weights])


model = cnn()
record("cnn.weights", repr([(w.path, tuple(w.shape)) for w in model.weights]))
record_num("cnn.predict", model.predict(X[:8], verbose=0), 1e-5)
logs = model.train_on_batch(X[:16], Y[:16], return_dict=True)
record_num("cnn.one_step.weights", flat(model), 1e-5)
record_num("cnn.one_step.loss", logs["loss"], 1e-5)
prefix = tf.train.Checkpoint(model=model).write(os.path.join(out_dir, "cnn"))
record("cnn.checkpoint", repr([(n, tuple(s)) for n, s in tf.train.list_variables(prefix)]))
model = cnn()
history = model.fit(X, Y, batch_size=16, epochs=2, shuffle=False, verbose=0)
record_num("cnn.fit.weights", flat(model), 1e-3)
record_num("cnn.fit.loss", history.history["loss"], 1e-3)
record_num("cnn.fit.accuracy", history.history["accuracy"], 1e-3)
record_num("cnn.evaluate", model.evaluate(X[:32], Y[:32], batch_size=16, verbose=0), 1e-3)

# A functional model of the 1-D layers: symbolic shapes as Keras gives them.
inputs = tf.keras.Input(shape=(20, 3))
features = layers.SeparableConv1D(6, 3, padding="same")(layers.DepthwiseConv1D(3, depth_multiplier=2)(inputs))
functional = tf.keras.Model(inputs, layers.GlobalAveragePooling1D()(features))
record("functional.shapes", repr([tuple(features.shape), tuple(functional.output.shape)]))
record("functional.weights", repr([(w.path, tuple(w.shape)) for w in functional.weights]))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
