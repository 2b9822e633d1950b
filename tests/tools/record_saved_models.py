"""Records small SavedModels written by TensorFlow 2.21 (Keras 3) into tests/fixtures/saved_model/,
each a directory as TensorFlow wrote it (saved_model.pb, fingerprint.pb, variables/) plus what the
tests compare varrt with:

    decoded.txt.gz saved_model.pb as TensorFlow's protobuf library parses it: a Python literal of
                   nested dicts (set fields only, by field name), lists, str, bytes, int, float, bool
    show_all.txt   what `saved_model_cli show --dir DIR --all` prints

    /work/tfenv/bin/python tests/tools/record_saved_models.py [NAME ...]
"""
import gzip
import os
import shutil
import subprocess
import sys

import numpy as np
import tensorflow as tf
import keras
from tensorflow.core.protobuf import saved_model_pb2

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "saved_model")
CLI = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")


def as_plain(message):
    """The set fields of a protobuf message as nested dicts (maps as dicts, enums as ints)."""
    out = {}
    for field, value in message.ListFields():
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            out[field.name] = {k: (as_plain(v) if value_field.message_type is not None else v)
                               for k, v in value.items()}
        elif field.is_repeated:
            out[field.name] = [as_plain(v) if field.message_type is not None else v for v in value]
        elif field.message_type is not None:
            out[field.name] = as_plain(value)
        else:
            out[field.name] = value
    return out


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.5], [-2.0], [0.25]], name="w")
        self.b = tf.Variable(0.5, name="b")

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b

    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32, name="n"),
                                  tf.TensorSpec([], tf.float32, name="scale")])
    def scaled(self, n, scale):
        return {"scaled": tf.cast(n, tf.float32) * scale * self.b, "count": tf.size(n)}


class Traced(tf.Module):
    """Functions without input signatures, traced for several argument kinds, and a concrete
    function kept as an attribute: what saved_model_cli lists as several options."""

    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def apply(self, x, training=False, scale=None, mode="fast"):
        y = x * tf.cast(self.v, x.dtype)
        return y if training else -y


def traced():
    module = Traced()
    module.apply(tf.constant([1.0, 2.0]))
    module.apply(tf.constant([[1, 2]]), training=True, mode="slow")
    module.apply(tf.constant(3.0), scale=[1, "a"])
    module.bare = module.apply.get_concrete_function(tf.TensorSpec([None, 2], tf.float64, name="z"), True)
    return module


def mlp():
    keras.utils.set_random_seed(7)
    return keras.Sequential([keras.Input((4,), name="features"), keras.layers.Dense(3, activation="relu"),
                             keras.layers.Dense(2)])


def functional():
    keras.utils.set_random_seed(11)
    a = keras.Input((4,), name="a")
    b = keras.Input((2,), name="b")
    h = keras.layers.Dense(5, activation="tanh")(keras.layers.Concatenate()([a, b]))
    return keras.Model({"a": a, "b": b}, keras.layers.Dense(2, name="out")(h))


def save_all(tmp):
    module = Scaler()
    tf.saved_model.save(module, os.path.join(tmp, "module_one_signature"), signatures=module.__call__)
    tf.saved_model.save(module, os.path.join(tmp, "module_two_signatures"),
                        signatures={"serving_default": module.__call__, "scaled": module.scaled})
    model = mlp()
    model(np.ones((1, 4), np.float32))
    tf.saved_model.save(model, os.path.join(tmp, "keras_sequential"))
    mlp().export(os.path.join(tmp, "keras_export"))
    tf.saved_model.save(traced(), os.path.join(tmp, "module_traced"))
    model = functional()
    model({"a": np.ones((1, 4), np.float32), "b": np.ones((1, 2), np.float32)})
    tf.saved_model.save(model, os.path.join(tmp, "keras_functional"))
    functional().export(os.path.join(tmp, "keras_functional_export"))


def main(names):
    """Records every fixture, or only those named (the others keep their recorded files)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        save_all(tmp)
        for name in sorted(os.listdir(tmp)):
            if names and name not in names:
                continue
            src, dst = os.path.join(tmp, name), os.path.join(OUT, name)
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst)
            parsed = saved_model_pb2.SavedModel()
            with open(os.path.join(src, "saved_model.pb"), "rb") as f:
                parsed.ParseFromString(f.read())
            with gzip.open(os.path.join(dst, "decoded.txt.gz"), "wt") as f:
                f.write(repr(as_plain(parsed)) + "\n")
            show = subprocess.run([CLI, "show", "--dir", src, "--all"], capture_output=True, text=True, check=True)
            with open(os.path.join(dst, "show_all.txt"), "w") as f:
                f.write(show.stdout.replace(src, "DIR"))
    print("wrote", OUT)


if __name__ == "__main__":
    main(sys.argv[1:])
