"""Keras 3's masks and the LSTM text model of the Keras issue, run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/keras_masking/) and under varrt (by
tests/test_keras_masking.py).

    python keras_masking_program.py varrt|tensorflow OUT_DIR [LOAD_DIR]

Padded integer sequences (rows with trailing zeros) go through Embedding(mask_zero=True), LSTMs
(return_sequences and not), Bidirectional(GRU) and Dense; the masks (`compute_mask`,
`_keras_mask` on outputs), masked recurrence eagerly, the models trained with `fit` from fixed
weights (the tagger's loss and metrics weighted by its output mask), and the `.keras` files:
each model is saved into OUT_DIR, and LOAD_DIR's files (default OUT_DIR: the library's own) are
loaded and run. Writes OUT_DIR/results.json: {case: text} for what must be equal and
{"num:<tolerance>:case": [floats]} for numbers."""
import json
import os
import re
import sys
import warnings

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
STEP, EPOCH = 1e-5, 1e-3  # after one step; after an epoch and for metrics (the tolerances)


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


def mask_text(x):
    mask = getattr(x, "_keras_mask", None)
    return "None" if mask is None else f"{mask.dtype.name} {np.asarray(mask).astype(int).tolist()}"


def set_fixed_weights(model, seed):
    rs = np.random.RandomState(seed)
    model.set_weights([rs.uniform(-0.4, 0.4, w.shape).astype("float32") for w in model.get_weights()])


# Sizes no other program uses: 9 sequences of 7 steps, a vocabulary of 13.
rs = np.random.RandomState(28)
BATCH, STEPS, VOCAB = 9, 7, 13
LENGTHS = [7, 3, 5, 1, 7, 2, 6, 4, 3]
X = rs.randint(1, VOCAB, size=(BATCH, STEPS)).astype("int32")
for row, length in enumerate(LENGTHS):
    X[row, length:] = 0
Y_CLASS = rs.randint(0, 2, size=(BATCH,)).astype("int32")
Y_TAGS = rs.randint(0, 4, size=(BATCH, STEPS)).astype("int32")

# --- the masks themselves -------------------------------------------------------------------------
embedding = layers.Embedding(VOCAB, 4, mask_zero=True)
embedding.build((BATCH, STEPS))
embedding.set_weights([rs.uniform(-1, 1, (VOCAB, 4)).astype("float32")])
embedded = embedding(X)
record("embedding.compute_mask", mask_text(type("T", (), {"_keras_mask": embedding.compute_mask(X)})()))
record("embedding.output_mask", mask_text(embedded))
record("embedding.supports_masking", repr((embedding.supports_masking, layers.Embedding(3, 2).supports_masking)))
record("supports_masking", repr([(name, getattr(layers, name)(**kwargs).supports_masking) for name, kwargs in (
    ("Dense", {"units": 2}), ("Activation", {"activation": "relu"}), ("Dropout", {"rate": 0.5}),
    ("LayerNormalization", {}), ("BatchNormalization", {}), ("Masking", {}), ("Flatten", {}),
    ("LSTM", {"units": 2}), ("GlobalAveragePooling1D", {}), ("GlobalMaxPooling1D", {}), ("Add", {}),
    ("Concatenate", {}))]))
masking = layers.Masking(mask_value=0.0)
floats = rs.randn(BATCH, STEPS, 3).astype("float32")
floats[X == 0] = 0.0
masked = masking(floats)
record("masking.output_mask", mask_text(masked))
record("masking.compute_mask", mask_text(type("T", (), {"_keras_mask": masking.compute_mask(floats)})()))
record_num("masking.output", masked)
dense_out = layers.Dense(2)(embedded)
record("dense.passes_mask", mask_text(dense_out))
record("dense.mask_is_input_mask", repr(dense_out._keras_mask is embedded._keras_mask))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    flat_out = layers.Flatten()(embedded)
record("flatten.drops_mask", mask_text(flat_out))
record("flatten.warning", repr([str(w.message) for w in caught]))

# The layers that pass a mask on, use it, or end it.
other = layers.Embedding(VOCAB, 4, mask_zero=True)
other.build((BATCH, STEPS))
other.set_weights([rs.uniform(-1, 1, (VOCAB, 4)).astype("float32")])
X2 = np.where(rs.rand(BATCH, STEPS) < 0.3, 0, rs.randint(1, VOCAB, size=(BATCH, STEPS))).astype("int32")
embedded2 = other(X2)
for name in ("Add", "Subtract", "Average", "Maximum", "Minimum", "Multiply", "Concatenate"):
    merged = getattr(layers, name)()([embedded, embedded2])
    record_num(f"merge.{name}.output", merged)
    record(f"merge.{name}.mask", mask_text(merged))
half_masked = layers.Maximum()([embedded, layers.Dense(4)(tf.constant(floats))])
record("merge.one_input_masked.mask", mask_text(half_masked))
batch_norm = layers.BatchNormalization()
normalized = batch_norm(embedded, training=True)
record_num("batch_norm.masked_training", normalized)
record_num("batch_norm.moving_stats", np.concatenate([batch_norm.moving_mean.numpy(),
                                                      batch_norm.moving_variance.numpy()]))
record("batch_norm.mask", mask_text(normalized))
record_error("batch_norm.bad_mask", lambda: batch_norm(embedded, mask=tf.constant(X > 0)[:, 0], training=True))
time_distributed = layers.TimeDistributed(layers.Dense(2, kernel_initializer="ones"))
distributed = time_distributed(embedded)
record_num("time_distributed.output", distributed)
record("time_distributed.mask", mask_text(distributed))
record_error("time_distributed.bad_mask", lambda: time_distributed(embedded, mask=tf.constant(X > 0)[:, :3]))
pooled = layers.GlobalAveragePooling1D()(embedded)
record_num("global_average_pooling1d.masked_mean", pooled)
record("global_average_pooling1d.mask", mask_text(pooled))
record("layer_norm.mask", mask_text(layers.LayerNormalization()(embedded)))
record("dropout.mask", mask_text(layers.Dropout(0.5)(embedded, training=False)))

# --- masked recurrence, eager ---------------------------------------------------------------------
for case, make in (
        ("lstm.sequences", lambda: layers.LSTM(3, return_sequences=True)),
        ("lstm.last", lambda: layers.LSTM(3)),
        ("lstm.state", lambda: layers.LSTM(3, return_sequences=True, return_state=True)),
        ("lstm.backwards", lambda: layers.LSTM(3, return_sequences=True, go_backwards=True)),
        ("lstm.zero_output", lambda: layers.LSTM(3, return_sequences=True, zero_output_for_mask=True)),
        ("gru.last_state", lambda: layers.GRU(3, return_state=True)),
        ("gru.backwards", lambda: layers.GRU(3, go_backwards=True)),
        ("simple_rnn.sequences", lambda: layers.SimpleRNN(3, return_sequences=True)),
        ("bidirectional.gru", lambda: layers.Bidirectional(layers.GRU(3, return_sequences=True))),
        ("bidirectional.lstm_last", lambda: layers.Bidirectional(layers.LSTM(2), merge_mode="sum")),
        ("bidirectional.none", lambda: layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode=None)),
        ("rnn.cell", lambda: layers.RNN(layers.SimpleRNNCell(3), return_sequences=True))):
    layer = make()
    layer(embedded)
    rs_w = np.random.RandomState(len(case))
    layer.set_weights([rs_w.uniform(-0.7, 0.7, w.shape).astype("float32") for w in layer.get_weights()])
    outputs = layer(embedded)
    outputs = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
    record_num(f"{case}.outputs", np.concatenate([np.asarray(o).ravel() for o in outputs]))
    record(f"{case}.masks", repr([mask_text(o) for o in outputs]))
    explicit = layer(embedded, mask=tf.constant(X > 4))
    explicit = explicit[0] if isinstance(explicit, (list, tuple)) else explicit
    record_num(f"{case}.explicit_mask", explicit)

# --- the text models: functional and Sequential, trained with fit ---------------------------------
inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(VOCAB, 6, mask_zero=True)(inputs)
record("symbolic.embedding_mask", repr((type(x._keras_mask).__name__, x._keras_mask.shape, x._keras_mask.dtype)))
x = layers.LSTM(5, return_sequences=True)(x)
record("symbolic.lstm_sequences_mask", repr(getattr(x, "_keras_mask", None) is not None))
x = layers.LSTM(4)(x)
record("symbolic.lstm_last_mask", repr(getattr(x, "_keras_mask", None)))
outputs = layers.Dense(2, activation="softmax")(x)
classifier = keras.Model(inputs, outputs, name="classifier")
record("classifier.operations", repr([type(op).__name__ for op in classifier.operations]))
record("classifier.layers", repr([type(layer).__name__ for layer in classifier.layers]))

tagger = keras.Sequential([keras.Input(shape=(STEPS,), dtype="int32"), layers.Embedding(VOCAB, 5, mask_zero=True),
                           layers.Bidirectional(layers.GRU(3, return_sequences=True)),
                           layers.Dense(4, activation="softmax")], name="tagger")


def train(name, model, y, seed, metrics, X=X):
    set_fixed_weights(model, seed)
    predictions = model(X)
    record_num(f"{name}.initial_outputs", predictions)
    record(f"{name}.output_mask", mask_text(predictions))
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy", metrics=metrics)
    record_num(f"{name}.evaluate", model.evaluate(X, y, verbose=0), EPOCH)
    model.fit(X, y, batch_size=BATCH, epochs=1, shuffle=False, verbose=0)
    record_num(f"{name}.after_one_step", model.predict(X, verbose=0), STEP)
    history = model.fit(X, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
    for key in sorted(history.history):
        record_num(f"{name}.history.{key}", history.history[key], EPOCH)
    record_num(f"{name}.after_epochs", model.predict(X, verbose=0), EPOCH)
    record_num(f"{name}.weights", np.concatenate([w.ravel() for w in model.get_weights()]), EPOCH)
    record_num(f"{name}.loss_on_batch", model.test_on_batch(X, y), EPOCH)
    model.save(os.path.join(out_dir, f"{name}.keras"))


train("classifier", classifier, Y_CLASS, 1, ["accuracy"])
train("tagger", tagger, Y_TAGS, 2, ["accuracy"])

# Masking in a Sequential model: its mask is the model's NotEqual and Any operations.
masked_sequences = keras.Sequential([keras.Input(shape=(STEPS, 3)), layers.Masking(),
                                     layers.LSTM(4, return_sequences=True), layers.Dense(4, activation="softmax")],
                                    name="masked_sequences")
record("masked_sequences.operations", repr([type(op).__name__ for op in masked_sequences._functional.operations]
                                           if hasattr(masked_sequences, "_functional") else
                                           [type(op).__name__ for op in masked_sequences.operations]))
train("masked_sequences", masked_sequences, Y_TAGS, 4, ["accuracy"], X=floats)

# The common text classifier: the mean of the unmasked embeddings (GlobalAveragePooling1D with the
# mask), trained with fit; and an unrolled masked LSTM tagger with a TimeDistributed head.
pooled_model = keras.Sequential([keras.Input(shape=(STEPS,), dtype="int32"), layers.Embedding(VOCAB, 4, mask_zero=True),
                                 layers.GlobalAveragePooling1D(), layers.Dense(1, activation="sigmoid")],
                                name="pooled_model")
set_fixed_weights(pooled_model, 7)
pooled_model.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy", metrics=["accuracy"])
history = pooled_model.fit(X, Y_CLASS.astype("float32"), batch_size=4, epochs=2, shuffle=False, verbose=0)
for key in sorted(history.history):
    record_num(f"pooled_model.history.{key}", history.history[key], EPOCH)
unrolled_tagger = keras.Sequential([keras.Input(shape=(STEPS,), dtype="int32"),
                                    layers.Embedding(VOCAB, 4, mask_zero=True),
                                    layers.LSTM(3, unroll=True, return_sequences=True),
                                    layers.TimeDistributed(layers.Dense(4, activation="softmax"))],
                                   name="unrolled_tagger")
set_fixed_weights(unrolled_tagger, 8)
unrolled_tagger.compile(optimizer=keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy",
                        metrics=["accuracy"])
history = unrolled_tagger.fit(X, Y_TAGS, batch_size=5, epochs=2, shuffle=False, verbose=0)
for key in sorted(history.history):
    record_num(f"unrolled_tagger.history.{key}", history.history[key], EPOCH)
record_num("unrolled_tagger.predictions", unrolled_tagger.predict(X, verbose=0), EPOCH)

# The loss the tagger's mask weighs, by hand: the mean over the unmasked steps only.
probabilities = tagger(X)
loss = keras.losses.SparseCategoricalCrossentropy()
record_num("tagger.masked_loss", loss(Y_TAGS, probabilities))
record_num("tagger.unmasked_loss", loss(Y_TAGS, tf.identity(probabilities)))

# A functional model called with `mask=`: the given mask is its input's.
seq_in = keras.Input(shape=(STEPS, 3))
seq_out = layers.SimpleRNN(2, return_sequences=True)(seq_in)
seq_model = keras.Model(seq_in, seq_out)
set_fixed_weights(seq_model, 3)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    given = seq_model(floats, mask=tf.constant(X > 0))
record_num("functional.mask_argument", given)
record("functional.mask_argument_mask", mask_text(given))

# Two masked branches merged in a functional model: the merged mask is a LogicalOr operation.
first_in = keras.Input(shape=(None,), dtype="int32")
second_in = keras.Input(shape=(None,), dtype="int32")
merged = layers.Add()([layers.Embedding(VOCAB, 3, mask_zero=True)(first_in),
                       layers.Embedding(VOCAB, 3, mask_zero=True)(second_in)])
two_branches = keras.Model([first_in, second_in], layers.GRU(2)(merged))
record("two_branches.operations", repr([type(op).__name__ for op in two_branches.operations]))
set_fixed_weights(two_branches, 5)
record_num("two_branches.outputs", two_branches([X, X2]))
# Concatenate's mask: each input's widened to its shape, joined, any over the last axis (ExpandDims,
# ZerosLike, LogicalOr, Concatenate and Any operations; OnesLike for an unmasked input).
joined = layers.Concatenate()([layers.Embedding(VOCAB, 3, mask_zero=True)(first_in),
                               layers.Embedding(VOCAB, 2, mask_zero=True)(second_in),
                               layers.Dense(1)(layers.Embedding(VOCAB, 2)(second_in))])
concatenated = keras.Model([first_in, second_in], layers.LSTM(2)(joined), name="concatenated")
record("concatenated.operations", repr([type(op).__name__ for op in concatenated.operations]))
set_fixed_weights(concatenated, 6)
record_num("concatenated.outputs", concatenated([X, X2]))
concatenated.save(os.path.join(out_dir, "concatenated.keras"))
eager_joined = layers.Concatenate()([embedded, embedded2, tf.constant(floats)])
record("concatenated.eager_mask", mask_text(eager_joined))

# --- the .keras files: LOAD_DIR's (the other library's, or this one's own) -------------------------
for name in ("classifier", "tagger", "masked_sequences"):
    loaded = keras.models.load_model(os.path.join(load_dir, f"{name}.keras"))
    inputs_of = floats if name == "masked_sequences" else X
    predictions = loaded.predict(inputs_of, verbose=0)
    record_num(f"load.{name}.predictions", predictions, EPOCH)
    record(f"load.{name}.layers", repr([type(layer).__name__ for layer in loaded.layers]))
    if name == "classifier":
        record(f"load.{name}.operations", repr([type(op).__name__ for op in loaded.operations]))
    record(f"load.{name}.output_mask", mask_text(loaded(inputs_of)))
    record_num(f"load.{name}.evaluate",
               loaded.evaluate(inputs_of, Y_CLASS if name == "classifier" else Y_TAGS, verbose=0), EPOCH)

loaded = keras.models.load_model(os.path.join(load_dir, "concatenated.keras"))
record("load.concatenated.operations", repr([type(op).__name__ for op in loaded.operations]))
record_num("load.concatenated.outputs", loaded([X, X2]), EPOCH)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
