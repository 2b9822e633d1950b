"""tf.raw_ops made from the op table: every op varrt exposes has TensorFlow 2.21's Python name and
keyword arguments, runs the op's implementation, and gives what TensorFlow gave on the same calls
(values, dtypes, shapes, dtype errors and argument errors), recorded by tests/tools/record_raw_ops.py
in tests/fixtures/tf_raw_ops.json."""
import inspect
import json

import numpy as np
import pytest

import varrt as tf
from conftest import REPO
from varrt.ops import op_def_lib, raw_op

RECORDED = json.loads((REPO / "tests" / "fixtures" / "tf_raw_ops.json").read_text())
SIGNATURES = RECORDED["signatures"]
EXPOSED = raw_op.raw_op_names()


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_the_table_gives_tensorflows_python_signature(name):
    op_def = op_def_lib.get(name)
    assert raw_op.python_function_name(name) == SIGNATURES[name]["function"]
    assert [n for n, _ in raw_op.python_arguments(op_def)] == SIGNATURES[name]["args"]


def test_raw_ops_exposes_the_ops_varrt_implements():
    assert len(EXPOSED) >= 100
    assert set(EXPOSED) <= set(SIGNATURES)  # only TensorFlow's ops, under TensorFlow's names
    assert sorted(dir(tf.raw_ops)) == EXPOSED
    assert not hasattr(tf.raw_ops, "KerasAdam")  # varrt's own ops are not TensorFlow's raw ops
    with pytest.raises(AttributeError):
        tf.raw_ops.NoSuchOp  # noqa: B018


@pytest.mark.parametrize("name", EXPOSED)
def test_each_implementation_takes_every_keyword_of_its_raw_op(name):
    impl = op_def_lib.implementation(name)
    kwargs = {n: None for n, _ in raw_op.python_arguments(op_def_lib.get(name))}
    inspect.signature(impl).bind(**kwargs)  # TypeError if an argument has another name


def _outcome(value):
    if value is None:
        return None
    if isinstance(value, (tuple, list)):
        return [_outcome(v) for v in value]
    a = np.asarray(value)
    if a.dtype == object:  # strings, as the recorder writes them
        a = np.vectorize(lambda b: b.decode("utf-8", "backslashreplace"), otypes=[object])(a)
    return {"dtype": value.dtype.name, "shape": list(a.shape), "value": a.tolist()}


def _same(got, want):
    if want is None or got is None:
        return got is want
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    if (got["dtype"], got["shape"]) != (want["dtype"], want["shape"]):
        return False
    if want["dtype"].startswith(("float", "bfloat", "half", "complex")):
        return np.allclose(got["value"], want["value"], rtol=1e-6, atol=0)
    return got["value"] == want["value"]


@pytest.mark.parametrize("code", sorted(RECORDED["cases"]))
def test_a_raw_op_call_does_what_tensorflow_did(code):
    want = RECORDED["cases"][code]
    scope = {"tf": tf, "np": np}
    if "error" in want:
        with pytest.raises(Exception) as e:
            exec(code, scope)  # noqa: S102 - the recorded cases
        assert (type(e.value).__name__, str(e.value)) == (want["error"], want["message"])
    else:
        exec(code, scope)  # noqa: S102
        got = _outcome(scope["out"])
        assert _same(got, want["out"]), (got, want["out"])


def test_squeeze_with_an_empty_axis_list_squeezes_every_size_one_dimension():
    assert tf.squeeze([[[1], [2]]], axis=[]).shape == (2,)  # TensorFlow: Squeeze's squeeze_dims=[] means all
