"""TensorFlow's auto dtype conversion (`tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=
"all" | "safe")`, the tf_numpy_type_promotion guide): weak tensors from Python values, the promotion
lattice of tf.math's patched ops and of Tensor's operators, what stays strict, printing, and the
errors of SAFE mode. The mode is process-wide, so this runs in its own process, case by case in
the order written (a case may switch the mode, as the guide does).

    python weak_tensor_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: repr of the result, or the error's type and message}."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf
tnp = tf.experimental.numpy


def values(mode):
    """The operands, made after the mode is set (a Python value's tensor is weak only then)."""
    v = {
        "w_i32": tf.constant(5), "w_f32": tf.constant(2.5), "w_vec": tf.constant([1, 2, 3]),
        "w_c128": tf.constant(1 + 2j),
        "i8": tf.constant(3, tf.int8), "i16": tf.constant(3, tf.int16), "i32": tf.constant(3, tf.int32),
        "i64": tf.constant(3, tf.int64), "u8": tf.constant(3, tf.uint8), "u32": tf.constant(3, tf.uint32),
        "u64": tf.constant(3, tf.uint64), "f16": tf.constant(1.5, tf.float16),
        "bf16": tf.constant(1.5, tf.bfloat16), "f32": tf.constant(2.0, tf.float32),
        "f64": tf.constant(1.5, tf.float64), "c64": tf.constant(1 + 1j, tf.complex64),
        "b": tf.constant(True), "py_i": 2, "py_f": 0.5, "py_c": 1j, "py_b": True,
        "np_i8": np.int8(2), "np_f16": np.float16(0.5), "np_arr": np.array([1, 2], np.int64),
        "m_f32": tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float32), "w_m": tf.constant([[1.0, 0.0], [0.0, 1.0]]),
    }
    return v


results = {}


def compact(out):
    """A result as dtype, weakness and value (the lattice's cases), or its repr (anything else)."""
    if isinstance(out, (list, tuple)):
        return "(" + ", ".join(compact(o) for o in out) + ")"
    text = repr(out)
    if text.startswith(("<tf.Tensor:", "tf.Tensor(")) and hasattr(out, "numpy"):
        value = np.asarray(out.numpy()).tolist()
        return f"{out.dtype.name}{' weak' if text.endswith('weak=True>') else ''} {value}"
    return text


def record(name, fn, full=False):
    """The case's result (`full`: its repr, for the cases about printing) or its error."""
    try:
        out = fn()
        text = out if isinstance(out, str) else repr(out) if full else compact(out)
    except Exception as e:  # noqa: BLE001 - the case records which error and its message
        text = f"{type(e).__name__}: {e}"[:None if full else 170]
    results[name] = text


def set_mode(mode):
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=mode)


OPERANDS = ["w_i32", "w_f32", "w_c128", "i8", "i16", "i32", "i64", "u8", "u32", "u64", "f16", "bf16", "f32",
            "f64", "c64", "b", "py_i", "py_f", "py_c", "py_b", "np_i8", "np_f16"]
TENSOR_OPERANDS = [n for n in OPERANDS if not n.startswith(("py_", "np_"))]

for mode in ("all", "safe"):
    set_mode(mode)
    v = values(mode)
    # The promotion lattice through Tensor's + (every pair with a tensor on the left).
    for a in TENSOR_OPERANDS:
        for b in OPERANDS:
            if a == "bf16" and b.startswith("np_"):
                continue  # NumPy's own bfloat16 arithmetic (ml_dtypes' version) decides these
            record(f"{mode}: {a} + {b}", lambda a=a, b=b: v[a] + v[b])
    # Python values on the left (the reflected operators).
    for a in ("py_i", "py_f", "np_i8", "np_f16"):
        for b in ("w_i32", "w_f32", "i8", "f16", "f32", "u32"):
            record(f"{mode}: {a} + {b}", lambda a=a, b=b: v[a] + v[b])
    # The other operators on a few pairs.
    for op in ("-", "*", "/", "//", "%", "**", "<", "==", "!=", ">=", "&", "|", "^"):
        for a, b in (("w_i32", "py_i"), ("i16", "f32"), ("w_f32", "py_i"), ("i8", "u32"), ("b", "b"),
                     ("w_i32", "i8"), ("m_f32", "w_m"), ("w_m", "w_m")):
            record(f"{mode}: {a} {op} {b}", lambda a=a, b=b, op=op: eval(f"x {op} y", {"x": v[a], "y": v[b]}))
    for a, b in (("m_f32", "w_m"), ("w_m", "w_m"), ("w_m", "m_f32")):
        record(f"{mode}: {a} @ {b}", lambda a=a, b=b: v[a] @ v[b])
    for op in ("-", "abs", "~"):
        for a in ("w_i32", "w_f32", "i8", "f32", "b"):
            record(f"{mode}: {op} {a}", lambda a=a, op=op: abs(v[a]) if op == "abs" else eval(f"{op}x", {"x": v[a]}))

set_mode("all")
v = values("all")
# Making tensors.
for expr in ("tf.constant(5)", "tf.constant(5.0)", "tf.constant([5.0, 10.0, 3])", "tf.constant([1, 2])",
             "tf.constant(5, tf.int32)", "tf.constant(5, tf.float32)", "tf.constant(5, tf.float16)",
             "tf.constant(np.int32(5))", "tf.constant(np.array([1, 2]))", "tf.constant(True)", "tf.constant('s')",
             "tf.constant(1 + 2j)", "tf.constant(2 ** 40)", "tf.constant([])", "tf.constant([[1, 2], [3, 4]])",
             "tf.constant(tf.constant(5))", "tf.constant(tf.constant(5), tf.float32)",
             "tf.constant(tf.constant(10, tf.int16), tf.float32)", "tf.constant(tf.constant(10, tf.int16))",
             "tf.constant(tf.constant(2.5), tf.int32)", "tf.constant(5.5, tf.int32)",
             "tf.convert_to_tensor(5)", "tf.convert_to_tensor(tf.constant(5))", "tf.Variable(5)",
             "tf.Variable(tf.constant(2.5))", "tf.ones([2])", "tf.zeros([2], tf.int32)", "tf.range(3)",
             "tf.fill([2], 3)", "tnp.array(1)", "tnp.array(1.0)", "tnp.array([1, 2])", "tnp.asarray([1.5])",
             "tnp.array(1, dtype=tnp.int8)", "tnp.arange(3)", "tnp.zeros_like(tf.constant(3))"):
    record(f"make: {expr}", lambda expr=expr: eval(expr, {"tf": tf, "np": np, "tnp": tnp}), full=True)

# The patched functions (unary: a Python value makes a weak result; binary: the lattice).
UNARY = ["tf.abs", "tf.math.abs", "tf.math.sqrt", "tf.sqrt", "tf.exp", "tf.math.log", "tf.math.square",
         "tf.math.negative", "tf.math.sigmoid", "tf.tanh", "tf.math.sin", "tf.math.round", "tf.math.floor",
         "tf.math.ceil", "tf.math.sign", "tf.nn.relu", "tf.nn.relu6", "tf.nn.elu", "tf.nn.softsign",
         "tf.nn.leaky_relu", "tf.nn.gelu", "tf.reduce_sum", "tf.reduce_mean", "tf.reduce_max", "tf.math.reduce_std",
         "tf.identity", "tf.zeros_like", "tf.ones_like", "tf.expand_dims", "tf.squeeze", "tf.transpose",
         "tf.stop_gradient", "tf.math.reciprocal", "tf.math.log1p"]
for fn in UNARY:
    for arg in ("4.0", "[1.0, 4.0]", "4", "tf.constant(4.0)", "tf.constant(4, tf.int16)", "np.float16(4)",
                "tf.Variable(4.0)"):
        extra = ", 0" if fn == "tf.expand_dims" else ""
        record(f"{fn}({arg})", lambda fn=fn, arg=arg, extra=extra: eval(
            f"{fn}({arg}{extra})", {"tf": tf, "np": np}))
BINARY = ["tf.add", "tf.math.add", "tf.subtract", "tf.multiply", "tf.divide", "tf.math.truediv",
          "tf.math.floordiv", "tf.math.floormod", "tf.pow", "tf.maximum", "tf.minimum", "tf.math.equal",
          "tf.math.divide_no_nan", "tf.math.multiply_no_nan", "tf.math.less"]
for fn in BINARY:
    for a, b in (("1", "2"), ("1", "2.5"), ("tf.constant(1, tf.int8)", "2"), ("tf.constant(1, tf.int8)", "2.5"),
                 ("tf.constant(1, tf.int16)", "tf.constant(2.0, tf.float32)"), ("tf.constant(1.0)", "3"),
                 ("np.float16(1)", "3"), ("tf.Variable(1.0)", "2")):
        record(f"{fn}({a}, {b})", lambda fn=fn, a=a, b=b: eval(f"{fn}({a}, {b})", {"tf": tf, "np": np}))
record("tf.matmul(weak, weak)", lambda: tf.matmul([[1.0, 2.0]], [[3.0], [4.0]]))
record("tf.matmul(f16, weak)", lambda: tf.matmul(tf.constant([[1.0, 2.0]], tf.float16), [[3.0], [4.0]]))
record("tf.clip_by_value(weak)", lambda: tf.clip_by_value(tf.constant([1.0, 5.0]), 0, 2))
record("tf.reshape(weak)", lambda: tf.reshape(tf.constant([1, 2]), [2, 1]))
record("tf.reshape(python)", lambda: tf.reshape([1, 2], [2, 1]))

# What is not patched gives strict tensors; weak ones convert to their tensor.
for expr in ("tf.cast(w_i32, tf.float32)", "tf.stack([w_i32, w_i32])", "tf.concat([w_vec, w_vec], 0)",
             "w_vec[0]", "w_vec[None]", "tf.shape(w_vec)", "tf.convert_to_tensor(w_i32)",
             "tf.gather(w_vec, [0, 2])", "tf.math.argmax(w_vec)", "tf.where(w_vec > 1, w_vec, 0)",
             "tf.rank(w_vec)", "tf.size(w_vec)"):
    record(f"strict: {expr}", lambda expr=expr: eval(expr, {"tf": tf, "np": np, **v}))

# The weak tensor itself.
w, wf, wv = v["w_i32"], v["w_f32"], v["w_vec"]
record("str", lambda: str(w))
record("str vec", lambda: str(tf.constant([[1.5, 2.0], [3.0, 4.0]])))
record("repr vec", lambda: repr(tf.constant([[1.5, 2.0], [3.0, 4.0]])))
record("format", lambda: f"{wf}|{wf:.3f}|{w:4d}")
record("type", lambda: type(w).__name__)
record("isinstance Tensor", lambda: str(isinstance(w, tf.Tensor)))
record("is_tensor", lambda: str(tf.is_tensor(w)))
record("dtype shape", lambda: f"{w.dtype} {wv.shape} {wv.dtype.name}")
record("numpy", lambda: repr(wv.numpy()))
record("np.asarray", lambda: repr(np.asarray(wf)))
record("float int bool", lambda: f"{float(wf)} {int(w)} {bool(w)}")
record("len iter", lambda: f"{len(wv)} {[repr(x) for x in wv]}")
record("index", lambda: repr([10, 20, 30, 40, 50, 60][w]))
record("np add", lambda: repr(np.add(wf, 1.0)))

# Variables: their dtype is fixed (the guide's assign_add).
for expr in ("tf.Variable(10, tf.int32).assign_add(tf.constant(5, tf.int16))",
             "tf.Variable(10, tf.int32).assign_add(5)", "tf.Variable(10, tf.int32).assign(2.5)",
             "tf.Variable(1.0).assign(tf.constant(2.0, tf.float64))", "tf.Variable(1.0).assign_sub(w_f32)",
             "tf.Variable(10).assign(tf.constant(5, tf.int64))", "tf.Variable(1.0) + 1", "tf.Variable(1.0) * w_f32",
             "tf.Variable(1, tf.int8) + 1000"):
    record(f"variable: {expr}", lambda expr=expr: eval(expr, {"tf": tf, "np": np, **v}), full=True)


# Graphs and gradients.
@tf.function
def add_one(x):
    return x + 1


@tf.function
def passed_through(x):
    return x


@tf.function
def python_number():
    return tf.constant(2.0) * 3, 7


record("function(strict)", lambda: add_one(tf.constant(2.0, tf.float16)))
record("function(python)", lambda: add_one(2.0))
record("function(weak)", lambda: add_one(tf.constant(2.0)), full=True)
record("function(strong after weak)", lambda: add_one(tf.constant(2.0, tf.float32)))
record("function(weak vector)", lambda: add_one(tf.constant([1, 2, 3])))
record("function identity(weak)", lambda: passed_through(tf.constant(2)))
record("function numbers", lambda: python_number())
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x + 2
record("gradient", lambda: tape.gradient(y, x))
c = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(c)
    y = c * c
record("gradient of weak", lambda: tape.gradient(y, c), full=True)

# The guide's mode switches: legacy, then all again.
set_mode("legacy")
a8, b1, c16 = np.array(1, dtype=np.int8), tf.constant(1), np.array(1, dtype=np.float16)
record("legacy: (a + b) + c", lambda: tf.add(tf.add(a8, b1), c16))
record("legacy: (b + a) + c", lambda: tf.add(tf.add(b1, a8), c16))
record("legacy: f16 + i8 + 50", lambda: np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
record("legacy: constant", lambda: tf.constant(5))
set_mode("all")
b1 = tf.constant(1)
record("all: (a + b) + c", lambda: tf.add(tf.add(a8, b1), c16))
record("all: (b + a) + c", lambda: tf.add(tf.add(b1, a8), c16))
record("all: f16 + i8 + 50", lambda: np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
record("all: i64 + f16", lambda: tf.constant(1, tf.int64) + tf.constant(3.2, tf.float16))
record("all: f32w + f16", lambda: tf.constant(1.2) + tf.constant(3.1, tf.float16))
record("all: -weak", lambda: -tf.constant(5), full=True)
record("all: i16 - f32", lambda: tf.constant(5, tf.int16) - tf.constant(1, tf.float32))
record("all: too large int", lambda: tf.constant(5) + 2 ** 40)
set_mode("safe")
record("safe: the whole message", lambda: tf.constant(1) + tf.constant(1, tf.int8) + tf.constant(2.0, tf.float16),
       full=True)
set_mode("all")
record("all: ragged", lambda: tf.ragged.constant([[1], [2, 3]]) + 1)
record("bad mode", lambda: set_mode("ALL"), full=True)
set_mode("off")
record("off: constant", lambda: tf.constant(5))
record("off: i32 + f32", lambda: tf.constant(1) + tf.constant(2.0))

with open(os.path.join(sys.argv[2], "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
