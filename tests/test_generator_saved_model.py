"""tf.random.Generator in exported functions, both ways (tests/generator_saved_model_program.py):
varrt saves a module drawing from its Generator, loads it back, and loads the SavedModel TensorFlow
2.21 wrote for the same module (tests/fixtures/generator_saved_model/tensorflow_saved); every draw
and state must be TensorFlow's recorded one (tests/fixtures/generator_saved_model/results.json).
Live (VARRT_TF_PYTHON), TensorFlow loads the SavedModel varrt wrote and draws TensorFlow's numbers
from it. varrt exports a draw as TensorFlow's Stateful* op on the state variable; TensorFlow's own
SavedModels hold RngReadAndSkip and the stateless V2 ops, which varrt runs too."""
import pytest

from ckpt_helpers import required_tf_python
from keras_programs import fixture_path, recorded, run_program

PROGRAM = "generator_saved_model_program.py"
TF = recorded("generator_saved_model")
TF_SAVED = fixture_path("generator_saved_model") / "tensorflow_saved"


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_generator_saved_model")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    import sys
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, TF_SAVED)


def test_the_recording_has_the_draws():
    """Each draw moves the state on, so the loaded module continues from the saved state."""
    assert TF["state"] == "int64 [1234, 0, 0]"  # from_seed(1234)'s state before any draw
    assert TF["state after normal"] != TF["state"] and TF["own: state"] == TF["state after saving"]
    assert TF["normal"].startswith("float32 ") and TF["own: normal"] != TF["normal"]


@pytest.mark.parametrize("name", sorted(TF))
def test_varrt_draws_what_tensorflow_drew(varrt_run, name):
    assert varrt_run[name] == TF[name]


@pytest.mark.parametrize("name", sorted(k for k in TF if k.startswith("own: ")))
def test_varrt_runs_tensorflows_saved_model(varrt_run, name):
    """The SavedModel TensorFlow wrote (RngReadAndSkip, the stateless V2 ops) draws TensorFlow's numbers."""
    assert varrt_run[name.replace("own: ", "loaded: ")] == TF[name]


def test_tensorflow_runs_varrts_saved_model(varrt_run, varrt_dir, tmp_path):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path, varrt_dir / "saved")
    assert {k: v for k, v in theirs.items() if not k.startswith("loaded: ")} == TF
    for name in (k for k in TF if k.startswith("own: ")):
        assert theirs[name.replace("own: ", "loaded: ")] == TF[name], name
