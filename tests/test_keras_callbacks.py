"""Keras callbacks and validation splits in fit (`Callback`, `LambdaCallback`, `EarlyStopping`, `History`): the cases of
keras_callbacks_cases.py print, under varrt, what Keras 3 on TensorFlow 2.21 printed (recorded in
fixtures/keras_callbacks/tensorflow.out; re-record: `$VARRT_TF_PYTHON tests/keras_callbacks_cases.py tf
> tests/fixtures/keras_callbacks/tensorflow.out`), live against TensorFlow in CI: which hooks run with
which batch and epoch numbers and log keys, when early stopping stops, its messages, the weights it
restores, a callback stopping training inside an epoch; `validation_split`'s train and validation losses."""
import sys

from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "keras_callbacks" / "tensorflow.out"


def run_cases(python, which):
    return printed_lines(python, "keras_callbacks_cases.py", which)


def test_every_case_prints_what_keras_prints():
    expected = RECORDED.read_text().splitlines()
    got = run_cases(sys.executable, "varrt")
    assert len(got) == len(expected)
    for want, have in zip(expected, got):
        assert have == want


def test_the_recorded_output_is_what_keras_prints():
    python = required_tf_python()
    assert run_cases(python, "tf") == RECORDED.read_text().splitlines()
