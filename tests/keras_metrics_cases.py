"""`tf.keras.metrics` and compile's metrics: run as `python keras_metrics_cases.py tf|varrt`, it prints one
line per case, `label | JSON`, so the same program under Keras 3 on TensorFlow 2.21 and under varrt can
be compared (test_keras_metrics.py). A tensor prints as {"dtype", "shape", "value"}, a Python float as
{"float": x}, an error as {"error": type, "message": text}; "tol" in a record is the relative tolerance
its numbers are compared with (the metrics' own arithmetic: 1e-7; a model's outputs: 1e-6; after
training: 1e-4). The batch sizes (7, 11, 13) and class counts (3, 5, 6) are none a Keras example uses."""
import json
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf
import contextlib
import io

import numpy as np

M = tf.keras.metrics
rs = np.random.RandomState(27)


def encode(x):
    if isinstance(x, dict):
        return {str(k): encode(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [encode(v) for v in x]
    if isinstance(x, bool) or x is None or isinstance(x, (int, str)):
        return x
    if isinstance(x, float):
        return {"float": x}
    if isinstance(x, np.floating):
        return {"dtype": x.dtype.name, "shape": [], "value": float(x)}
    if hasattr(x, "numpy") and hasattr(x, "dtype"):
        value = np.asarray(x.numpy())
        dtype = x.dtype if isinstance(x.dtype, str) else x.dtype.name
        return {"dtype": dtype, "shape": list(value.shape), "value": value.astype(np.float64).tolist()
                if value.dtype.kind in "fiub" else value.tolist()}
    if isinstance(x, np.ndarray):
        return {"dtype": x.dtype.name, "shape": list(x.shape), "value": x.astype(np.float64).tolist()}
    return repr(x)


def case(label, fn, tol=1e-7):
    try:
        out = {"result": encode(fn()), "tol": tol}
    except Exception as e:  # noqa: BLE001 - the error is the result being compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        out = {"error": type(e).__name__, "message": " ".join(text.split())}
    print(f"{label} | {json.dumps(out)}")


def run(metric, *batches):
    """The metric's result after `update_state` on each batch (a tuple of its arguments)."""
    for batch in batches:
        metric.update_state(*batch)
    return metric.result()


def steps(metric, *batches):
    """The result after each batch, then after reset_state and the first batch again."""
    out = []
    for batch in batches:
        metric.update_state(*batch)
        out.append(metric.result())
    metric.reset_state()
    metric.update_state(*batches[0])
    out.append(metric.result())
    return out


def floats(*shape, dtype=np.float32):
    return rs.rand(*shape).astype(dtype)


# --- Mean and Sum: weights, broadcasting, ranks, dtypes -------------------------------------------
v7, v7b = floats(7), floats(7, 3)
w7, w7x3, w7x1 = floats(7), floats(7, 3), floats(7, 1)
case("mean.plain", lambda: steps(M.Mean(), (v7,), (v7b,), ([1, 3, 5],), (2.5,)))
case("mean.weighted", lambda: steps(M.Mean(), (v7, w7), (v7b, w7), (v7b, w7x3), (v7b, w7x1), (v7, 0.5)))
case("mean.rank3_by_rank1", lambda: run(M.Mean(), (floats(7, 3, 2), w7)))
case("mean.rank3_by_rank2", lambda: run(M.Mean(), (floats(7, 3, 2), w7x3)))
case("mean.weights_rank2_values_rank1", lambda: run(M.Mean(), (v7, w7x1)))
case("mean.float64", lambda: steps(M.Mean(dtype="float64"), (v7.astype(np.float64),), (v7b, w7)))
case("mean.float64_python", lambda: run(M.Mean(dtype=tf.float64), ([0.1, 0.2, 0.3],), ([[1.0], [2.0]], [0.3, 0.7])))
case("mean.zero_weights", lambda: run(M.Mean(), (v7, np.zeros(7, np.float32))))
case("mean.call", lambda: [M.Mean()(v7), M.Mean()(v7b, sample_weight=w7)])
case("sum.plain", lambda: steps(M.Sum(), (v7,), (v7b,), ([1, 3, 5],)))
case("sum.weighted", lambda: steps(M.Sum(), (v7b, w7), (v7b, w7x3), (floats(7, 3, 2), w7)))
case("sum.float64", lambda: run(M.Sum(dtype="float64"), (v7.astype(np.float64), w7)))
case("mean.variables", lambda: (lambda m: (m.update_state([2.0, 4.0]), [repr(v) for v in m.variables],
                                            [v.path for v in m.variables]))(M.Mean(name="avg")))
case("mean.slash_name", lambda: [v.path for v in M.Mean(name="a/b").variables])
case("mean.bad_weights", lambda: run(M.Mean(), (v7, floats(3))))

# --- Accuracy: binary, categorical, sparse, top-k --------------------------------------------------
n, c = 11, 5
labels = rs.randint(0, c, n)
onehot = np.eye(c, dtype=np.float32)[labels]
probs = floats(n, c)
probs[3, :] = probs[3, 0]  # a row of ties
w11 = floats(n)
yb = rs.randint(0, 2, (n, 1)).astype(np.float32)
pb = floats(n, 1)
case("accuracy.plain", lambda: steps(M.Accuracy(), (labels, rs.randint(0, c, n)), (labels[:, None], labels[:, None])))
case("accuracy.weighted", lambda: run(M.Accuracy(), (labels, rs.randint(0, c, n), w11)))
case("binary_accuracy.default", lambda: steps(M.BinaryAccuracy(), (yb, pb), (yb[:, 0], pb), (yb, pb[:, 0], w11)))
case("binary_accuracy.threshold", lambda: run(M.BinaryAccuracy(threshold=0.3), (yb, pb, w11)))
case("binary_accuracy.multi", lambda: run(M.BinaryAccuracy(), (rs.randint(0, 2, (n, 3)), floats(n, 3), w11)))
case("binary_accuracy.float64", lambda: run(M.BinaryAccuracy(dtype="float64"), (yb, pb.astype(np.float64), w11)))
case("categorical_accuracy", lambda: steps(M.CategoricalAccuracy(), (onehot, probs), (onehot, probs, w11)))
case("categorical_accuracy.float64", lambda: run(M.CategoricalAccuracy(dtype="float64"),
                                                 (onehot, probs.astype(np.float64), w11)))
case("sparse_categorical_accuracy", lambda: steps(M.SparseCategoricalAccuracy(), (labels, probs),
                                                  (labels[:, None], probs, w11), (labels.astype(np.float32), probs)))
case("sparse_categorical_accuracy.rank3", lambda: run(M.SparseCategoricalAccuracy(),
                                                      (rs.randint(0, c, (n, 2)), floats(n, 2, c), w11)))
case("top_k.k2", lambda: steps(M.TopKCategoricalAccuracy(k=2), (onehot, probs), (onehot, probs, w11)))
case("top_k.k3", lambda: run(M.TopKCategoricalAccuracy(k=3, name="top3"), (onehot, probs, w11)))
case("top_k.rank3", lambda: run(M.TopKCategoricalAccuracy(k=2), (np.eye(c, dtype=np.float32)[rs.randint(0, c, (n, 2))],
                                                                 floats(n, 2, c))))
case("sparse_top_k.k2", lambda: steps(M.SparseTopKCategoricalAccuracy(k=2), (labels, probs), (labels, probs, w11)))
case("sparse_top_k.sorted_ids", lambda: run(M.SparseTopKCategoricalAccuracy(k=2, from_sorted_ids=True),
                                            (labels, np.argsort(-probs, axis=1)[:, :3], w11)))
case("sparse_top_k.float64_error", lambda: run(M.SparseTopKCategoricalAccuracy(k=2),
                                               (labels, probs.astype(np.float64))))
case("fn.binary_accuracy", lambda: M.binary_accuracy(yb, pb, threshold=0.4))
case("fn.categorical_accuracy", lambda: M.categorical_accuracy(onehot, probs))
case("fn.sparse_categorical_accuracy", lambda: M.sparse_categorical_accuracy(labels[:, None], probs))
case("fn.top_k_categorical_accuracy", lambda: M.top_k_categorical_accuracy(onehot, probs, k=2))
case("fn.sparse_top_k_categorical_accuracy", lambda: M.sparse_top_k_categorical_accuracy(labels, probs, k=3))

# --- Confusion-matrix metrics: thresholds, top_k, class_id, weights ---------------------------------
n2 = 13
yt = rs.randint(0, 2, (n2, 3)).astype(np.float32)
yp = floats(n2, 3)
yp[0, 0], yp[1, 1], yp[2, 2] = 0.0, 1.0, 0.5  # predictions on threshold edges
w13, w13x3 = floats(n2), floats(n2, 3)
case("precision.default", lambda: steps(M.Precision(), (yt, yp), (yt, yp, w13)))
case("precision.thresholds", lambda: run(M.Precision(thresholds=[0.2, 0.5, 0.8]), (yt, yp, w13x3)))
case("precision.even_thresholds", lambda: run(M.Precision(thresholds=[0.0, 0.25, 0.5, 0.75, 1.0]), (yt, yp, w13)))
case("precision.top_k", lambda: run(M.Precision(top_k=2), (yt, yp), (yt, yp, w13)))
case("precision.class_id", lambda: run(M.Precision(class_id=2), (yt, yp, w13)))
case("precision.top_k_class_id", lambda: run(M.Precision(top_k=1, class_id=1, thresholds=[0.3, 0.6]), (yt, yp, w13)))
case("precision.float64", lambda: run(M.Precision(thresholds=[0.3, 0.7], dtype="float64"), (yt, yp, w13)))
case("recall.default", lambda: steps(M.Recall(), (yt, yp), (yt, yp, w13)))
case("recall.thresholds", lambda: run(M.Recall(thresholds=[0.1, 0.45]), (yt, yp, w13x3)))
case("recall.top_k", lambda: run(M.Recall(top_k=2), (yt, yp, w13)))
case("recall.class_id", lambda: run(M.Recall(class_id=0, thresholds=0.6), (yt, yp, w13)))
case("recall.flat", lambda: run(M.Recall(), (yt[:, 0], yp[:, 0], w13)))
for cls in ("TruePositives", "FalsePositives", "TrueNegatives", "FalseNegatives"):
    case(f"{cls}.default", lambda cls=cls: steps(getattr(M, cls)(), (yt, yp), (yt, yp, w13)))
    case(f"{cls}.thresholds", lambda cls=cls: run(getattr(M, cls)(thresholds=[0.15, 0.5, 0.95]), (yt, yp, w13x3)))
    case(f"{cls}.even", lambda cls=cls: run(getattr(M, cls)(thresholds=[0.0, 0.5, 1.0]), (yt, yp, w13)))
case("auc.roc", lambda: steps(M.AUC(), (yt, yp), (yt, yp, w13)))
case("auc.pr", lambda: steps(M.AUC(curve="PR"), (yt, yp), (yt, yp, w13)))
case("auc.prgain", lambda: run(M.AUC(curve="PRGAIN"), (yt, yp, w13)))
case("auc.minoring", lambda: run(M.AUC(num_thresholds=13, summation_method="minoring"), (yt, yp, w13)))
case("auc.majoring", lambda: run(M.AUC(num_thresholds=9, summation_method="majoring", curve="PR"), (yt, yp, w13)))
case("auc.thresholds", lambda: run(M.AUC(thresholds=[0.7, 0.2, 0.45]), (yt, yp, w13x3)))
case("auc.even_thresholds", lambda: run(M.AUC(thresholds=[0.25, 0.5, 0.75]), (yt, yp, w13)))
case("auc.multi_label", lambda: run(M.AUC(multi_label=True), (yt, yp), (yt, yp, w13)))
case("auc.multi_label_num_labels", lambda: run(M.AUC(multi_label=True, num_labels=3, curve="PR"), (yt, yp, w13x3)))
case("auc.multi_label_thresholds", lambda: run(M.AUC(multi_label=True, thresholds=[0.3, 0.6]), (yt, yp, w13)))
case("auc.label_weights", lambda: run(M.AUC(multi_label=True, label_weights=[0.2, 0.5, 0.3]), (yt, yp, w13)))
case("auc.label_weights_flat", lambda: run(M.AUC(label_weights=[0.2, 0.5, 0.3]), (yt, yp, w13)))
case("auc.from_logits", lambda: run(M.AUC(from_logits=True), (yt, rs.randn(n2, 3).astype(np.float32))))
case("auc.float64", lambda: run(M.AUC(dtype="float64", num_thresholds=50), (yt, yp.astype(np.float64), w13)))
case("auc.variables", lambda: [(v.path, tuple(v.shape)) for v in M.AUC(num_thresholds=7, multi_label=True,
                                                                          num_labels=2).variables])
case("auc.thresholds_attr", lambda: M.AUC(num_thresholds=5).thresholds)

# --- Regression and cross-entropy metrics --------------------------------------------------------
r_true, r_pred = rs.randn(n, 3).astype(np.float32), rs.randn(n, 3).astype(np.float32)
for cls in ("MeanSquaredError", "MeanAbsoluteError", "RootMeanSquaredError", "MeanAbsolutePercentageError"):
    case(f"{cls}", lambda cls=cls: steps(getattr(M, cls)(), (r_true, r_pred), (r_true, r_pred, w11),
                                         (r_true[:, 0], r_pred[:, :1], w11)))
    case(f"{cls}.float64", lambda cls=cls: run(getattr(M, cls)(dtype="float64"),
                                               (r_true.astype(np.float64), r_pred.astype(np.float64), w11)))
case("bce", lambda: steps(M.BinaryCrossentropy(), (yt, yp), (yt, yp, w13)))
case("bce.logits_smoothing", lambda: run(M.BinaryCrossentropy(from_logits=True, label_smoothing=0.1),
                                         (yt, rs.randn(n2, 3).astype(np.float32), w13)))
case("cce", lambda: steps(M.CategoricalCrossentropy(), (onehot, probs), (onehot, probs, w11)))
case("cce.logits", lambda: run(M.CategoricalCrossentropy(from_logits=True, label_smoothing=0.2),
                               (onehot, rs.randn(n, c).astype(np.float32), w11)))
case("scce", lambda: steps(M.SparseCategoricalCrossentropy(), (labels, probs), (labels, probs, w11)))
case("scce.logits", lambda: run(M.SparseCategoricalCrossentropy(from_logits=True),
                                (labels, rs.randn(n, c).astype(np.float32), w11)))
case("fn.mse", lambda: M.mse(r_true, r_pred))
case("fn.mae", lambda: M.mae(r_true, r_pred))
case("fn.mape", lambda: M.mape(r_true, r_pred))


def cube_error(y_true, y_pred):
    return (y_true - y_pred) ** 3


case("wrapper.function", lambda: run(M.MeanMetricWrapper(cube_error, name="cube"), (r_true, r_pred, w11)))
case("wrapper.kwargs", lambda: run(M.MeanMetricWrapper(M.binary_accuracy, threshold=0.2), (yb, pb)))

# --- Names, configs, repr, get --------------------------------------------------------------------
CONFIGS = [M.Mean(), M.Sum(name="s", dtype="float64"), M.Accuracy(), M.BinaryAccuracy(threshold=0.3),
           M.CategoricalAccuracy(), M.SparseCategoricalAccuracy(), M.TopKCategoricalAccuracy(k=3),
           M.SparseTopKCategoricalAccuracy(k=2), M.SparseTopKCategoricalAccuracy(from_sorted_ids=True),
           M.AUC(), M.AUC(thresholds=[0.2, 0.6], curve="PR", summation_method="majoring"),
           M.Precision(thresholds=[0.3], top_k=2, class_id=1), M.Recall(), M.TruePositives(thresholds=[0.2, 0.8]),
           M.FalseNegatives(), M.MeanSquaredError(), M.MeanAbsoluteError(), M.RootMeanSquaredError(),
           M.MeanAbsolutePercentageError(), M.BinaryCrossentropy(from_logits=True),
           M.CategoricalCrossentropy(label_smoothing=0.1), M.SparseCategoricalCrossentropy(),
           M.MeanMetricWrapper(M.categorical_accuracy, name="w")]
for metric in CONFIGS:
    case(f"config.{type(metric).__name__}.{metric.name}", lambda m=metric: (repr(m), str(m), m.dtype, m.get_config()))
case("from_config", lambda: [(repr(m2), m2.get_config()) for m2 in (type(m).from_config(m.get_config())
                                                                    for m in CONFIGS if not isinstance(m, M.AUC))])
case("auto_names", lambda: [M.MeanMetricWrapper(cube_error).name, M.MeanMetricWrapper(cube_error).name,
                            M.AUC().name, M.AUC().name, M.Precision().name, M.Mean().name])
case("get", lambda: [repr(M.get(name)) for name in ("mse", "MAE", "mape", "bce", "auc", "AUC", "precision",
                                                     "binary_accuracy", "accuracy", "root_mean_squared_error",
                                                     "TopKCategoricalAccuracy")])
case("get.function", lambda: M.get(M.binary_accuracy) is M.binary_accuracy)
case("get.none", lambda: M.get(None))

# --- Errors ----------------------------------------------------------------------------------------
case("error.auc_num_thresholds", lambda: M.AUC(num_thresholds=1))
case("error.auc_curve", lambda: M.AUC(curve="XY"))
case("error.auc_summation", lambda: M.AUC(summation_method="mean"))
case("error.auc_num_labels", lambda: M.AUC(num_labels=3))
case("error.auc_multi_label_rank", lambda: M.AUC(multi_label=True).update_state(yt[:, 0], yp[:, 0]))
case("error.thresholds_range", lambda: M.Precision(thresholds=[0.5, 1.5, -0.1]))
case("error.class_id_rank1", lambda: M.Recall(class_id=1).update_state(yt[:, 0], yp[:, 0]))
case("error.get", lambda: M.get("not_a_metric"))
case("error.get_number", lambda: M.get(3))


class NoSuper(M.Metric):
    def __init__(self):
        pass


case("error.super_not_called", lambda: NoSuper()([1.0]))


class BinaryTruePositives(M.Metric):
    """The subclass of Keras's Metric docstring."""

    def __init__(self, name="binary_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), initializer="zeros", name="true_positives")

    def update_state(self, y_true, y_pred, sample_weight=None):
        values = tf.cast(tf.logical_and(tf.cast(y_true, "bool"), tf.cast(y_pred, "bool")), self.dtype)
        if sample_weight is not None:
            values = values * tf.cast(sample_weight, self.dtype)
        self.true_positives.assign(self.true_positives + tf.reduce_sum(values))

    def result(self):
        return self.true_positives


case("subclass", lambda: (lambda m: (m.update_state([1, 0, 1, 1], [1, 1, 0, 1], [0.5, 1.0, 1.0, 2.0]), m.result(),
                                     [v.path for v in m.variables], m.get_config(), m.reset_state(),
                                     m.result()))(BinaryTruePositives()))

# --- compile(metrics=..., weighted_metrics=...): fit and evaluate logs ---------------------------------
X = rs.randn(26, 4).astype(np.float32)
Y3 = rs.randint(0, 3, 26)
Y1 = rs.randint(0, 2, (26, 1)).astype(np.float32)
YR = (X @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
SW = rs.rand(26).astype(np.float32) + 0.1
K1 = rs.randn(4, 6).astype(np.float32) * 0.5
K2 = rs.randn(6, 3).astype(np.float32) * 0.5


def model(units, activation):
    m = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(6, activation="relu"),
                             tf.keras.layers.Dense(units, activation=activation)])
    m.set_weights([K1, np.linspace(-0.1, 0.1, 6).astype(np.float32), K2[:, :units],
                   np.linspace(-0.05, 0.05, units).astype(np.float32)])
    return m


def printed(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        value = fn()
    return re.sub(r" - \d+s - \d+(?:s|ms|us)/step", " - Ts - T/step", out.getvalue()), value


def logs_of(m, *fit_args, **fit_kwargs):
    """Names before and after a fit, the history, the printed epochs, evaluate as a list and as a dict."""
    before = (m.metrics_names, [type(x).__name__ for x in m.metrics])
    text, h = printed(lambda: m.fit(*fit_args, batch_size=10, epochs=2, shuffle=False, verbose=2, **fit_kwargs))
    evaluated = m.evaluate(*fit_args[:2], batch_size=10, verbose=0, **{k: v for k, v in fit_kwargs.items()
                                                                        if k == "sample_weight"})
    as_dict = m.evaluate(*fit_args[:2], batch_size=7, verbose=0, return_dict=True)
    return {"before": before, "after": (m.metrics_names, [x.name for x in m.metrics[1].metrics]),
            "history": h.history, "printed": text, "evaluate": evaluated, "evaluate_dict": as_dict}


def evaluated(m, x, y, **kwargs):
    """evaluate's list and dict on the fixed initial weights (no training), and the printed line."""
    text, value = printed(lambda: m.evaluate(x, y, batch_size=10, verbose=2, **kwargs))
    return {"list": value, "dict": m.evaluate(x, y, batch_size=7, verbose=0, return_dict=True, **kwargs),
            "printed": text, "names": m.metrics_names}


def sparse_model():
    m = model(3, "softmax")
    m.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy",
              metrics=["accuracy", "sparse_top_k_categorical_accuracy", M.SparseTopKCategoricalAccuracy(k=2)],
              weighted_metrics=["acc", "accuracy"])
    return m


def binary_model():
    m = model(1, "sigmoid")
    m.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="binary_crossentropy",
              metrics=["accuracy", M.AUC(), "auc", M.Precision(), M.Recall(thresholds=[0.3, 0.6]), "mse", "mae",
                       M.BinaryAccuracy(threshold=0.4, name="ba4"), "binary_crossentropy"],
              weighted_metrics=[M.AUC(curve="PR", name="pr_auc")])
    return m


def regression_model():
    m = model(1, None)
    m.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse",
              metrics=["mae", "mse", M.RootMeanSquaredError(), "mape", "mse", cube_error],
              weighted_metrics=["mse", "mae", "mse"])
    return m


def categorical_model():
    m = model(3, "softmax")
    m.compile(optimizer="sgd", loss="categorical_crossentropy",
              metrics=["acc", M.TopKCategoricalAccuracy(k=2), M.categorical_accuracy, "categorical_crossentropy",
                       M.CategoricalCrossentropy(name="cce")])
    return m


ONEHOT3 = np.eye(3, dtype=np.float32)[Y3]
case("compile.sparse.evaluate", lambda: evaluated(sparse_model(), X, Y3, sample_weight=SW), tol=1e-6)
case("compile.binary.evaluate", lambda: evaluated(binary_model(), X, Y1, sample_weight=SW), tol=1e-6)
case("compile.regression.evaluate", lambda: evaluated(regression_model(), X, YR, sample_weight=SW), tol=1e-6)
case("compile.categorical.evaluate", lambda: evaluated(categorical_model(), X, ONEHOT3), tol=1e-6)
case("compile.sparse.fit", lambda: logs_of(sparse_model(), X, Y3, sample_weight=SW), tol=1e-4)
case("compile.binary.fit", lambda: logs_of(binary_model(), X, Y1, validation_data=(X[:9], Y1[:9])), tol=1e-4)
case("compile.regression.fit", lambda: logs_of(regression_model(), X, YR, sample_weight=SW), tol=1e-4)
case("compile.categorical.fit", lambda: logs_of(categorical_model(), X, ONEHOT3), tol=1e-4)


def on_batch():
    m = binary_model()
    return (m.train_on_batch(X[:10], Y1[:10]), m.test_on_batch(X[:10], Y1[:10], return_dict=True),
            m.metrics_names)


case("compile.on_batch", on_batch, tol=1e-5)


def reset():
    m = regression_model()
    m.evaluate(X, YR, verbose=0)
    before = [x.result() for x in m.metrics[1].metrics]
    m.reset_metrics()
    return before, [x.result() for x in m.metrics[1].metrics], [x.result() for x in m.metrics[:1]]


case("compile.reset_metrics", reset, tol=1e-6)
case("compile.metrics_not_a_list", lambda: model(1, None).compile(loss="mse", metrics="mae"))
case("compile.weighted_not_a_list", lambda: model(1, None).compile(loss="mse", weighted_metrics="mae"))


def unknown_name():
    m = model(1, None)
    m.compile(loss="mse", metrics=["no_such_metric"])
    return m.evaluate(X, YR, verbose=0)


case("compile.unknown_name", unknown_name)


def none_metric():
    m = model(1, None)
    m.compile(loss="mse", metrics=[None])
    return m.evaluate(X, YR, verbose=0)


case("compile.none_metric", none_metric)


def only_weighted():
    m = model(1, None)
    m.compile(loss="mse", weighted_metrics=["mae"])
    return m.metrics_names, m.evaluate(X, YR, sample_weight=SW, verbose=0), m.metrics_names


case("compile.only_weighted", only_weighted, tol=1e-6)


# --- Several outputs: compile's metrics per output, by dict and by list (compute_metrics) ---------------
class Outputs(tf.keras.Model):
    """A subclassed model whose outputs are given (compute_metrics needs no call)."""

    def call(self, x):
        return x


YA, PA = rs.randint(0, 2, (7, 1)).astype(np.float32), floats(7, 1)
YB, PB = rs.randn(7, 2).astype(np.float32), rs.randn(7, 2).astype(np.float32)
SW7 = floats(7)


def per_output(metrics, weighted_metrics, y, y_pred, sample_weight=None):
    m = Outputs()
    m.compile(loss=None, metrics=metrics, weighted_metrics=weighted_metrics)
    first = m.compute_metrics(None, y, y_pred, sample_weight=sample_weight)
    second = m.compute_metrics(None, y, y_pred, sample_weight=sample_weight)
    return first, second, m.metrics_names, [x.name for x in m.metrics[1].metrics]


case("outputs.dict", lambda: per_output({"b": ["mae", "mse"], "a": "accuracy"}, {"a": ["mse"], "b": "mse"},
                                        {"a": YA, "b": YB}, {"a": PA, "b": PB}, SW7))
case("outputs.dict_partial", lambda: per_output({"b": [M.RootMeanSquaredError()]}, None,
                                                {"a": YA, "b": YB}, {"a": PA, "b": PB}))
case("outputs.list", lambda: per_output([["mae"], ["mse", "mae"]], [None, ["mae"]], [YA, YB], [PA, PB], SW7))
case("outputs.list_weights_per_output", lambda: per_output(None, ["mse", "mse"], [YA, YB], [PA, PB],
                                                           [SW7, floats(7)]))
case("outputs.single_output_nested_list", lambda: per_output([["mae", "mse"]], None, YB, PB))


def multi_label_fit():
    """A multi-label AUC makes its variables at its first update (inside the traced step), and a top-k precision."""
    m = model(3, "sigmoid")
    m.compile(optimizer="sgd", loss="binary_crossentropy",
              metrics=[M.AUC(multi_label=True, name="ml"), M.Precision(top_k=2)])
    y = rs.randint(0, 2, (26, 3)).astype(np.float32)
    return m.fit(X, y, batch_size=5, epochs=2, verbose=0, shuffle=False).history


case("compile.multi_label_auc", multi_label_fit, tol=1e-4)
case("auc.config_round_trip", lambda: (lambda c: (c, M.AUC.from_config(c).get_config()))(
    M.AUC(thresholds=[0.6, 0.2], label_weights=[1.0, 2.0], multi_label=True, curve="PR").get_config()))


def empty_metrics():
    m = model(1, None)
    m.compile(loss="mse", metrics=[])
    return m.metrics_names, m.evaluate(X, YR, verbose=0), m.evaluate(X, YR, verbose=0, return_dict=True)


case("compile.empty_metrics", empty_metrics, tol=1e-6)


def result_before_update():
    m = model(1, None)
    m.compile(loss="mse", metrics=["mae"])
    return m.get_metrics_result()


case("compile.result_before_update", result_before_update)
case("serialize", lambda: [M.serialize(m) for m in (M.AUC(num_thresholds=5), M.Mean(name="x"),
                                                    M.MeanMetricWrapper(M.binary_accuracy, name="w", threshold=0.2))])
case("deserialize", lambda: [(repr(m), m.get_config()) for m in (
    M.deserialize({"module": "keras.metrics", "class_name": "Mean", "config": {"name": "x", "dtype": "float64"},
                   "registered_name": None}),
    M.deserialize("mse"), M.deserialize("Precision"), M.deserialize(M.serialize(M.Recall(thresholds=[0.2, 0.4]))),
    M.deserialize(M.serialize(M.MeanMetricWrapper(M.binary_accuracy, name="w", threshold=0.2))),
    M.get({"class_name": "Recall", "config": {"thresholds": 0.3}}))])
case("deserialize.unknown", lambda: [M.deserialize({"class_name": "Nope", "config": {}}), M.deserialize("nope")])
case("get.unknown_dict", lambda: M.get({"class_name": "Nope", "config": {}}))
# The direction Keras's monitoring callbacks (EarlyStopping, ModelCheckpoint) read from a metric in auto mode.
case("direction", lambda: [getattr(m, "_direction", None) for m in (
    M.Mean(), M.AUC(), M.Precision(), M.Recall(), M.TruePositives(), M.Accuracy(), M.BinaryAccuracy(),
    M.SparseTopKCategoricalAccuracy(), M.MeanSquaredError(), M.RootMeanSquaredError(), M.BinaryCrossentropy(),
    M.MeanMetricWrapper(M.mse), M.MeanMetricWrapper(tf.keras.losses.MeanSquaredError()),
    M.MeanMetricWrapper(M.binary_accuracy), M.MeanMetricWrapper(cube_error))])
