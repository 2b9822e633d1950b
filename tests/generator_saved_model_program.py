"""tf.random.Generator in exported functions (the random_numbers guide's "Saving and loading" part):
a module drawing from its own Generator inside tf.functions is saved, and the SavedModel is loaded
back, by this library or by the other one; the draws and the state after each must be
TensorFlow's. Also the raw stateful and stateless V2 ops such functions hold.

    python generator_saved_model_program.py varrt|tensorflow OUT_DIR [SAVED_MODEL_TO_LOAD]

writes OUT_DIR/results.json ({case: text}) and OUT_DIR/saved (the SavedModel this library wrote);
with SAVED_MODEL_TO_LOAD (written by either library) its draws are recorded as "loaded: ..."."""
import json
import os
import sys

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}
cpu = tf.config.list_physical_devices("CPU")[0]  # two logical CPUs for the mirrored case, before any op
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)


def text(value):
    values = getattr(value, "values", None)
    if isinstance(values, tuple) and type(value).__name__ == "PerReplica":
        return "PerReplica" + text(values)
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(text(v) for v in value) + ")"
    return f"{value.dtype.name} {value.numpy().tolist()}"


def record(name, fn):
    try:
        results[name] = text(fn())
    except Exception as e:  # noqa: BLE001 - the case records which error and its first line
        results[name] = f"{type(e).__name__}: {str(e).splitlines()[0]}"


class Drawing(tf.Module):
    def __init__(self):
        super().__init__()
        self.rng = tf.random.Generator.from_seed(1234)

    @tf.function
    def __call__(self):
        return self.rng.normal([])

    @tf.function
    def state(self):
        return self.rng.state

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def draws(self, n):
        return (self.rng.uniform([n]), self.rng.uniform([2], 0, 10, dtype=tf.int32),
                self.rng.uniform([2], -5, 5, dtype=tf.int64), self.rng.truncated_normal([2, 2]),
                self.rng.normal([n], mean=3.0, stddev=0.5, dtype=tf.float64), self.rng.uniform_full_int([2]))


def exercise(prefix, m):
    record(f"{prefix}state", m.state)
    record(f"{prefix}normal", m)
    record(f"{prefix}state after normal", m.state)
    record(f"{prefix}draws 3", lambda: m.draws(tf.constant(3)))
    record(f"{prefix}draws 5", lambda: m.draws(tf.constant(5)))
    record(f"{prefix}state after draws", m.state)


m = Drawing()
exercise("", m)
tf.saved_model.save(m, os.path.join(out_dir, "saved"))
record("state after saving", m.state)
exercise("own: ", tf.saved_model.load(os.path.join(out_dir, "saved")))
if len(sys.argv) > 3:
    exercise("loaded: ", tf.saved_model.load(sys.argv[3]))

# The guide's mirrored case: a Generator made in a MirroredStrategy's scope draws a stream per
# replica; saved in the scope, its SavedModel loads outside it and continues the state.
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():
    mirrored = Drawing()
    record("mirrored run", lambda: strategy.run(mirrored))
    record("mirrored state", mirrored.state)
    tf.saved_model.save(mirrored, os.path.join(out_dir, "mirrored"))
    record("mirrored run after saving", lambda: strategy.run(mirrored))
    record("mirrored state after saving", mirrored.state)
reloaded = tf.saved_model.load(os.path.join(out_dir, "mirrored"))
record("mirrored loaded state", reloaded.state)
record("mirrored loaded normal", reloaded)
record("mirrored loaded state after", reloaded.state)

# The raw ops on a Generator's state (varrt's `variable.handle` is the variable itself).
g = tf.random.Generator.from_seed(7)
raw = tf.raw_ops
record("raw StatefulStandardNormalV2", lambda: raw.StatefulStandardNormalV2(resource=g.state.handle, algorithm=1,
                                                                             shape=[3]))
record("raw StatefulUniform", lambda: raw.StatefulUniform(resource=g.state.handle, algorithm=1, shape=[2],
                                                           dtype=tf.float64))
record("raw StatefulUniformInt", lambda: raw.StatefulUniformInt(resource=g.state.handle, algorithm=1, shape=[3],
                                                                 minval=0, maxval=10))
record("raw StatefulUniformInt int32", lambda: raw.StatefulUniformInt(
    resource=g.state.handle, algorithm=1, shape=[3], minval=tf.constant(-4), maxval=tf.constant(4)))
record("raw StatefulUniformFullInt", lambda: raw.StatefulUniformFullInt(resource=g.state.handle, algorithm=1,
                                                                         shape=[2], dtype=tf.int64))
record("raw StatefulTruncatedNormal", lambda: raw.StatefulTruncatedNormal(resource=g.state.handle, algorithm=1,
                                                                           shape=[2]))
record("raw RngReadAndSkip", lambda: raw.RngReadAndSkip(resource=g.state.handle, alg=1, delta=10))
record("raw state", lambda: g.state.read_value())
key, counter = tf.constant([12345], tf.uint64), tf.constant([6, 7], tf.uint64)
record("raw StatelessRandomNormalV2", lambda: raw.StatelessRandomNormalV2(shape=[3], key=key, counter=counter,
                                                                           alg=1))
record("raw StatelessRandomUniformV2", lambda: raw.StatelessRandomUniformV2(shape=[2], key=key, counter=counter,
                                                                             alg=1, dtype=tf.float64))
record("raw StatelessRandomUniformIntV2", lambda: raw.StatelessRandomUniformIntV2(
    shape=[4], key=key, counter=counter, alg=1, minval=tf.constant(0, tf.int64), maxval=tf.constant(100, tf.int64)))
record("raw StatelessTruncatedNormalV2", lambda: raw.StatelessTruncatedNormalV2(shape=[2, 2], key=key,
                                                                                 counter=counter, alg=1))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
