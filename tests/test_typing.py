"""varrt is typed (py.typed, annotations on the public API): mypy accepts the guide-style example,
sees real types where an IDE shows them, and reports wrong calls."""
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
FLAGS = ["--disallow-untyped-defs", "--no-implicit-optional", "--warn-unused-ignores", "--show-error-codes"]

REVEAL = """
import varrt as tf
v = tf.Variable(1.0)
reveal_type(v.assign(2.0))
reveal_type(v.assign_add(1.0).read_value())
reveal_type(v.shape)
reveal_type(tf.constant([1.0]) * 2)
with tf.GradientTape() as tape:
    reveal_type(tape)
reveal_type(tf.Module().trainable_variables)
reveal_type(tf.train.Checkpoint(v=v).save("/tmp/x"))
reveal_type(tf.train.CheckpointManager(tf.train.Checkpoint(v=v), "/tmp/d", max_to_keep=1).latest_checkpoint)
"""

WRONG = """
import varrt as tf
v = tf.Variable(1.0)
v.assign_add()
tf.train.Checkpoint(v=v).save(1)
v.scatter_nd_update([[0]])
n: int = v.name
"""


@pytest.fixture(scope="module")
def mypy_output(tmp_path_factory):
    work = tmp_path_factory.mktemp("typing")
    (work / "reveal.py").write_text(textwrap.dedent(REVEAL))
    (work / "wrong.py").write_text(textwrap.dedent(WRONG))
    example = REPO / "examples" / "typing" / "check_types.py"
    outputs = {}
    for name, path in (("example", example), ("reveal", work / "reveal.py"), ("wrong", work / "wrong.py")):
        # Run from elsewhere than the source tree: the installed package (with py.typed) is checked.
        out = subprocess.run([sys.executable, "-m", "mypy", *FLAGS, "--cache-dir", str(work / "cache"), str(path)],
                             capture_output=True, text=True, cwd=str(work), timeout=600,
                             env=dict(os.environ, MYPYPATH=""))
        outputs[name] = out
    return outputs


def test_the_example_runs():
    out = subprocess.run([sys.executable, str(REPO / "examples" / "typing" / "check_types.py")], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].endswith("ckpt-1")


def test_the_package_says_it_is_typed():
    import varrt
    assert (pathlib.Path(varrt.__file__).parent / "py.typed").exists()


def test_the_example_type_checks(mypy_output):
    out = mypy_output["example"]
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success: no issues found" in out.stdout


def test_types_are_revealed_not_any(mypy_output):
    notes = [line.split("Revealed type is ", 1)[1].strip('"').replace("builtins.", "")  # (mypy versions differ)
             for line in mypy_output["reveal"].stdout.splitlines() if "Revealed type is" in line]
    assert notes == [
        "varrt.framework.variables.Variable",
        "varrt.framework.tensor.Tensor",
        "varrt.framework.tensor_shape.TensorShape",
        "varrt.framework.tensor.Tensor",
        "varrt.eager.backprop.GradientTape",
        "tuple[varrt.framework.variables.Variable, ...]",
        "str",
        "str | None",
    ], mypy_output["reveal"].stdout


def test_wrong_calls_are_reported(mypy_output):
    text = mypy_output["wrong"].stdout
    assert mypy_output["wrong"].returncode == 1
    assert 'wrong.py:4: error: Missing positional argument "delta" in call to "assign_add"' in text
    assert 'wrong.py:5: error: Argument 1 to "save" of "Checkpoint" has incompatible type "int"' in text
    assert 'wrong.py:6: error: Missing positional argument "updates" in call to "scatter_nd_update"' in text
    assert 'wrong.py:7: error: Incompatible types in assignment (expression has type "str", variable has type "int")' \
        in text
