"""One program over Keras 3's SavedModel export (`model.export(path, format="tf_saved_model")`,
`keras.export.ExportArchive`, `tf.saved_model.save(model)`), run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/keras_export/) and under varrt (by
tests/test_keras_export.py), in a fresh interpreter each (Keras's automatic names count program-wide).

    python keras_export_program.py varrt|tensorflow OUT_DIR [IN_DIR]

exports a Sequential MLP, a functional model of two inputs, a small CNN and a subclassed model,
each with fixed weights, into OUT_DIR/<name> (and OUT_DIR/<name>_save by tf.saved_model.save),
and loads IN_DIR/<name> (IN_DIR defaults to OUT_DIR: the recorded runs read their own exports;
the live test has TensorFlow read varrt's) into "read.*" cases: the loaded endpoints' values. It
writes OUT_DIR/results.json: {case: text}
for what must be equal (what export prints, the signatures, the object graph's root, error types
and messages) and {"num:<tolerance>:case": [floats]} for numbers: 0 (bit for bit) for the
dense models, 1e-6 for the CNN (TensorFlow's convolution kernel runs the loaded graph)."""
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
    from tensorflow.core.protobuf import saved_model_pb2

    def read_saved_model(path):
        message = saved_model_pb2.SavedModel()
        with open(os.path.join(path, "saved_model.pb"), "rb") as f:
            message.ParseFromString(f.read())
        return message
else:
    import varrt as tf
    from varrt.saved_model.saved_model_file import read_saved_model

keras = tf.keras
out_dir = sys.argv[2]
in_dir = sys.argv[3] if len(sys.argv) > 3 else out_dir
results = {}
layers = keras.layers
rs = np.random.RandomState(3)
X = (np.arange(35, dtype=np.float32).reshape(7, 5) - 17) / 6  # batch 7: no example uses it


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        text = re.sub(r"<class '[\w.]+'>", "<class>", text)  # Keras's Variable class has its own module path
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def printed(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    # The captured variables print as their Python ids; the path is the run's directory.
    text = re.sub(r"\n  \d+: ", "\n  ID: ", out.getvalue())
    return text.replace(out_dir, "OUT_DIR")


def with_weights(model):
    model.set_weights([rs.randn(*w.shape).astype(np.float32) * 0.5 for w in model.weights])
    return model


def signatures(path):
    """{key: inputs and outputs as (tensor name, dtype enum, shape)} of the SavedModel at `path`."""
    meta_graph = read_saved_model(path).meta_graphs[0]

    def info(tensors):
        return {k: (t.name, int(t.dtype), [int(d.size) for d in t.tensor_shape.dim]) for k, t in
                sorted(tensors.items())}
    return {key: {"inputs": info(s.inputs), "outputs": info(s.outputs), "method_name": s.method_name}
            for key, s in sorted(meta_graph.signature_def.items())}


def root_children(path):
    nodes = read_saved_model(path).meta_graphs[0].object_graph_def.nodes
    return [c.local_name for c in nodes[0].children]


def mlp():
    return with_weights(keras.Sequential([keras.Input((5,)), layers.Dense(4, activation="relu"), layers.Dense(3)]))


def two_inputs():
    a, b = keras.Input((5,), name="a"), keras.Input((2,), name="b")
    h = layers.Dense(3, activation="tanh")(a)
    out = layers.Dense(2)(layers.Concatenate()([h, b]))
    return with_weights(keras.Model([a, b], out))


def cnn():
    return with_weights(keras.Sequential([keras.Input((6, 5, 1)), layers.Conv2D(2, 3, activation="relu"),
                                          layers.MaxPooling2D(2), layers.Flatten(), layers.Dense(2)]))


class Scaled(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = layers.Dense(3)

    def call(self, x):
        return self.dense(x) * 2.0


def subclassed():
    model = Scaled()
    model(X[:2])
    return with_weights(model)


IMAGES = (np.arange(210, dtype=np.float32).reshape(7, 6, 5, 1) % 11 - 5) / 4
INPUTS = {"mlp": [X], "two_inputs": [[X, X[:, :2] * 3]], "cnn": [IMAGES], "subclassed": [X]}
TOLERANCE = {"cnn": 1e-6, "two_inputs": 1e-6}
# What varrt's loader cannot run yet (its StridedSlice takes begin/end/strides only while building
# a graph, not as graph inputs: Flatten's run-time shape): read under TensorFlow only.
UNREAD = {"cnn"} if sys.argv[1] == "varrt" else set()

for name, build in (("mlp", mlp), ("two_inputs", two_inputs), ("cnn", cnn), ("subclassed", subclassed)):
    model = build()
    args = INPUTS[name]
    rtol = TOLERANCE.get(name, 0)
    record_num(f"{name}.call", model(*args), rtol)
    path = os.path.join(out_dir, name)
    record(f"export.{name}.printed", printed(lambda: model.export(path, format="tf_saved_model")))
    record(f"export.{name}.signatures", signatures(path))
    record(f"export.{name}.root_children", root_children(path))
    record(f"export.{name}.files", sorted(os.listdir(path)))
    tf.saved_model.save(model, path + "_save")
    record(f"save.{name}.signatures", signatures(path + "_save"))
    record(f"save.{name}.root_function", [n for n in root_children(path + "_save") if n == "_default_save_signature"])
    if name in UNREAD:
        continue
    loaded = tf.saved_model.load(os.path.join(in_dir, name))
    record_num(f"read.{name}.serve", loaded.serve(*args), rtol)
    served = loaded.signatures["serving_default"](**{k: tf.constant(v) for k, v in zip(
        sorted(signatures(os.path.join(in_dir, name))["serving_default"]["inputs"]), tf.nest.flatten(args))})
    record(f"read.{name}.serving_default.keys", sorted(served))
    record_num(f"read.{name}.serving_default", served["output_0"], rtol)
    loaded = tf.saved_model.load(os.path.join(in_dir, name + "_save"))
    # (A subclassed model's serving signature has the batch size it was first called with.)
    inputs = signatures(os.path.join(in_dir, name + "_save"))["serving_default"]["inputs"]
    served = loaded.signatures["serving_default"](**{k: tf.constant(v[:inputs[k][2][0]] if inputs[k][2][0] > 0 else v)
                                                     for k, v in zip(sorted(inputs), tf.nest.flatten(args))})
    record_num(f"read.{name}_save.serving_default", served["output_0"], rtol)

# --- ExportArchive: endpoints of their own, a variable collection -------------------------------

model = mlp()
archive = keras.export.ExportArchive()
archive.track(model)
archive.add_endpoint("logits", model.call, input_signature=[tf.TensorSpec((None, 5), tf.float32, name="features")])
archive.add_endpoint("doubled", lambda x: model(x) * 2.0, input_signature=[keras.InputSpec(shape=(None, 5),
                                                                                          dtype="float32")])
archive.add_variable_collection("dense_weights", model.layers[0].weights)
record("archive.variables", [v.name for v in archive.variables])
record("archive.trainable_variables", [v.name for v in archive.trainable_variables])
path = os.path.join(out_dir, "archive")
record("archive.printed", printed(lambda: archive.write_out(path)))
record("archive.signatures", signatures(path))
record("archive.root_children", root_children(path))
loaded = tf.saved_model.load(os.path.join(in_dir, "archive"))
record_num("read.archive.logits", loaded.logits(X), 0)
record_num("read.archive.doubled", loaded.signatures["doubled"](x=tf.constant(X))["output_0"], 0)
record_num("read.archive.serving_default", loaded.signatures["serving_default"](features=tf.constant(X))["output_0"], 0)
record_num("read.archive.dense_weights", loaded.dense_weights[0], 0)
record("read.archive.dense_weights.shapes", [tuple(v.shape) for v in loaded.dense_weights])
archive.add_endpoint("quiet", model.call, input_signature=[tf.TensorSpec((None, 5), tf.float32)])
record("archive.quiet", printed(lambda: archive.write_out(os.path.join(out_dir, "quiet"), verbose=False)))

# --- errors ----------------------------------------------------------------------------------

record_error("error.format", lambda: mlp().export(os.path.join(out_dir, "bad"), format="savedmodel"))
record_error("error.unbuilt", lambda: keras.Sequential([layers.Dense(2)]).export(os.path.join(out_dir, "unbuilt")))
record_error("error.never_called", lambda: Scaled().export(os.path.join(out_dir, "never_called")))
record_error("error.no_endpoints", lambda: keras.export.ExportArchive().write_out(os.path.join(out_dir, "none")))
record_error("error.taken", lambda: archive.add_endpoint("logits", model.call,
                                                        input_signature=[tf.TensorSpec((None, 5), tf.float32)]))
record_error("error.no_signature", lambda: keras.export.ExportArchive().add_endpoint("f", model.call))
record_error("error.collection", lambda: keras.export.ExportArchive().add_variable_collection("v", model.weights[0]))
record_error("error.untracked_layer", lambda: keras.export.ExportArchive().track(layers.Dense(2)))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
