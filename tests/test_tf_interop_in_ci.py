"""The TensorFlow interoperability tests never skip in CI: without VARRT_TF_PYTHON they skip
locally but fail under CI=true (pytest run on that file in a subprocess, with and without CI)."""
import os
import subprocess
import sys

from conftest import REPO


def run_interop_tests(**env_changes):
    env = {k: v for k, v in os.environ.items() if k not in ("VARRT_TF_PYTHON", "CI")}
    env.update(env_changes)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(REPO / "tests" / "test_checkpoint_tf_interop.py")],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=300)


def test_without_tensorflow_the_interop_tests_skip_locally():
    result = run_interop_tests()
    assert result.returncode == 0, result.stdout + result.stderr
    assert " skipped" in result.stdout and "passed" not in result.stdout


def test_without_tensorflow_the_interop_tests_fail_under_ci():
    result = run_interop_tests(CI="true")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "CI=true but VARRT_TF_PYTHON names no Python interpreter with TensorFlow" in result.stdout
