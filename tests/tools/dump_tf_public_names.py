"""Dumps TensorFlow's public names per module into python/varrt/base/tensorflow_public_names.json.

Run with a TensorFlow 2.21 interpreter (`$VARRT_TF_PYTHON tests/tools/dump_tf_public_names.py`).
Dumped once and committed (varrt never needs TensorFlow): varrt's namespaces use it to say that a
name TensorFlow has is not implemented yet (varrt/base/missing_names.py), and the docs'
supported-API page (docs/hooks/api_support.py) reports coverage from it.

Every public module under `tf` and `tf.compat.v1` (TensorFlow's generated API modules), except
`keras` (Keras 3's own package), `raw_ops` (the op table answers for it) and `estimator`; of
Keras, `tf.keras.layers` alone (so a Keras 3 layer varrt lacks, TextVectorization say, says so).
"""
import json
import pathlib
import types

import tensorflow as tf

_SKIPPED = {"keras", "raw_ops", "compat", "estimator"}  # under each module; compat.v1 is walked on its own


def public_names(module):
    return sorted(n for n in dir(module) if not n.startswith("_"))


def _is_api_module(obj):
    """TensorFlow's generated API modules (tensorflow._api.v2...; tf.experimental is
    tensorflow.experimental), not its implementation modules that some of them expose."""
    name = getattr(obj, "__name__", "") if isinstance(obj, types.ModuleType) else ""
    return name.startswith("tensorflow._api.") or name == "tensorflow.experimental"


def walk(path, module, modules, unavailable):
    try:
        modules[path] = public_names(module)
    except ImportError as error:
        # tf.compat.v1.layers is a lazy loader for the tf_keras package, which TensorFlow 2.21
        # does not install: TensorFlow itself has no names there without it.
        unavailable[path] = f"{type(error).__name__}: {error}"
        return
    for name in modules[path]:
        if name in _SKIPPED:
            continue
        try:
            child = getattr(module, name)
        except Exception:  # noqa: BLE001 - a lazy attribute that fails to load is not a module we list
            continue
        if _is_api_module(child) and f"{path}.{name}" not in modules:
            walk(f"{path}.{name}", child, modules, unavailable)


def main():
    modules, unavailable = {}, {}
    walk("tf", tf, modules, unavailable)
    walk("tf.compat.v1", tf.compat.v1, modules, unavailable)
    walk("tf.compat.v1.layers", tf.compat.v1.layers, modules, unavailable)  # a lazy loader, not a module
    modules["tf.keras.layers"] = public_names(tf.keras.layers)  # Keras 3's package: its layers only
    out = {"tensorflow_version": tf.__version__, "modules": modules, "unavailable": unavailable}
    target = pathlib.Path(__file__).resolve().parents[2] / "python" / "varrt" / "base" / "tensorflow_public_names.json"
    target.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"{target}: {sum(len(v) for v in modules.values())} names in {len(modules)} modules")
    print(f"unavailable: {unavailable}")


if __name__ == "__main__":
    main()
