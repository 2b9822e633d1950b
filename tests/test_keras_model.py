"""Keras 3's Sequential and Model with compile / fit / evaluate / predict (issue 27, second
part) against what Keras 3 under TensorFlow 2.21 gives.

tests/keras_model_program.py runs in a fresh interpreter under varrt and each of its results
is compared with the one Keras gave (tests/fixtures/keras_model/results.json, recorded by
tests/tools/record_keras_model.py): printed text (times masked), names, history keys, error
types and messages exactly; numbers within the relative tolerance each key names (weights
after one step 1e-6, after training and the history's losses 1e-4, evaluate and predict 1e-5).
The checkpoint Keras wrote of the trained Sequential (its weights reach it through the
optimizer) restores into varrt's. With VARRT_TF_PYTHON set (required under CI=true) the
program also runs live under TensorFlow.

The progress bar of `verbose=1` is compared as it finally stands and as first drawn (how often
it redraws in between depends on time).

What is not compared with TensorFlow, and why, is tested here on varrt alone: `shuffle=True`
draws NumPy's permutation, not TensorFlow's `tf.random.shuffle` stream, so the order differs;
each epoch must still see every sample once, in a new order."""
import contextlib
import io
import sys

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, fixture_path, recorded, run_program

PROGRAM = "keras_model_program.py"
FIXTURES = fixture_path("keras_model")
KERAS = recorded("keras_model")
KERAS_WEIGHTS = np.array(KERAS["num:0.0001:fit.weights"], np.float32)  # recorded from float32 values


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_model_run"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_the_epoch_loss_is_the_mean_over_samples_not_batches(varrt_run):
    # 50 samples in batches of 16: the last batch (2 samples) weighs 2/50, not 1/4.
    assert KERAS["num:1e-06:one_step.loss"] == varrt_run["num:1e-06:one_step.loss"]
    assert "Epoch 1/3\n4/4 - Ts - T/step - accuracy:" in varrt_run["fit.printed"]


def test_the_program_matches_live_tensorflow(tmp_path):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])


def test_a_checkpoint_of_a_sequential_written_by_keras_restores_into_varrt():
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(3)])
    model.build((None, 4))
    model.compile(optimizer="adam", loss="mse")
    model.optimizer.build(model.trainable_variables)
    tf.train.Checkpoint(model=model).read(str(FIXTURES / "trained")).assert_consumed()
    weights = np.concatenate([w.numpy().reshape(-1) for w in model.weights])
    np.testing.assert_array_equal(weights, KERAS_WEIGHTS)
    assert model.optimizer.iterations.numpy() == 12


# --- varrt alone ---------------------------------------------------------------------------

class Recorder(tf.keras.Model):
    """Records the sample ids it sees (run eagerly), predicting a constant."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.seen = []

    def call(self, x):
        self.seen.append(x.numpy()[:, 0].astype(int).tolist())
        return self.dense(x)


def test_shuffle_draws_a_new_permutation_each_epoch():
    ids = np.arange(40, dtype=np.float32).reshape(40, 1)
    model = Recorder()
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    model(ids[:1])  # built before fit: its recording starts with the first batch
    model.seen.clear()
    np.random.seed(7)
    model.fit(ids, ids, batch_size=8, epochs=3, verbose=0)
    epochs = [sum(model.seen[i * 5:(i + 1) * 5], []) for i in range(3)]
    assert len(model.seen) == 15
    for order in epochs:
        assert sorted(order) == list(range(40))  # every sample once
        assert order != list(range(40))
    assert epochs[0] != epochs[1] != epochs[2]
    model.seen.clear()
    model.fit(ids, ids, batch_size=8, epochs=1, verbose=0, shuffle=False)
    assert sum(model.seen, []) == list(range(40))


def test_verbose_0_prints_nothing_and_2_one_line_per_epoch():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    x, y = np.ones((4, 2), np.float32), np.ones((4, 1), np.float32)
    for verbose, lines in ((0, 0), (2, 4)):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            model.fit(x, y, batch_size=2, epochs=2, verbose=verbose)
        assert out.getvalue().count("\n") == lines and "\r" not in out.getvalue()


def test_unsupported_fit_arguments_say_so():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    x = np.ones((4, 2), np.float32)
    for kwargs in ({"class_weight": {0: 1.0}},):
        with pytest.raises(NotImplementedError, match=next(iter(kwargs))):
            model.fit(x, x[:, :1], verbose=0, **kwargs)
    with pytest.raises(NotImplementedError, match="'f1_score'"):
        model.compile(optimizer="sgd", loss="mse", metrics=["f1_score"])
        model.fit(x, x[:, :1], verbose=0)


def test_public_names():
    assert tf.keras.models.Sequential is tf.keras.Sequential
    assert tf.keras.models.Model is tf.keras.Model
    assert tf.compat.v1.keras.Sequential is tf.keras.Sequential
    assert isinstance(tf.keras.Sequential(), tf.keras.layers.Layer)
    assert tf.keras.callbacks.History().history == {}
