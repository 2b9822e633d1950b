"""Keras 3's core layers (issue 27) against what Keras 3 under TensorFlow 2.21 gives: Embedding
(its IndexedSlices gradient, its mask, the Keras optimizers' sparse steps on it), Dropout,
SpatialDropout1D/2D/3D, GaussianNoise and GaussianDropout (seeded draws bit for bit: Keras's
SeedGenerator state and TensorFlow's stateless dropout and normal), Flatten, Reshape, Permute,
RepeatVector, Identity, ReLU, LeakyReLU, PReLU, ELU, Softmax (with masks), Lambda (its config of a
named function and of a lambda, safe mode, inferred output shapes), the merge layers and their
function forms, Dot; configs, output shapes, error types and messages, gradients, float64
layers, layers in tf.function (an unknown batch size included), checkpoint keys, and Sequential
models of Embedding, Flatten, Dropout and Dense trained with fit.

tests/keras_core_layers_cases.py runs in a fresh interpreter under varrt and each of its results
is compared with Keras's (tests/fixtures/keras_core_layers/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set)."""
import sys

import pytest

from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "keras_core_layers_cases.py"
KERAS = recorded("keras_core_layers")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_core_layers_run"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_seeded_dropout_draws_keras_numbers_bit_for_bit(varrt_run):
    # Text, not numbers within a tolerance: the dropped positions and the scaled values are equal exactly.
    for name in ("dropout.training_1", "dropout.training_2", "dropout.function_1", "dropout.function_2",
                 "dropout.noise_shape", "spatial2d.training", "stateless_dropout.plain"):
        assert varrt_run[name] == KERAS[name]
    assert KERAS["dropout.training_1"] != KERAS["dropout.training_2"]  # the seed generator advanced


def test_the_embedding_gradient_is_indexed_slices(varrt_run):
    assert varrt_run["embedding.grad_type"] == KERAS["embedding.grad_type"] == "IndexedSlices"


def test_the_program_matches_live_tensorflow(tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])
