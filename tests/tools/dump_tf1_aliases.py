"""Prints the table of tf.compat.v1 names that are TensorFlow 2 names under another path (TensorFlow's
`tf.compat.v1.acos is tf.math.acos`), for python/varrt/compat_v1_aliases.py: for each public name of
tf.compat.v1 (and its math, nn, random, train), the first TensorFlow 2 module holding the same object under another path (a name its own TensorFlow 2
module has, as tf.compat.v1.math.abs is tf.math.abs, needs no alias: varrt's v1 namespaces read them).

    $VARRT_TF_PYTHON tests/tools/dump_tf1_aliases.py
"""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402

# where TensorFlow 2 keeps the names, searched in this order (the top level first)
V2_MODULES = ["", "math", "linalg", "nn", "random", "debugging", "dtypes", "strings", "bitwise", "io", "sparse",
              "errors", "image", "signal", "sets", "ragged", "autograph", "experimental", "config", "data",
              "train", "saved_model", "summary", "lookup", "queue", "audio", "types.experimental", "random.experimental",
              "compat"]
V1_MODULES = ["compat.v1", "compat.v1.math", "compat.v1.nn", "compat.v1.random", "compat.v1.train"]


def module_at(path):
    module = tf
    for part in filter(None, path.split(".")):
        module = getattr(module, part)
    return module


def main():
    v2 = []
    for path in V2_MODULES:
        try:
            module = module_at(path)
        except (AttributeError, ImportError):
            continue
        v2.append((path, {id(getattr(module, n, None)): n for n in dir(module) if not n.startswith("_")}))
    for v1_path in V1_MODULES:
        module = module_at(v1_path)
        rows = []
        for name in sorted(n for n in dir(module) if not n.startswith("_")):
            try:
                value = getattr(module, name)
            except (AttributeError, ImportError):
                continue
            if isinstance(value, type(tf)) or not callable(value):
                continue  # modules and constants
            own_path = v1_path[len("compat.v1"):].lstrip(".")  # varrt's v1 namespace reads this v2 module
            if getattr(module_at(own_path), name, None) is value:
                continue  # the same name of the same TensorFlow 2 module: no alias needed
            for path, ids in v2:
                if id(value) in ids:
                    rows.append((name, ".".join(filter(None, [path, ids[id(value)]]))))
                    break
        print(f"# {v1_path}")
        for name, target in rows:
            print(f'    "{name}": "{target}",')


if __name__ == "__main__":
    main()
