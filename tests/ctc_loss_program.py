"""One program over the CTC loss (the CTCLoss op, tf.compat.v1.nn.ctc_loss, tf.nn.ctc_loss and
tf.compat.v1.nn.ctc_loss_v2 with SparseTensor or dense labels, ctc_unique_labels, CTCLossV2), run under TensorFlow 2.21 (by
tests/tools/record_ctc_loss.py, into tests/fixtures/ctc_loss/) and under varrt (by
tests/test_ctc_loss.py).

    python ctc_loss_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (shapes, dtypes, error types
and messages) and {"num:<tolerance>:case": [floats]} for losses and gradients."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}
# The measured bounds (TensorFlow's softmax uses Eigen's vectorised exp and sums, the order of its
# log-sum-exps differs): losses within 3 ulps of TensorFlow's (2e-6 relative); the CTCLoss op's
# gradients within 3.8e-6 absolute, 1 to 2 ulps of the log-space sums (about -30) they
# exponentiate, the dense path's within 7.2e-7. Float64 is as close: the op's log-sum-exp is in
# float in both (TensorFlow's log1pf and expf).
LOSS, GRAD = 2e-6, 5e-6


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
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


rs = np.random.RandomState(30)


def logits(time, batch, classes, dtype=np.float32, scale=2.0):
    return (rs.randn(time, batch, classes) * scale).astype(dtype)


def labels_for(batch, classes, lengths, low=0):
    """Random label sequences (classes in [low, classes - 1)) of the given lengths, with repeats."""
    seqs = []
    for n in lengths:
        seq = rs.randint(low, classes - 1, size=n).tolist()
        if n >= 3:
            seq[2] = seq[1]  # a repeated label: merged paths need a blank between them
        seqs.append(seq)
    return seqs


def sparse_arrays(seqs):
    indices = [[b, i] for b, seq in enumerate(seqs) for i in range(len(seq))]
    values = [v for seq in seqs for v in seq]
    shape = [len(seqs), max((len(s) for s in seqs), default=0)]
    return np.array(indices, np.int64).reshape(-1, 2), np.array(values, np.int32), shape


def sparse(seqs):
    return tf.SparseTensor(*sparse_arrays(seqs))


def raw(x, seqs, lengths, **attrs):
    sp = sparse(seqs)
    return tf.raw_ops.CTCLoss(inputs=x, labels_indices=sp.indices, labels_values=sp.values,
                              sequence_length=np.array(lengths, np.int32), **attrs)


def record_outputs(name, outputs):
    record(f"{name}.shapes", repr([(tuple(t.shape), t.dtype.name) for t in outputs]))
    for i, t in enumerate(outputs):
        record_num(f"{name}.{i}", t.numpy(), (LOSS, GRAD)[i])


# --- the CTCLoss op: sizes, lengths and class counts no example used -----------------------------

for case, (time, batch, classes) in enumerate([(7, 3, 6), (11, 5, 4), (4, 1, 9), (13, 6, 12), (1, 2, 3)]):
    lengths = [time - (b % 3) if time > 2 else time for b in range(batch)]
    label_lengths = [max(1, min(lengths[b], (b * 2 + 1) % (time + 1))) for b in range(batch)]
    seqs = labels_for(batch, classes, label_lengths)
    record_outputs(f"raw.{time}x{batch}x{classes}", raw(logits(time, batch, classes), seqs, lengths))

x64 = tf.constant(logits(9, 4, 7, np.float64))
seqs64 = labels_for(4, 7, [3, 5, 1, 4])
record_outputs("raw.float64", raw(x64, seqs64, [9, 8, 9, 5]))
record_outputs("raw.numpy_float64", raw(x64.numpy(), seqs64, [9, 8, 9, 5]))  # the fast path's float32
x = logits(8, 4, 5)
seqs = [[1, 1, 2], [0, 3, 3, 3], [2], [1, 2, 1, 2, 1]]
for flags in [dict(preprocess_collapse_repeated=True), dict(ctc_merge_repeated=False),
              dict(preprocess_collapse_repeated=True, ctc_merge_repeated=False)]:
    record_outputs("raw." + ",".join(sorted(flags)) + "." + str(list(flags.values())), raw(x, seqs, [8, 7, 6, 8], **flags))
record_outputs("raw.ignore_longer", raw(x, [[1, 2, 3, 0], [1], [2, 2, 2], [0]], [3, 8, 8, 0],
                                        ignore_longer_outputs_than_inputs=True))
record_outputs("raw.blank_labels_end_the_sequence", raw(x, [[1, 4, 4], [9], [2, 0], [3]], [8, 8, 2, 1]))
record_outputs("raw.no_valid_path", raw(np.where(np.arange(5) == 4, 0.0, -200.0).astype(np.float32)
                                        * np.ones((3, 2, 5), np.float32), [[1], [0, 1]], [3, 3]))

# --- the op's errors, in TensorFlow's order -------------------------------------------------------

x = logits(4, 2, 5)


def raw_error(name, idx, vals, seq, inputs=x, **attrs):
    record_error(name, lambda: tf.raw_ops.CTCLoss(inputs=inputs, labels_indices=np.array(idx, np.int64),
                                                  labels_values=np.array(vals, np.int32),
                                                  sequence_length=np.array(seq, np.int32), **attrs))


raw_error("error.too_long", [[0, 0], [0, 1], [0, 2], [1, 0]], [1, 2, 3, 1], [2, 4])
raw_error("error.zero_length_labels", [[0, 0], [0, 1]], [1, 2], [4, 4])
raw_error("error.sequence_past_time", [[0, 0], [1, 0]], [1, 2], [5, 4])
raw_error("error.negative_sequence", [[0, 0], [1, 0]], [1, 2], [-1, 4])
raw_error("error.label_after_blank", [[0, 0], [0, 1], [1, 0]], [4, 1, 3], [4, 4])
raw_error("error.negative_label", [[0, 0], [1, 0]], [-1, 2], [4, 4])
raw_error("error.lengths_not_batch", [[0, 0], [1, 0]], [1, 2], [4])
raw_error("error.zero_sequence", [[0, 0], [1, 0]], [1, 2], [0, 4])
raw_error("error.unsorted", [[0, 1], [0, 0], [1, 0]], [1, 2, 3], [4, 4])
raw_error("error.repeated", [[0, 0], [0, 0], [1, 0]], [1, 2, 3], [4, 4])
raw_error("error.batch_out_of_bounds", [[0, 0], [2, 0]], [1, 2], [4, 4])
raw_error("error.negative_index", [[0, -1], [1, 0]], [1, 2], [4, 4])
raw_error("error.rows", [[0, 0], [1, 0]], [1, 2, 3], [4, 4])
raw_error("error.rank", [[0, 0], [1, 0]], [1, 2], [4, 4], inputs=x[0])
raw_error("error.batch_0", np.zeros((0, 2)), [], [], inputs=np.zeros((3, 0, 4), np.float32))
raw_error("error.dtype", [[0, 0], [1, 0]], [1, 2], [4, 4], inputs=tf.constant(x.astype(np.float16)))
record_error("error.ctc_loss_v2_op", lambda: tf.raw_ops.CTCLossV2(
    inputs=x, labels_indices=np.array([[0, 0], [1, 0]], np.int64), labels_values=np.array([1, 2], np.int32),
    sequence_length=np.array([4, 4], np.int32)))

# --- tf.compat.v1.nn.ctc_loss: values and gradients ----------------------------------------------

x = tf.constant(logits(10, 5, 7))
seqs = labels_for(5, 7, [4, 1, 6, 3, 2])
lengths = [10, 9, 10, 6, 3]
with tf.GradientTape() as tape:
    tape.watch(x)
    loss = tf.compat.v1.nn.ctc_loss(sparse(seqs), x, lengths)
    total = tf.reduce_sum(loss * tf.constant([1.0, 2.0, 0.5, -1.0, 3.0]))
record("v1.shape", repr((tuple(loss.shape), loss.dtype.name)))
record_num("v1.loss", loss.numpy(), LOSS)
record_num("v1.gradient", tape.gradient(total, x).numpy(), GRAD)
xb = tf.constant(logits(8, 3, 7).transpose(1, 0, 2).copy())  # batch-major [3, 8, 7]
seqs_b = labels_for(3, 7, [5, 2, 8])
with tf.GradientTape() as tape:
    tape.watch(xb)
    loss = tf.compat.v1.nn.ctc_loss(sparse(seqs_b), xb, [8, 7, 8], time_major=False,
                                    preprocess_collapse_repeated=True)
record_num("v1.batch_major.loss", loss.numpy(), LOSS)
record_num("v1.batch_major.gradient", tape.gradient(loss, xb).numpy(), GRAD)
record_num("v1.logits_keyword", tf.compat.v1.nn.ctc_loss(sparse(seqs), logits=x, sequence_length=lengths).numpy(), LOSS)
loss16 = tf.compat.v1.nn.ctc_loss(sparse(seqs), tf.cast(x, tf.float16), lengths)
record("v1.float16", repr((loss16.dtype.name, tuple(loss16.shape))))
record_num("v1.float16.loss", loss16.numpy(), 1e-3)


def second_derivative():
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            loss = tf.compat.v1.nn.ctc_loss(sparse(seqs), x, lengths)
        g = inner.gradient(loss, x)
        s = tf.reduce_sum(g * g)
    return outer.gradient(s, x)


record_error("v1.second_derivative", second_derivative)
record_error("v1.dense_labels", lambda: tf.compat.v1.nn.ctc_loss([[1, 2]], x, lengths))
record_error("v1.inputs_and_logits", lambda: tf.compat.v1.nn.ctc_loss(sparse(seqs), x, lengths, logits=x))

# --- tf.nn.ctc_loss (and ctc_loss_v2) with SparseTensor labels: blank_index ----------------------

x = tf.constant(logits(9, 4, 6))
seqs = labels_for(4, 7, [3, 5, 2, 4], low=0)  # classes 0..5: any may be the blank's neighbour
seqs = [[v % 6 for v in s] for s in seqs]
lengths = [9, 8, 9, 7]
for blank in (0, -1, 2, 5):
    labels = sparse([[v for v in s if v != blank % 6] or [1 if blank % 6 != 1 else 2] for s in seqs])
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.nn.ctc_loss(labels, x, None, lengths, blank_index=blank)
    record_num(f"v3.blank_{blank}.loss", loss.numpy(), LOSS)
    record_num(f"v3.blank_{blank}.gradient", tape.gradient(loss, x).numpy(), GRAD)
    record_num(f"v1_v2.blank_{blank}.loss",
               tf.compat.v1.nn.ctc_loss_v2(labels, x, None, lengths, blank_index=blank).numpy(), LOSS)
xb = tf.transpose(x, [1, 0, 2])
record_num("v3.batch_major.loss", tf.nn.ctc_loss(sparse([[1, 2], [3], [4, 4], [1, 5, 1]]), xb, None, lengths,
                                                 logits_time_major=False, blank_index=0).numpy(), LOSS)
record_error("v3.sparse_without_blank", lambda: tf.nn.ctc_loss(sparse([[1], [2], [3], [1]]), x, None, lengths))

# --- tf.nn.ctc_loss with dense labels (ctc_loss_dense): blank_index, unique, empty labels -------

x = tf.constant(logits(11, 5, 7))
dense = np.zeros((5, 6), np.int64)
label_length = np.array([3, 0, 6, 1, 4], np.int32)
for b, n in enumerate(label_length):
    dense[b, :n] = rs.randint(1, 7, size=n)
dense[2, 1] = dense[2, 0]  # a repeat
logit_length = np.array([11, 9, 10, 2, 7], np.int32)
for blank in (None, 0, -1, 3):
    labels = dense if blank in (None, 0) else np.where(dense == (blank % 7), 1 + (blank % 7 == 1), dense)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.nn.ctc_loss(labels, x, label_length, logit_length, blank_index=blank)
        total = tf.reduce_sum(loss * tf.constant([1.0, -2.0, 0.5, 1.5, 3.0]))
    record(f"dense.blank_{blank}.shape", repr((tuple(loss.shape), loss.dtype.name)))
    record_num(f"dense.blank_{blank}.loss", loss.numpy(), LOSS)
    record_num(f"dense.blank_{blank}.gradient", tape.gradient(total, x).numpy(), GRAD)
unique = tf.nn.ctc_unique_labels(dense)
record("dense.unique_labels", repr([t.numpy().tolist() for t in unique]))
for blank in (0, 2):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.nn.ctc_loss(dense, x, label_length, logit_length, unique=unique, blank_index=blank)
    record_num(f"dense.unique.blank_{blank}.loss", loss.numpy(), LOSS)
    record_num(f"dense.unique.blank_{blank}.gradient", tape.gradient(loss, x).numpy(), GRAD)
record_num("dense.batch_major.loss", tf.nn.ctc_loss(dense, tf.transpose(x, [1, 0, 2]), label_length, logit_length,
                                                    logits_time_major=False).numpy(), LOSS)
record_num("dense.v1_ctc_loss_v2.loss", tf.compat.v1.nn.ctc_loss_v2(dense, x, label_length, logit_length,
                                                                     blank_index=-1).numpy(), LOSS)
record_num("dense.too_long_is_infinite", tf.nn.ctc_loss(np.ones((1, 4), np.int64), x[:3, :1], [4], [3]).numpy(),
           LOSS)


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int64), tf.TensorSpec([None, None, 4], tf.float32),
                              tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)])
def traced_dense(labels, inputs, label_length, logit_length):
    with tf.GradientTape() as tape:
        tape.watch(inputs)
        loss = tf.nn.ctc_loss(labels, inputs, label_length, logit_length)
    return loss, tape.gradient(loss, inputs)


for time, batch, width in [(5, 2, 3), (9, 6, 4)]:
    labels = rs.randint(1, 4, size=(batch, width)).astype(np.int64)
    lengths = np.array([1 + b % width for b in range(batch)], np.int32)
    loss, grad = traced_dense(labels, logits(time, batch, 4), lengths,
                              np.array([time - b % 2 for b in range(batch)], np.int32))
    record_num(f"dense.function.{time}x{batch}.loss", loss.numpy(), LOSS)
    record_num(f"dense.function.{time}x{batch}.gradient", grad.numpy(), GRAD)
record("dense.function.static_shapes", repr([tuple(t.shape.as_list()) for t in traced_dense.get_concrete_function().outputs]))

# --- in tf.function with an unknown batch, and in a TF1 session ----------------------------------


@tf.function(input_signature=[tf.TensorSpec([None, None, 5], tf.float32), tf.TensorSpec([None, 2], tf.int64),
                              tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)])
def traced(inputs, indices, values, lengths):
    with tf.GradientTape() as tape:
        tape.watch(inputs)
        labels = tf.SparseTensor(indices, values, tf.constant([7, 4], tf.int64))
        loss = tf.nn.ctc_loss(labels, inputs, None, lengths, blank_index=-1)
    return loss, tape.gradient(loss, inputs)


for time, batch in [(6, 3), (8, 7)]:
    sp = sparse(labels_for(batch, 5, [1 + b % 4 for b in range(batch)]))
    loss, grad = traced(tf.constant(logits(time, batch, 5)), sp.indices, sp.values,
                        tf.constant([time - b % 2 for b in range(batch)], tf.int32))
    record(f"function.{time}x{batch}.shapes", repr([tuple(loss.shape), tuple(grad.shape)]))
    record_num(f"function.{time}x{batch}.loss", loss.numpy(), LOSS)
    record_num(f"function.{time}x{batch}.gradient", grad.numpy(), GRAD)
concrete = traced.get_concrete_function()
record("function.static_shapes", repr([tuple(t.shape.as_list()) for t in concrete.outputs]))

with tf.compat.v1.Graph().as_default():
    inputs = tf.compat.v1.placeholder(tf.float32, [None, None, 6])
    indices = tf.compat.v1.placeholder(tf.int64, [None, 2])
    values = tf.compat.v1.placeholder(tf.int32, [None])
    lengths = tf.compat.v1.placeholder(tf.int32, [None])
    loss = tf.compat.v1.nn.ctc_loss(tf.SparseTensor(indices, values, tf.constant([9, 9], tf.int64)), inputs, lengths,
                                    ctc_merge_repeated=False)
    grad = tf.compat.v1.gradients(tf.reduce_sum(loss), inputs)[0]
    record("session.static_shapes", repr([loss.shape.as_list(), grad.shape.as_list()]))
    with tf.compat.v1.Session() as sess:
        for time, batch in [(5, 2), (12, 9)]:
            sp_indices, sp_values, _ = sparse_arrays(labels_for(batch, 6, [1 + b % 5 for b in range(batch)]))
            feed = {inputs: logits(time, batch, 6), indices: sp_indices, values: sp_values,
                    lengths: np.array([time - b % 3 for b in range(batch)], np.int32)}
            l_value, g_value = sess.run([loss, grad], feed)
            record_num(f"session.{time}x{batch}.loss", l_value, LOSS)
            record_num(f"session.{time}x{batch}.gradient", g_value, GRAD)
        bad = dict(feed)
        bad[lengths] = np.array([20] * 9, np.int32)
        try:
            sess.run(loss, bad)
        except tf.errors.InvalidArgumentError as e:  # the text has the graph's stack: its op's line only
            record("session.error", repr((type(e).__name__, "sequence_length(0) <= 12" in str(e))))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
