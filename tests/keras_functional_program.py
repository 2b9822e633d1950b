"""One program over Keras 3's functional API, `summary()` and the Sequential built on it, run
under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into
tests/fixtures/keras_functional/) and under varrt (by tests/test_keras_functional.py), each in
a fresh interpreter (Keras's automatic names count program-wide, and are compared).

    python keras_functional_program.py varrt|tensorflow OUT_DIR [LOAD_DIR]

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers, compared within the relative tolerance the key names, and three models
as .keras files into OUT_DIR; with LOAD_DIR, it also loads the .keras files another run wrote
there (the other library's) and records their predictions on the same inputs ("loaded.*")."""
import contextlib
import io
import json
import os
import re
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ["COLUMNS"] = "80"
    import tensorflow as tf
else:
    os.environ["COLUMNS"] = "80"
    import varrt as tf

keras = tf.keras
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
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def summary_of(model, **kwargs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        model.summary(**kwargs)
    return out.getvalue()


rs = np.random.RandomState(3)


def fixed_weights(model):
    """Sets every weight from the program's random stream (the same values in both runs)."""
    model.set_weights([rs.uniform(-0.5, 0.5, w.shape).astype(np.float32) for w in model.get_weights()])


@keras.utils.register_keras_serializable(package="program")
class Concat(keras.layers.Layer):
    """A merge layer of the program's own (its output shape comes from tracing `call`)."""

    def call(self, inputs):
        return tf.concat(inputs, axis=-1)


@keras.utils.register_keras_serializable(package="program")
class Doubler(keras.layers.Layer):
    """Doubles its input in training only."""

    def call(self, x, training=None):
        return x * 2.0 if training else x


# --- Input and symbolic calls ---------------------------------------------------------------
inp = keras.Input(shape=(4,))
record("input.repr", (repr(inp), inp.shape, inp.dtype, inp.name, inp.ndim))
named = keras.Input(shape=(3, 2), batch_size=6, dtype="float64", name="named_input")
record("input.named", repr(named))
record("input.batch_shape", repr(keras.Input(batch_shape=(None, 7), dtype="int32")))
dense = keras.layers.Dense(5, activation="relu")
hidden = dense(inp)
record("symbolic.output", (repr(hidden), dense.built, [w.path for w in dense.weights]))
record("symbolic.layer_io", (repr(dense.input), repr(dense.output)))
record_error("symbolic.tf_op", lambda: tf.nn.relu(inp))
record_error("symbolic.numpy", lambda: np.asarray(inp))
record_error("symbolic.bool", lambda: bool(inp))
record_error("symbolic.never_called", lambda: keras.layers.Dense(2).output)
record_error("input.no_shape", lambda: keras.Input())
record_error("input.both", lambda: keras.Input(shape=(2,), batch_shape=(None, 2)))
input_layer = keras.layers.InputLayer(shape=(9,), name="explicit_input")
record("input_layer.config", (input_layer.get_config(), repr(input_layer.output), input_layer.built,
                              input_layer.count_params()))

# --- a chain: Model(inputs, outputs) ----------------------------------------------------------
out = keras.layers.Dense(3, name="head")(hidden)
model = keras.Model(inp, out)
fixed_weights(model)
record("chain.model", (type(model).__name__, model.name, [layer.name for layer in model.layers],
                       model.output_names, model.input_shape, model.output_shape, repr(model.inputs),
                       repr(model.outputs), model.built, model.count_params()))
record("chain.weights", [w.path for w in model.weights])
record("chain.summary", summary_of(model))
x7 = rs.randn(7, 4).astype(np.float32)
record_num("chain.call", model(x7).numpy(), 1e-6)
record_num("chain.predict", model.predict(x7, verbose=0), 1e-6)
record("chain.get_layer", (model.get_layer("head").name, model.get_layer(index=1).name))
record_error("chain.bad_shape", lambda: model(np.ones((2, 5), np.float32)))
record_error("chain.bad_rank", lambda: model(np.ones((2, 5, 3), np.float32)))
record_num("chain.squeezed_rank", model(np.ones((2, 4, 1), np.float32)).numpy(), 1e-6)
kw_model = keras.Model(inputs=inp, outputs=hidden, name="kw_model")
record("chain.kwargs", (kw_model.name, [layer.name for layer in kw_model.layers]))

# --- two inputs, two outputs, a merge, a shared layer ---------------------------------------
a = keras.Input(shape=(3,), name="a")
b = keras.Input(shape=(2,), name="b")
shared = keras.layers.Dense(4, name="shared")
a_code = keras.layers.Dense(2, name="a_code")(a)
merged = Concat(name="concat")([a_code, b])
first = shared(merged)
second = shared(keras.layers.Dense(4, name="widen")(b))
joined = Concat(name="join")([first, second])
out_main = keras.layers.Dense(1, name="main")(joined)
out_aux = keras.layers.Dense(2, activation="softmax", name="aux")(first)
multi = keras.Model([a, b], [out_main, out_aux])
fixed_weights(multi)
record("multi.model", ([layer.name for layer in multi.layers], multi.output_names, multi.input_shape,
                       multi.output_shape, len(shared._inbound_nodes)))
record("multi.summary", summary_of(multi))
record("multi.summary_trainable", summary_of(multi, show_trainable=True))
record("multi.summary_narrow", summary_of(multi, line_length=60))
xa, xb = rs.randn(6, 3).astype(np.float32), rs.randn(6, 2).astype(np.float32)
main_out, aux_out = multi([xa, xb])
record_num("multi.call", np.concatenate([main_out.numpy().ravel(), aux_out.numpy().ravel()]), 1e-6)
predicted = multi.predict([xa, xb], batch_size=4, verbose=0)
record("multi.predict_structure", (type(predicted).__name__, [p.shape for p in predicted]))
record_num("multi.predict", np.concatenate([p.ravel() for p in predicted]), 1e-6)
record_num("multi.by_name", multi({"a": xa, "b": xb})[0].numpy(), 1e-6)
record_error("multi.one_input", lambda: multi(xa))

# --- dict inputs --------------------------------------------------------------------------------
p = keras.Input(shape=(2,), name="p")
q = keras.Input(shape=(2,), name="q")
dict_model = keras.Model({"p": p, "q": q}, keras.layers.Dense(1, name="sum_pq")(Concat()([p, q])))
fixed_weights(dict_model)
record_num("dict.call", dict_model({"q": xb, "p": xb * 2}).numpy(), 1e-6)

# --- a model as a layer, training flags --------------------------------------------------------
inner_in = keras.Input(shape=(4,), name="inner_in")
inner = keras.Model(inner_in, Doubler(name="doubler")(keras.layers.Dense(3, name="inner_dense")(inner_in)),
                    name="inner")
outer_in = keras.Input(shape=(4,), name="outer_in")
outer = keras.Model(outer_in, keras.layers.Dense(2, name="outer_dense")(inner(outer_in)), name="outer")
fixed_weights(outer)
record("nested.model", ([layer.name for layer in outer.layers], [w.path for w in outer.weights]))
record("nested.summary", summary_of(outer))
record("nested.summary_expanded", summary_of(outer, expand_nested=True))
record("nested.summary_range", summary_of(outer, layer_range=["inner", "outer_dense"]))
record_num("nested.inference", outer(x7).numpy(), 1e-6)
record_num("nested.training", outer(x7, training=True).numpy(), 1e-6)


class Subclassed(keras.Model):
    """A subclass built with the functional constructor (Keras makes it Functional)."""

    def __init__(self):
        x = keras.Input(shape=(4,), name="sub_in")
        super().__init__(x, keras.layers.Dense(2, name="sub_dense")(x), name="subclassed")


sub = Subclassed()
fixed_weights(sub)
record("subclassed.model", (type(sub).__name__, sub.name, [layer.name for layer in sub.layers],
                            isinstance(sub, keras.Model)))
record_num("subclassed.call", sub(x7).numpy(), 1e-6)

# --- operators on KerasTensors (Keras's ops as graph nodes) ------------------------------------
ox = keras.Input(shape=(3,), name="ox")
oh = keras.layers.Dense(4, name="od")(ox)
oy = (oh * 2.0 + 1) / 3.0 - oh[:, :1] ** 2
oz = -abs(oy) @ np.ones((4, 2), "float32")
record("ops.symbolic", (repr(oy), repr(oz), repr(oh > 0.5), repr(oh[:, 0]), repr(3 - oh), repr(oh // 2.0)))
ops_model = keras.Model(ox, [oz, 1.0 - oh], name="ops_model")
fixed_weights(ops_model)
record("ops.model", ([op.name for op in ops_model._operations], [layer.name for layer in ops_model.layers]))
record("ops.summary", summary_of(ops_model))
ops_out = ops_model(x7[:, :3])
record_num("ops.call", np.concatenate([o.numpy().ravel() for o in ops_out]), 1e-6)

# --- errors building models -------------------------------------------------------------------
lonely = keras.Input(shape=(4,), name="lonely")
record_error("build.disconnected", lambda: keras.Model(lonely, out))
record_error("build.not_tensor", lambda: keras.Model(inp, 3))
record_error("build.duplicate_names", lambda: keras.Model(
    inp, keras.layers.Dense(1, name="head")(keras.layers.Dense(1, name="head")(inp))))

# --- training a functional model --------------------------------------------------------------
X = rs.randn(50, 4).astype(np.float32)
Y = rs.randn(50, 3).astype(np.float32)
t_in = keras.Input(shape=(4,), name="t_in")
t_out = keras.layers.Dense(3, name="t_out")(keras.layers.Dense(6, activation="tanh", name="t_hidden")(t_in))
trained = keras.Model(t_in, t_out, name="trained")
fixed_weights(trained)
trained.compile(optimizer="adam", loss="mse")
record_num("fit.one_step_loss", trained.train_on_batch(X[:16], Y[:16]), 1e-6)
record_num("fit.one_step_weights", np.concatenate([w.numpy().ravel() for w in trained.weights]), 1e-6)
history = trained.fit(X, Y, batch_size=16, epochs=3, shuffle=False, verbose=0)
record_num("fit.loss", history.history["loss"], 1e-4)
record_num("fit.weights", np.concatenate([w.numpy().ravel() for w in trained.weights]), 1e-4)
record_num("fit.evaluate", trained.evaluate(X, Y, batch_size=20, verbose=0), 1e-4)
record("fit.summary", summary_of(trained))

# --- several outputs: losses by list, dict and one for all, loss_weights ----------------------
def two_headed(name):
    x = keras.Input(shape=(4,), name=f"{name}_in")
    h = keras.layers.Dense(5, activation="relu", name=f"{name}_h")(x)
    model = keras.Model(x, [keras.layers.Dense(2, name=f"{name}_reg")(h),
                            keras.layers.Dense(3, activation="softmax", name=f"{name}_cls")(h)], name=name)
    fixed_weights(model)
    return model


Y_REG = rs.randn(50, 2).astype(np.float32)
Y_CLS = np.eye(3, dtype=np.float32)[rs.randint(0, 3, 50)]
for case, loss, weights, targets in (
        ("list", ["mse", "categorical_crossentropy"], None, [Y_REG, Y_CLS]),
        ("weighted", ["mse", "categorical_crossentropy"], [0.3, 2.0], [Y_REG, Y_CLS]),
        ("dict", {"dict_reg": "mse", "dict_cls": keras.losses.CategoricalCrossentropy()},
         {"dict_reg": 1.5, "dict_cls": 0.5}, {"dict_cls": Y_CLS, "dict_reg": Y_REG}),
        ("one_loss", "mse", None, [Y_REG, Y_CLS]),
        ("only_first", ["mse", None], None, [Y_REG, Y_CLS])):
    heads = two_headed(case)
    heads.compile(optimizer="adam", loss=loss, loss_weights=weights)
    hist = heads.fit(X, targets, batch_size=16, epochs=2, shuffle=False, verbose=0)
    record(f"outputs.{case}.keys", sorted(hist.history))
    for key in sorted(hist.history):
        record_num(f"outputs.{case}.{key}", hist.history[key], 1e-4)
    record_num(f"outputs.{case}.evaluate", heads.evaluate(X, targets, batch_size=25, verbose=0), 1e-4)
    record(f"outputs.{case}.metrics_names", heads.metrics_names)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        heads.fit(X, targets, batch_size=16, epochs=1, shuffle=False, verbose=2)
    record(f"outputs.{case}.verbose2", re.sub(r"\d+s - \d+(?:s|ms|us)/step", "T", out.getvalue())
           .split(" - ", 1)[1] if " - " in out.getvalue() else out.getvalue())

# --- a custom train_step with its own metrics (the "Customizing fit()" guide's pattern) ----------
guide_loss = keras.metrics.Mean(name="loss")
guide_mae = keras.metrics.MeanAbsoluteError(name="mae")


class CustomStep(keras.Model):
    def train_step(self, data):
        x, y = data  # Keras gives train_step (x, y) when there are no sample weights
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = keras.losses.MeanSquaredError()(y, y_pred)
        gradients = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(gradients, self.trainable_variables))
        guide_loss.update_state(loss)
        guide_mae.update_state(y, y_pred)
        return {"loss": guide_loss.result(), "mae": guide_mae.result()}

    @property
    def metrics(self):
        return [guide_loss, guide_mae]


guide_in = keras.Input(shape=(9,), name="guide_in")
guide = CustomStep(guide_in, keras.layers.Dense(1, name="guide_dense")(guide_in))
fixed_weights(guide)
guide.compile(optimizer="adam")
guide_history = guide.fit(X[:, :4].repeat(3, axis=1)[:, :9], Y[:, :1], epochs=3, batch_size=13, verbose=0,
                          shuffle=False)
for key in sorted(guide_history.history):
    record_num(f"custom_step.{key}", guide_history.history[key], 1e-5)
record("custom_step.metrics", [m.name for m in guide.metrics])

# --- Sequential on the functional graph ------------------------------------------------------
seq = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3), keras.layers.Dense(2)])
record("sequential.input", (repr(seq._layers[0]) if hasattr(seq, "_layers") else None, seq.input_shape,
                            seq.output_shape, [layer.name for layer in seq.layers]))
record("sequential.summary", summary_of(seq))
lazy = keras.Sequential([keras.layers.Dense(3), keras.layers.Dense(2)], name="lazy")
record("sequential.unbuilt_summary", summary_of(lazy))
record_error("sequential.unbuilt_input_shape", lambda: lazy.input_shape)
lazy(np.ones((5, 4), np.float32))
record("sequential.called_summary", summary_of(lazy))
with_shape = keras.Sequential([keras.layers.Dense(2, input_shape=(3,))], name="with_shape")
record("sequential.input_shape_arg", (with_shape.built, summary_of(with_shape)))
built = keras.Sequential([keras.layers.Dense(2)], name="built_later")
built.build((None, 6))
record("sequential.build", (built.input_shape, summary_of(built)))
record_error("sequential.rebuild", lambda: seq.build((None, 5)))
captured = []
seq.summary(print_fn=captured.append)
record("summary.print_fn", (len(captured), captured[0] == results["sequential.summary"]))
big = keras.Sequential([keras.Input(shape=(300,)), keras.layers.Dense(1000), keras.layers.Dense(1000)],
                       name="big")
record("summary.thousands", summary_of(big))

# --- TensorFlow checkpoints follow Keras's graph -----------------------------------------------
for case, obj in (("sequential", seq), ("functional", multi), ("nested", outer)):
    prefix = tf.train.Checkpoint(model=obj).write(os.path.join(out_dir, case))
    record(f"checkpoint.{case}", [(n, s) for n, s in tf.train.list_variables(prefix)])

# --- configs and .keras files of functional models -------------------------------------------
SAVED = {"multi": (multi, [xa, xb]), "ops": (ops_model, x7[:, :3]), "nested": (outer, x7)}
for case, (saved, inputs) in SAVED.items():
    record(f"config.{case}", saved.get_config())
    revived = keras.Model.from_config(saved.get_config())
    revived.set_weights(saved.get_weights())
    record("config.revived." + case, (type(revived).__name__, [layer.name for layer in revived.layers],
                                       all(np.allclose(np.asarray(a), np.asarray(b)) for a, b in
                                           zip(tf.nest.flatten(revived(inputs)), tf.nest.flatten(saved(inputs))))))
    saved.save(os.path.join(out_dir, f"{case}.keras"))
if len(sys.argv) > 3:
    for case, (_, inputs) in SAVED.items():
        loaded = keras.models.load_model(os.path.join(sys.argv[3], f"{case}.keras"))
        record_num(f"loaded.{case}", np.concatenate([np.asarray(o).ravel() for o in tf.nest.flatten(loaded(inputs))]),
                   1e-6)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
