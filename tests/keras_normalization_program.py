"""Keras 3's BatchNormalization and LayerNormalization (and tf.nn.batch_normalization), run
under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into
tests/fixtures/keras_normalization/) and under varrt (by tests/test_keras_normalization.py).

    python keras_normalization_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. The tolerances allow TensorFlow's reductions and rsqrt their last bit."""
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
rs = np.random.RandomState(11)


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
    layer.set_weights([rs.uniform(0.5, 1.5, w.shape).astype(w.dtype) for w in layer.get_weights()])


# --- tf.nn.batch_normalization -----------------------------------------------------------------
x = rs.randn(6, 5, 3).astype(np.float32)
mean, variance = tf.nn.moments(tf.constant(x), axes=[0, 1])
record_num("nn.moments", np.concatenate([mean.numpy(), variance.numpy()]), 1e-6)
record_num("nn.batch_normalization", tf.nn.batch_normalization(x, mean, variance, offset=rs.randn(3).astype(np.float32),
                                                                scale=rs.randn(3).astype(np.float32),
                                                                variance_epsilon=1e-3).numpy(), 1e-5)
record_num("nn.batch_normalization.plain", tf.nn.batch_normalization(x, mean, variance, None, None, 1e-5).numpy(),
           1e-5)

# --- BatchNormalization ----------------------------------------------------------------------
bn = keras.layers.BatchNormalization()
y = bn(x, training=True)
record("bn.weights", ([w.path for w in bn.weights], [w.trainable for w in bn.weights],
                      [w.name for w in bn.trainable_weights], bn.input_spec.axes if bn.input_spec else None))
record_num("bn.training", y.numpy(), 1e-5)
record_num("bn.moving", np.concatenate([bn.moving_mean.numpy(), bn.moving_variance.numpy()]), 1e-5)
record_num("bn.inference", bn(x, training=False).numpy(), 1e-5)
record_num("bn.default_call", bn(x).numpy(), 1e-5)
record("bn.config", bn.get_config())
bn_axis1 = keras.layers.BatchNormalization(axis=1, momentum=0.8, epsilon=1e-2, center=False, name="bn_axis1")
x4 = rs.randn(4, 3, 5, 2).astype(np.float32)
record_num("bn.axis1.training", bn_axis1(x4, training=True).numpy(), 1e-5)
record_num("bn.axis1.moving", np.concatenate([bn_axis1.moving_mean.numpy(), bn_axis1.moving_variance.numpy()]),
           1e-5)
record("bn.axis1.weights", [w.path for w in bn_axis1.weights])
record_num("bn.float64", keras.layers.BatchNormalization(dtype="float64")(x.astype(np.float64), training=True)
           .numpy(), 1e-12)
frozen = keras.layers.BatchNormalization(name="frozen")
frozen.build((None, 3))
fixed(frozen)
frozen.trainable = False
record_num("bn.frozen_uses_moving", frozen(x[:, 0], training=True).numpy(), 1e-5)
record_error("bn.bad_axis", lambda: keras.layers.BatchNormalization(axis=3).compute_output_shape((2, 3)))
record_error("bn.wrong_features", lambda: bn(np.ones((2, 4), np.float32)))
with tf.GradientTape() as tape:
    xt = tf.constant(x)
    tape.watch(xt)
    loss = tf.reduce_sum(bn(xt, training=True) ** 2 * tf.constant(rs.randn(6, 5, 3).astype(np.float32)))
grads = tape.gradient(loss, [xt] + bn.trainable_variables)
record_num("bn.gradients", np.concatenate([g.numpy().ravel() for g in grads]), 1e-4)
traced = tf.function(lambda v: bn(v, training=True))
record_num("bn.traced", traced(tf.constant(x)).numpy(), 1e-5)

# --- LayerNormalization ---------------------------------------------------------------------
ln = keras.layers.LayerNormalization()
record_num("ln.default", ln(x).numpy(), 1e-5)
record("ln.weights", ([w.path for w in ln.weights], ln.get_config()))
ln_multi = keras.layers.LayerNormalization(axis=[1, 2], epsilon=1e-5, name="ln_multi")
ln_multi.build(x.shape)
fixed(ln_multi)
record_num("ln.multi_axis", ln_multi(x).numpy(), 1e-5)
record("ln.multi_axis.config", (ln_multi.axis, [w.shape for w in ln_multi.get_weights()]))
record_num("ln.no_center_scale", keras.layers.LayerNormalization(center=False, scale=False)(x).numpy(), 1e-5)
record_num("ln.axis0_float64", keras.layers.LayerNormalization(axis=0, dtype="float64")(x.astype(np.float64))
           .numpy(), 1e-12)
record_error("ln.bad_axis_type", lambda: keras.layers.LayerNormalization(axis="x"))
with tf.GradientTape() as tape:
    xt = tf.constant(x)
    tape.watch(xt)
    loss = tf.reduce_sum(ln_multi(xt) * tf.constant(rs.randn(6, 5, 3).astype(np.float32)))
grads = tape.gradient(loss, [xt] + ln_multi.trainable_variables)
record_num("ln.gradients", np.concatenate([g.numpy().ravel() for g in grads]), 1e-4)

# --- in a model that trains ------------------------------------------------------------------
X = rs.randn(40, 6).astype(np.float32)
Y = rs.randint(0, 3, 40)
model = keras.Sequential([keras.Input(shape=(6,)), keras.layers.Dense(8), keras.layers.BatchNormalization(),
                          keras.layers.Activation("relu"), keras.layers.LayerNormalization(), keras.layers.Dense(3)])
model.set_weights([rs.uniform(-0.5, 0.5, w.shape).astype(np.float32) if i not in (4, 5) else w
                   for i, w in enumerate(model.get_weights())])
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
record("model.weights", [w.path for w in model.weights])
first = model.train_on_batch(X[:16], Y[:16])
record_num("model.one_step", np.concatenate([w.numpy().ravel() for w in model.weights]), 1e-5)
history = model.fit(X, Y, batch_size=12, epochs=3, shuffle=False, verbose=0)
record_num("model.loss", [first] + history.history["loss"], 1e-4)
record_num("model.weights_after", np.concatenate([w.numpy().ravel() for w in model.weights]), 1e-3)
record_num("model.predict", model.predict(X[:7], verbose=0), 1e-3)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
