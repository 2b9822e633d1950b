"""Keras 3's recurrent extras — the cells' `dropout` and `recurrent_dropout` under fixed seeds,
stacked cells (`StackedRNNCells`, `RNN([cell, cell])`), `stateful=True` with `reset_states`, and
`unroll=True` — run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/keras_recurrent_extras/) and under varrt
(by tests/test_keras_recurrent_extras.py).

    python keras_recurrent_extras_program.py varrt|tensorflow OUT_DIR [LOAD_DIR]

Each model is saved as a `.keras` file into OUT_DIR and LOAD_DIR's (default OUT_DIR) are loaded.
Writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers."""
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

keras = tf.keras
layers = keras.layers
out_dir = os.path.abspath(sys.argv[2])
load_dir = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else out_dir
results = {}
STEP, EPOCH = 1e-5, 1e-3


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol=STEP):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def fix(obj, seed):
    rs = np.random.RandomState(seed)
    obj.set_weights([rs.uniform(-0.6, 0.6, w.shape).astype("float32") for w in obj.get_weights()])


def flat(values):
    return np.concatenate([np.asarray(v).ravel() for v in tf.nest.flatten(values)])


rs = np.random.RandomState(41)
X = rs.randn(6, 5, 3).astype("float32")
MASK = np.array([[1, 1, 1, 1, 1], [1, 1, 0, 0, 0], [1, 1, 1, 1, 0], [1, 0, 0, 0, 0], [1, 1, 1, 0, 0],
                 [1, 1, 1, 1, 1]], bool)

# --- dropout and recurrent dropout, seeded -----------------------------------------------------------
for case, make in (
        ("dropout.simple_rnn", lambda: layers.SimpleRNN(3, dropout=0.3, recurrent_dropout=0.4, seed=5,
                                                        return_sequences=True)),
        ("dropout.lstm_input", lambda: layers.LSTM(3, dropout=0.3, seed=7, return_sequences=True)),
        ("dropout.lstm_both", lambda: layers.LSTM(3, dropout=0.3, recurrent_dropout=0.2, seed=8,
                                                  return_sequences=True, return_state=True)),
        ("dropout.lstm_implementation_1", lambda: layers.LSTM(3, seed=10, implementation=1)),
        ("dropout.gru_input", lambda: layers.GRU(3, dropout=0.5, seed=1, go_backwards=True)),
        ("dropout.gru_both", lambda: layers.GRU(3, dropout=0.5, recurrent_dropout=0.5, seed=2,
                                                return_sequences=True)),
        ("dropout.gru_reset_before", lambda: layers.GRU(3, recurrent_dropout=0.5, seed=3, reset_after=False)),
        ("dropout.stacked", lambda: layers.RNN([layers.LSTMCell(3, dropout=0.2, seed=4),
                                                layers.GRUCell(2, recurrent_dropout=0.3, seed=6)]))):
    layer = make()
    layer.build(X.shape)
    fix(layer, len(case))
    record_num(f"{case}.training", flat(layer(X, training=True)))
    record_num(f"{case}.training_again", flat(layer(X, training=True)))
    record_num(f"{case}.masked_training", flat(layer(X, training=True, mask=tf.constant(MASK))))
    record_num(f"{case}.inference", flat(layer(X)))
    record(f"{case}.seed_states", repr([v.numpy().tolist() for v in layer.variables if "seed_generator" in v.path]))
record("dropout.config", repr({k: v for k, v in layers.LSTM(2, dropout=0.25, recurrent_dropout=0.5, seed=3)
                               .get_config().items() if k in ("dropout", "recurrent_dropout", "seed")}))
record("dropout.variables", repr([v.path.split("/")[-1] for v in layers.GRU(2, dropout=0.1, seed=1).variables]))

# A model with recurrent dropout trained with fit (the masks drawn in the traced step).
dropout_model = keras.Sequential([keras.Input(shape=(5, 3)),
                                  layers.LSTM(4, dropout=0.2, recurrent_dropout=0.3, seed=11),
                                  layers.Dense(1)], name="dropout_model")
fix(dropout_model, 12)
dropout_model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
Y_DROP = rs.randn(6, 1).astype("float32")
dropout_model.fit(X, Y_DROP, batch_size=6, epochs=1, shuffle=False, verbose=0)
record_num("dropout_model.after_one_step", dropout_model.predict(X, verbose=0), STEP)
history = dropout_model.fit(X, Y_DROP, batch_size=2, epochs=2, shuffle=False, verbose=0)
record_num("dropout_model.history", history.history["loss"], EPOCH)
record_num("dropout_model.weights", flat(dropout_model.get_weights()), EPOCH)

# --- stacked cells ----------------------------------------------------------------------------------
for case, make in (
        ("stacked.lstm_gru_simple", lambda: layers.RNN([layers.LSTMCell(4), layers.GRUCell(3), layers.SimpleRNNCell(2)],
                                                       return_sequences=True, return_state=True)),
        ("stacked.cells_object", lambda: layers.RNN(layers.StackedRNNCells([layers.GRUCell(3), layers.LSTMCell(2)]))),
        ("stacked.backwards_masked", lambda: layers.RNN([layers.SimpleRNNCell(3), layers.LSTMCell(3)],
                                                        go_backwards=True, return_state=True))):
    layer = make()
    layer.build(X.shape)
    fix(layer, len(case))
    record(f"{case}.weights", repr([(w.path, tuple(w.shape)) for w in layer.weights]))
    record(f"{case}.state_size", repr(layer.state_size))
    outputs = layer(X)
    record(f"{case}.structure", repr(tf.nest.map_structure(lambda t: tuple(t.shape), outputs)))
    record_num(f"{case}.outputs", flat(outputs))
    record_num(f"{case}.masked", flat(layer(X, mask=tf.constant(MASK))))
    config = layer.get_config()
    record(f"{case}.config_cells", repr([c["class_name"] for c in config["cell"]["config"]["cells"]]))
    again = layers.RNN.from_config(config)
    again.build(X.shape)
    again.set_weights(layer.get_weights())
    record_num(f"{case}.from_config", flat(again(X)))
stacked_cells = layers.StackedRNNCells([layers.SimpleRNNCell(2), layers.GRUCell(3)])
record("stacked_cells.state_and_output_size", repr((stacked_cells.state_size, stacked_cells.output_size)))
record_error("stacked_cells.no_call", lambda: layers.StackedRNNCells([layers.GRUCell(2), object()]))

with tf.GradientTape() as tape:
    stacked = layers.RNN([layers.LSTMCell(3), layers.LSTMCell(2)])
    stacked.build(X.shape)
    fix(stacked, 7)
    loss = tf.reduce_sum(stacked(X) ** 2)
record_num("stacked.gradients", flat(tape.gradient(loss, stacked.trainable_variables)))

# --- stateful -------------------------------------------------------------------------------------
stateful = layers.LSTM(3, stateful=True, return_sequences=True)
stateful.build(X.shape)
fix(stateful, 3)
record("stateful.states", repr([(v.name, tuple(v.shape), v.trainable) for v in stateful.states]))
record("stateful.weights", repr([w.path for w in stateful.weights]))
first = stateful(X)
second = stateful(X)
record_num("stateful.first_call", first)
record_num("stateful.second_call_continues", second)
record_num("stateful.states_after", flat([v.numpy() for v in stateful.states]))
stateful.reset_states()
record_num("stateful.after_reset", flat([v.numpy() for v in stateful.states]))
record_num("stateful.first_again", stateful(X))
record_error("stateful.batch_mismatch", lambda: stateful(X[:4]))
record_error("stateful.dynamic_batch", lambda: layers.GRU(2, stateful=True)(keras.Input((5, 3))))
stateful_gru = layers.GRU(2, stateful=True, return_state=True)
stateful_gru.build(X.shape)
fix(stateful_gru, 4)
stateful_gru(X, mask=tf.constant(MASK))
record_num("stateful.masked_states", flat([v.numpy() for v in stateful_gru.states]))
stateful_stack = layers.RNN([layers.GRUCell(2), layers.LSTMCell(2)], stateful=True)
stateful_stack.build(X.shape)
fix(stateful_stack, 5)
stateful_stack(X)
# (The nesting as plain lists: TensorFlow wraps Keras's lists of state variables in its ListWrapper.)
record("stateful.stacked_states", repr([[tuple(v.shape) for v in tf.nest.flatten(cell_states)]
                                        for cell_states in stateful_stack.states]))
record_num("stateful.stacked_second", stateful_stack(X))

stateful_bi = layers.Bidirectional(layers.GRU(2, stateful=True, return_sequences=True))
stateful_bi.build(X.shape)
fix(stateful_bi, 9)
stateful_bi(X)
record_num("stateful.bidirectional_second", stateful_bi(X, mask=tf.constant(MASK)))
record("stateful.bidirectional_states", repr([tuple(v.shape) for v in stateful_bi.states]))
stateful_bi.reset_states()
record_num("stateful.bidirectional_reset", flat([v.numpy() for v in stateful_bi.states]))
record_error("stateful.bidirectional_not_stateful", lambda: layers.Bidirectional(layers.GRU(2)).reset_states())

# A stateful model trained with fit, batch by batch in order, the states carried across batches.
model = keras.Sequential([keras.Input(batch_shape=(3, 5, 3)), layers.GRU(4, stateful=True),
                          layers.Dense(1)], name="stateful_model")
fix(model, 6)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
Y = rs.randn(6, 1).astype("float32")
history = model.fit(X, Y, batch_size=3, epochs=2, shuffle=False, verbose=0)
record_num("stateful.fit_loss", history.history["loss"], EPOCH)
record_num("stateful.fit_states", model.layers[0].states[0].numpy(), EPOCH)
model.layers[0].reset_states()
record_num("stateful.fit_predict", model.predict(X, batch_size=3, verbose=0), EPOCH)
model.save(os.path.join(out_dir, "stateful_model.keras"))

# --- unroll ---------------------------------------------------------------------------------------
for case, make in (
        ("unroll.lstm", lambda: layers.LSTM(3, unroll=True, return_sequences=True, return_state=True)),
        ("unroll.gru_backwards", lambda: layers.GRU(3, unroll=True, go_backwards=True)),
        ("unroll.simple_zero_output", lambda: layers.SimpleRNN(2, unroll=True, return_sequences=True,
                                                               zero_output_for_mask=True))):
    layer = make()
    layer.build(X.shape)
    fix(layer, len(case) + 1)
    record_num(f"{case}.outputs", flat(layer(X)))
    record_num(f"{case}.masked", flat(layer(X, mask=tf.constant(MASK))))
record_error("unroll.unknown_steps", lambda: layers.LSTM(2, unroll=True)(keras.Input((None, 3))))

# A stacked, unrolled model trained with fit and saved.
inputs = keras.Input(shape=(5, 3))
hidden = layers.RNN([layers.LSTMCell(4), layers.GRUCell(3)], unroll=True, return_sequences=True)(inputs)
outputs = layers.Dense(2)(layers.GlobalAveragePooling1D()(hidden))
stacked_model = keras.Model(inputs, outputs, name="stacked_model")
fix(stacked_model, 8)
stacked_model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
Y2 = rs.randn(6, 2).astype("float32")
stacked_model.fit(X, Y2, batch_size=6, epochs=1, shuffle=False, verbose=0)
record_num("stacked_model.after_one_step", stacked_model.predict(X, verbose=0), STEP)
history = stacked_model.fit(X, Y2, batch_size=4, epochs=3, shuffle=False, verbose=0)
for key in sorted(history.history):
    record_num(f"stacked_model.history.{key}", history.history[key], EPOCH)
record_num("stacked_model.predictions", stacked_model.predict(X, verbose=0), EPOCH)
stacked_model.save(os.path.join(out_dir, "stacked_model.keras"))

# --- the .keras files -----------------------------------------------------------------------------
loaded = keras.models.load_model(os.path.join(load_dir, "stacked_model.keras"))
record_num("load.stacked_model.predictions", loaded.predict(X, verbose=0), EPOCH)
record("load.stacked_model.weights", repr([w.path for w in loaded.weights]))
loaded = keras.models.load_model(os.path.join(load_dir, "stateful_model.keras"))
record("load.stateful_model.stateful", repr(loaded.layers[0].stateful))
record_num("load.stateful_model.predictions", loaded.predict(X, batch_size=3, verbose=0), EPOCH)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
