"""Sparse Keras inputs: `tf.keras.Input(sparse=True)` into Dense in functional and Sequential
models, called, predicted (batch sizes that do not divide the rows, empty rows), evaluated and
trained with fit on SparseTensors and on a tf.data.Dataset of them; a dense Input given a
SparseTensor; int and float64 sparse values; the errors. Run under TensorFlow 2.21 with Keras 3
(by tests/tools/record_keras_program.py, into tests/fixtures/keras_sparse/) and under varrt (by
tests/test_keras_sparse.py).

    python keras_sparse_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers."""
import json
import os
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
TOL = 1e-5


def record(name, fn):
    """The case's text (its value's repr, or the error's type and first line)."""
    try:
        value = fn()
        results[name] = value if isinstance(value, str) else repr(value)
    except Exception as e:  # noqa: BLE001 - the error is the case's result
        results[name] = f"{type(e).__name__}: {str(e).splitlines()[0]}"


def record_num(name, fn):
    """The case's numbers (with their shape and dtype as a text case), or its error."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001
        results[name] = f"{type(e).__name__}: {str(e).splitlines()[0]}"
        return
    array = np.asarray(value)
    results[f"{name}:shape_dtype"] = f"{array.shape} {array.dtype}"
    results[f"num:{TOL}:{name}"] = array.astype(np.float64).reshape(-1).tolist()


def guide_sparse(values=None):
    # The sparse_tensor guide's data: rows 1-3 empty.
    values = [1, 1, 1, 1, 1, 1] if values is None else values
    return tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)], values=values,
                                  dense_shape=(6, 4))


KERNEL = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [-2.0, 1.0, 0.75], [0.125, 3.0, -1.25]], np.float32)
BIAS = np.array([0.1, -0.2, 0.3], np.float32)
FLOATS = np.array([1.0, -2.0, 3.5, 0.5, 4.0, -1.5], np.float32)


def sparse_model(units=3, **dense_args):
    x = keras.Input(shape=(4,), sparse=True)
    layer = keras.layers.Dense(units, **dense_args)
    model = keras.Model(x, layer(x))
    if units == 3:
        layer.set_weights([KERNEL, BIAS] if layer.use_bias else [KERNEL])
    return model


# --- the symbolic side ---------------------------------------------------------------------------
record("input_repr", lambda: repr(keras.Input(shape=(4,), sparse=True, name="s")))
record("input_int_repr", lambda: repr(keras.Input(shape=(4,), sparse=True, dtype="int64", name="si")))
record("dense_output_repr", lambda: repr(keras.layers.Dense(3, name="d")(keras.Input(shape=(4,), sparse=True,
                                                                                       name="s2"))))
record("input_layer_config", lambda: keras.layers.InputLayer(shape=(4,), sparse=True, name="il").get_config())
record("model_config_input", lambda: sparse_model().get_config()["layers"][0]["config"]["sparse"])
record("sparse_and_ragged", lambda: keras.Input(shape=(4,), sparse=True, ragged=True))
record("input_tensor_mismatch", lambda: keras.layers.InputLayer(input_tensor=keras.Input(shape=(4,), sparse=True),
                                                                sparse=False))
record("input_tensor_sparse", lambda: keras.layers.InputLayer(input_tensor=keras.Input(shape=(4,), sparse=True,
                                                                                       name="it")).sparse)

# --- calls and predict -----------------------------------------------------------------------------
record_num("call_int_values", lambda: sparse_model()(guide_sparse()))
record_num("call_float_values", lambda: sparse_model()(guide_sparse(FLOATS)))
record_num("call_float64_values", lambda: sparse_model()(guide_sparse(FLOATS.astype(np.float64))))
record_num("call_no_bias_relu", lambda: sparse_model(use_bias=False, activation="relu")(guide_sparse(FLOATS)))
record_num("dense_layer_direct", lambda: keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="ones")(
    guide_sparse(FLOATS)))
record_num("dense_input_given_sparse", lambda: keras.Model(*(lambda x: (x, keras.layers.Dense(
    2, kernel_initializer="ones")(x)))(keras.Input(shape=(4,))))(guide_sparse(FLOATS)))
for batch_size in (1, 4, 6, 32):
    record_num(f"predict_b{batch_size}", lambda b=batch_size: sparse_model().predict(guide_sparse(FLOATS), batch_size=b,
                                                                                     verbose=0))
record_num("predict_int", lambda: sparse_model().predict(guide_sparse(), verbose=0))
record_num("predict_on_batch", lambda: sparse_model().predict_on_batch(guide_sparse(FLOATS)))
record_num("predict_dataset", lambda: sparse_model().predict(
    tf.data.Dataset.from_tensor_slices(guide_sparse(FLOATS)).batch(4), verbose=0))
rng = np.random.RandomState(3)
wide = (rng.rand(11, 4) > 0.6) * rng.randn(11, 4).astype(np.float32)
record_num("predict_random_b3", lambda: sparse_model().predict(tf.sparse.from_dense(wide.astype(np.float32)),
                                                               batch_size=3, verbose=0))
record_num("sequential", lambda: keras.Sequential([keras.Input((4,), sparse=True), keras.layers.Dense(
    2, kernel_initializer="ones")])(guide_sparse(FLOATS)))


def two_layers():
    x = keras.Input(shape=(4,), sparse=True)
    h = keras.layers.Dense(3, activation="relu", kernel_initializer="ones")(x)
    return keras.Model(x, keras.layers.Dense(2, kernel_initializer="ones")(h))


record_num("two_layers", lambda: two_layers()(guide_sparse(FLOATS)))


def two_inputs():
    s = keras.Input(shape=(4,), sparse=True)
    d = keras.Input(shape=(2,))
    merged = keras.layers.Concatenate()([keras.layers.Dense(3, kernel_initializer="ones")(s),
                                         keras.layers.Dense(1, kernel_initializer="ones")(d)])
    return keras.Model([s, d], merged)


record_num("two_inputs", lambda: two_inputs().predict([guide_sparse(FLOATS), np.arange(12.0).reshape(6, 2)],
                                                      batch_size=4, verbose=0))


# --- other layers on a SparseTensor: passed through, or the error of a dense-only layer ---------------
for name, make in [("identity", lambda: keras.layers.Identity()), ("dropout_inference", lambda: keras.layers.Dropout(0.5)),
                   ("relu", lambda: keras.layers.ReLU()), ("rescaling", lambda: keras.layers.Rescaling(2.0)),
                   ("batch_normalization", lambda: keras.layers.BatchNormalization())]:
    record(f"layer_on_sparse/{name}", lambda make=make: (lambda out: f"{type(out).__name__[-12:]} "
                                                         f"{tf.sparse.to_dense(out).numpy().tolist()}")(
        make()(guide_sparse(FLOATS))))


# --- training ------------------------------------------------------------------------------------------
def trained(x, epochs=2, **fit_args):
    model = sparse_model()
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    history = model.fit(x, **fit_args, epochs=epochs, verbose=0, shuffle=False).history["loss"]
    return model, history


TARGETS = np.linspace(-1, 1, 18).reshape(6, 3).astype(np.float32)
record_num("fit_history", lambda: trained(guide_sparse(FLOATS), y=TARGETS, batch_size=4)[1])
record_num("fit_weights", lambda: np.concatenate([w.reshape(-1) for w in trained(
    guide_sparse(FLOATS), y=TARGETS, batch_size=4)[0].get_weights()]))
record_num("fit_int_values_history", lambda: trained(guide_sparse(), y=TARGETS, batch_size=5, epochs=3)[1])
record_num("fit_dataset_history", lambda: trained(tf.data.Dataset.from_tensor_slices(
    (guide_sparse(FLOATS), TARGETS)).batch(4), epochs=3)[1])


def validation_history(**fit_args):
    model = sparse_model()
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    history = model.fit(guide_sparse(FLOATS), TARGETS, batch_size=4, epochs=2, verbose=0, shuffle=False,
                        **fit_args).history
    results[f"{fit_args and sorted(fit_args)[0]}:history_keys"] = repr(sorted(history))
    return [v for k in sorted(history) for v in history[k]]


record_num("fit_validation_data", lambda: validation_history(validation_data=(guide_sparse(FLOATS), TARGETS)))
record_num("fit_validation_split", lambda: validation_history(validation_split=0.34))
record_num("fit_sample_weight", lambda: validation_history(sample_weight=np.arange(6.0)))
record_num("evaluate", lambda: (lambda m: m.evaluate(guide_sparse(FLOATS), TARGETS, batch_size=4, verbose=0))(
    trained(guide_sparse(FLOATS), y=TARGETS, batch_size=4)[0]))
record_num("train_on_batch", lambda: (lambda m: (m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse"),
                                                 m.train_on_batch(guide_sparse(FLOATS), TARGETS),
                                                 m.get_weights()[0])[2])(sparse_model()))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
