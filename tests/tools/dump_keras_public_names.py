"""Dumps the public names of the Keras 3 modules of `tf.keras` that varrt stands in for name by
name: `tf.keras.utils`, `tf.keras.datasets` and its datasets, `tf.keras.preprocessing` and its
legacy `image`, `sequence` and `text`, into python/varrt/base/keras_public_names.json, which
varrt/base/missing_names.py reads beside TensorFlow's list (dump_tf_public_names.py leaves Keras
out) so that a name Keras has and varrt lacks says varrt does not implement it yet.

    $VARRT_TF_PYTHON tests/tools/dump_keras_public_names.py
"""
import json
import pathlib

import keras
import tensorflow as tf

_MODULES = ["utils", "datasets", "datasets.boston_housing", "datasets.california_housing", "datasets.cifar10",
            "datasets.cifar100", "datasets.fashion_mnist", "datasets.imdb", "datasets.mnist", "datasets.reuters",
            "preprocessing", "preprocessing.image", "preprocessing.sequence", "preprocessing.text"]


def main():
    modules = {}
    for path in _MODULES:
        module = tf.keras
        for part in path.split("."):
            module = getattr(module, part)
        modules[f"tf.keras.{path}"] = sorted(n for n in dir(module) if not n.startswith("_"))
    out = {"keras_version": keras.__version__, "tensorflow_version": tf.__version__, "modules": modules}
    target = pathlib.Path(__file__).resolve().parents[2] / "python" / "varrt" / "base" / "keras_public_names.json"
    target.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"{target}: {sum(len(v) for v in modules.values())} names in {len(modules)} modules")


if __name__ == "__main__":
    main()
