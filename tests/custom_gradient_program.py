"""tf.custom_gradient inside tf.functions differentiated by a tape around the call (the advanced
autodiff guide's clipped gradient, an overflow-safe log1pexp, several inputs and outputs, a
captured forward value, a nested function, a function traced first outside any tape), reductions
over every axis, tf.rank and tf.size of a tensor of unknown rank, and tf.saved_model.SaveOptions/LoadOptions, run
under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into tests/fixtures/custom_gradient/)
and under varrt (by tests/test_custom_gradient_in_functions.py).

    python custom_gradient_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. The SavedModel cases save with experimental_custom_gradients=False, which
both libraries take (varrt cannot save the gradient functions yet) and load in a fresh process,
where TensorFlow too differentiates the forward ops."""
import json
import os
import subprocess
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol=1e-6):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the case records which error and its text
        return f"{type(e).__name__}: {e}"
    return "no error"


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


@tf.custom_gradient
def scaled_pair(x, y):
    def grad(da, db):
        return da * 3.0 + db, db * y - da
    return (x * y, x + y), grad


class Module(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def clip(self, x):
        return clip_gradients(x) * 2.0

    @tf.function(input_signature=[tf.TensorSpec(None)])
    def lpe(self, x):
        return log1pexp(x * 2.0) * 3.0

    @tf.function
    def pair(self, x, y):
        a, b = scaled_pair(x, y)
        return a * 2.0 + b

    @tf.function
    def nested(self, x):
        return self.lpe(x) + tf.reduce_sum(self.clip(x))


module = Module()
for size in (1, 5):
    v = tf.Variable(np.linspace(-3.0, 90.0, size).astype(np.float32))
    for name in ("clip", "lpe", "nested"):
        with tf.GradientTape() as tape:
            out = getattr(module, name)(v * v)
        record_num(f"{name}_{size}_value", out, 1e-5)
        record_num(f"{name}_{size}_grad", tape.gradient(out, v), 1e-5)
x, y = tf.Variable([1.0, 2.0, -4.0]), tf.Variable([0.5, -1.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    out = module.pair(x, y)
record_num("pair_value", out)
record_num("pair_grad_x", tape.gradient(out, x))
record_num("pair_grad_y", tape.gradient(out, y))
record("pair_unconnected", repr(tape.gradient(out, tf.Variable(1.0))))

# A function traced before any tape, then differentiated; and a tape inside the function.
fresh = Module()
fresh.lpe(tf.constant([1.0]))
w = tf.Variable([100.0, 1.0, -2.0])
with tf.GradientTape() as tape:
    out = fresh.lpe(w)
record_num("traced_first_grad", tape.gradient(out, w), 1e-5)


@tf.function
def inner_tape(x):
    with tf.GradientTape() as t:
        t.watch(x)
        out = log1pexp(x * 2.0)
    return t.gradient(out, x)


record_num("inner_tape_grad", inner_tape(tf.constant([100.0, 0.5])), 1e-5)


# Reductions over every axis of a tensor whose rank is known only when the graph runs.
@tf.function(input_signature=[tf.TensorSpec(None)])
def reductions(x):
    return (tf.reduce_sum(x * x, keepdims=True), tf.reduce_sum(x), tf.reduce_mean(x), tf.reduce_max(x),
            tf.reduce_min(x), tf.reduce_prod(x), tf.reduce_all(x > -10.0), tf.math.reduce_std(x))


for value in (3.0, [1.0, 2.0], [[1.0, 2.0], [3.0, -4.0]], np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7):
    got = reductions(tf.constant(value, tf.float32))
    record(f"reductions_{np.ndim(value)}d_shapes", [tuple(t.shape) for t in got])
    for k, t in enumerate(got):
        record_num(f"reductions_{np.ndim(value)}d_{k}", tf.cast(t, tf.float32), 1e-6)
record("reductions_static_shapes", [str(t.shape) for t in reductions.get_concrete_function().structured_outputs])


@tf.function(input_signature=[tf.TensorSpec(None)])
def rank_and_size(x):
    return tf.rank(x), tf.size(x), tf.shape(x), tf.reshape(x, [-1]), tf.norm(x)


for value in (3.0, [1.0, 2.0], [[1.0, 2.0], [3.0, -4.0]], np.ones((2, 1, 3), np.float32)):
    record(f"rank_and_size_{np.ndim(value)}d", [np.asarray(t).tolist() for t in rank_and_size(tf.constant(value))])
record("rank_and_size_static_shapes",
       [str(t.shape) for t in rank_and_size.get_concrete_function().structured_outputs])

# SaveOptions and LoadOptions.
class Saved(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def clip(self, x):
        return clip_gradients(x) * 2.0


path = os.path.join(out_dir, "saved")
tf.saved_model.save(Saved(), path, options=tf.saved_model.SaveOptions(
    experimental_custom_gradients=False, extra_tags=["extra"], experimental_io_device="/job:localhost",
    namespace_whitelist=["Custom"], experimental_skip_saver=True))
program = ("import sys, os, numpy as np\n"
           "os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n"
           "import {lib} as tf\n"
           "m = tf.saved_model.load(sys.argv[1], options=tf.saved_model.LoadOptions("
           "experimental_io_device='/job:localhost', allow_partial_checkpoint=True))\n"
           "v = tf.Variable([2.0, 0.5])\n"
           "print(m.clip(v * v).numpy().tolist())\n"
           "try:\n"  # (TensorFlow raises when the tape records the node, varrt when it differentiates it)
           "    with tf.GradientTape() as t:\n"
           "        out = m.clip(v * v)\n"
           "    print(t.gradient(out, v).numpy().tolist())\n"
           "except Exception as e:\n"
           "    print(type(e).__name__, e)\n")
lib = "tensorflow" if sys.argv[1] == "tensorflow" else "varrt"
loaded = subprocess.run([sys.executable, "-c", program.format(lib=lib), path], capture_output=True, text=True,
                        timeout=600)
record("loaded_without_custom_gradients", loaded.stdout.strip() or loaded.stderr[-500:])
options = tf.saved_model.SaveOptions()
record("save_options_defaults", [options.namespace_whitelist, options.save_debug_info, options.function_aliases,
                                 options.experimental_io_device, str(options.experimental_variable_policy),
                                 options.experimental_custom_gradients, options.experimental_skip_saver,
                                 options.extra_tags])
load_options = tf.saved_model.LoadOptions()
record("load_options_defaults", [load_options.allow_partial_checkpoint, load_options.experimental_io_device,
                                 load_options.experimental_skip_checkpoint,
                                 str(load_options.experimental_variable_policy)])
record("variable_policy", [str(tf.saved_model.experimental.VariablePolicy.from_obj(v))
                           for v in (None, "SAVE_VARIABLE_DEVICES", "expand_distributed_variables")])
for case, kwargs in {"whitelist_str": dict(namespace_whitelist="a"), "whitelist_int": dict(namespace_whitelist=[1]),
                     "policy": dict(experimental_variable_policy="bad"),
                     "image_format": dict(experimental_image_format=True),
                     "sharding": dict(experimental_sharding_callback=3)}.items():
    record(f"save_options_error_{case}", error(lambda: tf.saved_model.SaveOptions(**kwargs)))
record("load_options_error_policy", error(lambda: tf.saved_model.LoadOptions(experimental_variable_policy="x")))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
