"""Keras 3's TextVectorization, run under TensorFlow 2.21 (by tests/tools/record_keras_program.py,
into tests/fixtures/keras_text_vectorization/) and under varrt (by
tests/test_keras_text_vectorization.py).

    python keras_text_vectorization_program.py varrt|tensorflow OUT_DIR [IN_DIR]

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers: vocabularies adapted from lists, arrays, tensors, datasets and iterables
(and the progress bar adapt prints), every standardization, split, n-grams and output mode on
scalars, vectors and [N, 1] matrices of unicode text, given vocabularies (lists, files, with IDF
weights), configs, errors, the layer in a tf.data map, traced, and in models (the text
classification tutorial's: vectorized in the dataset, an Embedding model trained with fit, then
the export model on raw strings), and .keras files with the vocabulary as an asset, loaded from
IN_DIR (the other library's)."""
import io
import json
import os
import re
import string
import sys
import zipfile
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
rs = np.random.RandomState(5)

TEXT = ["The cat sat on the mat.", "The dog ate my HOMEWORK!", "Émile a mangé une crème brûlée 😀",
        "", "cat, dog; cat? <br />Dog", "naïve café — déjà vu", "   spaced    out   ", "a b c d e f g h"]


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def show(t):
    a = np.asarray(t)
    return f"{t.dtype.name} {tuple(t.shape)} {a.tolist()!r}"


def case(name, fn):
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, show(value) if hasattr(value, "dtype") else repr(value))


def vocab(layer):
    return [str(v) for v in layer.get_vocabulary()]


def progress(text):
    """A progress bar's text without its timings (and the padding their widths leave)."""
    text = re.sub(r"\d+(?:\.\d+)?(?:us|ms|s)/step", "T/step", text)
    text = re.sub(r"\x1b\[1m\d+s\x1b\[0m", "Ts", text)
    return re.sub(r"[ \b]+(\r|\n|$)", r"\1", text)


def adapted(label, data, **kwargs):
    layer = keras.layers.TextVectorization(**kwargs)
    out = io.StringIO()
    with redirect_stdout(out):
        layer.adapt(data)
    record(f"{label}.vocabulary", vocab(layer))
    record(f"{label}.vocabulary_size", layer.vocabulary_size())
    record(f"{label}.printed", progress(out.getvalue()))
    return layer


# --- adapt: what it takes, the vocabulary it learns ---------------------------------------------

layer = adapted("adapt list", TEXT)
adapted("adapt array", np.array(TEXT))
adapted("adapt tensor", tf.constant(TEXT))
adapted("adapt tensor n1", tf.constant([[t] for t in TEXT]))
adapted("adapt batched dataset", tf.data.Dataset.from_tensor_slices(TEXT).batch(3))
adapted("adapt unbatched dataset", tf.data.Dataset.from_tensor_slices(TEXT))
adapted("adapt iterable", iter([TEXT[:4], TEXT[4:]]))
adapted("adapt max_tokens", TEXT, max_tokens=7)
adapted("adapt ties", ["b a c", "c a b", "d"])

# --- calls: shapes, modes, standardizations, splits ----------------------------------------------


def calls(name, layer):
    case(f"{name} vector", lambda: layer(tf.constant(TEXT)))
    case(f"{name} list", lambda: layer(TEXT[:3]))
    case(f"{name} matrix n1", lambda: layer(tf.constant([[t] for t in TEXT])))
    case(f"{name} scalar", lambda: layer(tf.constant(TEXT[0])))
    case(f"{name} empty strings", lambda: layer(tf.constant(["", " "])))
    case(f"{name} traced", lambda: tf.function(lambda x: layer(x))(tf.constant(TEXT)))
    ds = tf.data.Dataset.from_tensor_slices(TEXT).batch(3).map(layer)
    record(f"{name} dataset spec", repr((ds.element_spec.dtype.name, tuple(ds.element_spec.shape))))
    record(f"{name} dataset", repr([np.asarray(v).tolist() for v in ds]))
    ds = tf.data.Dataset.from_tensor_slices(TEXT).map(layer)
    record(f"{name} unbatched dataset spec", repr((ds.element_spec.dtype.name, tuple(ds.element_spec.shape))))


calls("int", layer)
case("int matrix n2", lambda: layer(tf.constant([["a", "b"]])))
for length in [1, 4, 12]:
    layer = adapted(f"length {length}", TEXT, output_sequence_length=length)
    calls(f"length {length}", layer)
for mode in ["multi_hot", "count", "tf_idf"]:
    layer = adapted(mode, TEXT, output_mode=mode, max_tokens=9)
    calls(mode, layer)
    layer = adapted(f"{mode} padded", TEXT, output_mode=mode, max_tokens=20, pad_to_max_tokens=True)
    calls(f"{mode} padded", layer)
for standardize in ["lower", "strip_punctuation", None]:
    calls(f"standardize {standardize}", adapted(f"standardize {standardize}", TEXT, standardize=standardize))


def custom_standardization(input_data):
    # The text-classification tutorial's function.
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")


calls("custom standardize", adapted("custom standardize", TEXT, standardize=custom_standardization))
calls("character", adapted("character", TEXT, split="character", max_tokens=30))
calls("ngrams 2", adapted("ngrams 2", TEXT, ngrams=2))
calls("ngrams (2, 3)", adapted("ngrams (2, 3)", TEXT, ngrams=(2, 3), output_mode="count", max_tokens=12))
calls("character ngrams", adapted("character ngrams", TEXT[:3], split="character", ngrams=(1, 2),
                                  output_sequence_length=10))
calls("split None", adapted("split None", TEXT, split=None))
calls("split None multi_hot", adapted("split None multi_hot", TEXT, split=None, output_mode="multi_hot"))
calls("split None one_hot", adapted("split None one_hot", TEXT, split=None, output_mode="one_hot"))


def dense_split(x):
    # A split callable giving a dense tensor of tokens (each string's first 3 characters, "_" past its end).
    x = tf.strings.join([x, "___"])
    return tf.stack([tf.strings.substr(x, i, 1, unit="UTF8_CHAR") for i in range(3)], axis=-1)


calls("split callable", adapted("split callable", TEXT, split=dense_split))

# --- given vocabularies ---------------------------------------------------------------------------

VOCAB = ["the", "cat", "dog", "émile", "😀"]
layer = keras.layers.TextVectorization(vocabulary=VOCAB)
record("vocabulary list", vocab(layer))
calls("vocabulary list", layer)
record("vocabulary no specials", [str(v) for v in layer.get_vocabulary(include_special_tokens=False)])
record("vocabulary with specials given", vocab(keras.layers.TextVectorization(vocabulary=["", "[UNK]"] + VOCAB)))
path = os.path.join(out_dir, "vocabulary.txt")
with open(path, "w", encoding="utf-8") as f:
    f.write("\n".join(VOCAB) + "\n")
layer = keras.layers.TextVectorization(vocabulary=path, output_sequence_length=5)
record("vocabulary file", vocab(layer))
calls("vocabulary file", layer)
layer = keras.layers.TextVectorization(output_mode="tf_idf", vocabulary=VOCAB, idf_weights=[0.5, 1.0, 1.5, 2.0, 2.5])
calls("tf_idf given", layer)
layer = keras.layers.TextVectorization(max_tokens=10)
layer.set_vocabulary(VOCAB)
record("set_vocabulary", vocab(layer))
calls("set_vocabulary", layer)
layer = keras.layers.TextVectorization(output_mode="tf_idf")
layer.set_vocabulary(VOCAB, idf_weights=[1.0, 2.0, 3.0, 4.0, 5.0])
calls("set_vocabulary tf_idf", layer)

# --- errors -------------------------------------------------------------------------------------

case("error standardize", lambda: keras.layers.TextVectorization(standardize="upper"))
case("error split", lambda: keras.layers.TextVectorization(split="comma"))
case("error output_mode", lambda: keras.layers.TextVectorization(output_mode="dense"))
case("error ngrams", lambda: keras.layers.TextVectorization(ngrams=[1, 2]))
case("error length with multi_hot", lambda: keras.layers.TextVectorization(output_mode="multi_hot",
                                                                            output_sequence_length=3))
case("error length not int", lambda: keras.layers.TextVectorization(output_sequence_length=2.5))
case("error max_tokens", lambda: keras.layers.TextVectorization(max_tokens=1))
case("error pad without max_tokens", lambda: keras.layers.TextVectorization(pad_to_max_tokens=True))
case("error repeated vocabulary", lambda: keras.layers.TextVectorization(vocabulary=["a", "b", "a"]))
case("error tf_idf without weights", lambda: keras.layers.TextVectorization(output_mode="tf_idf", vocabulary=VOCAB))
try:
    keras.layers.TextVectorization(vocabulary=os.path.join(out_dir, "none.txt"))
except ValueError as e:
    record("error missing file", str(e).replace(out_dir, "OUT_DIR"))
case("error adapt given", lambda: keras.layers.TextVectorization(vocabulary=VOCAB).adapt(TEXT))
case("error multi_hot before adapt", lambda: keras.layers.TextVectorization(output_mode="multi_hot")(TEXT))
case("error vocabulary too large", lambda: keras.layers.TextVectorization(max_tokens=3, vocabulary=VOCAB))

# --- configs --------------------------------------------------------------------------------------

layer = adapted("config", TEXT, max_tokens=8, ngrams=(1, 2), output_sequence_length=6, name="vectorize")
config = layer.get_config()
record("config", {k: v for k, v in config.items() if k != "dtype"})
clone = keras.layers.TextVectorization.from_config(config)
record("config clone vocabulary", vocab(clone))
case("config clone call", lambda: clone(tf.constant(TEXT)))
given = keras.layers.TextVectorization(vocabulary=VOCAB, output_mode="count", name="given")
record("config given", {k: v for k, v in given.get_config().items() if k != "dtype"})
case("config given clone", lambda: keras.layers.TextVectorization.from_config(given.get_config())(tf.constant(TEXT)))
record("config custom standardize type", type(
    keras.layers.TextVectorization(standardize=custom_standardization).get_config()["standardize"]).__name__)

# --- models: the text classification tutorial ---------------------------------------------------

LABELS = np.array([0, 1, 1, 0, 1, 0, 1, 0], np.float32)
vectorize_layer = keras.layers.TextVectorization(standardize=custom_standardization, max_tokens=30,
                                                 output_sequence_length=6, name="vectorize")
vectorize_layer.adapt(tf.data.Dataset.from_tensor_slices(TEXT).batch(4), steps=None)
raw_train = tf.data.Dataset.from_tensor_slices((TEXT, LABELS)).batch(4)


def vectorize_text(text, label):
    text = tf.expand_dims(text, -1)
    return vectorize_layer(text), label


train = raw_train.map(vectorize_text)
record("tutorial.spec", repr(tuple((s.dtype.name, tuple(s.shape)) for s in train.element_spec)))
model = keras.Sequential([keras.Input((6,), dtype="int64"), keras.layers.Embedding(31, 4),
                          keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])
for weighted in model.layers:
    if weighted.weights:
        weighted.set_weights([rs.uniform(-0.3, 0.3, w.shape).astype(np.float32) for w in weighted.get_weights()])
model.compile(optimizer="adam", loss=keras.losses.BinaryCrossentropy(from_logits=True), metrics=["accuracy"])
history = model.fit(train, epochs=3, verbose=0)
record_num("tutorial.loss", history.history["loss"], 1e-4)
record_num("tutorial.accuracy", history.history["accuracy"], 1e-6)
export_model = keras.Sequential([vectorize_layer, model, keras.layers.Activation("sigmoid")])
export_model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=False), optimizer="adam", metrics=["accuracy"])
record_num("tutorial.export_predict", export_model.predict(tf.constant(["the cat ate", "déjà vu 😀", ""]),
                                                           verbose=0), 1e-4)
record_num("tutorial.export_evaluate", export_model.evaluate(tf.constant(TEXT), LABELS, verbose=0), 1e-4)

# A functional model with the layer inside it, saved as .keras (the vocabulary as an asset).
text_in = keras.Input((), dtype="string", name="text")
inner = keras.layers.TextVectorization(max_tokens=25, output_sequence_length=5, name="inner_vectorize")
inner.adapt(TEXT)
counted = keras.layers.TextVectorization(output_mode="tf_idf", max_tokens=10, name="counted")
counted.adapt(TEXT)
given_layer = keras.layers.TextVectorization(vocabulary=VOCAB, output_mode="count", name="given_vocab")
embedded = keras.layers.GlobalAveragePooling1D()(keras.layers.Embedding(25, 3, name="embed")(inner(text_in)))
saved_model = keras.Model(text_in, [embedded, counted(text_in), given_layer(text_in)])
saved_model.get_layer("embed").set_weights([rs.uniform(-1, 1, (25, 3)).astype(np.float32)])
record("model.output_shape", repr(saved_model.output_shape))
record_num("model.predict", np.concatenate(saved_model.predict(tf.constant(TEXT), verbose=0), axis=1), 1e-5)
keras_path = os.path.join(out_dir, "text_vectorization.keras")
saved_model.save(keras_path)
archive = zipfile.ZipFile(keras_path)
record("model.archive", sorted(archive.namelist()))
for member in sorted(archive.namelist()):
    if member.startswith("assets/"):
        record(f"model.asset {member}", archive.read(member).decode("utf-8"))
loaded = keras.models.load_model(os.path.join(in_dir, "text_vectorization.keras"))
for name in ["inner_vectorize", "counted", "given_vocab"]:
    record(f"loaded.{name}.vocabulary", vocab(loaded.get_layer(name)))
    record(f"loaded.{name}.config", {k: v for k, v in loaded.get_layer(name).get_config().items() if k != "dtype"})
record_num("loaded.predict", np.concatenate(loaded.predict(tf.constant(TEXT), verbose=0), axis=1), 1e-5)
case("loaded.inner call", lambda: loaded.get_layer("inner_vectorize")(tf.constant(["the cat", "😀 émile"])))

# The tutorial's standardization, registered, in a saved model: the config names the function.
registered = keras.utils.register_keras_serializable(package="text_program")(custom_standardization)
standardized = keras.layers.TextVectorization(standardize=registered, output_sequence_length=5, name="standardized")
standardized.adapt(TEXT)
path = os.path.join(out_dir, "custom_standardization.keras")
keras.Sequential([keras.Input((1,), dtype="string"), standardized]).save(path)
config = json.loads(zipfile.ZipFile(path).read("config.json"))
record("custom.config standardize", config["config"]["layers"][1]["config"]["standardize"])
custom_loaded = keras.models.load_model(os.path.join(in_dir, "custom_standardization.keras"))
record("custom.loaded vocabulary", vocab(custom_loaded.layers[0]))
case("custom.loaded predict", lambda: custom_loaded.predict(tf.constant([[t] for t in TEXT]), verbose=0))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True, ensure_ascii=False)
