"""The command line, run as users run it: `python -m varrt ...` and the `varrt` console script."""
import os
import shutil
import subprocess
import sys

import pytest

import varrt as tf


def _run(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "varrt", *args], capture_output=True, text=True, timeout=120,
                          **kwargs)


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("cli") / "ckpt")
    return tf.train.Checkpoint(v=tf.Variable(list(range(5000)))).write(path)


def test_version():
    result = _run("--version")
    assert (result.returncode, result.stdout) == (0, f"varrt {tf.__version__}\n")


def test_help_lists_the_commands():
    result = _run("--help")
    assert result.returncode == 0
    assert "tour" in result.stdout and "inspect" in result.stdout and "--version" in result.stdout


def test_command_help_does_not_run_the_command():
    result = _run("tour", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: python -m varrt tour")
    assert "==" not in result.stdout  # the tour's section headers
    inspect = _run("inspect", "-h")
    assert inspect.returncode == 0 and "--values" in inspect.stdout


def test_unknown_command_is_a_usage_error():
    result = _run("frobnicate")
    assert result.returncode == 2
    assert "invalid choice: 'frobnicate'" in result.stderr
    assert "Traceback" not in result.stderr


def test_locations_still_print():
    result = _run("--lib-dir")
    assert result.returncode == 0 and os.path.isdir(result.stdout.strip())


def test_closed_pipe_ends_quietly(checkpoint):
    # `python -m varrt inspect X --values | head -1`: the reader closes the pipe after one line.
    process = subprocess.Popen([sys.executable, "-m", "varrt", "inspect", checkpoint, "--values"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read().decode()
    process.wait(timeout=120)
    process.stderr.close()
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr
    assert process.returncode == 1


@pytest.mark.parametrize("suffix", [".index", ".data-00000-of-00001"])
def test_inspect_hints_at_the_prefix_when_given_a_checkpoint_file(checkpoint, suffix):
    result = _run("inspect", checkpoint + suffix)
    assert result.returncode == 1
    assert f"pass the checkpoint's prefix instead: {checkpoint}\n" in result.stderr


def test_inspect_prefix_gives_no_hint(checkpoint):
    result = _run("inspect", checkpoint)
    assert result.returncode == 0 and "tensor_name:  v/.ATTRIBUTES/VARIABLE_VALUE" in result.stdout
    missing = _run("inspect", checkpoint + "-missing")
    assert missing.returncode == 1 and "NotFoundError" in missing.stderr and "hint" not in missing.stderr


def test_console_script_is_installed():
    script = shutil.which("varrt", path=os.path.dirname(sys.executable))
    assert script is not None
    result = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.startswith("usage: varrt ")


def test_coverage_reports_tensorflows_names_per_module():
    result = _run("coverage", "tf.nn", "tf.lookup", "tf.summary", "--missing")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["module", "present", "missing", "share"]
    nn = lines[1].split()
    assert nn[0] == "tf.nn" and int(nn[1]) >= 70 and int(nn[1]) + int(nn[2]) == 90  # TensorFlow 2.21's 90 names
    lookup = next(line for line in lines if line.startswith("tf.lookup")).split()
    assert lookup[1:] == ["0", "6", "0%"]  # varrt has no tf.lookup
    summary = next(line for line in lines if line.startswith("tf.summary")).split()
    assert summary[1:] == ["17", "0", "100%"]  # all of TensorFlow 2.21's tf.summary names
    assert "StaticHashTable" in result.stdout and lines[-1].startswith("all")
    # The counts are the namespaces' own: a name reported missing is one varrt says it lacks.
    missing = next(line for line in lines if line.startswith("  missing:") and "StaticHashTable" in line)
    assert "TextFileInitializer" in missing


def test_coverage_refuses_a_module_tensorflow_does_not_have():
    result = _run("coverage", "tf.no_such_module")
    assert result.returncode != 0 and "not one of TensorFlow's public modules: tf.no_such_module" in result.stderr
