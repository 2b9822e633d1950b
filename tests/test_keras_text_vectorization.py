"""Keras 3's TextVectorization: one program (tests/keras_text_vectorization_program.py) run under
varrt is compared, case by case, with what Keras 3 under TensorFlow 2.21 gave for it
(tests/fixtures/keras_text_vectorization/, recorded by tests/tools/record_keras_program.py; again
live when VARRT_TF_PYTHON is set, TensorFlow then loading varrt's .keras file): vocabularies,
outputs of every mode, configs, errors, tf.data maps, traced calls, the text classification
tutorial's models, and .keras files both ways. Below, what varrt does not build says so."""
import sys

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_text_vectorization_program.py"
KERAS = recorded("keras_text_vectorization")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_text_vectorization_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # Loads Keras's text_vectorization.keras.
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_text_vectorization"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path, varrt_run, varrt_dir):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path, varrt_dir)  # loads varrt's file
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])


# --- varrt alone: what needs a RaggedTensor says so -----------------------------------------------

@pytest.mark.parametrize("kwargs, what", [
    (dict(ragged=True), "ragged=True"),
    (dict(sparse=True, output_mode="multi_hot"), "sparse=True"),
    (dict(output_mode="one_hot"), "output_mode='one_hot' with a split"),
    (dict(split=lambda x: x, ngrams=2), "`ngrams` only with split="),
])
def test_what_needs_ragged_tensors_is_not_implemented(kwargs, what):
    with pytest.raises(NotImplementedError, match=f"varrt's TextVectorization .*{what}"):
        tf.keras.layers.TextVectorization(**kwargs)


def test_a_split_callable_must_give_a_dense_tensor():
    layer = tf.keras.layers.TextVectorization(split=lambda x: [x], vocabulary=["a"])
    with pytest.raises(NotImplementedError, match="returns a dense string tensor"):
        layer(tf.constant(["a b"]))


def test_tokens_at_sizes_beyond_one_batch():
    # 300 documents of up to 40 tokens: the vocabulary by frequency, every row padded to the longest.
    words = [f"w{i % 37}" for i in range(4000)]
    docs = [" ".join(words[i:i + (i % 40)]) for i in range(300)]
    layer = tf.keras.layers.TextVectorization(max_tokens=20)
    layer.adapt(tf.data.Dataset.from_tensor_slices(docs).batch(64))
    out = layer(tf.constant(docs)).numpy()
    assert out.shape == (300, 39)
    vocab = layer.get_vocabulary()
    assert len(vocab) == 20 and vocab[:2] == ["", "[UNK]"]
    row = docs[77].split()
    assert out[77].tolist() == [vocab.index(w) if w in vocab else 1 for w in row] + [0] * (39 - len(row))
