"""One program over Keras 3's convolution and pooling layers and a small CNN trained with fit,
run under TensorFlow 2.21 (by tests/tools/record_keras_conv.py, into tests/fixtures/keras_conv/)
and under varrt (by tests/test_keras_conv.py), in a fresh interpreter each (Keras's automatic
names count program-wide).

    python keras_conv_program.py varrt|tensorflow OUT_DIR [IN_DIR]

saves the trained CNN as OUT_DIR/cnn.keras and loads IN_DIR/cnn.keras (IN_DIR defaults to
OUT_DIR: its own file; the tests pass the other library's) into "read.*" cases: the loaded
model's layers, predictions, optimizer step and one more epoch of fit. It writes OUT_DIR/results.json: {case: text} for what must be equal (configs, names, shapes, error
types and messages) and {"num:<tolerance>:case": [floats]} for numbers, compared within the
relative tolerance the key names: layer outputs 1e-5, the CNN's weights after one step 1e-5 and
after an epoch 1e-3 (its metrics too)."""
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
in_dir = sys.argv[3] if len(sys.argv) > 3 else out_dir
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
        # A set of strings prints in the order of the interpreter's string hashes: sorted here.
        text = re.sub(r"\{'[^{}]*'\}", lambda m: "{" + ", ".join(sorted(m.group(0)[1:-1].split(", "))) + "}", text)
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def printed(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return out.getvalue()


rs = np.random.RandomState(0)


def with_weights(layer, input_shape):
    """The layer built for `input_shape` with weights drawn from `rs`."""
    layer.build(input_shape)
    layer.set_weights([rs.randn(*w.shape).astype(np.float32) * 0.3 for w in layer.weights])
    return layer


# --- layers: configs, names, shapes, values -------------------------------------------------

cases = {
    "conv2d": (lambda: layers.Conv2D(4, 3), (2, 7, 6, 3)),
    "conv2d.same_strided": (lambda: layers.Conv2D(5, (3, 2), strides=2, padding="same", activation="relu"),
                            (2, 7, 6, 3)),
    "conv2d.dilated_nobias": (lambda: layers.Conv2D(2, 2, dilation_rate=2, use_bias=False, activation="tanh"),
                              (3, 6, 6, 2)),
    "conv2d.channels_first": (lambda: layers.Conv2D(3, 2, strides=(1, 2), data_format="channels_first"),
                              (2, 4, 6, 5)),
    "conv1d": (lambda: layers.Conv1D(3, 2, strides=2), (2, 9, 4)),
    "conv1d.causal": (lambda: layers.Conv1D(2, 3, padding="causal", dilation_rate=2), (2, 8, 3)),
    "conv1d.same": (lambda: layers.Conv1D(2, 4, padding="SAME", activation="sigmoid"), (2, 7, 3)),
    "max_pooling2d": (lambda: layers.MaxPooling2D(), (2, 5, 6, 3)),
    "max_pooling2d.same": (lambda: layers.MaxPooling2D(3, strides=(2, 1), padding="same"), (2, 5, 6, 3)),
    "max_pooling1d": (lambda: layers.MaxPooling1D(3, strides=2), (2, 8, 3)),
    "average_pooling2d": (lambda: layers.AveragePooling2D((2, 3), padding="same"), (2, 5, 7, 2)),
    "average_pooling1d": (lambda: layers.AveragePooling1D(2), (2, 7, 3)),
    "max_pooling2d.channels_first": (lambda: layers.MaxPooling2D(data_format="channels_first"), (2, 3, 4, 6)),
    "global_average_pooling2d": (lambda: layers.GlobalAveragePooling2D(), (2, 4, 5, 3)),
    "global_average_pooling2d.keepdims": (lambda: layers.GlobalAveragePooling2D(keepdims=True), (2, 4, 5, 3)),
    "global_max_pooling2d": (lambda: layers.GlobalMaxPooling2D(), (2, 4, 5, 3)),
    "global_average_pooling1d": (lambda: layers.GlobalAveragePooling1D(), (2, 6, 3)),
    "global_max_pooling1d.keepdims": (lambda: layers.GlobalMaxPooling1D(keepdims=True), (2, 6, 3)),
    "global_max_pooling2d.channels_first": (lambda: layers.GlobalMaxPooling2D(data_format="channels_first"),
                                            (2, 3, 4, 5)),
}
for case, (make, shape) in cases.items():
    layer = with_weights(make(), shape)
    x = rs.randn(*shape).astype(np.float32)
    y = layer(x)
    record(f"{case}.config", repr(sorted(layer.get_config().items())))
    record(f"{case}.name", layer.name)
    record(f"{case}.weights", repr([(w.path, tuple(w.shape)) for w in layer.weights]))
    record(f"{case}.output_shape", repr((tuple(y.shape), y.dtype.name)))
    record(f"{case}.compute_output_shape", repr(layer.compute_output_shape((None,) + shape[1:])))
    record_num(f"{case}.output", y.numpy(), 1e-5)
    clone = type(layer).from_config(layer.get_config())
    record(f"{case}.from_config", repr(sorted(clone.get_config().items())))

mask_layer = layers.GlobalAveragePooling1D()
record_num("global_average_pooling1d.masked",
           mask_layer(rs.randn(2, 4, 3).astype(np.float32), mask=np.array([[1, 1, 0, 1], [0, 1, 1, 0]], bool)), 1e-5)

record("conv2d.float64", repr(layers.Conv2D(2, 2, dtype="float64")(np.ones((1, 3, 3, 1))).dtype.name))

# --- errors --------------------------------------------------------------------------------

record_error("error.filters", lambda: layers.Conv2D(0, 3))
record_error("error.kernel_size", lambda: layers.Conv2D(2, (3, 3, 3)))
record_error("error.kernel_size_zero", lambda: layers.Conv2D(2, 0))
record_error("error.strides_dilation", lambda: layers.Conv2D(2, 3, strides=2, dilation_rate=2))
record_error("error.padding", lambda: layers.Conv2D(2, 3, padding="full"))
record_error("error.causal_2d", lambda: layers.Conv2D(2, 3, padding="causal"))
record_error("error.data_format", lambda: layers.Conv2D(2, 3, data_format="nhwc"))
record_error("error.groups", lambda: layers.Conv2D(3, 3, groups=2))
record_error("error.too_small", lambda: layers.Conv2D(2, 5).compute_output_shape((None, 3, 8, 1)))
record_error("error.pool_too_small", lambda: layers.MaxPooling2D(4).compute_output_shape((None, 3, 8, 1)))
record_error("error.pool_size", lambda: layers.MaxPooling2D((2, 2, 2)))
record_error("error.rank", lambda: layers.Conv2D(2, 3)(np.ones((2, 5, 5), np.float32)))
record_error("error.channels", lambda: with_weights(layers.Conv2D(2, 3), (1, 5, 5, 3))(np.ones((1, 5, 5, 2),
                                                                                               np.float32)))

# --- the small CNN, trained with fit ---------------------------------------------------------

X = rs.rand(96, 28, 28, 1).astype(np.float32)
Y = rs.randint(0, 10, 96)


def cnn():
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(28, 28, 1)),
        layers.Conv2D(32, (3, 3), activation="relu"),
        layers.MaxPooling2D((2, 2)),
        layers.Conv2D(64, (3, 3), activation="relu"),
        layers.MaxPooling2D((2, 2)),
        layers.GlobalAveragePooling2D(),
        layers.Dense(10),
    ])
    weights_rs = np.random.RandomState(1)
    model.set_weights([weights_rs.randn(*w.shape).astype(np.float32) * (0.2 if len(w.shape) > 1 else 0.05)
                       for w in model.weights])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


def flat(model):
    return np.concatenate([w.numpy().reshape(-1) for w in model.weights])


model = cnn()
record("cnn.weights", repr([(w.path, tuple(w.shape)) for w in model.weights]))
record("cnn.summary", printed(model.summary))
record_num("cnn.predict", model.predict(X[:8], verbose=0), 1e-5)
logs = model.train_on_batch(X[:32], Y[:32], return_dict=True)
record_num("cnn.one_step.weights", flat(model), 1e-5)
record_num("cnn.one_step.loss", logs["loss"], 1e-5)
model = cnn()
history = model.fit(X, Y, batch_size=32, epochs=1, shuffle=False, verbose=0)
record_num("cnn.epoch.weights", flat(model), 1e-3)
record_num("cnn.epoch.loss", history.history["loss"], 1e-3)
record_num("cnn.epoch.accuracy", history.history["accuracy"], 1e-3)
record_num("cnn.evaluate", model.evaluate(X[:64], Y[:64], batch_size=32, verbose=0), 1e-3)

# The trained CNN through a .keras file, with its optimizer's state: this library's file, or the
# other library's.
model.save(os.path.join(out_dir, "cnn.keras"))
loaded = tf.keras.models.load_model(os.path.join(in_dir, "cnn.keras"))
record("read.cnn.layers", repr([(type(layer).__name__, layer.name) for layer in loaded.layers]))
record("read.cnn.config", repr(loaded.get_config()))
record("read.cnn.optimizer", repr((type(loaded.optimizer).__name__, int(loaded.optimizer.iterations.numpy()),
                                   len(loaded.optimizer.variables))))
record_num("read.cnn.predict", loaded.predict(X[:8], verbose=0), 1e-5)
history = loaded.fit(X, Y, batch_size=32, epochs=1, shuffle=False, verbose=0)
record_num("read.cnn.epoch.weights", flat(loaded)[::16], 1e-3)  # a sample: the fixture stays small
record_num("read.cnn.epoch.loss", history.history["loss"], 1e-3)


class ReshapeCNN(tf.keras.Model):
    """The CNN with its feature maps flattened by tf.reshape in a subclassed model."""

    def __init__(self):
        super().__init__()
        self.conv1 = layers.Conv2D(8, 3, activation="relu")
        self.pool1 = layers.MaxPooling2D()
        self.conv2 = layers.Conv2D(16, 3, activation="relu")
        self.pool2 = layers.AveragePooling2D(2)
        self.dense = layers.Dense(10)

    def call(self, x):
        x = self.pool2(self.conv2(self.pool1(self.conv1(x))))
        return self.dense(tf.reshape(x, [-1, 5 * 5 * 16]))


sub = ReshapeCNN()
sub(X[:1])
weights_rs = np.random.RandomState(2)
sub.set_weights([weights_rs.randn(*w.shape).astype(np.float32) * 0.2 for w in sub.weights])
sub.compile(optimizer=tf.keras.optimizers.SGD(0.05),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
sub_logs = sub.train_on_batch(X[:32], Y[:32], return_dict=True)
record_num("reshape_cnn.one_step.weights", flat(sub), 1e-5)
record_num("reshape_cnn.one_step.loss", sub_logs["loss"], 1e-5)

# A functional model of the 1-D layers: symbolic shapes and summary() as Keras gives them.
inputs = tf.keras.Input(shape=(20, 3))
features = layers.MaxPooling1D()(layers.Conv1D(4, 3, padding="causal", activation="relu")(inputs))
functional = tf.keras.Model(inputs, layers.GlobalAveragePooling1D()(features))
record("functional.shapes", repr([tuple(features.shape), tuple(functional.output.shape)]))
record("functional.summary", printed(functional.summary))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
