"""tf.compat.v1's TensorFlow 1 names (issue 30): losses, layers, initializers, learning-rate schedules
and top-level functions, against what TensorFlow 2.21 gives.

tests/tf1_names_program.py runs in a fresh interpreter under varrt and each of its results is compared
with TensorFlow's (tests/fixtures/tf1_names/results.json, recorded by tests/tools/record_tf1_names.py):
dtypes, shapes, names, error types and messages exactly; values bit for bit, except under "close:" keys
(sums whose order of addition differs from Eigen's by an ulp: within 1e-6). With VARRT_TF_PYTHON set
(required under CI=true) the program also runs live under TensorFlow."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from ckpt_helpers import required_tf_python
from conftest import REPO

PROGRAM = REPO / "tests" / "tf1_names_program.py"
FIXTURES = REPO / "tests" / "fixtures" / "tf1_names"
with open(FIXTURES / "results.json") as _f:
    RECORDED_ALL = json.load(_f)
# What only TensorFlow records: how TensorFlow 2.21 itself answers tf.compat.v1.layers.
TENSORFLOW_ONLY = "tensorflow_only:"
RECORDED = {k: v for k, v in RECORDED_ALL.items() if not k.startswith(TENSORFLOW_ONLY)}


def run_program(python, library, out_dir, checkpoint=None):
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    args = [python, str(PROGRAM), library, str(out_dir)] + ([str(checkpoint)] if checkpoint else [])
    result = subprocess.run(args, capture_output=True, text=True, env=env, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    with open(os.path.join(out_dir, "results.json")) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def varrt_run(tmp_path_factory):
    # the layers restore the TensorFlow 1 checkpoint TensorFlow wrote for their variables' names
    return run_program(sys.executable, "varrt", tmp_path_factory.mktemp("tf1_names"), FIXTURES / "layers_ckpt")


def assert_same(name, expected, ours):
    if name.startswith("num:"):
        assert ours is not None and len(ours) == len(expected), (name, expected, ours)
        if "close:" in name:
            np.testing.assert_allclose(ours, expected, rtol=1e-6, atol=1e-6, err_msg=name)
        else:
            np.testing.assert_array_equal(np.array(ours), np.array(expected), err_msg=name)
    else:
        assert ours == expected, f"{name}\n tensorflow: {expected}\n varrt:      {ours}"


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(varrt_run) == set(RECORDED)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, RECORDED[name], varrt_run.get(name))


def test_tensorflow_2_21_itself_routes_compat_v1_layers_to_tf_keras():
    # Why the layers' values come from tf1_layers_reference.py (tf_keras's legacy layers written with
    # TensorFlow's own ops): TensorFlow 2.21 with Keras 3 and no tf_keras raises for them.
    assert RECORDED_ALL[TENSORFLOW_ONLY + "layers.dense"] == "AttributeError: `dense` is not available with Keras 3."


def test_a_tensorflow_1_checkpoint_restores_into_the_layers(varrt_run):
    # the network restored from TensorFlow's checkpoint computes what TensorFlow computed before saving
    np.testing.assert_allclose(varrt_run["num:close:layers.restored"], RECORDED["num:close:layers.written"],
                               rtol=1e-6, atol=1e-6)
    assert np.abs(np.array(RECORDED["num:close:layers.written"])).max() > 0.1


def test_matches_live_tensorflow(varrt_run, tmp_path):
    theirs = run_program(required_tf_python(), "tensorflow", tmp_path)
    theirs = {k: v for k, v in theirs.items() if not k.startswith(TENSORFLOW_ONLY)}
    assert set(theirs) == set(varrt_run)
    for name in sorted(theirs):
        assert_same(name, theirs[name], varrt_run[name])


def test_the_alias_table_is_what_tensorflow_says(tmp_path):
    # compat_v1_aliases.py is printed by tests/tools/dump_tf1_aliases.py; TensorFlow still says the same
    result = subprocess.run([required_tf_python(), str(REPO / "tests" / "tools" / "dump_tf1_aliases.py")],
                            capture_output=True, text=True, timeout=600,
                            env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert result.returncode == 0, result.stderr
    from varrt import compat_v1_aliases
    tables = {"compat.v1": compat_v1_aliases.TOP_LEVEL, "compat.v1.nn": compat_v1_aliases.NN,
              "compat.v1.train": compat_v1_aliases.TRAIN}
    printed, section = {}, None
    for line in result.stdout.splitlines():
        if line.startswith("# "):
            section = printed.setdefault(line[2:], {})
        elif line.strip():
            name, path = (part.strip().strip('",') for part in line.split(":"))
            section[name] = path
    for key, table in tables.items():
        assert printed[key] == table, key
    assert not any(printed[key] for key in printed if key not in tables)


def test_an_alias_is_the_tensorflow_2_name_once_varrt_has_it():
    import varrt as tf
    from varrt import compat_v1_aliases
    for name, path in compat_v1_aliases.TOP_LEVEL.items():
        target = tf
        for part in path.split("."):
            target = getattr(target, part, None)
        if target is not None:
            assert getattr(tf.compat.v1, name) is target, name
        else:  # varrt lacks the TensorFlow 2 name: the TensorFlow 1 one is missing too
            with pytest.raises(AttributeError):
                getattr(tf.compat.v1, name)
    assert tf.compat.v1.log is tf.math.log and tf.compat.v1.mod is tf.math.mod
