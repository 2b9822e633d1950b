"""One program over Keras 3's saving — `.keras` archives, `.weights.h5` files,
`tf.train.Checkpoint` of Keras models and optimizers, `ModelCheckpoint` — run under TensorFlow
2.21 (by tests/tools/record_keras_saving.py, into tests/fixtures/keras_saving/) and under varrt
(by tests/test_keras_saving.py), each in a fresh interpreter (Keras's names count program-wide).

    python keras_saving_program.py varrt|tensorflow OUT_DIR IN_DIR

It trains two models from fixed weights and writes their files into OUT_DIR ("write.*":
the files' layout, configs and the models' predictions), then loads the files in IN_DIR — the
other library's, or its own — and records what the loaded models predict, what training them
one more epoch gives (the optimizer's state resumed) and the errors of bad input ("read.*").
OUT_DIR/results.json: {case: text} for what must be equal, {"num:<tolerance>:case": [floats]}
for numbers."""
import contextlib
import io
import json
import os
import re
import sys
import warnings
import zipfile

import h5py
import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

keras = tf.keras
out_dir, in_dir = os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
results = {}
RTOL = 1e-5  # predictions and weights after training: two libraries' float32 arithmetic


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol=RTOL):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = str(e).replace(in_dir, "IN").replace(out_dir, "OUT")
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", text)
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def warnings_of(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()
    return [str(w.message) for w in caught if "saving" in str(w.message) or "optimizer" in str(w.message)]


def h5_layout(f):
    """Every group and dataset of an HDF5 file: path, shape, dtype, attributes."""
    out = []

    def visit(name, obj):
        attrs = {k: str(v) for k, v in obj.attrs.items()}
        if isinstance(obj, h5py.Dataset):
            out.append(f"{name} {obj.shape} {obj.dtype} {attrs}")
        else:
            out.append(f"{name}/ {attrs}")

    f.visititems(visit)
    return "\n".join(out)


def archive_contents(path):
    """A `.keras` archive's members, config (shared_object_id left out: it is an id()) and the
    layout of its weights."""
    with zipfile.ZipFile(path) as z:
        members = [(i.filename, i.compress_type) for i in z.infolist()]
        config = json.loads(z.read("config.json"))
        metadata = sorted(json.loads(z.read("metadata.json")))
        with h5py.File(io.BytesIO(z.read("model.weights.h5")), "r") as f:
            layout = h5_layout(f)
    text = json.dumps(config, sort_keys=True)
    return members, re.sub(r', "shared_object_id": \d+', "", text), metadata, layout


def weights_of(model):
    return np.concatenate([np.asarray(w).reshape(-1) for w in model.get_weights()])


def optimizer_state(model):
    return np.concatenate([np.asarray(v).reshape(-1).astype(np.float64) for v in model.optimizer.variables])


# --- the data and the models ----------------------------------------------------------------

x = (np.arange(48, dtype=np.float32).reshape(16, 3) % 7 - 3) / 4
y = np.stack([np.sin(x.sum(1)), np.cos(x[:, 0])], 1).astype(np.float32)
x_val, y_val = x[:6] * 0.5, y[:6]


def fixed(shape, seed):
    n = int(np.prod(shape))
    return ((np.arange(n, dtype=np.float32) * 0.37 + seed) % 1.0 - 0.5).reshape(shape).astype(np.float32)


def sequential(hidden=4, out=2, name="seq"):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(hidden, activation="relu", name="hidden"),
                              keras.layers.Dense(out, name="out")], name=name)
    model.set_weights([fixed(w.shape, i) for i, w in enumerate(model.weights)])
    return model


@keras.utils.register_keras_serializable(package="saving_test")
class TwoDense(keras.Model):
    """A subclassed model: two attributes, a list of blocks, a config of its own."""

    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.d1 = keras.layers.Dense(units, activation="tanh")
        self.blocks = [keras.layers.Dense(units), keras.layers.Dense(units)]
        self.d2 = keras.layers.Dense(2)

    def call(self, inputs):
        h = self.d1(inputs)
        for block in self.blocks:
            h = h + block(h)
        return self.d2(h)

    def get_config(self):
        return {**super().get_config(), "units": self.units}


class Plain(keras.Model):
    """Not registered: loading it needs `custom_objects`."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = keras.layers.Dense(2)

    def call(self, inputs):
        return self.d(inputs)


def two_dense(name="two"):
    model = TwoDense(name=name)
    model(x[:2])
    model.set_weights([fixed(w.shape, i) for i, w in enumerate(model.weights)])
    return model


# --- write -----------------------------------------------------------------------------------

os.chdir(out_dir)
seq = sequential()
seq.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
seq.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
seq.save_weights("seq.weights.h5")
seq.save("seq.keras")
with h5py.File("seq.weights.h5", "r") as f:
    record("write.seq.weights_layout", h5_layout(f))
for key, value in zip(("members", "config", "metadata_keys", "weights_layout"), archive_contents("seq.keras")):
    record(f"write.seq.keras_{key}", value)
record_num("write.seq.predict", seq.predict(x, verbose=0))
seq.save("seq_dir", zipped=False)  # the archive's members as files of a directory
record("write.seq_dir.files", sorted(os.listdir("seq_dir")))
with h5py.File(os.path.join("seq_dir", "model.weights.h5"), "r") as f:
    record("write.seq_dir.weights_layout", h5_layout(f))

sub = two_dense()
sub.compile(optimizer=keras.optimizers.SGD(0.05, momentum=0.9), loss="mse")
sub.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
sub.save_weights("sub.weights.h5")
sub.save("sub.keras")
with h5py.File("sub.weights.h5", "r") as f:
    record("write.sub.weights_layout", h5_layout(f))
for key, value in zip(("members", "config", "metadata_keys", "weights_layout"), archive_contents("sub.keras")):
    record(f"write.sub.keras_{key}", value)
record_num("write.sub.predict", sub.predict(x, verbose=0))
ckpt_path = tf.train.Checkpoint(model=sub, optimizer=sub.optimizer).write(os.path.join(out_dir, "sub_ckpt"))
record("write.sub.checkpoint_keys", [(n, s) for n, s in tf.train.list_variables(ckpt_path)])

# A Sequential built by `build` (no Input), with a regularizer, a constraint, an Activation
# layer, a learning-rate schedule, a loss object and a metric.
reg = keras.Sequential([keras.layers.Dense(4, kernel_regularizer=keras.regularizers.L2(0.01),
                                           kernel_constraint=keras.constraints.NonNeg(), name="reg_a"),
                        keras.layers.Activation("tanh", name="act"), keras.layers.Dense(2, name="reg_b")], name="reg")
reg.build((None, 3))
reg.set_weights([fixed(w.shape, i) for i, w in enumerate(reg.weights)])
reg.compile(optimizer=keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)),
            loss=keras.losses.MeanSquaredError(), metrics=["accuracy", keras.metrics.MeanAbsoluteError(name="abs")])
reg.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
reg.save("reg.keras")
for key, value in zip(("members", "config", "metadata_keys", "weights_layout"), archive_contents("reg.keras")):
    record(f"write.reg.keras_{key}", value)
record_num("write.reg.predict", reg.predict(x, verbose=0))

plain = Plain(name="plain")
plain(x[:2])
plain.set_weights([fixed(w.shape, i) for i, w in enumerate(plain.weights)])
plain.compile(optimizer="sgd", loss=keras.losses.binary_crossentropy)  # a loss function: "builtins" in the config
plain.save("plain.keras")
record("write.plain.config", archive_contents("plain.keras")[1])
record("write.serialized_dense", json.dumps(keras.utils.serialize_keras_object(keras.layers.Dense(
    3, activation="relu", name="ser")), sort_keys=True))
# Keras 3.15's automatic names, which a weights file's "optimizer/vars" group carries.
record("write.optimizer_names", [keras.optimizers.RMSprop().name, keras.optimizers.Adagrad().name,
                                 keras.optimizers.Adam().name, keras.optimizers.SGD().name])
record("write.custom_objects", sorted(k for k in keras.utils.get_custom_objects() if k.startswith("saving_test")))

# --- read ------------------------------------------------------------------------------------

os.chdir(in_dir)
loaded = keras.models.load_model("seq.keras")
record("read.seq.class", [type(loaded).__name__, loaded.name, [layer.name for layer in loaded.layers]])
record_num("read.seq.predict", loaded.predict(x, verbose=0))
record("read.seq.compiled", [loaded.compiled, type(loaded.optimizer).__name__, loaded.loss])
record_num("read.seq.optimizer_state", optimizer_state(loaded))
loaded.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)  # resumes: Adam's step 5, its moments
record_num("read.seq.weights_after_resumed_epoch", weights_of(loaded))
record_num("read.seq.iterations_after_resumed_epoch", [int(loaded.optimizer.iterations.numpy())])

from_dir = keras.models.load_model("seq_dir")
record_num("read.seq_dir.predict", from_dir.predict(x, verbose=0))
record_num("read.seq_dir.optimizer_state", optimizer_state(from_dir))

uncompiled = keras.models.load_model("seq.keras", compile=False)
record("read.seq.compile_false", [uncompiled.compiled, getattr(uncompiled, "optimizer", None) is None])

loaded_sub = keras.models.load_model("sub.keras")
record("read.sub.class", [type(loaded_sub).__name__, loaded_sub.units])
record_num("read.sub.predict", loaded_sub.predict(x, verbose=0))
loaded_sub.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)  # SGD's momentum resumed
record_num("read.sub.weights_after_resumed_epoch", weights_of(loaded_sub))

loaded_reg = keras.models.load_model("reg.keras")
record("read.reg.compiled", [type(loaded_reg.loss).__name__, type(loaded_reg.optimizer._learning_rate).__name__])
record_num("read.reg.predict", loaded_reg.predict(x, verbose=0))
reg_logs = loaded_reg.evaluate(x, y, verbose=0, return_dict=True)  # the compiled metrics, by name and object
record("read.reg.metric_names", sorted(reg_logs))
record_num("read.reg.evaluate", [reg_logs[k] for k in sorted(reg_logs)])
loaded_reg.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)  # the schedule at step 4, the constraint
record_num("read.reg.weights_after_resumed_epoch", weights_of(loaded_reg))

record_error("read.lambda_in_safe_mode", lambda: keras.utils.deserialize_keras_object(
    {"module": None, "class_name": "__lambda__", "config": {"value": ["", None, None]}, "registered_name": None}))
record_error("read.plain.not_registered", lambda: keras.models.load_model("plain.keras"))
loaded_plain = keras.models.load_model("plain.keras", custom_objects={"Plain": Plain})
record_num("read.plain.predict", loaded_plain.predict(x, verbose=0))
record("read.plain.loss", loaded_plain.loss.__name__)

fresh = sequential(name="fresh")
fresh.load_weights("seq.weights.h5")
record_num("read.seq_weights.predict", fresh.predict(x, verbose=0))
fresh.load_weights("seq.keras")  # a .keras archive's weights load too
record_num("read.seq_weights_from_archive.predict", fresh.predict(x, verbose=0))

built = sequential(name="built")
built.compile(optimizer=keras.optimizers.Adam(0.01, name="built_adam"), loss="mse")
built.optimizer.build(built.trainable_variables)
built.load_weights("seq.weights.h5")
record_num("read.seq_weights.built_optimizer_state", optimizer_state(built))

unbuilt_optimizer = sequential(name="unbuilt_opt")
unbuilt_optimizer.compile(optimizer=keras.optimizers.Adam(0.01, name="fresh_adam"), loss="mse")
record("read.seq_weights.unbuilt_optimizer_warning",
       warnings_of(lambda: unbuilt_optimizer.load_weights("seq.weights.h5")))
record_num("read.seq_weights.unbuilt_optimizer_predict", unbuilt_optimizer.predict(x, verbose=0))

fresh_sub = two_dense(name="fresh_two")
fresh_sub.load_weights("sub.weights.h5")
record_num("read.sub_weights.predict", fresh_sub.predict(x, verbose=0))

restored = two_dense(name="restored_two")
restored.compile(optimizer=keras.optimizers.SGD(0.05, momentum=0.9), loss="mse")
restored.optimizer.build(restored.trainable_variables)
tf.train.Checkpoint(model=restored, optimizer=restored.optimizer).read(
    os.path.join(in_dir, "sub_ckpt")).assert_consumed()
record_num("read.checkpoint.predict", restored.predict(x, verbose=0))
record_num("read.checkpoint.optimizer_state", optimizer_state(restored))

# --- bad input -------------------------------------------------------------------------------

os.chdir(out_dir)
record_error("error.save_weights_suffix", lambda: seq.save_weights("w.h5x"))
record_error("error.save_suffix", lambda: seq.save("m.txt"))
record_error("error.save_unzipped_suffix", lambda: seq.save("m.keras", zipped=False))
record_error("error.load_model_missing", lambda: keras.models.load_model("missing.keras"))
record_error("error.load_model_suffix", lambda: keras.models.load_model("model.txt"))
record_error("error.load_weights_suffix", lambda: seq.load_weights("w.txt"))
try:
    seq.load_weights("missing.weights.h5")
except Exception as e:  # noqa: BLE001 - h5py's own text, which depends on its version
    record("error.load_weights_missing_type", type(e).__name__)
record_error("error.load_weights_unbuilt", lambda: keras.Sequential([keras.layers.Dense(2)]).load_weights(
    os.path.join(in_dir, "seq.weights.h5")))
record_error("error.save_weights_unbuilt", lambda: keras.Sequential([keras.layers.Dense(2)]).save_weights(
    "unbuilt.weights.h5"))

# One layer matches, the other does not: Keras loads the first, reports the second, and the
# second keeps its weights.
partial = sequential(out=3, name="partial")
before = [w.copy() for w in partial.get_weights()]
record_error("error.shape_mismatch", lambda: partial.load_weights(os.path.join(in_dir, "seq.weights.h5")))
record("error.shape_mismatch.changed", [bool(not np.array_equal(a, b)) for a, b in zip(before, partial.get_weights())])
record_num("error.shape_mismatch.weights_after", weights_of(partial))

more = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu", name="hidden"),
                         keras.layers.Dense(2, name="out"), keras.layers.Dense(2, name="extra")], name="more")
record_error("error.layer_count", lambda: more.load_weights(os.path.join(in_dir, "seq.weights.h5")))
fewer = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name="only")], name="fewer")
record_error("error.fewer_layers", lambda: fewer.load_weights(os.path.join(in_dir, "seq.weights.h5")))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    partial2 = sequential(out=3, name="partial2")
    partial2.load_weights(os.path.join(in_dir, "seq.weights.h5"), skip_mismatch=True)
record("error.skip_mismatch_warns", any("could not be loaded" in str(w.message) for w in caught))

# Hostile files: what Keras refuses to read.
def hostile(name, change):
    with open(os.path.join(in_dir, "seq.weights.h5"), "rb") as src, open(name, "wb") as dst:
        dst.write(src.read())
    with h5py.File(name, "r+") as f:
        change(f)
    return name


def shape_bomb(f):  # 8 GB declared, nothing stored
    del f["layers/dense/vars/0"]
    f["layers/dense/vars"].create_dataset("0", shape=(2 ** 31,), dtype="f4", chunks=(2 ** 20,), compression="gzip")


def external_dataset(f):
    del f["layers/dense/vars/0"]
    f["layers/dense/vars/0"] = h5py.ExternalLink("elsewhere.h5", "/data")


def soft_group(f):
    del f["layers/dense"]
    f["layers/dense"] = h5py.SoftLink("/layers/dense_1")


for case in (shape_bomb, external_dataset, soft_group):
    target = sequential(name=f"hostile_{case.__name__}")
    record_error(f"error.hostile.{case.__name__}",
                 lambda: target.load_weights(hostile(f"{case.__name__}.weights.h5", case)))

# --- ModelCheckpoint -------------------------------------------------------------------------

record_error("checkpoint.bad_suffix", lambda: keras.callbacks.ModelCheckpoint("m.txt"))
record_error("checkpoint.weights_suffix", lambda: keras.callbacks.ModelCheckpoint("m.keras", save_weights_only=True))
record_error("checkpoint.save_freq", lambda: keras.callbacks.ModelCheckpoint("m.keras", save_freq="batch"))
os.makedirs("cb", exist_ok=True)
os.chdir("cb")
cb_model = sequential(name="cb_model")
cb_model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["accuracy"])
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    cb_model.fit(x, y, batch_size=8, epochs=4, shuffle=False, verbose=0, validation_data=(x_val, y_val),
                 callbacks=[keras.callbacks.ModelCheckpoint("best.{epoch:02d}-{val_loss:.2f}.keras", verbose=1,
                                                            save_best_only=True, mode="min"),
                            keras.callbacks.ModelCheckpoint("every.{epoch:02d}.weights.h5", monitor="loss",
                                                            save_weights_only=True, save_freq=3),
                            # "auto": accuracy is better higher; the threshold is the first value to beat.
                            keras.callbacks.ModelCheckpoint("acc.keras", monitor="val_accuracy", verbose=1,
                                                            save_best_only=True, initial_value_threshold=0.5)])
record("checkpoint.printed", printed.getvalue())
record("checkpoint.files", sorted(os.listdir(".")))
every = sequential(name="every")
every.load_weights(sorted(f for f in os.listdir(".") if f.startswith("every"))[-1])
record_num("checkpoint.last_weights_file", weights_of(every))
record_error("checkpoint.format_key", lambda: cb_model.fit(
    x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint("m.{nope}.keras")]))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
