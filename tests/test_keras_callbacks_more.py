"""Keras callbacks and learning-rate schedules in fit (ReduceLROnPlateau, LearningRateScheduler, CSVLogger,
TerminateOnNaN, ProgbarLogger, BackupAndRestore; ExponentialDecay, PiecewiseConstantDecay, PolynomialDecay,
InverseTimeDecay, CosineDecay with warmup, CosineDecayRestarts): the cases of keras_callbacks_more_cases.py print,
under varrt, what Keras 3 on TensorFlow 2.21 printed (recorded in fixtures/keras_callbacks_more/tensorflow.out;
re-record: `$VARRT_TF_PYTHON tests/keras_callbacks_more_cases.py tf > tests/fixtures/keras_callbacks_more/tensorflow.out`),
live against TensorFlow in CI: the messages and progress lines byte for byte (times masked), the "learning_rate" the
callbacks put in the logs, the CSV files' bytes, where a resumed fit starts and that it ends with the weights and
optimizer state of an uninterrupted one, the schedules' rates, configs and errors and their steps inside fit.
The callbacks varrt does not have say so."""
import sys

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


@pytest.mark.parametrize("name", ["TensorBoard", "RemoteMonitor", "SwapEMAWeights"])
def test_callbacks_varrt_does_not_have_say_so(name):
    with pytest.raises(NotImplementedError, match=f"varrt does not have tf.keras.callbacks.{name}"):
        getattr(tf.keras.callbacks, name)()
