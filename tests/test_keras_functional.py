"""Keras 3's functional API, `summary()` and the Sequential built on it: one program
(tests/keras_functional_program.py) run under varrt is compared, case by case, with what Keras
3 under TensorFlow 2.21 gave for it (tests/fixtures/keras_functional/results.json, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): symbolic
tensors and their names, models of one and several inputs and outputs, shared layers, models
used as layers, the summary tables byte for byte, predictions, a fit from fixed weights, the
errors, and the keys TensorFlow's checkpoints give the layers."""
import sys

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_functional_program.py"
KERAS = recorded("keras_functional")
# The .keras files one library saved, loaded by the other: each loaded model's outputs on the
# program's inputs must be what the saving run's model gave for them.
LOADED = {"num:1e-06:loaded.multi": "num:1e-06:multi.call", "num:1e-06:loaded.ops": "num:1e-06:ops.call",
          "num:1e-06:loaded.nested": "num:1e-06:nested.inference"}


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_functional_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # varrt loads the .keras files Keras saved (recorded beside the results).
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_functional"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) - set(LOADED) == set(KERAS)


@pytest.mark.parametrize("loaded", sorted(LOADED))
def test_varrt_loads_the_functional_models_keras_saved(varrt_run, loaded):
    assert_same(loaded, KERAS[LOADED[loaded]], varrt_run[loaded])


def test_keras_loads_the_functional_models_varrt_saved(varrt_run, varrt_dir, tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path, varrt_dir)
    for loaded, original in LOADED.items():
        assert_same(loaded, varrt_run[original], theirs[loaded])


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])


# --- varrt alone ---------------------------------------------------------------------------

def test_a_functional_step_traced_equals_the_eager_one():
    x = tf.keras.Input(shape=(3,))
    model = tf.keras.Model(x, tf.keras.layers.Dense(2)(tf.keras.layers.Dense(4, activation="relu")(x)))
    data = np.random.RandomState(0).randn(9, 3).astype(np.float32)
    eager = model(data).numpy()
    traced = tf.function(lambda v: model(v))(tf.constant(data)).numpy()
    np.testing.assert_array_equal(traced, eager)


def test_gradients_flow_through_a_functional_model_to_every_layer():
    a, b = tf.keras.Input(shape=(2,)), tf.keras.Input(shape=(2,))
    shared = tf.keras.layers.Dense(3)
    merged = tf.keras.layers.Dense(1)(shared(a))
    model = tf.keras.Model([a, b], [merged, shared(b)])
    with tf.GradientTape() as tape:
        first, second = model([np.ones((4, 2), np.float32), np.ones((4, 2), np.float32)])
        loss = tf.reduce_sum(first) + tf.reduce_sum(second)
    grads = tape.gradient(loss, model.trainable_variables)
    assert len(grads) == 4 and all(g is not None for g in grads)


def test_a_keras_tensor_is_not_a_value():
    x = tf.keras.Input(shape=(2,))
    with pytest.raises(ValueError, match="cannot be used as input to a TensorFlow function"):
        tf.add(x, 1.0)
    with pytest.raises(TypeError, match="cannot be used as a boolean"):
        bool(x)
