"""Keras 3's core layers (issue 27): Embedding, Dropout and the noise layers, Flatten, Reshape,
Permute, RepeatVector, Identity, the activation layers, Lambda and the merge layers, and the
Keras optimizers on an Embedding's gradient; run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/keras_core_layers/) and under varrt (by
tests/test_keras_core_layers.py).

    python keras_core_layers_cases.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (configs, shapes, dtypes, error
types and messages, seeded random draws) and {"num:1e-06:case": [floats]} for numbers (outputs,
gradients, trained weights; 1e-6 allows TensorFlow's kernels their last bits).

The program runs in a fresh interpreter: Keras's automatic names (layers, seed generators)
count program-wide, so the cases must run in this order under both libraries."""
import contextlib
import io
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

warnings.simplefilter("ignore")
L = tf.keras.layers
out_dir = sys.argv[2]
results = {}


def text(value):
    # Shapes print as tuples under both libraries; a TensorShape's repr names its class.
    return value if isinstance(value, str) else repr(value)


def record(name, value):
    results[name] = text(value)


RTOL = 1e-06


def record_num(name, value):
    results[f"num:{RTOL}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_tensor(name, t):
    """The tensor's shape and dtype as text, its values as numbers."""
    record(name + ".spec", (tuple(t.shape.as_list()), t.dtype.name))
    record_num(name, t)


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        message = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {message}")
    else:
        record(name, "no error")


def config(layer):
    """get_config() with the dtype policy as its name (its dict is checked once, below)."""
    c = dict(layer.get_config())
    return c


def gradients(layer, inputs, training=None):
    """d sum(layer(x)²) / d x and d / d each trainable weight."""
    x = tf.constant(inputs)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x) if training is None else layer(x, training=training)
        loss = tf.reduce_sum(y * y)
    grads = tape.gradient(loss, [x] + list(layer.trainable_weights))
    return grads


rng = np.random.default_rng(27)
X3 = rng.normal(size=(5, 3, 4)).astype(np.float32)   # batch 5, no example used it
X2 = rng.normal(size=(7, 6)).astype(np.float32)
X4 = rng.normal(size=(3, 2, 5, 4)).astype(np.float32)

x_ids_small = np.array([[1, 2], [0, 11]], np.int32)

# --- Embedding -------------------------------------------------------------------------
emb = L.Embedding(11, 4)
record("embedding.config", config(emb))
record("embedding.built_before_call", emb.built)
record_error("embedding.embeddings_before_build", lambda: emb.embeddings)
E = (np.arange(44, dtype=np.float32).reshape(11, 4) / 20 - 1)
emb.build()
emb.set_weights([E])
record("embedding.weights", [(w.path, tuple(w.shape), w.dtype, w.trainable) for w in emb.weights])
ids = np.array([[1, 0, 10], [3, 3, -1], [7, 2, 5], [9, 9, 9]], dtype=np.int32)
record_tensor("embedding.output", emb(ids))
record_tensor("embedding.output_int64", emb(ids.astype(np.int64)))
record_tensor("embedding.output_float_ids", emb(ids.astype(np.float32)))
record_tensor("embedding.output_1d", emb(np.array([4, 1], np.int32)))
record("embedding.output_shape", emb.compute_output_shape((None, 3)))
record("embedding.output_shape_3d", emb.compute_output_shape((2, 5, 6)))
record("embedding.mask_none", emb.compute_mask(ids) is None)
with tf.GradientTape() as tape:
    out = emb(ids)
    loss = tf.reduce_sum(out * np.arange(4, dtype=np.float32))
g = tape.gradient(loss, emb.embeddings)
record("embedding.grad_type", type(g).__name__)
record_num("embedding.grad_values", g.values)
record_num("embedding.grad_indices", g.indices)
record_num("embedding.grad_dense_shape", g.dense_shape)
record_num("embedding.grad_dense", tf.convert_to_tensor(g))
masked = L.Embedding(6, 2, mask_zero=True, embeddings_initializer="zeros", name="masked_emb")
record("embedding.mask_config", config(masked))
record_tensor("embedding.mask", tf.cast(masked.compute_mask(np.array([[0, 3, 0], [1, 0, 5]])), tf.int32))
emb64 = L.Embedding(5, 2, dtype="float64", embeddings_initializer="ones")
record_tensor("embedding.float64", emb64(np.array([[1, 2]])))
record_error("embedding.bad_input_dim", lambda: L.Embedding(0, 3))
record_error("embedding.bad_output_dim", lambda: L.Embedding(3, 2.5))
record_error("embedding.bad_initializer", lambda: L.Embedding(3, 2, embeddings_initializer="nope"))
record_error("embedding.index_out_of_range", lambda: emb(np.array([[1, 11]], np.int32)))
given = L.Embedding(3, 2, weights=np.arange(6, dtype=np.float32).reshape(3, 2), name="given")
record("embedding.weights_argument", (given.built, given.embeddings.numpy().tolist()))
record_error("embedding.weights_wrong_shape", lambda: L.Embedding(3, 2, weights=[np.ones((2, 2), np.float32)]))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    L.Embedding(3, 2, input_length=4)
record("embedding.input_length_warning", [str(w.message) for w in caught])
warnings.simplefilter("ignore")
record("embedding.from_config", config(L.Embedding.from_config(emb.get_config())))
regularized = L.Embedding(5, 2, embeddings_initializer="ones", embeddings_regularizer="l2",
                          embeddings_constraint="non_neg", activity_regularizer=tf.keras.regularizers.L1(0.5))
regularized(np.array([[1, 2, 2]]))
record("embedding.regularized_config", config(regularized))
record_num("embedding.regularized_losses", [float(x) for x in regularized.losses])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(regularized(np.array([[1, 2, 2]])) * 3.0)
tf.keras.optimizers.SGD(1.0).apply_gradients([(tape.gradient(loss, regularized.embeddings), regularized.embeddings)])
record_num("embedding.constrained_after_step", regularized.embeddings.numpy())
seeded = L.Embedding(4, 3, embeddings_initializer=tf.keras.initializers.RandomUniform(seed=5))
seeded.build()
record("embedding.seeded_init_shape", tuple(seeded.embeddings.shape))


@tf.function
def embed_step(i):
    with tf.GradientTape() as t:
        y = tf.reduce_sum(emb(i) ** 2)
    return y, tf.convert_to_tensor(t.gradient(y, emb.trainable_weights)[0])


fy, fg = embed_step(tf.constant(ids[:2]))
record_num("embedding.function_loss", fy)
record_num("embedding.function_grad", fg)

# --- Dropout and the noise layers -----------------------------------------------------
sd = tf.nn.experimental.stateless_dropout
record("stateless_dropout.plain", sd(X2, rate=0.6, seed=[3, 4]).numpy().tolist())
record("stateless_dropout.noise_shape", sd(X3, rate=0.5, seed=[7, 1], noise_shape=[5, 1, 4]).numpy().tolist())
record("stateless_dropout.rate_tensor", sd(X2, rate=tf.constant(0.25), seed=[1, 2]).numpy().tolist())
record("stateless_dropout.float64", sd(X2.astype(np.float64), rate=0.3, seed=[9, 9]).numpy().tolist())
record_error("stateless_dropout.rate_one", lambda: sd(X2, rate=1.0, seed=[1, 2]))
record_error("stateless_dropout.int_input", lambda: sd(np.ones((2, 2), np.int32), rate=0.5, seed=[1, 2]))
record("stateless_dropout.rate_zero", sd(X2, rate=0.0, seed=[1, 2]).numpy().tolist() == X2.tolist())
drop = L.Dropout(0.4, seed=1234)
record("dropout.config", config(drop))
record("dropout.state", (drop.built, [v.path for v in drop.variables], [v.path for v in drop.weights],
                         [v.path for v in drop.non_trainable_variables], drop.trainable_weights))
xd = np.arange(1, 31, dtype=np.float32).reshape(5, 6)
record("dropout.inference", drop(xd).numpy().tolist())
record("dropout.training_1", drop(xd, training=True).numpy().tolist())
record("dropout.training_2", drop(xd, training=True).numpy().tolist())
record("dropout.state_after", drop.variables[0].numpy().tolist())
record("dropout.training_float64", drop(xd.astype(np.float64), training=True).numpy().tolist())
dn = L.Dropout(0.5, noise_shape=(None, 1, 4), seed=99)
record("dropout.noise_shape", dn(X3, training=True).numpy().round(5).tolist())
record("dropout.noise_shape_config", config(dn))
record("dropout.rate_one", L.Dropout(1.0)(xd, training=True).numpy().tolist())
d0 = L.Dropout(0.0)
record("dropout.rate_zero", (d0(xd, training=True).numpy().tolist() == xd.tolist(), d0.variables))
record_error("dropout.bad_rate", lambda: L.Dropout(1.5))
record_error("dropout.bad_noise_shape_str", lambda: L.Dropout(0.5, noise_shape="abc"))
record_error("dropout.bad_noise_shape_dim", lambda: L.Dropout(0.5, noise_shape=(None, 0)))
record_error("dropout.bad_noise_shape_type", lambda: L.Dropout(0.5, noise_shape=(None, 1.5)))
record_error("dropout.bad_noise_shape_iter", lambda: L.Dropout(0.5, noise_shape=3))
record("dropout.output_shape", drop.compute_output_shape((None, 6)))
gd = gradients(L.Dropout(0.3, seed=7), xd, training=True)
record_num("dropout.grad_input", gd[0])

fdrop = L.Dropout(0.25, seed=42)


@tf.function
def dropped(x):
    return fdrop(x, training=True)


record("dropout.function_1", dropped(tf.constant(xd)).numpy().tolist())
record("dropout.function_2", dropped(tf.constant(xd)).numpy().tolist())
record("dropout.function_state", fdrop.variables[0].numpy().tolist())

s1 = L.SpatialDropout1D(0.5, seed=3)
record("spatial1d.config", config(s1))
record("spatial1d.training", s1(X3, training=True).numpy().round(5).tolist())
record_error("spatial1d.bad_rank", lambda: s1(X2, training=True))
s2 = L.SpatialDropout2D(0.5, seed=4)
record("spatial2d.config", config(s2))
record("spatial2d.training", s2(X4, training=True).numpy().round(5).tolist())
s2f = L.SpatialDropout2D(0.5, data_format="channels_first", seed=4)
record("spatial2d.channels_first", s2f(X4, training=True).numpy().round(5).tolist())
s3 = L.SpatialDropout3D(0.5, seed=5)
X5 = rng.normal(size=(2, 2, 3, 2, 3)).astype(np.float32)
record("spatial3d.config", config(s3))
record("spatial3d.training", s3(X5, training=True).numpy().round(5).tolist())
record("spatial3d.channels_first", L.SpatialDropout3D(0.5, data_format="channels_first", seed=5)(
    X5, training=True).numpy().round(5).tolist())
record_error("spatial3d.bad_rank", lambda: s3(X4, training=True))
gn = L.GaussianNoise(0.2, seed=11)
record("gaussian_noise.config", config(gn))
record_num("gaussian_noise.training", gn(X2, training=True))
record_num("gaussian_noise.inference", gn(X2))
record_error("gaussian_noise.bad_stddev", lambda: L.GaussianNoise(2))
gdrop = L.GaussianDropout(0.3, seed=12)
record("gaussian_dropout.config", config(gdrop))
record_num("gaussian_dropout.training", gdrop(X2, training=True))
for layer, x in ((L.GaussianNoise(0.3, seed=2), X2), (L.GaussianDropout(0.4, seed=2), X2),
                 (L.SpatialDropout1D(0.4, seed=2), X3)):
    record_num(f"{type(layer).__name__}.grad", gradients(layer, x, training=True)[0])
record_num("gaussian_dropout.training_float64", gdrop(X2.astype(np.float64), training=True))

# --- Reshaping --------------------------------------------------------------------------
fl = L.Flatten()
record("flatten.config", config(fl))
record_tensor("flatten.rank3", fl(X3))
record_tensor("flatten.rank4", fl(X4))
record_tensor("flatten.rank1", fl(np.arange(4, dtype=np.float32)))
record_tensor("flatten.channels_first", L.Flatten(data_format="channels_first")(X4))
record("flatten.output_shape", (fl.compute_output_shape((None, 3, 4)), fl.compute_output_shape((2, None, 4)),
                                fl.compute_output_shape((2,))))
record_error("flatten.scalar", lambda: fl(np.float32(3.0)))
record_error("flatten.bad_data_format", lambda: L.Flatten(data_format="nchw"))
rs = L.Reshape((2, -1))
record("reshape.config", config(rs))
record_tensor("reshape.output", rs(X3))
record("reshape.output_shape", (rs.compute_output_shape((None, 3, 4)), rs.compute_output_shape((5, None, 4))))
record_error("reshape.two_unknown", lambda: L.Reshape((-1, -1)))
record_error("reshape.negative", lambda: L.Reshape((2, -3)))
record_error("reshape.not_divisible", lambda: L.Reshape((5, -1))(X3))
record_error("reshape.size_mismatch", lambda: L.Reshape((5, 2))(X3))
record_error("reshape.output_shape_mismatch", lambda: L.Reshape((5, 2)).compute_output_shape((None, 3, 4)))
pm = L.Permute((3, 1, 2))
record("permute.config", config(pm))
record_tensor("permute.output", pm(X4))
record("permute.output_shape", pm.compute_output_shape((None, 2, 5, 4)))
record_error("permute.bad_dims", lambda: L.Permute((1, 3)))
record_error("permute.bad_rank", lambda: pm(X3))
rv = L.RepeatVector(3)
record("repeat_vector.config", config(rv))
record_tensor("repeat_vector.output", rv(X2))
record("repeat_vector.output_shape", rv.compute_output_shape((None, 6)))
record_error("repeat_vector.bad_n_type", lambda: L.RepeatVector(2.0))
record_error("repeat_vector.bad_n", lambda: L.RepeatVector(0))
record_error("repeat_vector.bad_rank", lambda: rv(X3))
ident = L.Identity()
record("identity.config", config(ident))
record_tensor("identity.output", ident(X3))
record("identity.output_shape", ident.compute_output_shape((None, 3)))
for layer, x in ((L.Identity(), X3), (L.Reshape((12,)), X3), (L.Permute((2, 1)), X3), (L.RepeatVector(2), X2), (L.Flatten(), X4)):
    record_num(f"{type(layer).__name__}.grad", gradients(layer, x)[0])

# --- Activation layers ------------------------------------------------------------------
relu_cases = [dict(), dict(max_value=1.0), dict(max_value=6), dict(negative_slope=0.1),
              dict(threshold=0.5), dict(max_value=1.5, negative_slope=0.2, threshold=0.3),
              dict(negative_slope=0.05, threshold=0.2)]
for i, kwargs in enumerate(relu_cases):
    layer = L.ReLU(**kwargs)
    record(f"relu.{i}.config", config(layer))
    record_tensor(f"relu.{i}.output", layer(X3))
    record_num(f"relu.{i}.grad", gradients(layer, X3)[0])
record_tensor("relu.float64", L.ReLU(max_value=1.0, negative_slope=0.1)(X2.astype(np.float64)))
record_error("relu.bad_max_value", lambda: L.ReLU(max_value=-1))
record_error("relu.bad_negative_slope", lambda: L.ReLU(negative_slope=-0.1))
record_error("relu.bad_threshold", lambda: L.ReLU(threshold=None))
lr = L.LeakyReLU()
record("leaky_relu.config", config(lr))
record_tensor("leaky_relu.output", lr(X3))
record_num("leaky_relu.grad", gradients(lr, X3)[0])
record("leaky_relu.alpha", config(L.LeakyReLU(alpha=0.1)))
record_error("leaky_relu.bad_slope", lambda: L.LeakyReLU(negative_slope=-1))
pr = L.PReLU(alpha_initializer=tf.keras.initializers.Constant(0.25))
record("prelu.config", config(pr))
record_tensor("prelu.output", pr(X3))
record("prelu.weights", [(w.path, tuple(w.shape)) for w in pr.weights])
record_num("prelu.grads", np.concatenate([np.ravel(g) for g in gradients(pr, X3)]))
prs = L.PReLU(shared_axes=[1, 2])
record_tensor("prelu.shared", prs(X4))
record("prelu.shared_state", ([tuple(w.shape) for w in prs.weights], repr(prs.input_spec), config(prs)))
record_error("prelu.wrong_axis", lambda: prs(rng.normal(size=(3, 2, 5, 3)).astype(np.float32)))
for alpha in (1.0, 0.5):
    elu = L.ELU(alpha=alpha)
    record(f"elu.{alpha}.config", config(elu))
    record_tensor(f"elu.{alpha}.output", elu(X3))
    record_num(f"elu.{alpha}.grad", gradients(elu, X3)[0])
record_tensor("elu.float64", L.ELU(0.7)(X2.astype(np.float64)))
for axis in (-1, 1, (1, 2)):
    sm = L.Softmax(axis=axis)
    record(f"softmax.{axis}.config", config(sm))
    record_tensor(f"softmax.{axis}.output", sm(X3))
    record_num(f"softmax.{axis}.grad", gradients(sm, X3 * np.arange(4, dtype=np.float32))[0])
sm = L.Softmax()
mask = np.array([[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 0, 0]], dtype=bool)
record_tensor("softmax.mask", sm(X3, mask=mask))
record_tensor("softmax.float_mask", sm(X3, mask=mask.astype(np.float32)))
record_error("softmax.mask_too_long", lambda: sm(X2, mask=np.ones((1, 7, 6), bool)))
record_error("softmax.mask_not_broadcastable", lambda: sm(X2, mask=np.ones((7, 5), bool)))
record_tensor("softmax.float64", L.Softmax()(X2.astype(np.float64)))

# --- Lambda -------------------------------------------------------------------------------


def double_plus(x, amount=1.0):
    return 2 * x + amount


lam = L.Lambda(double_plus, arguments={"amount": 3.0})
record_tensor("lambda.named", lam(X2))
record("lambda.named_config", config(lam))
record_error("lambda.from_config_unregistered", lambda: L.Lambda.from_config(lam.get_config()))
record_tensor("lambda.from_config", L.Lambda.from_config(lam.get_config(),
                                                         custom_objects={"double_plus": double_plus})(X2))
lam2 = L.Lambda(lambda x, k=2: x ** k, output_shape=(3, 4))
record_tensor("lambda.lambda", lam2(X3))
lam2_config = config(lam2)
function_config = lam2_config.pop("function")
record("lambda.lambda_config", lam2_config)
record("lambda.lambda_function_config", (function_config["class_name"], sorted(function_config["config"]),
                                         function_config["config"]["defaults"], function_config["config"]["closure"]))
record("lambda.output_shape", lam2.compute_output_shape((None, 3, 4)))
record_error("lambda.from_config_safe", lambda: L.Lambda.from_config(lam2.get_config()))
record_tensor("lambda.from_config_unsafe", L.Lambda.from_config(lam2.get_config(), safe_mode=False)(X3))
record("lambda.callable_output_shape", L.Lambda(lambda x: x, output_shape=lambda s: s[:2]).compute_output_shape(
    (None, 3, 4)))
record("lambda.inferred_output_shape", (L.Lambda(lambda x: tf.reshape(x, [-1, 12]) * 2).compute_output_shape(
    (None, 3, 4)), L.Lambda(lambda x: x[:, 1:]).compute_output_shape((5, 3, 4)),
    L.Lambda(lambda xs: tf.concat(xs, axis=-1)).compute_output_shape([(None, 3), (None, 2)])))
record_error("lambda.inferred_output_shape_fails", lambda: L.Lambda(lambda x: x.nope).compute_output_shape((None, 3)))
record_num("lambda.grad", gradients(L.Lambda(lambda x: tf.sin(x) * x), X2)[0])
seen_training = []


def with_training(x, training=None):
    seen_training.append(training)
    return x


L.Lambda(with_training)(X2, training=True)
record("lambda.training", seen_training)

# --- Merge layers -------------------------------------------------------------------------
A = rng.normal(size=(5, 3, 4)).astype(np.float32)
B = rng.normal(size=(5, 3, 4)).astype(np.float32)
C = rng.normal(size=(5, 3, 4)).astype(np.float32)
for cls in (L.Add, L.Multiply, L.Average, L.Maximum, L.Minimum):
    name = cls.__name__.lower()
    layer = cls()
    record(f"{name}.config", config(layer))
    record_tensor(f"{name}.output", layer([A, B, C]))
    record("{}.output_shape".format(name), layer.compute_output_shape([(None, 3, 4), (5, 3, 1)]))
    xa, xb = tf.constant(A), tf.constant(B)
    with tf.GradientTape() as tape:
        tape.watch([xa, xb])
        loss = tf.reduce_sum(cls()([xa, xb]) ** 2)
    record_num(f"{name}.grads", np.concatenate([np.ravel(g) for g in tape.gradient(loss, [xa, xb])]))
    record_tensor(f"{name}.broadcast_rank", cls()([A, A[:, 0, :]]))
    record_tensor(f"{name}.broadcast_one", cls()([A, B[:, :1, :]]))
    fn = getattr(L, name)
    record_tensor(f"{name}.function_form", fn([A, B]))
record_tensor("merge.single_input", L.Add()([A]))
record_tensor("merge.tuple_input", L.Maximum()((A, B)))
sub = L.Subtract()
record("subtract.config", config(sub))
record_tensor("subtract.output", sub([A, B]))
record_tensor("subtract.function_form", L.subtract([B, A]))
record_error("subtract.three_inputs", lambda: L.Subtract()([A, B, C]))
record_error("merge.not_a_list", lambda: L.Add()(A))
record_error("merge.incompatible", lambda: L.Add()([A, np.ones((5, 3, 5), np.float32)]))
record_error("merge.batch_sizes", lambda: L.Add()([A, np.ones((4, 3, 4), np.float32)]))
record("merge.compute_mask", (L.Add().compute_mask([A, B], None), L.Add().compute_mask([A, B], [None, None])))
record_tensor("merge.compute_mask_or", tf.cast(L.Maximum().compute_mask(
    [A, B], [np.array([[True, False]]), np.array([[False, False]])]), tf.int32))
record_error("merge.mask_not_list", lambda: L.Add().compute_mask([A, B], A))
record_error("merge.mask_length", lambda: L.Add().compute_mask([A, B], [None]))
for axis in (-1, 1, 0):
    cat = L.Concatenate(axis=axis)
    record(f"concatenate.{axis}.config", config(cat))
    record_tensor(f"concatenate.{axis}.output", cat([A, B[:, :, :2] if axis == -1 else B]))
record("concatenate.output_shape", (L.Concatenate().compute_output_shape([(None, 3, 4), (None, 3, 2)]),
                                    L.Concatenate(axis=1).compute_output_shape([(None, None, 4), (None, 3, 4)])))
record_tensor("concatenate.function_form", L.concatenate([A, C], axis=1))
record_error("concatenate.mismatch", lambda: L.Concatenate()([A, np.ones((5, 2, 4), np.float32)]))
record_error("concatenate.not_list", lambda: L.Concatenate().compute_output_shape((None, 3)))
xa, xb = tf.constant(A), tf.constant(B[:, :, :1])
with tf.GradientTape() as tape:
    tape.watch([xa, xb])
    loss = tf.reduce_sum(L.Concatenate()([xa, xb]) * np.arange(5, dtype=np.float32))
record_num("concatenate.grads", np.concatenate([np.ravel(g) for g in tape.gradient(loss, [xa, xb])]))
P = rng.normal(size=(5, 4)).astype(np.float32)
Q = rng.normal(size=(5, 4)).astype(np.float32)
for i, (axes, normalize, inputs) in enumerate([(1, False, [P, Q]), (-1, True, [P, Q]), ((2, 2), False, [A, B]),
                                               ((1, 1), False, [A, B]), (2, False, [A, C]),
                                               ((1, 2), True, [X4[:, 0], A[:2].transpose(0, 2, 1)[:3]]),
                                               ((2, 1), False, [A, P[:, None, :].repeat(4, 1)])]):
    layer = L.Dot(axes=axes, normalize=normalize)
    record(f"dot.{i}.config", config(layer))
    try:
        out = layer(inputs)
    except Exception as e:  # noqa: BLE001
        record(f"dot.{i}.output.spec", f"{type(e).__name__}: {e}")
        continue
    record_tensor(f"dot.{i}.output", out)
    record(f"dot.{i}.output_shape", layer.compute_output_shape([tuple(x.shape) for x in inputs]))
record_tensor("dot.function_form", L.dot([P, Q], axes=1))
record_error("dot.bad_axes_type", lambda: L.Dot(axes="x"))
record_error("dot.bad_axes_length", lambda: L.Dot(axes=(1, 2, 3)))
record_error("dot.bad_axes_items", lambda: L.Dot(axes=(1, 2.0)))
record_error("dot.incompatible", lambda: L.Dot(axes=1)([P, A]))
record_error("dot.three_inputs", lambda: L.Dot(axes=1)([P, Q, P]))
xp, xq = tf.constant(P), tf.constant(Q)
with tf.GradientTape() as tape:
    tape.watch([xp, xq])
    loss = tf.reduce_sum(L.Dot(axes=1, normalize=True)([xp, xq]))
record_num("dot.grads", np.concatenate([np.ravel(g) for g in tape.gradient(loss, [xp, xq])]))

# --- float64 layers: float inputs are cast to the layer's dtype (autocast) ------------------
for layer, x in ((L.Softmax(dtype="float64"), X3), (L.PReLU(dtype="float64"), X3), (L.ReLU(dtype="float64"), X2),
                 (L.Add(dtype="float64"), [A, B]), (L.Concatenate(dtype="float64"), [A, B]),
                 (L.Dot(axes=1, dtype="float64"), [P, Q]), (L.Flatten(dtype="float64"), X4),
                 (L.Dropout(0.5, seed=8, dtype="float64"), X2), (L.Embedding(12, 2, dtype="float64"), x_ids_small)):
    name = type(layer).__name__
    y = layer(x, training=True) if name == "Dropout" else layer(x)
    record(f"float64.{name}", (tuple(y.shape.as_list()), y.dtype.name, layer.compute_dtype, layer.variable_dtype,
                               [w.dtype for w in layer.weights]))
    if name not in ("Embedding",):
        record_num(f"float64.{name}", y)

# --- from_config round trips and layers in tf.function ------------------------------------
for layer in (L.Dropout(0.2, noise_shape=(None, 2), seed=5), L.Flatten(), L.Reshape((3, 4)), L.Permute((2, 1)),
              L.RepeatVector(4), L.ReLU(max_value=2.0), L.LeakyReLU(0.1), L.PReLU(shared_axes=1), L.ELU(0.3),
              L.Softmax(axis=1), L.Add(), L.Concatenate(axis=1), L.Dot(axes=(1, 2), normalize=True),
              L.Embedding(3, 2, mask_zero=True), L.GaussianNoise(0.1), L.SpatialDropout1D(0.1)):
    copy = type(layer).from_config(layer.get_config())
    c1, c2 = layer.get_config(), copy.get_config()
    c1.pop("name"), c2.pop("name")
    record(f"from_config.{type(layer).__name__}", (type(copy).__name__, c1 == c2))

block = [L.Permute((2, 1)), L.Flatten(), L.ReLU(max_value=1.0), L.RepeatVector(2), L.Reshape((-1,)), L.Softmax()]


@tf.function
def stack(x):
    for layer in block:
        x = layer(x)
    return L.Concatenate()([x, x[:, :3]])


out = stack(tf.constant(X3))
record_tensor("function.stack", out)


@tf.function(input_signature=[tf.TensorSpec([None, 3, 4], tf.float32)])
def unknown_batch(x):
    y = L.Flatten()(x)
    z = L.Reshape((4, 3))(x)
    return (y, z, L.RepeatVector(2)(y), L.Dot(axes=(2, 1))([x, z]), L.Dot(axes=1, normalize=True)([y, y]),
            L.Add()([x, x[:, 0, :]]), L.Concatenate(axis=1)([x, z[:, :, :1] * tf.ones([1, 1, 4])]),
            L.Lambda(lambda t: t[:, :2] * 3)(x))


for name, t in zip(("flatten", "reshape", "repeat", "dot", "dot_normalized", "add_broadcast", "concatenate",
                    "lambda"), unknown_batch(tf.constant(X3))):
    record_tensor(f"function.unknown_batch.{name}", t)

# --- Checkpoint keys ------------------------------------------------------------------------
ckpt_dir = out_dir
ck_emb = L.Embedding(10, 3)
ck_emb.build()
ck_prelu = L.PReLU()
ck_prelu(X2)
ck_drop = L.Dropout(0.5, seed=3)
ck_drop(X2, training=True)
ck_path = tf.train.Checkpoint(e=ck_emb, p=ck_prelu, d=ck_drop).save(os.path.join(ckpt_dir, "layers"))
record("checkpoint.keys", sorted(n for n, _ in tf.train.list_variables(ck_path)))

# --- The layers in a functional model: symbolic shapes, summary(), a call ------------------


def summary_of(model):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        model.summary()
    return out.getvalue()


ids_in = tf.keras.Input(shape=(5,), dtype="int32", name="ids")
feats_in = tf.keras.Input(shape=(3, 4), name="feats")
h = L.Concatenate(axis=1)([L.Embedding(12, 4, name="f_embedding")(ids_in), feats_in])
h = L.Flatten()(L.Permute((2, 1))(h))
h = L.RepeatVector(2)(h)
h = L.Dot(axes=(2, 2), normalize=True)([h, L.Lambda(lambda t: t * 2.0)(h)])
h = L.Reshape((-1,))(L.Softmax()(h))
h = L.Add()([L.ReLU(max_value=1.0)(h), L.LeakyReLU()(h), L.PReLU(name="f_prelu")(h)])
h = L.Dropout(0.2, seed=3)(L.GaussianNoise(0.1, seed=4)(L.ELU()(h)))
functional = tf.keras.Model([ids_in, feats_in], L.Dense(1, name="f_dense")(h))
record("functional.symbolic_shapes", [tuple(t.shape) for t in (h, functional.outputs[0])])
record("functional.summary", summary_of(functional))
record("functional.layers", [(layer.name, type(layer).__name__) for layer in functional.layers])
for w in functional.weights:
    w.assign(np.linspace(-0.5, 0.5, int(np.prod(w.shape)), dtype=np.float32).reshape(tuple(w.shape)))
fx = (x_ids_small.repeat(3, axis=1)[:, :5] % 12, X3[:2])
record_tensor("functional.predict", functional(fx))
record_tensor("functional.training", functional(fx, training=True))

# --- A Sequential of Embedding, Flatten, Dropout, Dense trained with fit -------------------
vocab, length = 12, 5
x_ids = rng.integers(0, vocab, size=(40, length)).astype(np.int32)
y_lab = (x_ids.sum(axis=1, keepdims=True) % 3 == 0).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input(shape=(length,), dtype="int32"), L.Embedding(vocab, 3),
                             L.Flatten(), L.Dropout(0.3, seed=21), L.Dense(1, activation="sigmoid")])
emb0 = rng.normal(size=(vocab, 3)).astype(np.float32) * 0.3
kernel0 = rng.normal(size=(length * 3, 1)).astype(np.float32) * 0.3
model.layers[0].set_weights([emb0])
model.layers[3].set_weights([kernel0, np.zeros(1, np.float32)])
record("sequential.layers", [type(layer).__name__ for layer in model.layers])
record("sequential.variables", [v.path for v in model.variables])
record("sequential.weights", [v.path for v in model.weights])
model.compile(tf.keras.optimizers.SGD(0.5), "binary_crossentropy")
history = model.fit(x_ids, y_lab, batch_size=8, epochs=1, shuffle=False, verbose=0)
record_num("sequential.loss", history.history["loss"])
record_num("sequential.embeddings", model.layers[0].embeddings.numpy())
record_num("sequential.kernel", model.layers[3].kernel.numpy())
record("sequential.seed_state", model.layers[2].variables[0].numpy().tolist())
record_num("sequential.predict", model.predict(x_ids[:6], verbose=0))
record_num("sequential.evaluate", model.evaluate(x_ids, y_lab, batch_size=16, verbose=0))

adam_model = tf.keras.Sequential([tf.keras.Input(shape=(length,), dtype="int32"), L.Embedding(vocab, 3),
                                  L.Flatten(), L.Dense(1)])
adam_model.layers[0].set_weights([emb0])
adam_model.layers[2].set_weights([kernel0, np.zeros(1, np.float32)])
adam_model.compile(tf.keras.optimizers.Adam(0.05), "mse")
history = adam_model.fit(x_ids, y_lab, batch_size=8, epochs=2, shuffle=False, verbose=0)
record_num("sequential_adam.loss", history.history["loss"])
record_num("sequential_adam.embeddings", adam_model.layers[0].embeddings.numpy())
record_num("sequential_adam.kernel", adam_model.layers[2].kernel.numpy())

# Keras's optimizers on an Embedding's IndexedSlices gradient (duplicate indices in a batch):
# each optimizer's own sparse rule, eagerly (apply_gradients) and in fit's traced step.
optimizers = {"sgd": lambda: tf.keras.optimizers.SGD(0.3),
              "sgd_momentum": lambda: tf.keras.optimizers.SGD(0.3, momentum=0.9),
              "sgd_nesterov": lambda: tf.keras.optimizers.SGD(0.3, momentum=0.5, nesterov=True),
              "adam": lambda: tf.keras.optimizers.Adam(0.05),
              "adam_amsgrad": lambda: tf.keras.optimizers.Adam(0.05, amsgrad=True),
              "rmsprop": lambda: tf.keras.optimizers.RMSprop(0.05),
              "rmsprop_momentum": lambda: tf.keras.optimizers.RMSprop(0.05, momentum=0.5),
              "adagrad": lambda: tf.keras.optimizers.Adagrad(0.2)}
dup_ids = np.array([[1, 1, 4, 1, 0], [4, 2, 2, 9, 1]], np.int32)
for name, make in optimizers.items():
    e = L.Embedding(vocab, 3)
    e.build()
    e.set_weights([emb0])
    opt = make()
    for step in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.sin(e(dup_ids)) * np.arange(1, 4, dtype=np.float32))
        grad = tape.gradient(loss, e.embeddings)
        opt.apply_gradients([(grad, e.embeddings)])
    record_num(f"sparse_optimizer.{name}.eager", e.embeddings.numpy())
    record_num(f"sparse_optimizer.{name}.slots", np.concatenate([np.ravel(v.numpy()) for v in opt.variables[1:]]))
    m = tf.keras.Sequential([tf.keras.Input(shape=(length,), dtype="int32"), L.Embedding(vocab, 3), L.Flatten(),
                             L.Dense(1)])
    m.layers[0].set_weights([emb0])
    m.layers[2].set_weights([kernel0, np.zeros(1, np.float32)])
    m.compile(make(), "mse")
    history = m.fit(x_ids, y_lab, batch_size=8, epochs=2, shuffle=False, verbose=0)
    record_num(f"sparse_optimizer.{name}.fit_loss", history.history["loss"])
    record_num(f"sparse_optimizer.{name}.fit_embeddings", m.layers[0].embeddings.numpy())
    record_num(f"sparse_optimizer.{name}.fit_kernel", m.layers[2].kernel.numpy())

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
