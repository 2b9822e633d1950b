"""One program over tf.compat.v1's TensorFlow 1 names (losses, layers, initializers, learning-rate
schedules, the top-level functions), run under TensorFlow 2.21 (by tests/tools/record_tf1_names.py,
into tests/fixtures/tf1_names/) and under varrt (by tests/test_tf1_names.py), each in a fresh
interpreter: graphs and their Sessions, eager calls, and the errors TensorFlow raises.

    python tf1_names_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (dtypes, shapes, names, error types
and messages) and {"num:" + case: [floats]} for values, compared bit for bit unless the case name
says "close:" (within 1e-6)."""
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

v1 = tf.compat.v1
out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value):
    results["num:" + name] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {text.splitlines()[0] if text else text}")
    else:
        record(name, "no error")


def in_session(fetches, feed=None, init=False):
    """Runs `fetches` in a Session of the default graph (after the variables' initializer)."""
    with v1.Session() as sess:
        if init:
            sess.run(v1.global_variables_initializer())
        return sess.run(fetches, feed_dict=feed)


def tensor_text(t):
    return f"{t.dtype.name} {t.shape}"


RNG = np.random.RandomState(7)
PRED = RNG.uniform(0.05, 0.95, size=(5, 3)).astype(np.float32)
LABEL = (RNG.uniform(size=(5, 3)) > 0.5).astype(np.float32)
WEIGHTS = {"scalar": 2.5, "row": np.array([[1.0], [0.0], [2.0], [0.5], [3.0]], np.float32),
           "full": RNG.uniform(0, 2, size=(5, 3)).astype(np.float32) * (RNG.uniform(size=(5, 3)) > 0.3)}
LOGITS = RNG.normal(size=(5, 4)).astype(np.float32)
ONEHOT = np.eye(4, dtype=np.float32)[[0, 3, 1, 2, 3]]
SPARSE = np.array([0, 3, 1, 2, 3], np.int32)


def losses_section():
    L = v1.losses
    record("losses.Reduction.all", repr(L.Reduction.all()))
    pairs = {
        "mean_squared_error": lambda w, r: L.mean_squared_error(LABEL, PRED, weights=w, reduction=r),
        "absolute_difference": lambda w, r: L.absolute_difference(LABEL, PRED, weights=w, reduction=r),
        "hinge_loss": lambda w, r: L.hinge_loss(LABEL, PRED * 4 - 2, weights=w, reduction=r),
        "huber_loss": lambda w, r: L.huber_loss(LABEL * 3, PRED * 2, weights=w, delta=0.7, reduction=r),
        "log_loss": lambda w, r: L.log_loss(LABEL, PRED, weights=w, reduction=r),
        "sigmoid_cross_entropy": lambda w, r: L.sigmoid_cross_entropy(LABEL, PRED * 6 - 3, weights=w,
                                                                      label_smoothing=0.2, reduction=r),
        "cosine_distance": lambda w, r: L.cosine_distance(LABEL, PRED, axis=1, weights=w if np.ndim(w) == 0 else
                                                          np.asarray(w)[:, :1], reduction=r),
        "compute_weighted_loss": lambda w, r: L.compute_weighted_loss(PRED, weights=w, reduction=r),
    }
    reductions = [L.Reduction.SUM_BY_NONZERO_WEIGHTS, L.Reduction.NONE, L.Reduction.SUM, L.Reduction.MEAN,
                  L.Reduction.SUM_OVER_BATCH_SIZE]
    for name, fn in pairs.items():
        for wname, w in WEIGHTS.items():
            for r in reductions:
                with tf.Graph().as_default():
                    t = fn(w, r)
                    record(f"losses.{name}.{wname}.{r}.type", tensor_text(t))
                    record(f"losses.{name}.{wname}.{r}.collected", len(v1.get_collection(v1.GraphKeys.LOSSES)))
                    record_num(f"close:losses.{name}.{wname}.{r}", in_session(t))
        record_num(f"close:losses.{name}.eager", fn(1.0, L.Reduction.SUM_BY_NONZERO_WEIGHTS))
    for wname, w in WEIGHTS.items():
        with tf.Graph().as_default():
            t = L.softmax_cross_entropy(ONEHOT, LOGITS, weights=w if np.ndim(w) == 0 else np.asarray(w)[:, 0],
                                        label_smoothing=0.1)
            u = L.sparse_softmax_cross_entropy(SPARSE, LOGITS, weights=w if np.ndim(w) == 0 else np.asarray(w)[:, 0])
            p = L.mean_pairwise_squared_error(LABEL, PRED, weights=w if np.ndim(w) == 0 else np.asarray(w)[:, :1])
            record(f"losses.xent.{wname}.type", tensor_text(t) + " " + tensor_text(u) + " " + tensor_text(p))
            record_num(f"close:losses.xent.{wname}", in_session([t, u, p]))
    # unknown batch: fed placeholders
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [None, 3])
        y = v1.placeholder(tf.float32, [None, 3])
        w = v1.placeholder(tf.float32, [None, 1])
        t = L.mean_squared_error(y, x, weights=w)
        p = L.mean_pairwise_squared_error(y, x, weights=w)
        record("losses.placeholder.type", tensor_text(t))
        big = RNG.uniform(size=(9, 3)).astype(np.float32)
        record_num("close:losses.placeholder", in_session([t, p], {x: big, y: big[::-1], w: np.ones((9, 1)) * 0.5}))
    # collections
    with tf.Graph().as_default():
        a = L.mean_squared_error(LABEL, PRED)
        L.absolute_difference(LABEL, PRED, loss_collection=None)
        L.add_loss(tf.constant(3.0))
        v1.add_to_collection(v1.GraphKeys.REGULARIZATION_LOSSES, tf.constant(0.25))
        record("losses.get_losses", len(L.get_losses()))
        record("losses.get_regularization_losses", len(L.get_regularization_losses()))
        record_num("close:losses.totals", in_session([L.get_total_loss(), L.get_total_loss(False),
                                                 L.get_regularization_loss(), a]))
    with tf.Graph().as_default():
        record_num("losses.no_regularization", in_session(L.get_regularization_loss()))
        record_error("losses.get_total_loss.empty", lambda: L.get_total_loss())
    record("losses.eager.get_losses", len(L.get_losses()))
    # errors
    record_error("losses.error.reduction", lambda: L.mean_squared_error(LABEL, PRED, reduction="mean"))
    record_error("losses.error.labels_none", lambda: L.mean_squared_error(None, PRED))
    record_error("losses.error.logits_none", lambda: L.softmax_cross_entropy(ONEHOT, None))
    record_error("losses.error.axis", lambda: L.cosine_distance(LABEL, PRED))
    record_error("losses.error.shapes", lambda: L.mean_squared_error(LABEL[:, :2], PRED))
    record_error("losses.error.weights_rank", lambda: L.mean_squared_error(LABEL, PRED, weights=np.ones(3)))
    record_error("losses.error.weights_dim", lambda: L.mean_squared_error(LABEL, PRED, weights=np.ones((5, 2))))


SECTIONS = [losses_section]


def main():
    for section in SECTIONS:
        section()
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
