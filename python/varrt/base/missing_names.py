"""A TensorFlow name varrt does not have says so.

`tensorflow_public_names.json` (beside this file) is TensorFlow 2.21's list of public names per
module, dumped from TensorFlow by tests/tools/dump_tf_public_names.py. Accessing one of them
that varrt's namespace lacks raises an AttributeError saying varrt does not implement it yet;
any other missing name gets Python's usual message. The list (86 KB) is read once, when
`import varrt` installs the hooks (about 2 ms). TensorFlow's list leaves Keras out; the Keras 3
modules varrt stands in for name by name (`tf.keras.utils`, `datasets`, `preprocessing`) come
from `keras_public_names.json`, dumped by tests/tools/dump_keras_public_names.py.
"""
import functools
import json
import pathlib
import types

_NAMES = pathlib.Path(__file__).with_name("tensorflow_public_names.json")
_KERAS_NAMES = pathlib.Path(__file__).with_name("keras_public_names.json")


@functools.cache
def _tensorflow():
    reference = json.loads(_NAMES.read_text())
    modules = {**reference["modules"], **json.loads(_KERAS_NAMES.read_text())["modules"]}
    return reference["tensorflow_version"], {m: frozenset(names) for m, names in modules.items()}


def tensorflow_modules():
    """TensorFlow's public module paths ("tf", "tf.math", "tf.compat.v1.nn", ...)."""
    return list(_tensorflow()[1])


def tensorflow_names(tf_path):
    """TensorFlow's public names in the module `tf_path` (a frozenset)."""
    return _tensorflow()[1][tf_path]


def missing_attribute(tf_paths, module_name, name):
    """The AttributeError for `name` missing from varrt's module `module_name`, which stands for
    TensorFlow's modules `tf_paths` (a tuple; several when one varrt module serves, say, tf.data
    and tf.compat.v1.data; empty: none of TensorFlow's)."""
    text = f"module {module_name!r} has no attribute {name!r}"
    version, modules = _tensorflow()
    for tf_path in tf_paths:
        if name in modules.get(tf_path, ()):
            return AttributeError(f"{text}: varrt does not implement {tf_path}.{name} yet (TensorFlow {version} has it)")
    return AttributeError(text)


def _module_getattr(tf_paths, module_name):
    def __getattr__(name):  # noqa: N807 - a module's attribute hook (PEP 562)
        raise missing_attribute(tf_paths, module_name, name)
    return __getattr__


def install(root):
    """Gives each of varrt's modules standing for one or more of TensorFlow's (found from `root`,
    the `varrt` package, by TensorFlow's paths) the hook that raises missing_attribute. A
    namespace with its own attribute hook (a lazy one) keeps it and is told its TensorFlow paths
    (`_tf_paths`)."""
    paths, modules = {}, {}
    for tf_path in sorted(tensorflow_modules(), key=lambda p: (p.startswith("tf.compat"), p.count("."), p)):
        module = root
        for part in tf_path.split(".")[1:]:
            module = getattr(module, part, None)
            if module is None:
                break
        if isinstance(module, types.ModuleType):
            paths.setdefault(id(module), []).append(tf_path)
            modules[id(module)] = module
    for key, module in modules.items():
        tf_paths = tuple(paths[key])
        if hasattr(type(module), "__getattr__"):
            module._tf_paths = tf_paths
        elif "__getattr__" not in vars(module):
            module.__getattr__ = _module_getattr(tf_paths, module.__name__)
