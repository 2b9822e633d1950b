"""One program over the whole-sequence LSTM ops (BlockLSTMV2, BlockLSTMGradV2) and Keras's LSTM
layer that runs as them, run under TensorFlow 2.21 (by tests/tools/record_block_lstm.py, into
tests/fixtures/block_lstm/) and under varrt (by tests/test_block_lstm.py).

    python block_lstm_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (shapes, dtypes, error types
and messages) and {"num:<tolerance>:case": [floats]} for values and gradients."""
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
rs = np.random.RandomState(28)


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = str(e)
        if "in user code:" in text:  # a build error: its last line, without the traced file and line
            text = text.rstrip().rsplit("\n\n", 1)[-1].strip()
        text = re.sub(r" \[Op:\w+\]( name: \S*)?$", "", text)  # (the eager suffix, compared below)
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def normal(*shape, scale=0.5):
    return tf.constant((rs.randn(*shape) * scale).astype(np.float32))


def lstm_inputs(time, batch, inputs, cell):
    """seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b."""
    return [tf.constant(time, tf.int64), normal(time, batch, inputs), normal(batch, cell), normal(batch, cell),
            normal(inputs + cell, 4 * cell), normal(cell), normal(cell), normal(cell), normal(4 * cell)]


NAMES = ("seq_len_max", "x", "cs_prev", "h_prev", "w", "wci", "wcf", "wco", "b")

# --- the forward ops and their gradients, eagerly and traced ------------------------------------
# (batch 32 x cell 16 runs the rows in two blocks, on two threads where there are two; 7 x 5 has a
# [batch, cell] size that is not a multiple of 8. TensorFlow's gradient of BlockLSTMV2 runs
# BlockLSTMGrad, which reads the gates in BlockLSTM's order.)
for case, op, (time, batch, inputs, cell), attrs, steps in (
        ("small", "BlockLSTMV2", (4, 7, 3, 5), {}, None),
        ("peephole_clip", "BlockLSTMV2", (5, 6, 4, 3), {"use_peephole": True, "cell_clip": 0.4}, None),
        ("short", "BlockLSTMV2", (6, 4, 2, 3), {}, 4),
        ("none_run", "BlockLSTMV2", (3, 2, 2, 2), {}, 0),
        ("rows_split", "BlockLSTMV2", (9, 32, 12, 16), {}, None),
        ("v1", "BlockLSTM", (4, 5, 3, 4), {}, None),
        ("v1.bias_clip_peephole", "BlockLSTM", (5, 3, 2, 6), {"forget_bias": 0.3, "cell_clip": 0.5,
                                                            "use_peephole": True}, None),
        ("v1.rows_split", "BlockLSTM", (7, 48, 5, 24), {"forget_bias": 0.0, "cell_clip": 0.0}, 6)):
    raw = getattr(tf.raw_ops, op)
    args = lstm_inputs(time, batch, inputs, cell)
    if steps is not None:
        args[0] = tf.constant(steps, tf.int64)
    kwargs = dict(zip(NAMES, args))
    outputs = raw(**kwargs, **attrs)
    record(f"{case}.shapes", [(tuple(t.shape), t.dtype.name) for t in outputs])
    live = steps if steps is not None else time
    for name, t in zip(("i", "cs", "f", "o", "ci", "co", "h"), outputs):
        # (TensorFlow leaves i, f, o, ci and co unset after seq_len_max; cs and h are zeros)
        value = t.numpy() if name in ("cs", "h") else t.numpy()[:live]
        record_num(f"{case}.{name}", value, 1e-5)
    watched = args[1:]
    seeds = [normal(time, batch, cell), normal(time, batch, cell)]
    with tf.GradientTape() as tape:
        tape.watch(watched)
        out = raw(**kwargs, **attrs)
        loss = tf.reduce_sum(out[6] * seeds[0]) + tf.reduce_sum(out[1] * seeds[1])
    grads = tape.gradient(loss, watched)
    record_num(f"{case}.grads", np.concatenate([g.numpy().ravel() for g in grads]), 1e-4)

    @tf.function
    def traced(*a):
        with tf.GradientTape() as tape:
            tape.watch(a[1:])
            out = raw(**dict(zip(NAMES, a)), **attrs)
            loss = tf.reduce_sum(out[6] * seeds[0]) + tf.reduce_sum(out[1] * seeds[1])
        return tape.gradient(loss, list(a[1:]))

    record_num(f"{case}.traced_grads", np.concatenate([g.numpy().ravel() for g in traced(*args)]), 1e-4)

# The gradient op by itself, with gradients of every output it reads.
args = lstm_inputs(5, 3, 4, 2)
outs = tf.raw_ops.BlockLSTMV2(**dict(zip(NAMES, args)), use_peephole=True)
grad_outs = tf.raw_ops.BlockLSTMGradV2(**dict(zip(NAMES, args)), **dict(zip(("i", "cs", "f", "o", "ci", "co", "h"), outs)),
                                       cs_grad=normal(5, 3, 2), h_grad=normal(5, 3, 2), use_peephole=True)
record("grad_op.shapes", [(tuple(t.shape), t.dtype.name) for t in grad_outs])
record_num("grad_op.values", np.concatenate([t.numpy().ravel() for t in grad_outs]), 1e-4)
outs = tf.raw_ops.BlockLSTM(**dict(zip(NAMES, args)), forget_bias=0.5)
grad_outs = tf.raw_ops.BlockLSTMGrad(**dict(zip(NAMES, args)), **dict(zip(("i", "cs", "f", "o", "ci", "co", "h"), outs)),
                                     cs_grad=normal(5, 3, 2), h_grad=normal(5, 3, 2), use_peephole=False)
record_num("grad_op.v1_values", np.concatenate([t.numpy().ravel() for t in grad_outs]), 1e-4)

# --- static shapes while a graph is built -------------------------------------------------------


@tf.function(input_signature=[tf.TensorSpec([None, None, 3]), tf.TensorSpec([None, 2]), tf.TensorSpec([5, 8]),
                              tf.TensorSpec([8])])
def symbolic(x, state, w, b):
    p = tf.zeros([2])
    out = tf.raw_ops.BlockLSTMV2(seq_len_max=tf.constant(1, tf.int64), x=x, cs_prev=state, h_prev=state, w=w,
                                 wci=p, wcf=p, wco=p, b=b)
    results["symbolic.shapes"] = repr([tuple(t.shape.as_list()) for t in out])
    return out[6]


symbolic.get_concrete_function()

# --- errors ------------------------------------------------------------------------------------
good = dict(zip(NAMES, lstm_inputs(3, 2, 4, 3)))
for case, change in (
        ("x_rank", {"x": normal(2, 4)}),
        ("cs_prev_batch", {"cs_prev": normal(5, 3)}),
        ("h_prev_cell", {"h_prev": normal(2, 4)}),
        ("w_rows", {"w": normal(6, 12)}),
        ("w_columns", {"w": normal(7, 8)}),
        ("wci_size", {"wci": normal(4)}),
        ("b_size", {"b": normal(8)}),
        ("seq_len_max_rank", {"seq_len_max": tf.constant([3], tf.int64)}),
        ("double", {k: tf.cast(v, tf.float64) for k, v in good.items() if k != "seq_len_max"})):
    record_error(f"error.{case}", lambda change=change: tf.raw_ops.BlockLSTMV2(**{**good, **change}))

# --- Keras's LSTM layer (its loop runs as BlockLSTMV2 in varrt) ------------------------------------
keras = tf.keras
X = rs.randn(6, 11, 9).astype(np.float32)
for case, make in (
        ("lstm", lambda: keras.layers.LSTM(10)),
        ("lstm.sequences_state", lambda: keras.layers.LSTM(12, return_sequences=True, return_state=True)),
        ("lstm.backwards", lambda: keras.layers.LSTM(7, go_backwards=True, return_sequences=True))):
    layer = make()
    layer.build(X.shape)
    layer.set_weights([rs.uniform(-0.5, 0.5, w.shape).astype(np.float32) for w in layer.get_weights()])
    with tf.GradientTape() as tape:
        xt = tf.constant(X)
        tape.watch(xt)
        out = tf.nest.flatten(layer(xt))
        loss = sum(tf.reduce_sum(o * tf.constant(rs.randn(*o.shape).astype(np.float32))) for o in out)
    record_num(f"{case}.out", np.concatenate([o.numpy().ravel() for o in out]), 1e-5)
    grads = tape.gradient(loss, [xt] + layer.trainable_variables)
    record_num(f"{case}.grads", np.concatenate([g.numpy().ravel() for g in grads]), 1e-4)

# A training step and an epoch of the benchmark's model at a size of its own.
XS = rs.randn(48, 13, 6).astype(np.float32)
YS = rs.randint(0, 4, 48).astype(np.int32)
model = keras.Sequential([keras.Input(shape=(13, 6)), keras.layers.LSTM(16), keras.layers.Dense(4)])
model.build((None, 13, 6))
model.set_weights([rs.uniform(-0.4, 0.4, w.shape).astype(np.float32) for w in model.get_weights()])
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
record_num("train.one_step_loss", [float(model.train_on_batch(XS[:16], YS[:16]))], 1e-5)
record_num("train.one_step", np.concatenate([w.numpy().ravel() for w in model.weights]), 1e-5)
history = model.fit(XS, YS, batch_size=16, epochs=2, shuffle=False, verbose=0)
record_num("train.loss", history.history["loss"], 1e-4)
record_num("train.epochs", np.concatenate([w.numpy().ravel() for w in model.weights]), 1e-3)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
