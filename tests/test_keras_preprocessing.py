"""Keras 3's numeric and lookup preprocessing layers (Rescaling, Normalization, ...): one program
(tests/keras_preprocessing_program.py) run under varrt is compared, case by case, with what
Keras 3 under TensorFlow 2.21 gave for it (tests/fixtures/keras_preprocessing/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): outputs, dtypes
and shapes eagerly, traced and in a tf.data map, adapt on arrays, tensors, datasets and
iterables of batches, given and inverted statistics, configs, errors, the regression tutorial's
model trained with fit, its summary, its .keras file (Keras's loaded by varrt, varrt's by
Keras) and checkpoint keys."""
import sys

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_preprocessing_program.py"
KERAS = recorded("keras_preprocessing")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_keras_preprocessing_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # Loads Keras's preprocessing_regression.keras.
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_preprocessing"))


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


# --- varrt alone: what varrt does not build says so ---------------------------------------------

@pytest.mark.parametrize("name", ["HashedCrossing", "RandomGrayscale", "RandomHue"])
def test_unbuilt_preprocessing_layers_say_so(name):
    with pytest.raises(AttributeError, match=f"varrt does not implement tf.keras.layers.{name} yet"):
        getattr(tf.keras.layers, name)


@pytest.mark.parametrize("make", [
    lambda layers: layers.CategoryEncoding(3, sparse=True),
    lambda layers: layers.Discretization(bin_boundaries=[0.0], output_mode="count", sparse=True),
    lambda layers: layers.IntegerLookup(vocabulary=[4], output_mode="multi_hot", sparse=True),
    lambda layers: layers.StringLookup(vocabulary=["a"], output_mode="count", sparse=True),
    lambda layers: layers.Hashing(num_bins=4, output_mode="one_hot", sparse=True),
])
def test_sparse_outputs_are_not_implemented(make):
    with pytest.raises(NotImplementedError, match="does not implement sparse=True yet"):
        make(tf.keras.layers)
