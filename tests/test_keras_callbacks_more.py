"""Keras callbacks and learning-rate schedules in fit (ReduceLROnPlateau, LearningRateScheduler, CSVLogger,
TerminateOnNaN, ProgbarLogger, BackupAndRestore, SwapEMAWeights with use_ema, the hooks of evaluate and predict;
ExponentialDecay, PiecewiseConstantDecay, PolynomialDecay, InverseTimeDecay, CosineDecay with warmup,
CosineDecayRestarts): the cases of keras_callbacks_more_cases.py print,
under varrt, what Keras 3 on TensorFlow 2.21 printed (recorded in fixtures/keras_callbacks_more/tensorflow.out;
re-record: `$VARRT_TF_PYTHON tests/keras_callbacks_more_cases.py tf >
tests/fixtures/keras_callbacks_more/tensorflow.out`),
live against TensorFlow in CI: the messages and progress lines byte for byte (times masked), the "learning_rate" the
callbacks put in the logs, the CSV files' bytes, where a resumed fit starts and that it ends with the weights and
optimizer state of an uninterrupted one, the moving averages and their swaps, the schedules' rates, configs and
errors and their steps inside fit. The callbacks varrt does not have say so; a damaged backup (varrt's own files)
falls back as Keras's does."""
import sys

import numpy as np
import pytest

import varrt as tf
from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "keras_callbacks_more" / "tensorflow.out"


def run_cases(python, which):
    return printed_lines(python, "keras_callbacks_more_cases.py", which)


@pytest.fixture(scope="module")
def varrt_lines():
    return run_cases(sys.executable, "varrt")


def test_every_case_prints_what_keras_prints(varrt_lines):
    expected = RECORDED.read_text().splitlines()
    assert [line.split(" | ")[0] for line in varrt_lines] == [line.split(" | ")[0] for line in expected]
    for want, have in zip(expected, varrt_lines):
        assert have == want


def test_the_recorded_output_is_what_keras_prints():
    python = required_tf_python()
    assert run_cases(python, "tf") == RECORDED.read_text().splitlines()


@pytest.mark.parametrize("name", ["RemoteMonitor"])
def test_callbacks_varrt_does_not_have_say_so(name):
    with pytest.raises(NotImplementedError, match=f"varrt does not have tf.keras.callbacks.{name}"):
        getattr(tf.keras.callbacks, name)()


def _model():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
    model.layers[0].kernel.assign(np.arange(6, dtype=np.float32).reshape(3, 2) / 10)
    model.compile(tf.keras.optimizers.Adam(0.03), "mse")
    return model


def test_a_damaged_backup_falls_back_to_the_one_before_it(tmp_path):
    # Keras's double_checkpoint logic, on varrt's backup files (a tf.train.Checkpoint, not Keras's .weights.h5):
    # the latest backup unreadable, the one before it is restored with its epoch, and the resumed fit ends where an
    # uninterrupted one does.
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=(14, 3)).astype(np.float32), rng.normal(size=(14, 2)).astype(np.float32)
    fit = dict(batch_size=5, verbose=0, shuffle=False)
    reference = _model()
    reference.fit(x, y, epochs=5, **fit)
    backup_dir = str(tmp_path / "backup")
    first = _model()
    first.fit(x, y, epochs=3, callbacks=[tf.keras.callbacks.BackupAndRestore(
        backup_dir, double_checkpoint=True, delete_checkpoint=False)], **fit)
    index = tmp_path / "backup" / "latest.index"
    index.write_bytes(b"damaged" + index.read_bytes()[7:])
    resumed = _model()
    history = resumed.fit(x, y, epochs=5, callbacks=[tf.keras.callbacks.BackupAndRestore(backup_dir)], **fit)
    assert history.epoch == [2, 3, 4]
    for got, want in zip(resumed.weights + resumed.optimizer.variables,
                         reference.weights + reference.optimizer.variables):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    assert not (tmp_path / "backup").exists()


def test_a_damaged_backup_without_one_before_it_raises(tmp_path):
    backup_dir = str(tmp_path / "backup")
    x, y = np.ones((4, 3), np.float32), np.ones((4, 2), np.float32)
    _model().fit(x, y, epochs=1, verbose=0, callbacks=[tf.keras.callbacks.BackupAndRestore(
        backup_dir, delete_checkpoint=False)])
    index = tmp_path / "backup" / "latest.index"
    index.write_bytes(b"damaged" + index.read_bytes()[7:])
    with pytest.raises(tf.errors.DataLossError):
        _model().fit(x, y, epochs=2, verbose=0, callbacks=[tf.keras.callbacks.BackupAndRestore(backup_dir)])
