"""`tf.experimental.numpy` (tnp): one program (tests/tnp_program.py) run under varrt is compared,
case by case, with what TensorFlow 2.21 gave for it (tests/fixtures/tnp/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): NumPy's dtype
inference and promotion in creation, shape, reduction, math and random functions at several
shapes and dtypes, their errors, and what experimental_enable_numpy_behavior adds (methods,
promotion in operators, NumPy indexing, prefer_float32, the 'off' mode). Enabling changes
tf.Tensor for the whole process, so it happens only in the program's own process; the tests
here check what needs no enabling and varrt's refusals."""
import subprocess
import sys

import pytest

import varrt as tf
import varrt.experimental.numpy as tnp
from conftest import REPO
from keras_programs import comparison_tests, recorded

PROGRAM = "tnp_program.py"
TF = recorded("tnp")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "tnp")


def test_import_paths_and_the_existing_experimental_names():
    assert tf.experimental.numpy is tnp
    assert tnp.ndarray is tf.Tensor
    assert tnp.random.randn is tnp.random.randn  # tnp.random is a module
    # tf.experimental became a package: its names stay.
    for name in ("memory_stats", "reset_peak_memory", "dlpack", "DynamicRaggedShape", "RowPartition"):
        assert hasattr(tf.experimental, name), name
    assert callable(tf.experimental.dlpack.to_dlpack)


def test_names_not_built_are_missing():
    with pytest.raises(AttributeError, match="varrt does not implement tf.experimental.numpy.linspace yet"):
        tnp.linspace  # noqa: B018
    with pytest.raises(AttributeError):
        tnp.random.normal  # noqa: B018


def test_tensors_are_untouched_until_enabled():
    x = tf.ones([2, 3])
    for name in ("T", "reshape", "ravel", "astype", "clip", "tolist", "flatten"):
        assert not hasattr(x, name), name
    with pytest.raises(AttributeError, match="experimental_enable_numpy_behavior"):
        x.astype  # noqa: B018
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.constant(1) + tf.constant(1.0)


def test_refusals():
    with pytest.raises(NotImplementedError, match="varrt does not implement tf.experimental.numpy.where"):
        tnp.where([True, False])
    with pytest.raises(ValueError, match="The provided promotion mode safest does not exist"):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="safest")
    x = tf.ones([2])
    assert not hasattr(x, "T")  # the refused mode installed nothing


def test_numpy_interop_without_enabling():
    import numpy as np
    s = np.sum(tnp.ones([2, 3]))
    assert type(s) is np.float64 and s == 6.0
    t = tnp.sum(np.ones([2, 3], np.int32))
    assert t.dtype == tf.int64 and int(t) == 6


ENABLED = """
import varrt as tf, varrt.experimental.numpy as tnp
tnp.experimental_enable_numpy_behavior()
x = tnp.arange(6).reshape(2, 3)
@tf.function
def f(t):
    return t[:, [0, 2]]
print(f(x).numpy().tolist())
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.int64)])
def f2(t):
    return t[:, [0, 2]]
try:
    f2(x)
except NotImplementedError as e:
    print("refused:", str(e).strip().split("NotImplementedError: ")[-1])
@tf.function
def g(t):
    return (t.T + 1.5)[1:, ...]
print(g(x).dtype.name, g(x).shape)
"""


def test_enabled_in_a_traced_function():
    # A fresh interpreter (enabling changes Tensor for the whole process), importing the varrt this
    # suite tests: the inherited environment's, installed or on PYTHONPATH.
    out = subprocess.run([sys.executable, "-c", ENABLED], capture_output=True, text=True, timeout=300, cwd=REPO)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "[[0, 2], [3, 5]]"
    assert "refused: varrt does not implement NumPy-style advanced indexing of a tensor whose shape is not " \
        "fully known" in out.stdout
    assert lines[-1] == "float64 (2, 2)"
