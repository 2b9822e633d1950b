"""Keras case programs that write OUT_DIR/results.json ({case: text} and {"num:<tolerance>:case":
[floats]}), run under TensorFlow (recorded into a fixture) and under varrt, and compared case by
case (keras_model_program.py, keras_functional_program.py, keras_normalization_program.py,
keras_recurrent_program.py, ...)."""
import json
import os
import subprocess

import numpy as np

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
