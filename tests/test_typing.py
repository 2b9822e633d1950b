"""varrt is typed (py.typed, annotations on the public API): mypy accepts the guide-style example,
sees real types where an IDE shows them (every public op returns what TensorFlow's returns: a
Tensor, a list, a tuple), and reports wrong calls. tf.raw_ops, made at run time from the op table,
is typed by a stub generated from the same table (tests/tools/gen_raw_ops_stub.py)."""
import importlib
import importlib.util
import inspect
import os
import pathlib
import re
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
t = tf.constant([[1.0, 2.0]])
reveal_type(tf.add(t, 1.0))
reveal_type(tf.matmul(t, tf.transpose(t)))
reveal_type(tf.nn.relu(t))
reveal_type(tf.reduce_sum(t, axis=1))
reveal_type(tf.reshape(t, [-1]))
reveal_type(tf.concat([t, t], 0))
reveal_type(tf.unstack(t))
reveal_type(tf.nn.moments(t, [0]))
reveal_type(v.numpy())
reveal_type(t.numpy())
reveal_type(tf.debugging.Assert(True, [t]))
reveal_type(tf.raw_ops.AddV2(x=t, y=t))
reveal_type(tf.raw_ops.ShapeN(input=[t, t]))
"""

WRONG = """
import varrt as tf
v = tf.Variable(1.0)
v.assign_add()
tf.train.Checkpoint(v=v).save(1)
v.scatter_nd_update([[0]])
n: int = v.name
m: int = tf.add(1, 2)
tf.raw_ops.AddV2(1, 2)
tf.raw_ops.NoSuchOp(x=1)
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
    # (mypy versions differ in "builtins.", NumPy's stubs in an array's shape and dtype parameters)
    notes = [re.sub(r"^numpy\.ndarray\[.*\]$", "numpy.ndarray",
                    line.split("Revealed type is ", 1)[1].strip('"').replace("builtins.", ""))
             for line in mypy_output["reveal"].stdout.splitlines() if "Revealed type is" in line]
    assert notes == [
        "varrt.framework.variables.Variable",
        "varrt.framework.tensor.Tensor",
        "varrt.framework.tensor_shape.TensorShape",
        "varrt.framework.tensor.Tensor",
        "varrt.autodiff.backprop.GradientTape",
        "tuple[varrt.framework.variables.Variable, ...]",
        "str",
        "str | None",
        "varrt.framework.tensor.Tensor",  # tf.add
        "varrt.framework.tensor.Tensor",  # tf.matmul
        "varrt.framework.tensor.Tensor",  # tf.nn.relu
        "varrt.framework.tensor.Tensor",  # tf.reduce_sum
        "varrt.framework.tensor.Tensor",  # tf.reshape
        "varrt.framework.tensor.Tensor",  # tf.concat
        "list[varrt.framework.tensor.Tensor]",  # tf.unstack
        "tuple[varrt.framework.tensor.Tensor, varrt.framework.tensor.Tensor]",  # tf.nn.moments
        "numpy.ndarray",  # v.numpy()
        "numpy.ndarray",  # t.numpy()
        "varrt.framework.operation.Operation | None",  # tf.debugging.Assert: None eagerly
        "varrt.framework.tensor.Tensor",  # tf.raw_ops.AddV2
        "list[varrt.framework.tensor.Tensor]",  # tf.raw_ops.ShapeN
    ], mypy_output["reveal"].stdout


def test_wrong_calls_are_reported(mypy_output):
    text = mypy_output["wrong"].stdout
    assert mypy_output["wrong"].returncode == 1
    assert 'wrong.py:4: error: Missing positional argument "delta" in call to "assign_add"' in text
    assert 'wrong.py:5: error: Argument 1 to "save" of "Checkpoint" has incompatible type "int"' in text
    assert 'wrong.py:6: error: Missing positional argument "updates" in call to "scatter_nd_update"' in text
    assert 'wrong.py:7: error: Incompatible types in assignment (expression has type "str", variable has type "int")' \
        in text
    assert ('wrong.py:8: error: Incompatible types in assignment (expression has type "Tensor", '
            'variable has type "int")') in text
    assert 'wrong.py:9: error: Too many positional arguments for "AddV2"' in text
    assert 'wrong.py:10: error: Module has no attribute "NoSuchOp"' in text


# --- every public op is annotated ----------------------------------------------------------------

NAMESPACES = ["varrt", "varrt.math", "varrt.nn", "varrt.linalg", "varrt.random", "varrt.bitwise", "varrt.strings",
              "varrt.debugging"]
# Public functions of those namespaces that run no op, left unannotated, each for its reason.
NOT_OPS = {
    "device": "a device scope (a context manager)",
    "function": "the tf.function decorator",
    "custom_gradient": "a decorator",
    "no_gradient": "registers that an op has no gradient; runs nothing",
    "get_logger": "the Python logger",
    "executing_eagerly": "a mode query (framework/graph_building.py)",
    "init_scope": "a context manager (framework/graph_building.py)",
    "allocating_output": "ops/array_ops' helper, which varrt.random imports for its own use: not a TensorFlow name",
}


def _public_functions():
    """(qualified name, function) of each public function of NAMESPACES; the C entries of the fast
    ops (_C.FastOp: tf.add, tf.matmul, ...) give the Python function they stand for."""
    seen = set()
    for ns in NAMESPACES:
        module = importlib.import_module(ns)
        for name in sorted(dir(module)):
            obj = getattr(module, name)
            if name.startswith("_") or inspect.isclass(obj) or inspect.ismodule(obj) or not callable(obj):
                continue
            if not (getattr(obj, "__module__", None) or "").startswith("varrt") or name in NOT_OPS:
                continue
            fn = inspect.unwrap(obj)
            if fn.__module__ == "varrt.ops.op_util" or id(fn) in seen:
                continue  # op_util: the op modules' shared helpers, imported by namespaces for their own use
            seen.add(id(fn))
            yield f"{ns}.{name}", fn


def test_every_public_op_says_what_it_returns():
    import varrt as tf
    found = dict(_public_functions())
    walked = {id(fn) for fn in found.values()}
    assert all(id(inspect.unwrap(op)) in walked for op in (tf.add, tf.matmul, tf.nn.relu, tf.random.normal,
                                                           tf.bitwise.invert, tf.strings.format, tf.debugging.Assert))
    unannotated = [name for name, fn in found.items()
                   if not inspect.isfunction(fn) or "return" not in fn.__annotations__]
    assert unannotated == []


def _stub_generator():
    path = REPO / "tests" / "tools" / "gen_raw_ops_stub.py"
    spec = importlib.util.spec_from_file_location("gen_raw_ops_stub", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_raw_ops_stub_is_what_the_op_table_gives_now():
    import varrt
    generator = _stub_generator()
    committed = (pathlib.Path(varrt.__file__).parent / "raw_ops.pyi").read_text()
    assert committed == generator.stub_text(), "run tests/tools/gen_raw_ops_stub.py"
    declared = set(re.findall(r"^def (\w+)\(", committed, re.M))
    assert declared == set(dir(varrt.raw_ops))
