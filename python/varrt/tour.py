"""`python -m varrt tour`: a short, runnable walk through what varrt does.

Every line it prints is computed by the calls it shows; nothing is canned.
"""
import sys

import numpy as np

import varrt as tf


def _section(title):
    print(f"\n== {title} " + "=" * max(0, 60 - len(title)))


def main(argv=None):
    _section("Variables, exactly as TensorFlow prints them")
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="weights")
    print(">>> v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name='weights')")
    print(v)
    print(">>> v.assign_add([[1, 1], [1, 1]]).numpy()")
    print(v.assign_add([[1, 1], [1, 1]]).numpy())
    print(">>> tf.argmax(v)", "->", tf.argmax(v))

    _section("Shapes and dtypes are enforced")
    for label, call in [("v.assign([1.0, 2.0, 3.0])", lambda: v.assign([1.0, 2.0, 3.0])),
                        ("tf.Variable([1, 2]).assign([1.5, 2.5])", lambda: tf.Variable([1, 2]).assign([1.5, 2.5])),
                        ("v.assign_add(1.0)", lambda: v.assign_add(1.0))]:
        try:
            call()
        except Exception as e:  # noqa: BLE001 - showing the error is the point
            print(f">>> {label}\n{type(e).__name__}: {e}")
    print("value unchanged:", v.numpy().tolist())

    _section("Copy-on-write: reads never change, updates without readers allocate nothing")
    w = tf.Variable(np.zeros(1_000_000, np.float32))
    ones = np.ones(1_000_000, np.float32)
    w.assign_add(ones, read_value=False)
    before = tf.experimental.memory_stats()["num_allocs"]
    for _ in range(100):
        w.assign_add(ones, read_value=False)
    print("100 in-place updates of a 4 MB variable allocated",
          tf.experimental.memory_stats()["num_allocs"] - before, "buffers")
    view = np.asarray(w)  # zero-copy, read-only
    snapshot = w.read_value()
    w.assign_add(ones, read_value=False)
    print("a NumPy view and a read tensor taken before the next update still hold",
          view[0], "and", snapshot.numpy()[0], "; the variable holds", w.numpy()[0])

    _section("Placement logging (to sys.stderr, as TensorFlow logs it)")
    sys.stdout.flush()  # the log goes to stderr; keep the two in order when piped
    tf.debugging.set_log_device_placement(True)
    with tf.device("CPU:0"):
        x = tf.Variable([1.0, 2.0])
        x.assign([3.0, 4.0], read_value=False)
        y = tf.matmul([[1.0, 2.0]], tf.reshape(x, [2, 1]))
    tf.debugging.set_log_device_placement(False)
    sys.stderr.flush()
    print("device:", x.device, " result:", y.numpy().tolist())

    _section("Modules and tf.function")

    class Dense(tf.Module):
        def __init__(self, n_in, n_out):
            super().__init__()
            self.w = tf.Variable(tf.random.normal([n_in, n_out], seed=1), name="w")
            self.b = tf.Variable(tf.zeros([n_out]), name="b")
            self.steps = tf.Variable(0, trainable=False)

        @tf.function
        def __call__(self, x):
            self.steps.assign_add(1)
            return tf.matmul(x, self.w) + self.b

    layer = Dense(3, 2)
    out = layer(tf.ones([1, 3]))
    print("trainable:", [v.name for v in layer.trainable_variables], " all:", len(layer.variables))
    print("output shape:", out.shape, " steps:", int(layer.steps))

    _section("Checkpoints in TensorFlow's format")
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        ckpt = tf.train.Checkpoint(model=layer)
        path = ckpt.save(f"{d}/ckpt")
        saved = layer.w.numpy().copy()
        layer.w.assign(tf.zeros([3, 2]))
        ckpt.restore(path).assert_consumed()
        print("saved to", path.replace(d, "<tmp>"), "; restored:", np.array_equal(layer.w.numpy(), saved))
        print("keys:", [name for name, _ in tf.train.list_variables(path) if "layer" not in name][:4])

    _section("Errors follow TensorFlow's classes")
    print("InvalidArgumentError is an", tf.errors.InvalidArgumentError.__mro__[1].__name__,
          "with code", tf.errors.InvalidArgumentError(None, None, "").error_code)
    print("\nDone. See README.md for the API guide and benchmarks/ for performance.")


def add_arguments(parser):
    """The tour takes no arguments (`varrt tour --help` only describes it)."""


def run(args):
    main()


if __name__ == "__main__":
    main()
