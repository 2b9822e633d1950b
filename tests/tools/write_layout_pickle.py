"""Writes tests/fixtures/pickles/before_layout.pkl: varrt objects pickled by the package as it
was before issue 26 moved its modules (run once, at 968785d). test_import_layers loads it with
the current package, so a pickle a user wrote before the move still loads."""
import os
import pickle
import sys

import varrt as tf


def objects():
    m = tf.Module()
    m.items = [tf.Variable(1.0, name="a"), 2]
    m.table = {"b": tf.Variable([1, 2], name="b")}
    return {
        "tensor": tf.constant([[1.0, 2.0]]),
        "variable": tf.Variable([3.0, 4.0], name="v", trainable=False),
        "dtype": tf.float16,
        "shape": tf.TensorShape([None, 3]),
        "spec": tf.TensorSpec([2, None], tf.int32, name="x"),
        "error": tf.errors.InvalidArgumentError(None, None, "bad"),
        "list_wrapper": m.items,
        "dict_wrapper": m.table,
    }


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(__file__), "..", "fixtures", "pickles", "before_layout.pkl")
    with open(out, "wb") as f:
        pickle.dump(objects(), f, protocol=int(sys.argv[1]) if len(sys.argv) > 1 else 4)
