"""Keras 3's recurrent layers (SimpleRNN, LSTM, GRU and their cells, RNN of a cell), run under
TensorFlow 2.21 (by tests/tools/record_keras_program.py, into tests/fixtures/keras_recurrent/)
and under varrt (by tests/test_keras_recurrent.py).

    python keras_recurrent_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
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
out_dir = sys.argv[2]
results = {}
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
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def fixed(layer):
    layer.set_weights([rs.uniform(-0.6, 0.6, w.shape).astype(w.dtype) for w in layer.get_weights()])


def flat(values):
    values = values if isinstance(values, (list, tuple)) else [values]
    return np.concatenate([np.asarray(v).ravel() for v in values])


X = rs.randn(3, 7, 5).astype(np.float32)
for case, make in (
        ("simple_rnn", lambda: keras.layers.SimpleRNN(4)),
        ("simple_rnn.relu_backwards", lambda: keras.layers.SimpleRNN(4, activation="relu", go_backwards=True,
                                                                     return_sequences=True)),
        ("lstm", lambda: keras.layers.LSTM(4)),
        ("lstm.sequences_state", lambda: keras.layers.LSTM(4, return_sequences=True, return_state=True)),
        ("lstm.no_bias_backwards", lambda: keras.layers.LSTM(3, use_bias=False, go_backwards=True)),
        ("lstm.unrolled", lambda: keras.layers.LSTM(4, unroll=True, return_sequences=True)),
        ("gru", lambda: keras.layers.GRU(4)),
        ("gru.state", lambda: keras.layers.GRU(4, return_state=True, return_sequences=True)),
        ("gru.reset_before", lambda: keras.layers.GRU(4, reset_after=False)),
        ("rnn_of_cell", lambda: keras.layers.RNN(keras.layers.LSTMCell(3), return_sequences=True))):
    layer = make()
    layer.build(X.shape)
    fixed(layer)
    record(f"{case}.weights", ([w.path for w in layer.weights], [tuple(w.shape) for w in layer.weights]))
    record_num(f"{case}.out", flat(layer(X)), 1e-5)
    with tf.GradientTape() as tape:
        xt = tf.constant(X)
        tape.watch(xt)
        out = layer(xt)
        out = out[0] if isinstance(out, (list, tuple)) else out
        loss = tf.reduce_sum(out * tf.constant(rs.randn(*out.shape).astype(np.float32)))
    grads = tape.gradient(loss, [xt] + layer.trainable_variables)
    record_num(f"{case}.grads", flat([g.numpy() for g in grads]), 1e-4)
    traced = tf.function(lambda v: layer(v))
    record_num(f"{case}.traced", flat(traced(tf.constant(X[:2]))), 1e-5)

lstm = keras.layers.LSTM(4, return_state=True)
lstm.build(X.shape)
fixed(lstm)
h0, c0 = rs.randn(3, 4).astype(np.float32), rs.randn(3, 4).astype(np.float32)
record_num("lstm.initial_state", flat(lstm(X, initial_state=[h0, c0])), 1e-5)
record("lstm.config", lstm.get_config())
record("lstm.cell_config", lstm.cell.get_config())
record("gru.config", keras.layers.GRU(2, name="g").get_config())
record("simple_rnn.config", keras.layers.SimpleRNN(2, name="s").get_config())
record("lstm.properties", (lstm.units, lstm.cell.state_size, lstm.cell.output_size, repr(lstm.input_spec.ndim)))
record_error("lstm.bad_units", lambda: keras.layers.LSTM(0))
record_error("lstm.unroll_unknown_time", lambda: keras.layers.LSTM(2, unroll=True)(keras.Input((None, 3))))
record_error("lstm.rank", lambda: keras.layers.LSTM(2)(np.ones((2, 3), np.float32)))

# --- wrappers: Bidirectional, TimeDistributed; a generic RNN's config --------------------------
for case, make in (
        ("bidirectional.concat", lambda: keras.layers.Bidirectional(keras.layers.LSTM(3, return_sequences=True))),
        ("bidirectional.sum", lambda: keras.layers.Bidirectional(keras.layers.GRU(3), merge_mode="sum")),
        ("bidirectional.states", lambda: keras.layers.Bidirectional(keras.layers.LSTM(2, return_state=True),
                                                                     merge_mode="mul")),
        ("bidirectional.none", lambda: keras.layers.Bidirectional(keras.layers.SimpleRNN(2, return_sequences=True),
                                                                   merge_mode=None)),
        ("time_distributed", lambda: keras.layers.TimeDistributed(keras.layers.Dense(3, activation="relu")))):
    layer = make()
    layer.build(X.shape)
    fixed(layer)
    record(f"{case}.weights", [w.path for w in layer.weights])
    record_num(f"{case}.out", flat([np.asarray(o) for o in tf.nest.flatten(layer(X))]), 1e-5)
    record(f"{case}.config", layer.get_config())
    record(f"{case}.shape", repr(layer.compute_output_shape((None, 7, 5))))
with tf.GradientTape() as tape:
    bi = keras.layers.Bidirectional(keras.layers.LSTM(3))
    bi.build(X.shape)
    fixed(bi)
    loss = tf.reduce_sum(bi(tf.constant(X)) ** 2)
record_num("bidirectional.grads", flat([g.numpy() for g in tape.gradient(loss, bi.trainable_variables)]), 1e-4)
record("rnn.config", keras.layers.RNN(keras.layers.GRUCell(2), return_sequences=True, name="r").get_config())
record_error("bidirectional.bad_merge", lambda: keras.layers.Bidirectional(keras.layers.LSTM(2), merge_mode="max"))
record_error("bidirectional.not_layer", lambda: keras.layers.Bidirectional(3))
record_error("time_distributed.rank", lambda: keras.layers.TimeDistributed(keras.layers.Dense(2)).build((3, 4)))

# --- symbolic: variable-length and fixed-length inputs, summary shapes -------------------------
seq = keras.Input(shape=(None, 5), name="seq")
states = keras.layers.LSTM(6, return_sequences=True, return_state=True, name="encoder")(seq)
record("symbolic.lstm", [repr(s) for s in states])
decoded = keras.layers.GRU(6, name="decoder")(states[0], initial_state=states[1])
model = keras.Model(seq, keras.layers.Dense(2, name="out")(decoded))
fixed(model)
record_num("symbolic.model", model(X).numpy(), 1e-5)
record_num("symbolic.model_longer", model(rs.randn(2, 11, 5).astype(np.float32)).numpy(), 1e-5)

# --- training a recurrent model with fit -----------------------------------------------------
XS = rs.randn(30, 6, 5).astype(np.float32)
YS = rs.randint(0, 3, 30)
net = keras.Sequential([keras.Input(shape=(6, 5)), keras.layers.LSTM(8, return_sequences=True),
                        keras.layers.GRU(5), keras.layers.Dense(3)])
fixed(net)
net.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
net.train_on_batch(XS[:10], YS[:10])
record_num("fit.one_step", flat([w.numpy() for w in net.weights]), 1e-5)
history = net.fit(XS, YS, batch_size=8, epochs=3, shuffle=False, verbose=0)
record_num("fit.loss", history.history["loss"], 1e-4)
record_num("fit.weights", flat([w.numpy() for w in net.weights]), 1e-3)
prefix = tf.train.Checkpoint(model=net).write(os.path.join(out_dir, "ckpt"))
record("fit.checkpoint_keys", [n for n, _ in tf.train.list_variables(prefix)])

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
