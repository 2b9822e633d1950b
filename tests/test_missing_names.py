"""A TensorFlow name varrt does not have says so: every public name of TensorFlow 2.21 (the list in
python/varrt/base/tensorflow_public_names.json) that varrt's namespace of the same path lacks
raises an AttributeError saying varrt does not implement it yet; other names get Python's text."""
import json
import types

import pytest

import varrt as tf
from conftest import REPO

NAMES = json.loads((REPO / "python" / "varrt" / "base" / "tensorflow_public_names.json").read_text())
# The Keras 3 modules varrt stands in for name by name, which TensorFlow's list leaves out.
KERAS_NAMES = json.loads((REPO / "python" / "varrt" / "base" / "keras_public_names.json").read_text())


def varrt_module(path):
    obj = tf
    for part in path.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj if isinstance(obj, types.ModuleType) else None


def test_every_missing_tensorflow_name_says_varrt_does_not_implement_it_yet():
    checked = 0
    for path, names in NAMES["modules"].items():
        module = varrt_module(path)
        if module is None:
            continue
        for name in names:
            if name in vars(module) or hasattr(type(module), name):
                continue
            try:
                getattr(module, name)
            except AttributeError as error:
                # A module standing for two of TensorFlow's paths names the first (TensorFlow 2's).
                assert f".{name} yet (TensorFlow 2.21.0 has it)" in str(error), (path, name, str(error))
                checked += 1
    assert checked > 500  # the list's missing names, across the namespaces


def test_every_missing_keras_name_says_varrt_does_not_implement_it_yet():
    missing = []
    for path, names in KERAS_NAMES["modules"].items():
        module = varrt_module(path)
        assert module is not None, path  # varrt has each of these modules
        for name in names:
            if name in vars(module):
                continue
            with pytest.raises(AttributeError, match=rf"varrt does not implement {path}\.{name} yet "):
                getattr(module, name)
            missing.append(f"{path}.{name}")
    assert "tf.keras.preprocessing.image.ImageDataGenerator" in missing
    assert "tf.keras.utils.get_file" not in missing and "tf.keras.datasets.mnist.load_data" not in missing


@pytest.mark.parametrize("get, text", [
    (lambda: tf.lookup, "module 'varrt' has no attribute 'lookup': varrt does not implement tf.lookup yet "
                        "(TensorFlow 2.21.0 has it)"),
    (lambda: tf.io.decode_png, "module 'varrt.io' has no attribute 'decode_png': varrt does not implement "
                               "tf.io.decode_png yet"),
    (lambda: tf.strings.unicode_script, "varrt does not implement tf.strings.unicode_script yet"),
    (lambda: tf.compat.v1.summary, "module 'varrt.compat.v1' has no attribute 'summary': varrt does not implement "
                                   "tf.compat.v1.summary yet"),
    (lambda: tf.compat.v1.train.SyncReplicasOptimizer,
     "varrt does not implement tf.compat.v1.train.SyncReplicasOptimizer yet"),
    (lambda: tf.experimental.numpy.linspace, "module 'varrt.experimental.numpy' has no attribute 'linspace': varrt "
                                               "does not implement tf.experimental.numpy.linspace yet"),
])
def test_named_examples(get, text):
    with pytest.raises(AttributeError) as info:
        get()
    assert text in str(info.value)


@pytest.mark.parametrize("get, text", [
    (lambda: tf.no_such_name, "module 'varrt' has no attribute 'no_such_name'"),
    (lambda: tf.math.no_such_name, "module 'varrt.math' has no attribute 'no_such_name'"),
    (lambda: tf.compat.v1.no_such_name, "module 'varrt.compat.v1' has no attribute 'no_such_name'"),
])
def test_names_tensorflow_does_not_have_either_get_pythons_text(get, text):
    with pytest.raises(AttributeError) as info:
        get()
    assert str(info.value) == text


def test_missing_names_are_absent_to_hasattr_and_dir():
    assert not hasattr(tf, "lookup") and "lookup" not in dir(tf)
    assert hasattr(tf, "Variable") and hasattr(tf.compat.v1, "placeholder")
