"""Keras 3's attention layers (EinsumDense, MultiHeadAttention, Attention, AdditiveAttention), run
under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into tests/fixtures/keras_attention/)
and under varrt (by tests/test_keras_attention.py).

    python keras_attention_program.py varrt|tensorflow OUT_DIR [IN_DIR]

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers: outputs at several batch sizes, sequence lengths and head counts, both of
MultiHeadAttention's routes (the backend's dot-product attention, and the explicit one taken for
returned scores or dropout), masks (attention_mask and its broadcasting, causal, Embedding's
mask_zero on query, value and key), dropout draws, weights' names and order, configs, shapes,
errors, gradients, a tiny transformer block trained with fit, and .keras files (the one loaded is
IN_DIR's, the other library's, else the one just saved)."""
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
layers = keras.layers
out_dir = sys.argv[2]
in_dir = sys.argv[3] if len(sys.argv) > 3 else out_dir
results = {}
rs = np.random.RandomState(7)


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol=1e-6):
    # 8 significant digits: float32's precision, in a small fixture.
    results[f"num:{rtol}:{name}"] = [float(f"{x:.8g}") for x in np.asarray(value, dtype=np.float64).reshape(-1)]


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        text = re.sub(r"name=keras_tensor_\d+", "name=keras_tensor", text)
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def record_tensor(name, t, rtol=1e-6):
    """An output: its dtype and shape exactly, its values within rtol."""
    record(f"{name}.spec", (t.dtype.name, tuple(t.shape)))
    record_num(name, np.asarray(t).astype(np.float64), rtol)


def randn(*shape):
    return rs.randn(*shape).astype(np.float32)


def set_weights(layer, scale=0.5):
    """Deterministic weights (the same draws under both libraries)."""
    layer.set_weights([(rs.uniform(-scale, scale, w.shape)).astype(np.float32) for w in layer.get_weights()])


def describe(layer):
    return [(w.path, tuple(w.shape), w.trainable) for w in layer.variables]


def mask_of(t):
    m = getattr(t, "_keras_mask", None)
    return None if m is None else np.asarray(m).tolist()


# --- EinsumDense -------------------------------------------------------------------------------
EINSUM_CASES = [
    ("matrix", "ab,bc->ac", 4, "c", (3, 5)),
    ("sequence", "abc,cd->abd", (None, 6), "d", (2, 4, 5)),
    ("left_ellipsis", "...x,xy->...y", 3, "y", (2, 3, 4, 5)),
    ("right_ellipsis", "ab...,bc->ac...", (6,), "c", (2, 5, 3)),
    ("heads", "abc,cde->abde", (None, 2, 3), "de", (3, 4, 5)),
    ("combine", "abcd,cde->abe", (None, 5), "e", (2, 3, 2, 4)),
    ("no_bias", "abc,cd->abd", (None, 2), None, (1, 6, 3)),
    ("bias_first_axis", "abc,cde->abde", (None, 2, 3), "d", (2, 4, 5)),
    ("tf_einsum", "abc,dc->abd", (None, 4), "d", (2, 3, 5)),
    ("general", "abcd,dce->abe", (None, 3), "e", (2, 4, 2, 5)),
]
for case, equation, output_shape, bias_axes, input_shape in EINSUM_CASES:
    layer = layers.EinsumDense(equation, output_shape=output_shape, bias_axes=bias_axes,
                               activation="relu" if case == "sequence" else None)
    x = randn(*input_shape)
    layer.build(input_shape)
    record(f"einsum_dense.{case}.weights", [(w.path.split("/", 1)[1], tuple(w.shape)) for w in layer.weights])
    set_weights(layer)
    record_tensor(f"einsum_dense.{case}.out", layer(x))
    record_tensor(f"einsum_dense.{case}.traced", tf.function(lambda v, layer=layer: layer(v))(tf.constant(x)))
    record(f"einsum_dense.{case}.output_shape", layer.compute_output_shape(input_shape))
    record(f"einsum_dense.{case}.config", {k: v for k, v in layer.get_config().items() if k != "name"})
    record(f"einsum_dense.{case}.build_config", layer.get_build_config())
seeded = layers.EinsumDense("abc,cde->abde", output_shape=(None, 3, 4), bias_axes="de",
                            kernel_initializer=keras.initializers.GlorotUniform(seed=5))
seeded.build((2, 6, 7))
record_num("einsum_dense.seeded_init", seeded.kernel.numpy())  # Keras's fans of an einsum kernel
record("einsum_dense.seeded_init.config", seeded.get_config()["kernel_initializer"])
for case, make in (
        ("equation", lambda: layers.EinsumDense("ab,bc", 3).build((2, 4))),
        ("bias_axis", lambda: layers.EinsumDense("ab,bc->ac", 3, bias_axes="x").build((2, 4))),
        ("shared_dim", lambda: layers.EinsumDense("abc,cd->abd", (5, 3)).build((2, 4, 6))),
        ("output_dim", lambda: layers.EinsumDense("ab,bc->acz", (3, 2)).build((2, 4))),
        ("weight_dim", lambda: layers.EinsumDense("ab,bcq->ac", 3).build((2, 4))),
        ("rank", lambda: layers.EinsumDense("abc,cd->abd", (None, 3))(np.ones((2, 3, 4, 5), np.float32)))):
    record_error(f"einsum_dense.error.{case}", make)
sequential = keras.Sequential([keras.Input((4, 5)), layers.EinsumDense("abc,cd->abd", (None, 3), bias_axes="d"),
                               layers.EinsumDense("...b,bc->...c", 2)])
for layer in sequential.layers:
    set_weights(layer)
record("einsum_dense.sequential.shape", tuple(sequential.outputs[0].shape))
record_num("einsum_dense.sequential.predict", sequential.predict(randn(3, 4, 5), verbose=0))

# --- MultiHeadAttention: outputs ----------------------------------------------------------------
MHA_CASES = [  # case, batch, T, S, dim, kwargs, key dim (None: no key)
    ("self_b1", 1, 3, 3, 4, dict(num_heads=1, key_dim=2), None),
    ("cross_b3", 3, 4, 6, 5, dict(num_heads=2, key_dim=3), None),
    ("key_b2", 2, 5, 3, 6, dict(num_heads=4, key_dim=2, value_dim=3), 7),
    ("output_shape", 2, 3, 4, 5, dict(num_heads=3, key_dim=2, output_shape=(2, 4)), None),
    ("output_int", 2, 3, 4, 5, dict(num_heads=2, key_dim=4, output_shape=7), None),
    ("no_bias", 4, 2, 5, 3, dict(num_heads=2, key_dim=3, use_bias=False), 2),
    ("gate", 2, 4, 4, 6, dict(num_heads=2, key_dim=3, use_gate=True), None),
    ("sliding_window", 2, 6, 6, 4, dict(num_heads=2, key_dim=2, sliding_window=2), None),
]
for case, batch, t, s, dim, kwargs, key_dim in MHA_CASES:
    layer = layers.MultiHeadAttention(**kwargs)
    q, v = randn(batch, t, dim), randn(batch, s, dim)
    k = randn(batch, s, key_dim) if key_dim else None
    args = (q, v) if k is None else (q, v, k)
    out = layer(*args)
    record(f"mha.{case}.weights", describe(layer))
    set_weights(layer)
    record_tensor(f"mha.{case}.out", layer(*args))  # the backend's dot-product attention
    out, scores = layer(*args, return_attention_scores=True)  # the explicit route
    record_tensor(f"mha.{case}.scores_route.out", out)
    record_tensor(f"mha.{case}.scores", scores)
    record_tensor(f"mha.{case}.traced", tf.function(lambda *a, layer=layer: layer(*a))(*args))
    record_tensor(f"mha.{case}.causal", layer(*args, use_causal_mask=True))
    record_tensor(f"mha.{case}.causal_scores",
                  layer(*args, use_causal_mask=True, return_attention_scores=True)[1])
    mask = rs.rand(batch, t, s) > 0.3
    record_tensor(f"mha.{case}.mask", layer(*args, attention_mask=mask))
    record_tensor(f"mha.{case}.mask_scores", layer(*args, attention_mask=mask, return_attention_scores=True)[1])
    record(f"mha.{case}.output_shape", layer.compute_output_shape(q.shape, v.shape, None if k is None else k.shape))
    record(f"mha.{case}.config", {k: v for k, v in layer.get_config().items() if k != "name"})
    record(f"mha.{case}.build_config", layer.get_build_config())
    clone = layers.MultiHeadAttention.from_config(layer.get_config())
    clone(*args)
    clone.set_weights(layer.get_weights())
    record_num(f"mha.{case}.from_config", clone(*args))

# Sizes known only when a traced function runs (batch and lengths None): Keras's einsum falls back
# to tf.einsum, the causal mask is built from the run-time lengths.
dynamic = layers.MultiHeadAttention(num_heads=2, key_dim=3)
dynamic(randn(1, 2, 5), randn(1, 2, 5))
set_weights(dynamic)
spec = tf.TensorSpec([None, None, 5], tf.float32)
for case, kwargs in (("plain", {}), ("causal", dict(use_causal_mask=True)),
                     ("scores", dict(return_attention_scores=True)),
                     ("causal_scores", dict(use_causal_mask=True, return_attention_scores=True))):
    fn = tf.function(lambda a, b, kwargs=kwargs: dynamic(a, b, **kwargs), input_signature=[spec, spec])
    for batch, t, s in ((2, 3, 4), (1, 5, 2)):
        out = fn(randn(batch, t, 5), randn(batch, s, 5))
        out = out if isinstance(out, tuple) else (out,)
        for i, o in enumerate(out):
            record_tensor(f"mha.dynamic.{case}.{batch}x{t}x{s}.{i}", o)

# Other float dtypes: float64, and float16 (Keras's dot-product route takes its softmax in float32).
for dtype, rtol in (("float64", 1e-6), ("float16", 1e-3)):
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=3, dtype=dtype)
    q = rs.rand(2, 4, 5)
    layer(q, q)
    layer.set_weights([rs.uniform(-0.5, 0.5, w.shape) for w in layer.get_weights()])
    causal_out = layer(q, q, use_causal_mask=True)
    masked_out, masked_scores = layer(q, q, attention_mask=np.tril(np.ones((4, 4), bool)),
                                      return_attention_scores=True)
    record_tensor(f"mha.{dtype}.causal", causal_out, rtol)
    record_tensor(f"mha.{dtype}.masked", masked_out, rtol)
    record_tensor(f"mha.{dtype}.masked_scores", masked_scores, rtol)
    record(f"mha.{dtype}.variables", [(w.path, w.dtype) for w in layer.weights[:2]])
    attention = layers.Attention(use_scale=True, dtype=dtype)
    record_tensor(f"attention.{dtype}", attention([q, q]), rtol)

# attention_mask broadcasting: (B, T, S), (B, 1, S), (T, S) and a (B, N, T, S) per-head mask; 0/1 ints.
layer = layers.MultiHeadAttention(num_heads=3, key_dim=2)
q, v = randn(2, 4, 5), randn(2, 6, 5)
layer(q, v)
set_weights(layer)
for case, mask in (("btss", rs.rand(2, 4, 6) > 0.4), ("b1s", rs.rand(2, 1, 6) > 0.4), ("ts", rs.rand(4, 6) > 0.4),
                   ("bnts", rs.rand(2, 3, 4, 6) > 0.4), ("int", (rs.rand(2, 4, 6) > 0.4).astype(np.int32)),
                   ("all_masked_row", np.concatenate([np.zeros((2, 1, 6), bool), np.ones((2, 3, 6), bool)], 1))):
    record_tensor(f"mha.broadcast.{case}", layer(q, v, attention_mask=mask))
    record_tensor(f"mha.broadcast.{case}.scores", layer(q, v, attention_mask=mask, return_attention_scores=True)[1])
    record_tensor(f"mha.broadcast.{case}.causal", layer(q, v, attention_mask=mask, use_causal_mask=True))

# attention_axes: 4-d inputs attending over one or two axes.
for case, axes in (("axis2", (2,)), ("axes12", (1, 2)), ("negative", -2), ("int", 1)):
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=2, attention_axes=axes)
    q4, v4 = randn(2, 3, 4, 5), randn(2, 3, 4, 5)
    layer(q4, v4)
    set_weights(layer)
    record(f"mha.axes.{case}.equations", (layer._dot_product_equation, layer._combine_equation,
                                          layer.attention_axes))
    record_tensor(f"mha.axes.{case}.out", layer(q4, v4))
    out, scores = layer(q4, v4, return_attention_scores=True)
    record_tensor(f"mha.axes.{case}.scores", scores)
    record(f"mha.axes.{case}.weights", describe(layer))

# Masks carried from Embedding(mask_zero=True): the query's, value's and key's.
embed_q, embed_v = layers.Embedding(9, 4, mask_zero=True), layers.Embedding(9, 4, mask_zero=True)
embed_q.build((None,))
embed_v.build((None,))
set_weights(embed_q)
set_weights(embed_v)
ids_q = np.array([[1, 2, 3, 0], [4, 0, 0, 0], [5, 6, 7, 8]])
ids_v = np.array([[1, 2, 0, 0, 0], [3, 4, 5, 6, 0], [7, 0, 0, 0, 0]])
mha = layers.MultiHeadAttention(num_heads=2, key_dim=3)
mha(embed_q(ids_q), embed_v(ids_v))
set_weights(mha)
for case, call in (
        ("self", lambda: mha(embed_q(ids_q), embed_q(ids_q))),
        ("cross", lambda: mha(embed_q(ids_q), embed_v(ids_v))),
        ("key", lambda: mha(embed_q(ids_q), embed_v(ids_v), embed_v(ids_v[:, ::-1].copy()))),
        ("causal", lambda: mha(embed_q(ids_q), embed_q(ids_q), use_causal_mask=True)),
        ("with_attention_mask", lambda: mha(embed_q(ids_q), embed_v(ids_v), attention_mask=rs.rand(3, 4, 5) > 0.2)),
        ("scores", lambda: mha(embed_q(ids_q), embed_v(ids_v), return_attention_scores=True)[1])):
    out = call()
    record_tensor(f"mha.embedding_mask.{case}", out)
    record(f"mha.embedding_mask.{case}.mask", mask_of(out))
query = embed_q(ids_q)
mha(query, query)
record("mha.embedding_mask.input_mask_removed", mask_of(query))  # Keras takes the mask off the inputs

# Dropout in training: Keras's draws for a seed, advancing with each call.
for case, kwargs in (("seeded", dict(seed=11)), ("seeded_scores", dict(seed=3))):
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.4, **kwargs)
    q, v = randn(2, 5, 4), randn(2, 3, 4)
    layer(q, v)
    set_weights(layer)
    record(f"mha.dropout.{case}.variables", describe(layer))
    record_tensor(f"mha.dropout.{case}.first", layer(q, v, training=True))
    record_tensor(f"mha.dropout.{case}.second", layer(q, v, training=True, return_attention_scores=True)[0])
    record_tensor(f"mha.dropout.{case}.inference", layer(q, v))
    record_tensor(f"mha.dropout.{case}.traced",
                  tf.function(lambda a, b, layer=layer: layer(a, b, training=True))(tf.constant(q), tf.constant(v)))
    record_num(f"mha.dropout.{case}.state", layer.non_trainable_variables[0].numpy())

# Seeded initializers: every sublayer gets a copy (the same seed); unseeded ones differ.
seeded = layers.MultiHeadAttention(num_heads=2, key_dim=3, kernel_initializer=keras.initializers.GlorotUniform(seed=1),
                                   bias_initializer=keras.initializers.RandomNormal(seed=2))
seeded(randn(2, 3, 4), randn(2, 3, 4))
record_num("mha.seeded_init", np.concatenate([w.ravel() for w in seeded.get_weights()]))
unseeded = layers.MultiHeadAttention(num_heads=2, key_dim=3)
unseeded(randn(1, 2, 4), randn(1, 2, 4))
record("mha.unseeded_init.differ", not np.allclose(unseeded.query_dense.kernel.numpy(),
                                                  unseeded.key_dense.kernel.numpy()))
record("mha.properties", (unseeded.num_heads, unseeded.key_dim, unseeded.value_dim, unseeded.dropout,
                          unseeded.use_bias, unseeded.attention_axes, unseeded.query_dense.name,
                          unseeded.output_dense.name))

# Gradients through the layer (GradientTape), both routes.
grad_layer = layers.MultiHeadAttention(num_heads=2, key_dim=3)
gq, gv = tf.constant(randn(2, 4, 5)), tf.constant(randn(2, 3, 5))
grad_layer(gq, gv)
set_weights(grad_layer)
for case, kwargs in (("dot_product", {}), ("scores", dict(return_attention_scores=True)),
                     ("causal", dict(use_causal_mask=True)),
                     ("masked", dict(attention_mask=rs.rand(2, 4, 3) > 0.3, return_attention_scores=True))):
    with tf.GradientTape() as tape:
        tape.watch(gq)
        tape.watch(gv)
        out = grad_layer(gq, gv, **kwargs)
        out = out[0] if isinstance(out, tuple) else out
        loss = tf.reduce_sum(out * out)
    grads = tape.gradient(loss, [gq, gv] + grad_layer.trainable_variables)
    for i, g in enumerate(grads):
        record_num(f"mha.gradient.{case}.{i}", g, 1e-5)

# Errors: bad arguments, Keras's types and texts.
for case, make in (
        ("num_heads", lambda: layers.MultiHeadAttention(num_heads=0, key_dim=2)),
        ("num_heads_float", lambda: layers.MultiHeadAttention(num_heads=2.0, key_dim=2)),
        ("key_dim", lambda: layers.MultiHeadAttention(num_heads=2, key_dim="a")),
        ("value_dim", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, value_dim=-1)),
        ("output_shape", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, output_shape=2.5)),
        ("attention_axes", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, attention_axes="x")),
        ("sliding_window", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, sliding_window=0)),
        ("key_value_shapes", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2)(
            randn(2, 3, 4), randn(2, 5, 4), randn(2, 6, 4))),
        ("compute_output_shape", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2).compute_output_shape(
            (2, 3, 4), (2, 5, 4), (2, 6, 4))),
        ("no_value", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2)(randn(2, 3, 4))),
        ("sequential", lambda: keras.Sequential([keras.Input((3, 4)),
                                                 layers.MultiHeadAttention(num_heads=2, key_dim=2)])),
        ("mask_rank", lambda: mha(randn(3, 4, 4), randn(3, 5, 4), attention_mask=np.ones((1, 1, 1, 3, 4, 5), bool),
                                  return_attention_scores=True)),
        ("flash_attention", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, flash_attention=True,
                                                              dropout=0.2)),
        ("flash_attention_call", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, flash_attention=True)(
            randn(1, 3, 4), randn(1, 3, 4))),
        ("flash_attention_scores", lambda: layers.MultiHeadAttention(num_heads=2, key_dim=2, flash_attention=True)(
            randn(1, 3, 4), randn(1, 3, 4), return_attention_scores=True))):
    record_error(f"mha.error.{case}", make)

# --- The functional API -------------------------------------------------------------------------
tokens = keras.Input((None,), dtype="int32", name="tokens")
context = keras.Input((5, 6), name="context")
embedded = layers.Embedding(12, 6, mask_zero=True, name="embed")(tokens)
attended, attention_scores = layers.MultiHeadAttention(num_heads=2, key_dim=3, name="mha")(
    embedded, context, return_attention_scores=True)
record("functional.outputs", [(tuple(t.shape), t.dtype) for t in (attended, attention_scores)])
record("functional.output_mask", None if getattr(attended, "_keras_mask", None) is None
       else tuple(attended._keras_mask.shape))
attended_self = layers.MultiHeadAttention(num_heads=3, key_dim=2, output_shape=(4,), name="self_mha")(
    embedded, embedded, use_causal_mask=True)
dot = layers.Attention(use_scale=True, name="dot")([embedded, embedded])
additive = layers.AdditiveAttention(name="additive")([embedded, context])
merged = layers.Concatenate()([attended, attended_self, dot, additive])
functional = keras.Model([tokens, context], layers.Dense(2, name="head")(merged))
for layer in functional.layers:
    if layer.weights:
        set_weights(layer)
functional_ids = np.array([[3, 4, 0, 0], [5, 6, 7, 1], [2, 0, 0, 0]])
functional_context = randn(3, 5, 6)
record_num("functional.predict", functional.predict([functional_ids, functional_context], verbose=0))
record_num("functional.call", functional([functional_ids, functional_context]))
summary = []
functional.summary(print_fn=lambda line, *args, **kwargs: summary.append(line))
record("functional.summary", "\n".join(summary))
record("functional.layer_weights", [(w.path, tuple(w.shape)) for w in functional.get_layer("mha").weights])
record("functional.weights_order", [w.path for w in functional.weights])

# --- Attention and AdditiveAttention ------------------------------------------------------------
ATTENTION_CASES = [
    ("dot", layers.Attention, {}),
    ("dot_scale", layers.Attention, dict(use_scale=True)),
    ("concat", layers.Attention, dict(score_mode="concat")),
    ("concat_scale", layers.Attention, dict(score_mode="concat", use_scale=True)),
    ("additive", layers.AdditiveAttention, {}),
    ("additive_unscaled", layers.AdditiveAttention, dict(use_scale=False)),
]
for case, cls, kwargs in ATTENTION_CASES:
    for batch, tq, tv, dim in ((1, 2, 3, 4), (3, 5, 4, 2)):
        layer = cls(**kwargs)
        q, v, k = randn(batch, tq, dim), randn(batch, tv, dim), randn(batch, tv, dim)
        layer([q, v])
        tag = f"attention.{case}.b{batch}"
        record(f"{tag}.weights", describe(layer))
        set_weights(layer, 1.5)
        record_tensor(f"{tag}.out", layer([q, v]))
        out, scores = layer([q, v, k], return_attention_scores=True)
        record_tensor(f"{tag}.key", out)
        record_tensor(f"{tag}.scores", scores)
        q_mask, v_mask = rs.rand(batch, tq) > 0.3, rs.rand(batch, tv) > 0.3
        v_mask[:, 0] = True
        record_tensor(f"{tag}.masked", layer([q, v], mask=[q_mask, v_mask]))
        record_tensor(f"{tag}.causal", layer([q, v], use_causal_mask=True, return_attention_scores=True)[1])
        record_tensor(f"{tag}.causal_masked", layer([q, v], mask=[None, v_mask], use_causal_mask=True))
        record_tensor(f"{tag}.traced", tf.function(lambda a, b, layer=layer: layer([a, b]))(q, v))
        record(f"{tag}.output_shape", layer.compute_output_shape([q.shape, v.shape]))
    record(f"attention.{case}.config", {k: v for k, v in layer.get_config().items() if k != "name"})
    clone = cls.from_config(layer.get_config())
    clone([q, v])
    clone.set_weights(layer.get_weights())
    record_num(f"attention.{case}.from_config", clone([q, v]))
for cls in (layers.Attention, layers.AdditiveAttention):
    layer = cls(dropout=0.5, seed=9)
    q, v = randn(2, 3, 4), randn(2, 5, 4)
    layer([q, v])
    if layer.weights:
        set_weights(layer)
    name = cls.__name__
    record(f"attention.{name}.dropout.variables", describe(layer))
    record_tensor(f"attention.{name}.dropout.first", layer([q, v], training=True))
    record_tensor(f"attention.{name}.dropout.second", layer([q, v], training=True, return_attention_scores=True)[1])
    record_tensor(f"attention.{name}.dropout.inference", layer([q, v]))
embedded_ids = embed_q(ids_q)
attention_out = layers.Attention()([embedded_ids, embed_v(ids_v)])
record_tensor("attention.embedding_mask", attention_out)
record("attention.embedding_mask.mask", mask_of(attention_out))
for case, make in (
        ("not_list", lambda: layers.Attention()(randn(2, 3, 4))),
        ("length", lambda: layers.Attention()([randn(2, 3, 4)])),
        ("mask_list", lambda: layers.Attention()([randn(2, 3, 4), randn(2, 3, 4)], mask=np.ones((2, 3), bool))),
        ("mask_length", lambda: layers.Attention()([randn(1, 3, 4), randn(1, 3, 4)], mask=[np.ones((1, 3), bool)])),
        ("score_mode", lambda: layers.Attention(score_mode="add")),
        ("additive_not_list", lambda: layers.AdditiveAttention()(randn(2, 3, 4)))):
    record_error(f"attention.error.{case}", make)

# --- A tiny transformer block trained with fit ---------------------------------------------------
def transformer_block(vocabulary=20, length=6, dim=8):
    ids = keras.Input((length,), dtype="int32")
    x = layers.Embedding(vocabulary, dim, mask_zero=True)(ids)
    attended = layers.MultiHeadAttention(num_heads=2, key_dim=4, dropout=0.1, seed=5)(x, x)
    x = layers.LayerNormalization()(layers.Add()([x, attended]))
    x = layers.LayerNormalization()(layers.Add()([x, layers.Dense(dim)(layers.Dense(16, activation="relu")(x))]))
    x = layers.GlobalAveragePooling1D()(x)
    model = keras.Model(ids, layers.Dense(3)(x))
    for layer in model.layers:
        if layer.weights:
            set_weights(layer, 0.4)
    return model


train_ids = rs.randint(0, 20, size=(24, 6)).astype(np.int32)
train_ids[:, :2] = rs.randint(1, 20, size=(24, 2))
train_labels = rs.randint(0, 3, size=(24,))
block = transformer_block()
block.compile(optimizer=keras.optimizers.Adam(0.01),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
history = block.fit(train_ids, train_labels, batch_size=8, epochs=3, shuffle=False, verbose=0)
record_num("transformer.loss", history.history["loss"], 1e-4)
record_num("transformer.accuracy", history.history["accuracy"])
record_num("transformer.predict", block.predict(train_ids[:5], verbose=0), 1e-4)
record("transformer.weights", [(w.path, tuple(w.shape)) for w in block.weights])
path = os.path.join(out_dir, "attention_transformer.keras")
block.save(path)
loaded = keras.models.load_model(os.path.join(in_dir, "attention_transformer.keras"))
record_num("transformer.loaded_predict", loaded.predict(train_ids[:5], verbose=0), 1e-4)
record("transformer.loaded_layers", [type(layer).__name__ for layer in loaded.layers])

path = os.path.join(out_dir, "attention_functional.keras")
functional.save(path)
loaded = keras.models.load_model(os.path.join(in_dir, "attention_functional.keras"))
record_num("functional.loaded_predict", loaded.predict([functional_ids, functional_context], verbose=0))
record("functional.loaded_config", loaded.get_layer("self_mha").get_config())

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=None, sort_keys=True, separators=(",", ":"))
