"""Keras 3's numeric and lookup preprocessing layers (Rescaling, Normalization, ...), run under
TensorFlow 2.21 (by tests/tools/record_keras_program.py, into tests/fixtures/keras_preprocessing/)
and under varrt (by tests/test_keras_preprocessing.py).

    python keras_preprocessing_program.py varrt|tensorflow OUT_DIR [IN_DIR]

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. Each layer is called eagerly, inside a traced function, in a `tf.data`
map and in a model. The .keras file loaded is IN_DIR's (the other library's), else the one just
saved."""
import io
import json
import os
import re
import sys
from contextlib import redirect_stdout

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

keras = tf.keras
out_dir = sys.argv[2]
in_dir = sys.argv[3] if len(sys.argv) > 3 else out_dir
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


def record_tensor(name, t, rtol=1e-6):
    """A layer's output: its dtype and shape exactly, its values within rtol."""
    record(f"{name}.spec", (t.dtype.name, tuple(t.shape)))
    record_num(name, np.asarray(t).astype(np.float64), rtol)


def traced(layer):
    return tf.function(lambda x: layer(x))


def through_dataset(layer, x, batch):
    out = list(tf.data.Dataset.from_tensor_slices(x).batch(batch).map(layer))
    return np.concatenate([np.asarray(o) for o in out])


def summary_text(model):
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        model.summary()
    return buffer.getvalue()


# --- Rescaling ---------------------------------------------------------------------------------
IMAGES = rs.randint(0, 256, size=(3, 5, 7, 2)).astype(np.uint8)
for case, make in (("unit", lambda: keras.layers.Rescaling(1.0 / 255)),
                   ("signed", lambda: keras.layers.Rescaling(1.0 / 127.5, offset=-1)),
                   ("per_channel", lambda: keras.layers.Rescaling([0.5, 2.0], offset=[1.0, -3.0])),
                   ("float64", lambda: keras.layers.Rescaling(0.25, offset=3, dtype="float64"))):
    layer = make()
    record_tensor(f"rescaling.{case}.eager", layer(IMAGES))
    record_tensor(f"rescaling.{case}.traced", traced(layer)(tf.constant(IMAGES)))
    record_num(f"rescaling.{case}.dataset", through_dataset(layer, IMAGES, 2), 1e-6)
    record(f"rescaling.{case}.config", layer.get_config())
    record(f"rescaling.{case}.weights", len(layer.weights))
record_tensor("rescaling.float_input", keras.layers.Rescaling(3.0)(rs.randn(4, 3)))
record_tensor("rescaling.int64_input", keras.layers.Rescaling(0.5)(tf.constant([[3, -9]], dtype=tf.int64)))
rescale = keras.layers.Rescaling.from_config(keras.layers.Rescaling(2.0, offset=0.5, name="rs").get_config())
record("rescaling.from_config", (rescale.name, rescale.scale, rescale.offset))
record("rescaling.symbolic", repr(keras.layers.Rescaling(2.0)(keras.Input((6, 6, 3), dtype="uint8"))))

# --- Normalization -----------------------------------------------------------------------------
FEATURES = (rs.randn(37, 5) * [1.0, 10.0, 0.1, 3.0, 50.0] + [0.0, 100.0, -2.0, 7.0, 500.0]).astype(np.float32)
for case, data in (("array", FEATURES), ("array64", FEATURES.astype(np.float64)),
                   ("tensor", tf.constant(FEATURES)),
                   ("dataset", tf.data.Dataset.from_tensor_slices(FEATURES).batch(8)),
                   ("dataset_xy", tf.data.Dataset.from_tensor_slices((FEATURES, FEATURES[:, 0])).batch(10)),
                   ("dataset_unbatched", tf.data.Dataset.from_tensor_slices(FEATURES[:, 1])),
                   ("batches", [FEATURES[:13], FEATURES[13:30], FEATURES[30:]])):
    layer = keras.layers.Normalization(axis=None if case == "dataset_unbatched" else -1)
    layer.adapt(data)
    record_num(f"normalization.adapt.{case}.mean", layer.adapt_mean.numpy(), 1e-5)
    record_num(f"normalization.adapt.{case}.variance", layer.adapt_variance.numpy(), 1e-5)
    source = FEATURES[:, 1:2] if case == "dataset_unbatched" else FEATURES
    record_tensor(f"normalization.adapt.{case}.out", layer(source), 1e-5)
record("normalization.weights", [(w.path, w.dtype, tuple(w.shape), w.trainable)
                                 for w in keras.layers.Normalization(axis=(1, 2)).weights])
VOLUME = rs.randn(6, 3, 4, 2).astype(np.float32) * 4 + 1
for case, axis in (("axis_1_3", (1, 3)), ("axis_neg2", -2), ("axis_none", None), ("axis_all", (1, 2, 3))):
    layer = keras.layers.Normalization(axis=axis)
    layer.adapt(VOLUME)
    record(f"normalization.{case}.weights", [(w.path, tuple(w.shape)) for w in layer.weights])
    record_tensor(f"normalization.{case}.out", layer(VOLUME), 1e-5)
    record_tensor(f"normalization.{case}.traced", traced(layer)(tf.constant(VOLUME[:2])), 1e-5)
    record_num(f"normalization.{case}.dataset", through_dataset(layer, VOLUME, 4), 1e-5)
    record(f"normalization.{case}.config", layer.get_config())
given = keras.layers.Normalization(mean=[1.0, -2.0, 0.5], variance=[4.0, 0.25, 0.0])
record_tensor("normalization.given", given(rs.randn(4, 3).astype(np.float32) * 3), 1e-6)
record("normalization.given.weights", len(given.weights))
record("normalization.given.config", given.get_config())
inverse = keras.layers.Normalization(mean=[1.0, -2.0, 0.5], variance=[4.0, 0.25, 9.0], invert=True)
record_tensor("normalization.given.invert", inverse(np.arange(6.0).reshape(2, 3)), 1e-6)
scalar = keras.layers.Normalization(axis=None, mean=3.0, variance=2.0)
record_tensor("normalization.given.scalar", scalar(np.arange(10).reshape(2, 5)), 1e-6)
broadcast = keras.layers.Normalization(axis=(1, 2), mean=[1.0, 2.0], variance=[1.0, 4.0])
record_tensor("normalization.given.broadcast", broadcast(np.ones((2, 3, 2), np.float32)), 1e-6)
adapted_invert = keras.layers.Normalization(invert=True)
adapted_invert.adapt(FEATURES)
record_num("normalization.invert.round_trip",
           adapted_invert(keras.layers.Normalization(mean=adapted_invert.adapt_mean.numpy(),
                                                     variance=adapted_invert.adapt_variance.numpy())(FEATURES)),
           1e-4)
readapt = keras.layers.Normalization()
readapt.adapt(FEATURES[:10])
readapt.adapt(FEATURES[20:] * 2)
record_num("normalization.readapt", readapt.adapt_mean.numpy(), 1e-5)
record_error("normalization.error.half_given", lambda: keras.layers.Normalization(mean=1.0))
record_error("normalization.error.shapes", lambda: keras.layers.Normalization(mean=[1.0, 2.0], variance=[1.0]))
record_error("normalization.error.rank", lambda: keras.layers.Normalization(mean=[[1.0]], variance=[[1.0]]))
record_error("normalization.error.axis", lambda: keras.layers.Normalization(axis=3).build((4, 2)))
record_error("normalization.error.unknown_axis", lambda: keras.layers.Normalization(axis=1).build((4, None)))
record_error("normalization.error.readapt_shape", lambda: readapt.adapt(np.zeros((3, 4), np.float32)))
record_error("normalization.error.batch_shape", lambda: keras.layers.Normalization().adapt(
    [FEATURES[:3], FEATURES[:3, :4]]))
record_error("normalization.error.empty", lambda: keras.layers.Normalization().adapt([]))
record_error("normalization.error.type", lambda: keras.layers.Normalization().adapt(3.0))

# --- CategoryEncoding --------------------------------------------------------------------------
CATEGORIES = rs.randint(0, 7, size=(5, 3))
for case, make, data in (
        ("one_hot.vector", lambda: keras.layers.CategoryEncoding(7, output_mode="one_hot"), CATEGORIES[:, 0]),
        ("one_hot.column", lambda: keras.layers.CategoryEncoding(7, output_mode="one_hot"), CATEGORIES[:, :1]),
        ("one_hot.matrix", lambda: keras.layers.CategoryEncoding(7, output_mode="one_hot"), CATEGORIES),
        ("multi_hot.matrix", lambda: keras.layers.CategoryEncoding(7), CATEGORIES),
        ("multi_hot.vector", lambda: keras.layers.CategoryEncoding(9, output_mode="binary"), CATEGORIES[0]),
        ("multi_hot.rank3", lambda: keras.layers.CategoryEncoding(7), CATEGORIES.reshape(5, 3, 1)),
        ("count.matrix", lambda: keras.layers.CategoryEncoding(8, output_mode="count"), CATEGORIES),
        ("count.rank3", lambda: keras.layers.CategoryEncoding(7, output_mode="count"), CATEGORIES.reshape(5, 1, 3)),
        ("count.int32", lambda: keras.layers.CategoryEncoding(7, output_mode="count", dtype="int32"), CATEGORIES),
        ("multi_hot.past_depth", lambda: keras.layers.CategoryEncoding(4), CATEGORIES),
        ("multi_hot.int64_input", lambda: keras.layers.CategoryEncoding(7), tf.constant(CATEGORIES, tf.int64))):
    layer = make()
    record_tensor(f"category_encoding.{case}", layer(data))
    record(f"category_encoding.{case}.config", layer.get_config())
record_tensor("category_encoding.scalar", keras.layers.CategoryEncoding(4, output_mode="one_hot")(2))
weighted = keras.layers.CategoryEncoding(7, output_mode="count")
record_tensor("category_encoding.count_weights", weighted(CATEGORIES, count_weights=rs.rand(5, 3)))
multi_hot = keras.layers.CategoryEncoding(7)
record_tensor("category_encoding.traced", tf.function(lambda x: multi_hot(x))(tf.constant(CATEGORIES[:2])))
record_num("category_encoding.dataset", through_dataset(multi_hot, CATEGORIES, 2), 1e-6)
record("category_encoding.symbolic", [repr(keras.layers.CategoryEncoding(7, output_mode=mode)(
    keras.Input(shape, dtype="int32"))) for mode in ("one_hot", "multi_hot", "count") for shape in ((3,), (1,))])
encoded_in = keras.Input((3,), dtype="int64")
encoder = keras.Model(encoded_in, keras.layers.Dense(2)(keras.layers.CategoryEncoding(7)(encoded_in)))
record_num("category_encoding.model_predict", encoder.predict(CATEGORIES, verbose=0).shape, 0)
record_error("category_encoding.error.no_tokens", lambda: keras.layers.CategoryEncoding())
record_error("category_encoding.error.zero_tokens", lambda: keras.layers.CategoryEncoding(0))
record_error("category_encoding.error.mode", lambda: keras.layers.CategoryEncoding(3, output_mode="tf_idf"))
record_error("category_encoding.error.weights_mode", lambda: keras.layers.CategoryEncoding(7)(
    CATEGORIES, count_weights=np.ones((5, 3))))
record_error("category_encoding.error.negative", lambda: keras.layers.CategoryEncoding(7)(np.array([[1, -2]])))

# --- Discretization ----------------------------------------------------------------------------
MEASURES = (rs.randn(9, 4) * 3).astype(np.float32)
MEASURES[0, :3] = [-1.5, 0.0, 2.25]  # values on the boundaries
BOUNDARIES = [-1.5, 0.0, 2.25, 4.0]
for mode in ("int", "one_hot", "multi_hot", "count"):
    layer = keras.layers.Discretization(bin_boundaries=BOUNDARIES, output_mode=mode)
    data = MEASURES[:, :1] if mode == "one_hot" else MEASURES
    record_tensor(f"discretization.{mode}", layer(data))
    record_tensor(f"discretization.{mode}.traced", traced(layer)(tf.constant(data[:3])))
    record_num(f"discretization.{mode}.dataset", through_dataset(layer, data, 4), 1e-6)
    record(f"discretization.{mode}.config", layer.get_config())
    record(f"discretization.{mode}.symbolic", repr(layer(keras.Input((4,)))))
bucketize = keras.layers.Discretization(bin_boundaries=[-2, 1, 5])
record_tensor("discretization.int_inputs", bucketize(np.array([[-3, -2, 0, 1, 7]], np.int64)))
record_tensor("discretization.float64_inputs", bucketize(np.array([0.999999999, 1.0, 4.9999999999])))
record_tensor("discretization.rank3", keras.layers.Discretization(bin_boundaries=[0.0], output_mode="count")(
    MEASURES.reshape(3, 3, 4)))
SAMPLES = (rs.randn(150) * 2 + rs.rand(150) * 5).astype(np.float32)
for case, data, kwargs in (("array", SAMPLES.reshape(-1, 3), {}),
                           ("dataset", tf.data.Dataset.from_tensor_slices(SAMPLES).batch(40), {}),
                           ("dataset_steps", tf.data.Dataset.from_tensor_slices(SAMPLES).batch(40), {"steps": 2}),
                           ("batches", [SAMPLES[:70], SAMPLES[70:]], {}),
                           ("tensor", tf.constant(SAMPLES), {})):
    for num_bins, epsilon in ((5, 0.01), (3, 0.1), (11, 0.001)):
        layer = keras.layers.Discretization(num_bins=num_bins, epsilon=epsilon)
        layer.adapt(data, **kwargs)
        record_num(f"discretization.adapt.{case}.{num_bins}", layer.bin_boundaries, 1e-6)
        record_tensor(f"discretization.adapt.{case}.{num_bins}.out", layer(SAMPLES[:12]))
adapted = keras.layers.Discretization(num_bins=4, output_mode="one_hot")
adapted.adapt(SAMPLES)
restored = keras.layers.Discretization.from_config(adapted.get_config())
record_num("discretization.from_config", restored.bin_boundaries, 1e-6)
record(
    "discretization.from_config.output", repr(np.asarray(restored(SAMPLES[:5])).tolist()))
record_error("discretization.error.mode", lambda: keras.layers.Discretization(num_bins=2, output_mode="tf_idf"))
record_error("discretization.error.neither", lambda: keras.layers.Discretization())
record_error("discretization.error.both", lambda: keras.layers.Discretization(bin_boundaries=[1.0], num_bins=2))
record_error("discretization.error.negative_bins", lambda: keras.layers.Discretization(num_bins=-1))
record_error("discretization.error.adapt_boundaries", lambda: bucketize.adapt(SAMPLES))
record_error("discretization.error.not_adapted", lambda: keras.layers.Discretization(num_bins=3)(SAMPLES))
bucket_in = keras.Input((4,))
bucket_model = keras.Model(bucket_in, keras.layers.Discretization(bin_boundaries=BOUNDARIES,
                                                                  output_mode="multi_hot")(bucket_in))
record_num("discretization.model_predict", bucket_model.predict(MEASURES, verbose=0), 1e-6)

# --- IntegerLookup and StringLookup --------------------------------------------------------------
INT_VOCAB = [12, 40, 7, 93, 5, 61]
INT_DATA = np.array([[7, 12, 8], [93, 0, 5], [61, 61, 44], [40, 3, 7]], np.int64)
for case, kwargs in (("default", {}), ("mask", {"mask_token": 0}), ("oov3", {"num_oov_indices": 3}),
                     ("oov2_mask", {"num_oov_indices": 2, "mask_token": 0}),
                     ("farmhash", {"num_oov_indices": 4, "oov_method": "farmhash"}),
                     ("farmhash_salt", {"num_oov_indices": 5, "oov_method": "farmhash", "salt": 99}),
                     ("one_hot", {"output_mode": "one_hot"}), ("multi_hot", {"output_mode": "multi_hot"}),
                     ("multi_hot_mask", {"output_mode": "multi_hot", "mask_token": 0}),
                     ("count", {"output_mode": "count", "num_oov_indices": 2}),
                     ("tf_idf", {"output_mode": "tf_idf", "idf_weights": [0.5, 1.0, 1.5, 2.0, 2.5, 3.0]}),
                     ("pad", {"output_mode": "multi_hot", "max_tokens": 12, "pad_to_max_tokens": True})):
    layer = keras.layers.IntegerLookup(vocabulary=INT_VOCAB, **kwargs)
    data = INT_DATA[:, :1] if case == "one_hot" else INT_DATA
    record_tensor(f"integer_lookup.{case}", layer(data))
    record_tensor(f"integer_lookup.{case}.traced", traced(layer)(tf.constant(data[:2])))
    record_num(f"integer_lookup.{case}.dataset", through_dataset(layer, data, 3), 1e-6)
    record(f"integer_lookup.{case}.vocabulary", (layer.get_vocabulary(), layer.vocabulary_size(),
                                                 layer.get_vocabulary(include_special_tokens=False)))
    record(f"integer_lookup.{case}.config", layer.get_config())
    record(f"integer_lookup.{case}.symbolic", repr(layer(keras.Input((3,), dtype="int64"))))
inverse_int = keras.layers.IntegerLookup(vocabulary=INT_VOCAB, invert=True, mask_token=0)
record_tensor("integer_lookup.invert", inverse_int(np.array([[0, 1, 2], [7, 3, 9]])))
record("integer_lookup.invert.vocabulary", inverse_int.get_vocabulary())
record_tensor("integer_lookup.int32_input", keras.layers.IntegerLookup(vocabulary=INT_VOCAB)(
    tf.constant([[5, 6]], tf.int32)))
record_tensor("integer_lookup.scalar", keras.layers.IntegerLookup(vocabulary=INT_VOCAB)(93))
INT_SAMPLES = rs.choice([3, 8, 8, 21, 21, 21, 34, 55, 55, 2], size=(20, 3))
for case, kwargs in (("plain", {}), ("max_tokens", {"max_tokens": 4}), ("mask", {"mask_token": 8}),
                     ("tf_idf", {"output_mode": "tf_idf"})):
    layer = keras.layers.IntegerLookup(**kwargs)
    layer.adapt(INT_SAMPLES)
    record(f"integer_lookup.adapt.{case}.vocabulary", layer.get_vocabulary())
    record_tensor(f"integer_lookup.adapt.{case}.out", layer(INT_SAMPLES[:4]))
    record(f"integer_lookup.adapt.{case}.config", layer.get_config())
from_dataset = keras.layers.IntegerLookup()
from_dataset.adapt(tf.data.Dataset.from_tensor_slices(INT_SAMPLES).batch(6))
record("integer_lookup.adapt.dataset", from_dataset.get_vocabulary())
record_error("integer_lookup.error.oov0", lambda: keras.layers.IntegerLookup(vocabulary=INT_VOCAB,
                                                                             num_oov_indices=0)(INT_DATA))
record_error("integer_lookup.error.dtype", lambda: keras.layers.IntegerLookup(vocabulary_dtype="int32"))
record_error("integer_lookup.error.max_tokens", lambda: keras.layers.IntegerLookup(max_tokens=1))
record_error("integer_lookup.error.repeated", lambda: keras.layers.IntegerLookup(vocabulary=[1, 2, 1]))
record_error("integer_lookup.error.invert_mode", lambda: keras.layers.IntegerLookup(invert=True,
                                                                                   output_mode="count"))
record_error("integer_lookup.error.adapt_fixed", lambda: keras.layers.IntegerLookup(vocabulary=[1]).adapt([1]))
record_error("integer_lookup.error.no_vocab", lambda: keras.layers.IntegerLookup(output_mode="count")([1]))
record_error("integer_lookup.error.mask_inside", lambda: keras.layers.IntegerLookup(vocabulary=[1, 0],
                                                                                   mask_token=0))

WORDS = ["thal", "fixed", "normal", "reversible", "ok", "café"]
WORD_DATA = np.array([["fixed", "thal", "zz"], ["ok", "", "café"], ["normal", "qq", "normal"]])
for case, kwargs in (("default", {}), ("mask", {"mask_token": ""}), ("oov5", {"num_oov_indices": 5}),
                     ("oov3_mask", {"num_oov_indices": 3, "mask_token": ""}),
                     ("oov4_salt", {"num_oov_indices": 4, "salt": (3, 8)}),
                     ("one_hot", {"output_mode": "one_hot"}), ("multi_hot", {"output_mode": "multi_hot"}),
                     ("count", {"output_mode": "count"}),
                     ("tf_idf", {"output_mode": "tf_idf", "idf_weights": [1.0, 0.5, 0.25, 2.0, 4.0, 0.75]}),
                     ("oov_token", {"oov_token": "<?>"})):
    layer = keras.layers.StringLookup(vocabulary=WORDS, **kwargs)
    data = WORD_DATA[:, :1] if case == "one_hot" else WORD_DATA
    record_tensor(f"string_lookup.{case}", layer(data))
    record_tensor(f"string_lookup.{case}.traced", traced(layer)(tf.constant(data[:2])))
    record_num(f"string_lookup.{case}.dataset", through_dataset(layer, data, 2), 1e-6)
    record(f"string_lookup.{case}.vocabulary", (layer.get_vocabulary(), layer.vocabulary_size()))
    record(f"string_lookup.{case}.config", layer.get_config())
    record(f"string_lookup.{case}.symbolic", repr(layer(keras.Input((3,), dtype="string"))))
inverse_words = keras.layers.StringLookup(vocabulary=WORDS, invert=True)
inverted = inverse_words(np.array([[1, 2, 0], [6, 9, 3]]))
record("string_lookup.invert", (inverted.dtype.name, tuple(inverted.shape), inverted.numpy().tolist()))
inverted = traced(inverse_words)(tf.constant([[4, 0]], tf.int64))
record("string_lookup.invert.traced", (inverted.dtype.name, tuple(inverted.shape), inverted.numpy().tolist()))
round_trip = keras.layers.StringLookup(vocabulary=WORDS, mask_token="[MASK]")
back = keras.layers.StringLookup(vocabulary=round_trip.get_vocabulary(), mask_token="[MASK]", invert=True)
record("string_lookup.round_trip", back(round_trip(WORD_DATA)).numpy().tolist())
record("string_lookup.with_specials", keras.layers.StringLookup(
    vocabulary=["[UNK]"] + WORDS).get_vocabulary())
TEXT = np.array([w for w in rs.choice(["a", "bb", "a", "cc", "dd", "bb", "a", "ee", "ff"], size=60)]).reshape(20, 3)
for case, kwargs in (("plain", {}), ("max_tokens", {"max_tokens": 4}), ("oov2", {"num_oov_indices": 2}),
                     ("tf_idf", {"output_mode": "tf_idf"}), ("tf_idf_pad", {"output_mode": "tf_idf",
                                                                          "max_tokens": 9,
                                                                          "pad_to_max_tokens": True})):
    layer = keras.layers.StringLookup(**kwargs)
    layer.adapt(TEXT)
    record(f"string_lookup.adapt.{case}.vocabulary", layer.get_vocabulary())
    record_tensor(f"string_lookup.adapt.{case}.out", layer(TEXT[:3]), 1e-6)
words_ds = keras.layers.StringLookup()
words_ds.adapt(tf.data.Dataset.from_tensor_slices(TEXT.reshape(-1)).batch(7))
record("string_lookup.adapt.dataset", words_ds.get_vocabulary())
words_list = keras.layers.StringLookup()
words_list.adapt(["x", "y", "y", "z", "z", "z"])
record("string_lookup.adapt.list", words_list.get_vocabulary())
vocab_file = os.path.join(out_dir, "vocab.txt")
with open(vocab_file, "w") as f:
    f.write("\n".join(WORDS[:4]) + "\n")
record("string_lookup.file", keras.layers.StringLookup(vocabulary=vocab_file)(WORD_DATA).numpy().tolist())
lookup_in = keras.Input((3,), dtype="string")
lookup_model = keras.Model(lookup_in, keras.layers.StringLookup(vocabulary=WORDS, output_mode="multi_hot")(lookup_in))
record_num("string_lookup.model_predict", lookup_model.predict(tf.constant(WORD_DATA), verbose=0), 1e-6)
record_error("string_lookup.error.oov0", lambda: keras.layers.StringLookup(vocabulary=WORDS,
                                                                           num_oov_indices=0)(WORD_DATA))
record_error("string_lookup.error.empty", lambda: keras.layers.StringLookup(vocabulary=[]))
record_error("string_lookup.error.mode", lambda: keras.layers.StringLookup(output_mode="dense"))
record_error("string_lookup.error.tf_idf_no_weights", lambda: keras.layers.StringLookup(vocabulary=WORDS,
                                                                                      output_mode="tf_idf"))
record_error("string_lookup.error.too_big", lambda: keras.layers.StringLookup(vocabulary=WORDS, max_tokens=4))
record_error("string_lookup.error.missing_file", lambda: keras.layers.StringLookup(
    vocabulary=os.path.join("no", "such", "vocabulary.txt")))

# --- Hashing -------------------------------------------------------------------------------------
HASH_STRINGS = np.array([["thal", "normal", ""], ["fixed", "a much longer string of text here", "café"],
                         ["x" * 40, "reversible", "x" * 17]])
HASH_INTS = np.array([[0, 1, -7], [123456789, 42, 2 ** 40], [5, 5, 9]], np.int64)
for case, make, data in (
        ("strings", lambda: keras.layers.Hashing(num_bins=13), HASH_STRINGS),
        ("ints", lambda: keras.layers.Hashing(num_bins=7), HASH_INTS),
        ("floats", lambda: keras.layers.Hashing(num_bins=7), HASH_INTS.astype(np.float32) + 0.75),
        ("mask_string", lambda: keras.layers.Hashing(num_bins=5, mask_value=""), HASH_STRINGS),
        ("mask_int", lambda: keras.layers.Hashing(num_bins=6, mask_value=5), HASH_INTS),
        ("int32_dtype", lambda: keras.layers.Hashing(num_bins=9, dtype="int32"), HASH_INTS),
        ("one_hot", lambda: keras.layers.Hashing(num_bins=4, output_mode="one_hot"), HASH_STRINGS[:, :1]),
        ("multi_hot", lambda: keras.layers.Hashing(num_bins=6, output_mode="multi_hot"), HASH_STRINGS),
        ("count", lambda: keras.layers.Hashing(num_bins=3, output_mode="count"), HASH_INTS),
        ("salt", lambda: keras.layers.Hashing(num_bins=11, salt=133), HASH_STRINGS),
        ("salt_pair_ints", lambda: keras.layers.Hashing(num_bins=7, salt=(5, 2 ** 40), mask_value=5), HASH_INTS)):
    layer = make()
    record_tensor(f"hashing.{case}", layer(data))
    record_tensor(f"hashing.{case}.traced", traced(layer)(tf.constant(data[:2])))
    record_num(f"hashing.{case}.dataset", through_dataset(layer, data, 2), 1e-6)
    record(f"hashing.{case}.config", layer.get_config())
    record(f"hashing.{case}.symbolic", repr(layer(keras.Input((3,), dtype=data.dtype.name if data.dtype.kind != "U"
                                                             else "string"))))
record_tensor("hashing.scalar", keras.layers.Hashing(num_bins=100)(tf.constant("hello")))
record_error("hashing.error.bins", lambda: keras.layers.Hashing(num_bins=0))
record_error("hashing.error.dtype", lambda: keras.layers.Hashing(num_bins=3, dtype="float32"))
record_error("hashing.error.mode", lambda: keras.layers.Hashing(num_bins=3, output_mode="tf_idf"))
record_error("hashing.error.salt", lambda: keras.layers.Hashing(num_bins=3, salt="pepper"))

# The regression tutorial's flow: features normalized by an adapted layer, then Dense layers,
# trained with fit from fixed weights.
TARGETS = (FEATURES @ np.array([0.5, -0.05, 3.0, 0.2, 0.01], np.float32) + rs.randn(37).astype(np.float32))
normalizer = keras.layers.Normalization(axis=-1)
normalizer.adapt(FEATURES)
model = keras.Sequential([normalizer, keras.layers.Dense(9, activation="relu"), keras.layers.Dense(1)])
model.build((None, 5))
for layer in model.layers[1:]:
    layer.set_weights([rs.uniform(-0.5, 0.5, w.shape).astype(np.float32) for w in layer.get_weights()])
record("regression.summary", summary_text(model))
model.compile(optimizer=keras.optimizers.Adam(0.05), loss="mean_absolute_error")
history = model.fit(FEATURES, TARGETS, batch_size=8, epochs=4, shuffle=False, verbose=0)
record_num("regression.loss", history.history["loss"], 1e-4)
record_num("regression.predict", model.predict(FEATURES[:6], verbose=0), 1e-4)
record_num("regression.evaluate", [model.evaluate(FEATURES, TARGETS, verbose=0)], 1e-4)
record("regression.weights", [(w.path, w.trainable) for w in model.weights])
record_num("regression.normalizer_unchanged", normalizer.adapt_mean.numpy(), 1e-5)

# Saved and loaded: a .keras file (config and variables) and a TensorFlow checkpoint.
path = os.path.join(out_dir, "preprocessing_regression.keras")
model.save(path)
loaded = keras.models.load_model(os.path.join(in_dir, "preprocessing_regression.keras"))
record_num("regression.loaded_predict", loaded.predict(FEATURES[:6], verbose=0), 1e-4)
record_num("regression.loaded_mean", loaded.layers[0].adapt_mean.numpy(), 1e-5)
record("regression.loaded_config", loaded.layers[0].get_config())
prefix = tf.train.Checkpoint(model=model).write(os.path.join(out_dir, "ckpt"))
record("regression.checkpoint_keys", [n for n, _ in tf.train.list_variables(prefix)])
fresh = keras.layers.Normalization()
fresh.build((None, 5))
tf.train.Checkpoint(layer=fresh).read(tf.train.Checkpoint(layer=normalizer).write(
    os.path.join(out_dir, "norm_ckpt"))).expect_partial()
record_num("normalization.checkpoint.restored_mean", fresh.adapt_mean.numpy(), 1e-5)
record_num("normalization.checkpoint.call", fresh(FEATURES[:2]), 1e-5)

# The structured-data tutorial's flow: per-feature layers adapted on a dict dataset's columns,
# a functional model of dict inputs, trained with fit on the dataset.
N = 48
frame = {"age": rs.randint(20, 80, N).astype(np.int64), "fare": (rs.rand(N) * 90).astype(np.float32),
         "animal": rs.choice(["Cat", "Dog", "Bird", "Fish"], N), "breed": rs.randint(0, 9, N).astype(np.int64)}
frame = {name: column[:, None] for name, column in frame.items()}  # the tutorial's columns, (N, 1)
labels = rs.randint(0, 2, N)
table = tf.data.Dataset.from_tensor_slices((frame, labels)).batch(10)


def normalization_for(name):
    layer = keras.layers.Normalization(axis=None)
    layer.adapt(table.map(lambda x, y: x[name]))
    return layer


def category_encoding_for(name, dtype, max_tokens=None):
    index = (keras.layers.StringLookup(max_tokens=max_tokens) if dtype == "string"
             else keras.layers.IntegerLookup(max_tokens=max_tokens))
    index.adapt(table.map(lambda x, y: x[name]))
    encoder = keras.layers.CategoryEncoding(num_tokens=index.vocabulary_size())
    return index, encoder


tutorial_inputs, encoded = [], []
for name in ("age", "fare"):
    column = keras.Input(shape=(1,), name=name, dtype="int64" if name == "age" else "float32")
    layer = normalization_for(name)
    record_num(f"tutorial.{name}.statistics", [layer.adapt_mean.numpy(), layer.adapt_variance.numpy()], 1e-5)
    tutorial_inputs.append(column)
    encoded.append(layer(column))
for name, dtype in (("animal", "string"), ("breed", "int64")):
    column = keras.Input(shape=(1,), name=name, dtype=dtype)
    index, encoder = category_encoding_for(name, dtype, max_tokens=5 if name == "breed" else None)
    record(f"tutorial.{name}.vocabulary", index.get_vocabulary())
    tutorial_inputs.append(column)
    encoded.append(encoder(index(column)))
features = keras.layers.concatenate(encoded)
hidden = keras.layers.Dense(6, activation="relu")(features)
tutorial = keras.Model(tutorial_inputs, keras.layers.Dense(1)(hidden))
for layer in tutorial.layers:
    if isinstance(layer, keras.layers.Dense):
        layer.set_weights([rs.uniform(-0.4, 0.4, w.shape).astype(np.float32) for w in layer.get_weights()])
record("tutorial.summary", summary_text(tutorial))
tutorial.compile(optimizer="adam", loss=keras.losses.BinaryCrossentropy(from_logits=True), metrics=["accuracy"])
tutorial_history = tutorial.fit(table, epochs=3, verbose=0)
record_num("tutorial.loss", tutorial_history.history["loss"], 1e-4)
record_num("tutorial.accuracy", tutorial_history.history["accuracy"], 1e-6)
record_num("tutorial.predict", tutorial.predict(table, verbose=0), 1e-4)

# Adapted vocabularies are assets of a .keras file (assets/<layer path>/vocabulary.txt).
words_in = keras.Input((3,), dtype="string", name="words")
adapted_words = keras.layers.StringLookup(output_mode="tf_idf", name="words_lookup")
adapted_words.adapt(TEXT)
numbers_in = keras.Input((3,), dtype="int64", name="numbers")
adapted_numbers = keras.layers.IntegerLookup(mask_token=8, name="numbers_lookup")
adapted_numbers.adapt(INT_SAMPLES)
vocab_model = keras.Model([words_in, numbers_in], keras.layers.concatenate(
    [adapted_words(words_in), keras.layers.CategoryEncoding(9)(adapted_numbers(numbers_in))]))
vocab_path = os.path.join(out_dir, "preprocessing_vocabulary.keras")
vocab_model.save(vocab_path)
import zipfile  # noqa: E402  (the case's own check of the archive)
record("vocabulary_model.archive", sorted(zipfile.ZipFile(vocab_path).namelist()))
record("vocabulary_model.asset", zipfile.ZipFile(vocab_path).read(
    "assets/layers/string_lookup/vocabulary.txt").decode())
vocab_loaded = keras.models.load_model(os.path.join(in_dir, "preprocessing_vocabulary.keras"))
record("vocabulary_model.loaded_vocabularies", [vocab_loaded.get_layer("words_lookup").get_vocabulary(),
                                                vocab_loaded.get_layer("numbers_lookup").get_vocabulary()])
record_num("vocabulary_model.loaded_predict", vocab_loaded.predict([tf.constant(TEXT[:4]), INT_SAMPLES[:4]],
                                                                    verbose=0), 1e-6)

# The images tutorial's first layer: Rescaling inside a model trained on uint8 images, and
# Hashing inside a model.
PIXELS = rs.randint(0, 256, size=(12, 6, 5, 3)).astype(np.uint8)
PIXEL_LABELS = rs.randint(0, 3, 12)
images_model = keras.Sequential([keras.Input((6, 5, 3)), keras.layers.Rescaling(1.0 / 255),
                                 keras.layers.Flatten(), keras.layers.Dense(3)])
for layer in images_model.layers:
    if layer.weights:
        layer.set_weights([rs.uniform(-0.2, 0.2, w.shape).astype(np.float32) for w in layer.get_weights()])
images_model.compile(optimizer="sgd", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
images_history = images_model.fit(PIXELS, PIXEL_LABELS, batch_size=5, epochs=2, shuffle=False, verbose=0)
record_num("images.loss", images_history.history["loss"], 1e-5)
record_num("images.predict", images_model.predict(
    tf.data.Dataset.from_tensor_slices(PIXELS).batch(4), verbose=0), 1e-5)
hash_in = keras.Input((3,), dtype="string")
hash_model = keras.Model(hash_in, keras.layers.Hashing(num_bins=8, output_mode="count")(hash_in))
record_num("hashing.model_predict", hash_model.predict(tf.constant(HASH_STRINGS), verbose=0), 1e-6)

inputs = keras.Input((5,), name="features")
functional = keras.Model(inputs, keras.layers.Dense(1, name="out")(
    keras.layers.Normalization(mean=FEATURES.mean(0), variance=FEATURES.var(0), name="norm")(inputs)))
record("functional.summary", summary_text(functional))
record("functional.symbolic", re.sub(r", name=\w+", "", repr(functional.layers[1].output)))  # not the counter

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
