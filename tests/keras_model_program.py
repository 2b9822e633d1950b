"""One program over Keras 3's Sequential and Model with compile / fit / evaluate / predict, run
under TensorFlow 2.21 (by tests/tools/record_keras_model.py, into tests/fixtures/keras_model/)
and under varrt (by tests/test_keras_model.py), in a fresh interpreter each (Keras's automatic
names count program-wide).

    python keras_model_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (printed text with its
times masked, names, keys, error types and messages) and {"num:<tolerance>:case": [floats]}
for numbers, compared within the relative tolerance the key names. Every fit runs with
shuffle=False: the order TensorFlow's shuffle draws is not varrt's (see test_keras_model.py)."""
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


def printed(fn):
    """What `fn` prints, with the seconds and times per step masked, and what it returns."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        value = fn()
    text = re.sub(r" - \d+s - \d+(?:s|ms|us)/step", " - Ts - T/step", out.getvalue())
    return text, value


def bar_text(text):
    """A progress bar's output (verbose=1) as it finally stands: each line's last drawing (after
    its last "\\r"), trailing padding and times masked. How often it redraws in between depends
    on time (Keras redraws after 0.05 s) and is not compared."""
    lines = [line.rsplit("\r", 1)[-1].rstrip() for line in text.split("\n")]
    lines = [re.sub(r"\x1b\[1m(?:\d+:)*\d+s?\x1b\[0m", "\x1b[1mT\x1b[0m", line) for line in lines]
    return "\n".join(re.sub(r" \d+(?:s|ms|us)/step", " T/step", line) for line in lines)


def flat_weights(model):
    return np.concatenate([w.numpy().reshape(-1) for w in model.weights])


rs = np.random.RandomState(0)
X = rs.randn(50, 4).astype(np.float32)
Y = rs.randint(0, 3, 50)
INITIAL = [rs.randn(4, 8).astype(np.float32) * 0.5, rs.randn(8).astype(np.float32) * 0.1,
           rs.randn(8, 3).astype(np.float32) * 0.5, rs.randn(3).astype(np.float32) * 0.1]


def mlp(output_activation=None, name=None):
    """The Sequential MLP (Dense 8 relu, Dense 3), built for 4 features, with the INITIAL weights."""
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(3, activation=output_activation)], name=name)
    model.build((None, 4))
    model.set_weights(INITIAL)
    return model


def logits_loss():
    return tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


# --- The model before training: names, paths, layers -----------------------------------
m = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(3)])
record("sequential.unbuilt", (repr(m), m.name, m.built, len(m.layers), len(m.weights)))
m.build((None, 4))
record("sequential.built", (repr(m), m.built, [w.path for w in m.weights], [layer.name for layer in m.layers],
                            [w.path for w in m.trainable_variables]))
record_error("sequential.fit_before_compile", lambda: m.fit(X, Y, verbose=0))
record_error("sequential.layers_setter", lambda: setattr(m, "layers", []))
record_error("sequential.add_not_a_layer", lambda: m.add(3))
record_error("sequential.add_same_name", lambda: m.add(tf.keras.layers.Dense(2, name=m.layers[0].name)))
record_error("compile.unknown_optimizer", lambda: m.compile(optimizer="foo", loss="mse"))
record_error("compile.unknown_loss", lambda: m.compile(optimizer="adam", loss="foo"))
record_error("fit.unknown_loss", lambda: m.fit(X, Y, verbose=0))

# --- One step: the weights after it (1e-6) ----------------------------------------------
one = mlp()
one.compile(optimizer=tf.keras.optimizers.Adam(), loss=logits_loss())
h = one.fit(X[:16], Y[:16], batch_size=16, epochs=1, shuffle=False, verbose=0)
record_num("one_step.weights", flat_weights(one), 1e-6)
record_num("one_step.loss", h.history["loss"], 1e-6)

# --- Three epochs on 50 samples, batch 16, Adam, sparse categorical crossentropy ---------
model = mlp()
model.compile(optimizer=tf.keras.optimizers.Adam(), loss=logits_loss(), metrics=["accuracy"])
record("metrics_names.compiled", (model.metrics_names, [m.name for m in model.metrics]))
text, h = printed(lambda: model.fit(X, Y, batch_size=16, epochs=3, shuffle=False, verbose=2,
                                    validation_data=(X[:20], Y[:20])))
record("fit.printed", text)
record("fit.history", (type(h).__name__, sorted(h.history), h.epoch, h.params, h.model is model,
                       model.history is h, [type(v).__name__ for v in h.history["loss"]]))
record_num("fit.loss", h.history["loss"], 1e-4)
record_num("fit.accuracy", h.history["accuracy"], 1e-4)
record_num("fit.val_loss", h.history["val_loss"], 1e-4)
record_num("fit.weights", flat_weights(model), 1e-4)
record_num("fit.iterations", [model.optimizer.iterations.numpy()], 0)
# A trained Sequential in TensorFlow's checkpoint: its weights reach it through the optimizer.
path = tf.train.Checkpoint(model=model).write(os.path.join(out_dir, "trained"))
record("checkpoint.keys", [name for name, _ in tf.train.list_variables(path)])
restored = mlp()
restored.compile(optimizer=tf.keras.optimizers.Adam(), loss=logits_loss(), metrics=["accuracy"])
restored.optimizer.build(restored.trainable_variables)
tf.train.Checkpoint(model=restored).read(path).assert_consumed()
record("checkpoint.restored_equal", np.array_equal(flat_weights(restored), flat_weights(model)))
record_num("checkpoint.restored_iterations", [restored.optimizer.iterations.numpy()], 0)
text, value = printed(lambda: model.evaluate(X, Y, batch_size=16, verbose=2))
record("evaluate.printed", text)
record("evaluate.type", (type(value).__name__, len(value)))
record_num("evaluate.value", value, 1e-5)
text, value = printed(lambda: model.evaluate(X, Y, verbose=0, return_dict=True))
record("evaluate.dict_keys", (text, sorted(value)))
record_num("evaluate.dict", [value[k] for k in sorted(value)], 1e-5)
text, value = printed(lambda: model.predict(X, batch_size=16, verbose=2))
record("predict.printed", text)
record("predict.type", (type(value).__name__, value.dtype.name, value.shape))
record_num("predict.value", value, 1e-5)
record_num("predict.on_batch", model.predict_on_batch(X[:5]), 1e-5)
record_num("test_on_batch", model.test_on_batch(X[:10], Y[:10]), 1e-5)
record("test_on_batch.dict", sorted(model.test_on_batch(X[:10], Y[:10], return_dict=True)))
record_num("train_on_batch", model.train_on_batch(X[:10], Y[:10]), 1e-5)
record_num("train_on_batch.weights", flat_weights(model), 1e-4)

# --- The same training run eagerly, and on a Dataset of batches ---------------------------
eager = mlp()
eager.compile(optimizer="adam", loss=logits_loss(), run_eagerly=True)
h = eager.fit(X, Y, batch_size=16, epochs=3, shuffle=False, verbose=0)
record_num("eager.loss", h.history["loss"], 1e-4)
record_num("eager.weights", flat_weights(eager), 1e-4)
on_dataset = mlp()
on_dataset.compile(optimizer="adam", loss=logits_loss())
dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(16)
text, h = printed(lambda: on_dataset.fit(dataset, epochs=2, verbose=2))
record("dataset.printed", text)
record_num("dataset.loss", h.history["loss"], 1e-4)
record_num("dataset.evaluate", [on_dataset.evaluate(dataset, verbose=0)], 1e-5)
record_error("dataset.with_y", lambda: on_dataset.fit(dataset, Y, verbose=0))

# --- Sample weights: in the loss and the metrics, not in the loss tracker's batch weights ---------
weighted = mlp()
weighted.compile(optimizer="adam", loss=logits_loss(), metrics=["accuracy"])
W = rs.rand(50).astype(np.float32)
h = weighted.fit(X, Y, sample_weight=W, batch_size=16, epochs=2, shuffle=False, verbose=0)
record_num("weighted.loss", h.history["loss"], 1e-4)
record_num("weighted.accuracy", h.history["accuracy"], 1e-4)
record_num("weighted.evaluate", weighted.evaluate(X, Y, sample_weight=W, verbose=0), 1e-5)

# --- Losses and optimizers by name ---------------------------------------------------------
softmax = mlp(output_activation="softmax")
softmax.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["acc"])
h = softmax.fit(X, Y, batch_size=16, epochs=2, shuffle=False, verbose=0)
record("by_name.keys", (sorted(h.history), softmax.metrics_names))
record_num("by_name.evaluate_order", softmax.evaluate(X, Y, verbose=0), 1e-5)
record_num("by_name.loss", h.history["loss"], 1e-4)
record_num("by_name.acc", h.history["acc"], 1e-4)
regression = tf.keras.Sequential([tf.keras.layers.Dense(1)])
regression.build((None, 4))
regression.set_weights([INITIAL[0][:, :1], INITIAL[1][:1]])
regression.compile(optimizer="sgd", loss="mse")
record("metrics_names.loss_only", regression.metrics_names)
target = X @ np.array([[1.0], [-2.0], [0.5], [0.0]], np.float32) + 0.3
text, h = printed(lambda: regression.fit(X, target, batch_size=10, epochs=4, shuffle=False, verbose=0,
                                         initial_epoch=1))
record("regression.quiet", (text, h.epoch))
record_num("regression.loss", h.history["loss"], 1e-4)
record_num("regression.weights", flat_weights(regression), 1e-4)
record_num("regression.evaluate", [regression.evaluate(X, target, verbose=0)], 1e-5)


# --- What verbose=1 ("auto") and verbose=2 print ------------------------------------------------
text, _ = printed(lambda: regression.fit(X, target, batch_size=10, epochs=2, shuffle=False, verbose=1))
record("verbose1.fit", (bar_text(text), text.count("\n"), text.startswith("Epoch 1/2\n\r")))
# The first drawing (after the first step, always drawn): a partial bar, the ETA, the step's logs.
record("verbose1.fit_first_drawing", bar_text(re.split(r"[\b\n]", text.split("\r")[1])[0]))
text, _ = printed(lambda: regression.fit(X, target, batch_size=10, epochs=1, shuffle=False))
record("verbose_auto.fit_one_epoch", bar_text(text))
text, _ = printed(lambda: regression.fit(X, target, batch_size=10, epochs=1, shuffle=False, verbose=2))
record("verbose2.fit_one_epoch", text)
text, _ = printed(lambda: regression.evaluate(X, target, batch_size=10, verbose=1))
record("verbose1.evaluate", bar_text(text))
text, _ = printed(lambda: regression.predict(X, batch_size=10))
record("verbose_auto.predict", bar_text(text))
text, _ = printed(lambda: regression.fit(tf.data.Dataset.from_tensor_slices((X, target)).batch(25), epochs=1))
record("verbose_auto.fit_dataset", bar_text(text))


# --- A subclassed Model ------------------------------------------------------------------------
class MLP(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(3)

    def call(self, x, training=False):
        return self.out(self.hidden(x))


sub = MLP()
record("subclass.unbuilt", (repr(sub), sub.name, sub.built, [layer.name for layer in sub.layers]))
sub(X[:2])
record("subclass.built", (repr(sub), sub.built, [w.path for w in sub.weights], len(sub.trainable_variables)))
sub.set_weights(INITIAL)
sub.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.01), loss=logits_loss(), metrics=["accuracy"])
h = sub.fit(X, Y, batch_size=16, epochs=3, shuffle=False, verbose=0)
record_num("subclass.loss", h.history["loss"], 1e-4)
record_num("subclass.weights", flat_weights(sub), 1e-4)
record_num("subclass.evaluate", sub.evaluate(X, Y, verbose=0), 1e-5)


class NoCall(tf.keras.Model):
    pass


record_error("subclass.no_call", lambda: NoCall()(X))
record_error("subclass.layers_setter", lambda: setattr(sub, "layers", []))

# --- tf.keras.Input as a Sequential's first element (last: it takes automatic names) -------------
inp = tf.keras.Input(shape=(4,))
# Keras numbers the symbolic tensors its functional builds make (each Sequential's layers' outputs):
# the automatic name's number is not compared.
record("input.repr", re.sub(r"keras_tensor(_\d+)?", "keras_tensor*", repr((repr(inp), inp.shape, inp.dtype, inp.name))))
record("input.named", repr(tf.keras.Input(shape=(3,), batch_size=5, dtype="float64", name="x")))
with_input = tf.keras.Sequential([inp, tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(3)])
record("input.sequential", (repr(with_input), with_input.built, [layer.name for layer in with_input.layers],
                            [w.path for w in with_input.weights]))
with_input.set_weights(INITIAL)
with_input.compile(optimizer="adam", loss=logits_loss())
record_num("input.loss", with_input.fit(X, Y, batch_size=16, epochs=2, shuffle=False, verbose=0).history["loss"],
           1e-4)
record_error("input.second", lambda: with_input.add(tf.keras.Input(shape=(4,))))
record_error("input.no_shape", lambda: tf.keras.Input())
with_input_shape = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
record("input_shape.sequential", (with_input_shape.built, [w.path for w in with_input_shape.weights]))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
