"""The type stubs have no `__getattr__` fallback, so mypy reports a misspelled name (`v.assing(2.0)`,
`tf.constnat(1.0)`) while accepting correct use; and the core's stub (_C.pyi) declares exactly
what the extension exports, so it cannot fall behind the bindings unnoticed.

mypy is a test dependency (pyproject's `test` extra, installed by .ci/run): without it these
tests fail, in CI and locally, rather than skip."""
import ast
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import varrt
from varrt import _C

PACKAGE = pathlib.Path(varrt.__file__).resolve().parent

GOOD = """
import numpy as np
import varrt as tf

v = tf.Variable(1.0)
v.assign(2.0)
v.assign_add(1.0)
w = tf.Variable(tf.constant([[1.0, 2.0]]))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(w * w) + v
grads = tape.gradient(loss, [w, v])
tf.keras.optimizers.Adam(learning_rate=0.1).apply_gradients(zip(grads, [w, v]))


@tf.function
def double(x: tf.Tensor) -> tf.Tensor:
    return x * 2.0


double(tf.constant(3.0))
path: str = tf.train.Checkpoint(v=v, w=w).save(PREFIX)
value: np.ndarray = v.numpy()
"""

# Each typo on its own line; mypy must name each misspelled attribute.
TYPOS = """
import varrt as tf

v = tf.Variable(1.0)
v.assing(2.0)
tf.constnat(1.0)
tf.constant(1.0).nmupy()
v._raed()
"""
MISSPELLED = {5: ('"Variable" has no attribute "assing"', "assing"), 6: ('Module has no attribute "constnat"', "constnat"),
              7: ('"Tensor" has no attribute "nmupy"', "nmupy"), 8: ('"Variable" has no attribute "_raed"', "_raed")}


def _mypy(path, cache):
    # From a directory outside the source tree, with the environment's own search path: the
    # package mypy checks against is the one `import varrt` finds (here: PACKAGE).
    return subprocess.run([sys.executable, "-m", "mypy", "--show-error-codes", "--no-error-summary",
                           "--cache-dir", str(cache), str(path)],
                          capture_output=True, text=True, cwd=str(path.parent), timeout=900,
                          env=dict(os.environ, MYPYPATH=""))


@pytest.fixture(scope="module")
def mypy_runs(tmp_path_factory):
    work = tmp_path_factory.mktemp("stubs")
    good, typos = work / "good.py", work / "typos.py"
    good.write_text(textwrap.dedent(GOOD).replace("PREFIX", repr(str(work / "ckpt"))))
    typos.write_text(textwrap.dedent(TYPOS))
    version = subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True, text=True, timeout=300)
    assert version.returncode == 0, f"mypy is a test dependency: pip install '.[test]' ({version.stderr.strip()})"
    return {"good": _mypy(good, work / "cache"), "typos": _mypy(typos, work / "cache")}


def test_correct_use_type_checks(mypy_runs):
    out = mypy_runs["good"]
    assert out.returncode == 0 and out.stdout == "", out.stdout + out.stderr


def test_a_misspelled_name_is_a_mypy_error(mypy_runs):
    out = mypy_runs["typos"]
    assert out.returncode == 1, out.stdout + out.stderr
    errors = [line for line in out.stdout.splitlines() if ": error: " in line]
    for line, (message, name) in MISSPELLED.items():
        assert any(e.startswith(f"typos.py:{line}: error: {message}") and f'"{name}"' in e for e in errors), \
            (line, out.stdout)
    assert len(errors) == len(MISSPELLED), out.stdout


def _stubs():
    return sorted(PACKAGE.rglob("*.pyi"))


def test_no_stub_has_a_getattr_fallback():
    # A `__getattr__` in a stub (a module's or a class's) makes every unknown name Any: typos pass.
    assert _stubs(), PACKAGE
    fallbacks = [f"{path.relative_to(PACKAGE)}:{node.lineno}" for path in _stubs()
                 for node in ast.walk(ast.parse(path.read_text()))
                 if isinstance(node, ast.FunctionDef) and node.name in ("__getattr__", "__getattribute__")]
    assert fallbacks == []


def _declared(body):
    """The names a stub's module or class body declares (definitions, annotated names, assignments)."""
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _public(names):
    return {n for n in names if not (n.startswith("__") and n.endswith("__"))}


def test_the_core_stub_declares_what_the_core_exports():
    tree = ast.parse((PACKAGE / "_C.pyi").read_text())
    private_to_stub = {"_Tensor"}  # the stub's own TypeVar
    assert _public(_declared(tree.body)) - private_to_stub == _public(dir(_C))
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    for name, node in classes.items():  # the classes, and _C.tf (a submodule, a class in the stub)
        members = _public(vars(getattr(_C, name))) - {"_pybind11_conduit_v1_"}  # pybind11's own hook
        assert _public(_declared(node.body)) == members, name
