"""3-D convolution (Conv3D and its two gradient ops; tf.nn.conv3d; Keras's Conv3D) against
TensorFlow 2.21.

tests/conv3d_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/conv3d/results.json, recorded by
tests/tools/record_conv3d.py): values, gradients, shapes, configs, weights, error types and
messages. tests/test_op_db.py runs the ops eagerly, traced with an unknown batch and in a TF1
Session; tests/test_shape_fns.py holds their shape functions to TensorFlow's. With VARRT_TF_PYTHON
set (required under CI=true) the program also runs live under TensorFlow."""
import sys

import pytest

from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "conv3d_program.py"
TF = recorded("conv3d")


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    return run_program(sys.executable, PROGRAM, "varrt", tmp_path_factory.mktemp("varrt_conv3d_run"))


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(TF)


@pytest.mark.parametrize("name", sorted(TF))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, TF[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path)
    assert set(theirs) == set(TF)
    for name in sorted(TF):
        assert_same(name, theirs[name], TF[name])
