"""Keras case programs that write OUT_DIR/results.json ({case: text} and {"num:<tolerance>:case":
[floats]}), run under TensorFlow (recorded into a fixture) and under varrt, and compared case by
case (keras_model_program.py, keras_functional_program.py, keras_normalization_program.py,
keras_recurrent_program.py, ...)."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from ckpt_helpers import required_tf_python
from cpu_features import skip_if_tensorflow_kernels_differ
from conftest import REPO


def run_program(python, program, library, out_dir, *extra):
    """The results `python tests/PROGRAM library OUT_DIR [EXTRA...]` wrote (it must succeed)."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    result = subprocess.run([python, str(REPO / "tests" / program), library, str(out_dir), *map(str, extra)],
                            capture_output=True, text=True, env=env, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    with open(os.path.join(out_dir, "results.json")) as f:
        return json.load(f)


def fixture_path(fixture_dir):
    return REPO / "tests" / "fixtures" / fixture_dir


def recorded(fixture_dir):
    with open(fixture_path(fixture_dir) / "results.json") as f:
        return json.load(f)


def assert_same(name, keras, ours):
    """One case: numbers within the tolerance its name carries, anything else equal."""
    if name.startswith("num:"):
        rtol = float(name.split(":")[1])
        assert ours is not None and len(ours) == len(keras), (name, keras, ours)
        np.testing.assert_allclose(ours, keras, rtol=rtol, atol=rtol, err_msg=name)
    else:
        assert ours == keras, f"{name}\n keras: {keras}\n varrt: {ours}"


def comparison_tests(program, tensorflow_results, run_name, tensorflow_depends_on_cpu=False):
    """The three tests of a case file whose program runs under varrt and TensorFlow: (the module
    fixture `varrt_run`, the test that the program records the recorded cases, the per-case test
    against TensorFlow's recording, the live test under VARRT_TF_PYTHON). A test module assigns
    them to its own names so pytest collects them there (`tensorflow_depends_on_cpu`: the live test
    skips on CPUs where TensorFlow's kernels differ from the recording's, tests/cpu_features.py):

        varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \\
            test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "conv3d")
    """
    @pytest.fixture(scope="module")
    def varrt_run(tmp_path_factory):
        return run_program(sys.executable, program, "varrt", tmp_path_factory.mktemp(f"varrt_{run_name}_run"))

    def test_the_program_records_what_tensorflow_recorded(varrt_run):
        assert set(varrt_run) == set(tensorflow_results)

    @pytest.mark.parametrize("name", sorted(tensorflow_results))
    def test_matches_tensorflow(varrt_run, name):
        assert_same(name, tensorflow_results[name], varrt_run.get(name))

    def test_the_program_matches_live_tensorflow(tmp_path):
        if tensorflow_depends_on_cpu:  # (tests/cpu_features.py)
            skip_if_tensorflow_kernels_differ()
        theirs = run_program(required_tf_python(), program, "tensorflow", tmp_path)
        assert set(theirs) == set(tensorflow_results)
        for name in sorted(tensorflow_results):
            assert_same(name, theirs[name], tensorflow_results[name])

    return (varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow,
            test_the_program_matches_live_tensorflow)
