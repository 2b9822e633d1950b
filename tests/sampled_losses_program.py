"""One program over tf.nn.nce_loss and tf.nn.sampled_softmax_loss (and their TensorFlow 1 forms
with `partition_strategy`), run under TensorFlow 2.21 (by tests/tools/record_sampled_losses.py, into
tests/fixtures/sampled_losses/) and under varrt (by tests/test_sampled_losses.py). The samplers are
seeded, so the sampled classes are TensorFlow's and the losses and gradients must be too.

    python sampled_losses_program.py varrt|tensorflow OUT_DIR

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
TOL = 2e-6  # the measured bound, float32 (relative, or absolute near 0)


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol=TOL):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        record(name, f"{type(e).__name__}: {e}")
    else:
        record(name, "no error")


def dense(g):
    return tf.convert_to_tensor(g).numpy()


rs = np.random.RandomState(40)


def problem(batch, dim, classes, num_true):
    weights = tf.Variable(rs.randn(classes, dim).astype(np.float32) * 0.5)
    biases = tf.Variable(rs.randn(classes).astype(np.float32) * 0.1)
    labels = rs.randint(0, classes, size=(batch, num_true)).astype(np.int64)
    inputs = tf.constant(rs.randn(batch, dim).astype(np.float32))
    return weights, biases, labels, inputs


def run(name, loss_fn, weights, biases, inputs, **kwargs):
    with tf.GradientTape() as tape:
        tape.watch(inputs)
        loss = loss_fn(**kwargs)
        total = tf.reduce_sum(loss * tf.range(1.0, 1.0 + float(loss.shape[0])))
    gw, gb, gx = tape.gradient(total, [weights, biases, inputs])
    record(f"{name}.shape", repr((tuple(loss.shape), loss.dtype.name, type(gw).__name__)))
    record_num(f"{name}.loss", loss.numpy())
    record_num(f"{name}.grad_weights", dense(gw))
    record_num(f"{name}.grad_biases", dense(gb))
    record_num(f"{name}.grad_inputs", gx.numpy())


# --- the samplers seeded by the global seed and the op's -----------------------------------------

for batch, dim, classes, num_true, num_sampled in [(7, 6, 50, 1, 9), (5, 4, 23, 3, 6), (12, 3, 200, 2, 17)]:
    weights, biases, labels, inputs = problem(batch, dim, classes, num_true)
    for hits in (False, True):
        tag = f"{batch}x{dim}x{classes}.true{num_true}.sampled{num_sampled}.hits{int(hits)}"
        tf.random.set_seed(7)
        run("nce." + tag, lambda **kw: tf.nn.nce_loss(weights, biases, labels, inputs, num_sampled, classes,
                                                      num_true=num_true, remove_accidental_hits=hits), weights,
            biases, inputs)
        tf.random.set_seed(7)
        run("softmax." + tag, lambda **kw: tf.nn.sampled_softmax_loss(
            weights, biases, labels, inputs, num_sampled, classes, num_true=num_true, remove_accidental_hits=hits,
            seed=3), weights, biases, inputs)

# --- given samples, many accidental hits; the TensorFlow 1 forms over a list of tables -----------

weights, biases, labels, inputs = problem(6, 5, 12, 2)
sampled_values = tf.random.uniform_candidate_sampler(labels, 2, 8, True, 12, seed=11)
record("given.sampled", repr(sampled_values[0].numpy().tolist()))
for hits in (False, True):
    run(f"given.nce.hits{int(hits)}", lambda **kw: tf.nn.nce_loss(
        weights, biases, labels, inputs, 8, 12, num_true=2, sampled_values=sampled_values,
        remove_accidental_hits=hits), weights, biases, inputs)
    run(f"given.softmax.hits{int(hits)}", lambda **kw: tf.nn.sampled_softmax_loss(
        weights, biases, labels, inputs, 8, 12, num_true=2, sampled_values=sampled_values,
        remove_accidental_hits=hits), weights, biases, inputs)

parts = [tf.Variable(rs.randn(n, 5).astype(np.float32)) for n in (5, 4, 4)]
part_b = [tf.Variable(rs.randn(n).astype(np.float32)) for n in (5, 4, 4)]
labels13 = rs.randint(0, 13, size=(6, 1)).astype(np.int64)
given13 = tf.random.log_uniform_candidate_sampler(labels13, 1, 7, True, 13, seed=5)
for strategy in ("mod", "div"):
    for fn_name in ("nce_loss", "sampled_softmax_loss"):
        fn = getattr(tf.compat.v1.nn, fn_name)
        with tf.GradientTape() as tape:
            loss = fn(parts, part_b, labels13, inputs, 7, 13, sampled_values=given13, partition_strategy=strategy)
        grads = tape.gradient(loss, parts + part_b)
        record_num(f"v1.{fn_name}.{strategy}.loss", loss.numpy())
        for i, g in enumerate(grads):
            record_num(f"v1.{fn_name}.{strategy}.grad{i}", dense(g))
record_num("v2.nce_loss.div_list", tf.nn.nce_loss(parts, part_b, labels13, inputs, 7, 13,
                                                   sampled_values=given13).numpy())
record_error("v1.unknown_strategy", lambda: tf.compat.v1.nn.nce_loss(
    parts, part_b, labels13, inputs, 7, 13, sampled_values=given13, partition_strategy="nope"))

# --- in tf.function with an unknown batch, and in a TF1 session ----------------------------------

weights, biases, _, _ = problem(1, 4, 30, 1)


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64), tf.TensorSpec([None, 4], tf.float32),
                              tf.TensorSpec([5], tf.int64), tf.TensorSpec([None, 2], tf.float32),
                              tf.TensorSpec([5], tf.float32)])
def traced(labels, inputs, sampled, true_expected, sampled_expected):
    values = (sampled, true_expected, sampled_expected)
    with tf.GradientTape() as tape:
        tape.watch(inputs)
        nce = tf.nn.nce_loss(weights, biases, labels, inputs, 5, 30, num_true=2, sampled_values=values,
                             remove_accidental_hits=True)
        softmax = tf.nn.sampled_softmax_loss(weights, biases, labels, inputs, 5, 30, num_true=2,
                                             sampled_values=values)
        total = tf.reduce_sum(nce) + tf.reduce_sum(softmax)
    gw, gb, gx = tape.gradient(total, [weights, biases, inputs])
    return nce, softmax, tf.convert_to_tensor(gw), tf.convert_to_tensor(gb), gx


for batch in (3, 8):
    labels = rs.randint(0, 30, size=(batch, 2)).astype(np.int64)
    values = tf.random.log_uniform_candidate_sampler(labels, 2, 5, True, 30, seed=batch)
    out = traced(labels, rs.randn(batch, 4).astype(np.float32), *values)
    for name, t in zip(("nce", "softmax", "grad_weights", "grad_biases", "grad_inputs"), out):
        record_num(f"function.{batch}.{name}", t.numpy())
record("function.static_shapes",
       repr([t.shape.as_list() for t in traced.get_concrete_function().outputs]))

with tf.compat.v1.Graph().as_default():
    w = tf.compat.v1.placeholder(tf.float32, [40, 3])
    b = tf.compat.v1.placeholder(tf.float32, [40])
    w_value, b_value = rs.randn(40, 3).astype(np.float32), rs.randn(40).astype(np.float32)
    labels = tf.compat.v1.placeholder(tf.int64, [None, 1])
    inputs = tf.compat.v1.placeholder(tf.float32, [None, 3])
    values = (tf.constant([3, 0, 17, 25, 1, 8], tf.int64), tf.compat.v1.placeholder(tf.float32, [None, 1]),
              tf.constant(np.linspace(0.1, 0.9, 6).astype(np.float32)))
    nce = tf.compat.v1.nn.nce_loss(w, b, labels, inputs, 6, 40, sampled_values=values, remove_accidental_hits=True)
    softmax = tf.compat.v1.nn.sampled_softmax_loss(w, b, labels, inputs, 6, 40, sampled_values=values)
    grads = tf.compat.v1.gradients(tf.reduce_sum(nce) + tf.reduce_sum(softmax), [w, b, inputs])
    grads = [tf.convert_to_tensor(g) for g in grads]
    record("session.static_shapes", repr([nce.shape.as_list(), softmax.shape.as_list()]))
    with tf.compat.v1.Session() as sess:
        for batch in (2, 9):
            feed = {w: w_value, b: b_value, labels: np.array([[3], [5], [17], [0], [39], [8], [1], [25], [2]][:batch], np.int64),
                    inputs: rs.randn(batch, 3).astype(np.float32),
                    values[1]: rs.uniform(0.05, 0.5, size=(batch, 1)).astype(np.float32)}
            out = sess.run([nce, softmax] + grads, feed)
            for name, v in zip(("nce", "softmax", "grad_w", "grad_b", "grad_inputs"), out):
                record_num(f"session.{batch}.{name}", v)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
