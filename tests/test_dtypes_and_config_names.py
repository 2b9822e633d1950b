"""The dtypes TensorFlow names but varrt holds no tensors of (quantized, resource, variant),
tf.config.optimizer, and tf.config's deprecated experimental names: what TensorFlow 2.21 prints
and raises for them (recorded from TensorFlow 2.21 and written here as literals)."""
import subprocess
import sys

import numpy as np
import pytest

import varrt as tf
from varrt.framework import graph_optimizer_options

# (dtype, repr, str, enum, as_numpy_dtype, is_numpy_compatible, size), as TensorFlow 2.21 gives them.
QUANTIZED = [
    (tf.qint8, "tf.qint8", "<dtype: 'qint8'>", 11, np.dtype([("qint8", "i1")]), 1),
    (tf.quint8, "tf.quint8", "<dtype: 'quint8'>", 12, np.dtype([("quint8", "u1")]), 1),
    (tf.qint16, "tf.qint16", "<dtype: 'qint16'>", 15, np.dtype([("qint16", "<i2")]), 2),
    (tf.quint16, "tf.quint16", "<dtype: 'quint16'>", 16, np.dtype([("quint16", "<u2")]), 2),
    (tf.qint32, "tf.qint32", "<dtype: 'qint32'>", 13, np.dtype([("qint32", "<i4")]), 4),
]


@pytest.mark.parametrize("dtype, text, string, enum, numpy_dtype, size", QUANTIZED)
def test_quantized_dtypes_are_named_as_tensorflow_names_them(dtype, text, string, enum, numpy_dtype, size):
    assert (repr(dtype), str(dtype), dtype.name, dtype.as_datatype_enum) == (text, string, dtype.name, enum)
    assert dtype.as_numpy_dtype == numpy_dtype and dtype.size == size
    assert dtype.is_quantized and dtype.is_numpy_compatible
    assert not (dtype.is_floating or dtype.is_integer or dtype.is_unsigned or dtype.is_complex)
    assert tf.as_dtype(dtype.name) is dtype and tf.as_dtype(enum) is dtype and tf.as_dtype(numpy_dtype) is dtype
    assert dtype in tf.dtypes.QUANTIZED_DTYPES and getattr(tf.dtypes, dtype.name) is dtype
    assert dtype != tf.int8 and dtype.is_compatible_with(dtype)
    with pytest.raises(TypeError, match=f"^Cannot find minimum value of <dtype: '{dtype.name}'> with quantized "
                                        f"type <dtype: '{dtype.name}'>.$"):
        dtype.min
    with pytest.raises(TypeError, match=f"^Cannot find maximum value of <dtype: '{dtype.name}'> with quantized"):
        dtype.max


@pytest.mark.parametrize("dtype, enum", [(tf.resource, 20), (tf.variant, 21)])
def test_resource_and_variant_are_named_with_no_numpy_type(dtype, enum):
    assert (repr(dtype), str(dtype), dtype.as_datatype_enum, dtype.size) == (
        f"tf.{dtype.name}", f"<dtype: '{dtype.name}'>", enum, 0)
    assert not dtype.is_numpy_compatible and not dtype.is_quantized
    with pytest.raises(KeyError):
        dtype.as_numpy_dtype
    with pytest.raises(TypeError, match=f"^Cannot find minimum value of <dtype: '{dtype.name}'>.$"):
        dtype.min
    # TensorFlow: no value converts to them.
    with pytest.raises(TypeError, match=f"^Cannot convert 0 to EagerTensor of dtype {dtype.name}$"):
        tf.zeros([2], dtype)
    with pytest.raises(TypeError, match=f"^Cannot convert 0 to EagerTensor of dtype {dtype.name}$"):
        tf.constant(0, dtype)


@pytest.mark.parametrize("make", [lambda d: tf.constant([1, 2], d), lambda d: tf.zeros([3], d),
                                  lambda d: tf.Variable(1, dtype=d), lambda d: tf.cast([1.0], d),
                                  lambda d: tf.convert_to_tensor(1, d)])
def test_a_quantized_tensor_is_refused_as_not_supported(make):
    # TensorFlow computes with quantized tensors; varrt names the dtypes only, and says so.
    with pytest.raises(NotImplementedError, match="varrt has no tensors of the quantized dtype qint8"):
        make(tf.qint8)


def test_dtypes_cast_is_tf_cast():
    assert tf.dtypes.cast is tf.cast


@pytest.fixture
def fresh_optimizer_options():
    yield
    graph_optimizer_options._options.clear()  # process-wide settings: back to TensorFlow's defaults
    graph_optimizer_options._jit[0] = False


def test_optimizer_options_are_kept_and_reported_as_tensorflow_reports_them(fresh_optimizer_options):
    o = tf.config.optimizer
    assert o.get_jit() == ""
    o.set_jit(True)
    assert o.get_jit() == "autoclustering"
    o.set_jit("x")  # TensorFlow: anything but True or "autoclustering" turns it off
    assert o.get_jit() == ""
    assert o.get_experimental_options() == {"disable_model_pruning": False, "disable_meta_optimizer": False}
    o.set_experimental_options({"constant_folding": True, "layout_optimizer": False, "bogus": True})
    got = o.get_experimental_options()
    assert list(got.items()) == [("layout_optimizer", False), ("constant_folding", True),
                                 ("disable_model_pruning", False), ("disable_meta_optimizer", False)]


_DEPRECATED = """
import varrt as tf
print(tf.config.experimental_functions_run_eagerly())
tf.config.experimental_run_functions_eagerly(False)
tf.config.experimental_run_functions_eagerly(False)
"""


def test_the_experimental_run_eagerly_names_log_tensorflows_deprecation_once(tmp_path):
    script = tmp_path / "script.py"
    script.write_text(_DEPRECATED)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert result.stdout == "False\n"
    home = "tensorflow.python.eager.polymorphic_function.eager_function_run"
    assert result.stderr == (
        f"WARNING:tensorflow:From {script}:3: experimental_functions_run_eagerly (from {home}) is deprecated and "
        "will be removed in a future version.\nInstructions for updating:\n"
        "Use tf.config.functions_run_eagerly instead of the experimental version.\n"
        f"WARNING:tensorflow:From {script}:4: experimental_run_functions_eagerly (from {home}) is deprecated and "
        "will be removed in a future version.\nInstructions for updating:\n"
        "Use `tf.config.run_functions_eagerly` instead of the experimental version.\n")
