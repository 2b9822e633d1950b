"""Dumps TensorFlow's public names per module into tests/fixtures/tf_public_names.json.

Run with a TensorFlow 2.21 interpreter (`$VARRT_TF_PYTHON tests/tools/dump_tf_public_names.py`).
The docs' supported-API page (docs/gen_api_support.py) compares varrt's namespaces with this list,
so it is dumped once and committed: the docs build never needs TensorFlow.
"""
import json
import pathlib

import tensorflow as tf

# The modules the supported-API page reports on, by their Python path under `tf`.
MODULES = ["", "math", "nn", "linalg", "random", "debugging", "dtypes", "config", "data", "data.experimental",
           "compat.v1", "compat.v1.nn", "compat.v1.train", "compat.v1.math", "compat.v1.random",
           "compat.v1.losses", "compat.v1.layers"]


def public_names(module):
    return sorted(n for n in dir(module) if not n.startswith("_"))


def module_at(path):
    module = tf
    for part in filter(None, path.split(".")):
        module = getattr(module, part)
    return module


def main():
    modules, unavailable = {}, {}
    for path in MODULES:
        key = ("tf." + path) if path else "tf"
        try:
            modules[key] = public_names(module_at(path))
        except ImportError as error:
            # tf.compat.v1.layers is a lazy loader for the tf_keras package, which TensorFlow 2.21
            # does not install: TensorFlow itself has no names there without it.
            unavailable[key] = f"{type(error).__name__}: {error}"
    out = {"tensorflow_version": tf.__version__, "modules": modules, "unavailable": unavailable}
    target = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "tf_public_names.json"
    target.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"{target}: {sum(len(v) for v in modules.values())} names in {len(modules)} modules")
    print(f"unavailable: {unavailable}")


if __name__ == "__main__":
    main()
