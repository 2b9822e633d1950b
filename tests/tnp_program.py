"""`tf.experimental.numpy` (tnp) run under TensorFlow 2.21 (by tests/tools/record_keras_program.py,
into tests/fixtures/tnp/) and under varrt (by tests/test_experimental_numpy.py).

    python tnp_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. First what tnp does before NumPy behaviour is enabled (and that tensors are
untouched), then experimental_enable_numpy_behavior's methods, promotion and indexing."""
import json
import os
import re
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    import tensorflow.experimental.numpy as tnp
else:
    import varrt as tf
    import varrt.experimental.numpy as tnp

out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def desc(t):
    """A tensor's dtype, shape and exact values."""
    return f"{t.dtype.name} {tuple(t.shape)} {np.asarray(t).tolist()}"


def case(name, fn):
    """The tensor fn returns (dtype, shape, values), or the error it raises (type and text)."""
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        text = text.split("\n")[0]
        record(name, f"{type(e).__name__}: {text}")
        return
    if isinstance(out, (list, tuple)):
        record(name, [desc(t) if tf.is_tensor(t) else repr(t) for t in out])
    elif tf.is_tensor(out):
        record(name, desc(out))
    else:
        record(name, f"{type(out).__name__} {out!r}")


def kind(name, fn):
    """Only the error type of fn (texts that name TensorFlow's internals differ)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        record(name, type(e).__name__)
    else:
        record(name, "no error")


# ---- before experimental_enable_numpy_behavior: tensors are untouched
x0 = tf.ones([2, 3])
record("before.attrs", [hasattr(x0, a) for a in ("T", "reshape", "ravel", "astype", "clip", "tolist", "flatten")])
kind("before.int32+float32", lambda: tf.constant(1) + tf.constant(1.0))
record("before.ndarray_is_tensor", tnp.ndarray is tf.Tensor)
record("dtypes", [tnp.float32 is np.float32, tnp.int64 is np.int64, tnp.bool_ is np.bool_, tnp.float64 is np.float64,
                  tnp.int32 is np.int32, tnp.newaxis is None])

# ---- creation and inference
for i, v in enumerate([1, 1.0, True, [1, 2], [1.0, 2], [[1, 2], [3, 4]], np.int32(3), np.float32(1.5),
                       np.array([1, 2], np.int8), np.array([1.0], np.float32), 2 ** 40, 1 + 2j, []]):
    case(f"asarray.{i}", lambda v=v: tnp.asarray(v))
    case(f"array.{i}", lambda v=v: tnp.array(v))
for i, d in enumerate([tnp.float32, "float16", np.dtype("int8"), tf.int64, int, float, bool, tnp.uint8]):
    case(f"asarray_dtype.{i}", lambda d=d: tnp.asarray([1, 0, 2], dtype=d))
case("asarray.tensor_kept", lambda: tnp.asarray(tf.constant([1, 2])))
t = tf.constant([1.0, 2.0])
record("asarray.same_object", tnp.asarray(t) is t)
record("asarray.cast_new_object", tnp.asarray(t, tnp.float64) is t)
case("array.ndmin", lambda: tnp.array([1, 2], ndmin=3))
case("zeros.default", lambda: tnp.zeros([2, 3]))
case("zeros.int", lambda: tnp.zeros(3, int))
case("zeros.scalar", lambda: tnp.zeros([]))
case("ones.int8", lambda: tnp.ones((2,), tnp.int8))
case("ones.default", lambda: tnp.ones([1, 2, 1]))
case("ones.float32", lambda: tnp.ones([5, 3], dtype=tnp.float32))
case("empty", lambda: tnp.empty([2]))
case("zeros_like", lambda: tnp.zeros_like(tf.constant([1, 2], tf.int16)))
case("ones_like.float", lambda: tnp.ones_like([1, 2], dtype=float))
case("full", lambda: tnp.full([2, 2], 7))
case("copy", lambda: tnp.copy(tf.constant([3, 4])))
for i, args in enumerate([(5,), (2.0, 5), (1, 10, 3), (5, 1), (0, 1, 0.25), (3, 0, -1), (-3,), (2, 8, 2)]):
    case(f"arange.{i}", lambda args=args: tnp.arange(*args))
case("arange.dtype", lambda: tnp.arange(4, dtype=tnp.float32))
case("arange.step0", lambda: tnp.arange(1, 2, 0))

# ---- shapes
a6 = tnp.arange(6)
case("reshape.23", lambda: tnp.reshape(a6, (2, 3)))
case("reshape.F", lambda: tnp.reshape(a6, (2, 3), order="F"))
case("reshape.int", lambda: tnp.reshape(tnp.reshape(a6, (2, 3)), 6))
case("reshape.bad_order", lambda: tnp.reshape(a6, (2, 3), order="X"))
case("transpose.2d", lambda: tnp.transpose(tnp.reshape(a6, (2, 3))))
case("transpose.3d_axes", lambda: tnp.transpose(tnp.reshape(tnp.arange(24), (2, 3, 4)), (1, 0, 2)))
case("transpose.list", lambda: tnp.transpose([[1, 2], [3, 4]]))
case("ravel", lambda: tnp.ravel([[1, 2], [3, 4]]))
case("expand_dims", lambda: tnp.expand_dims(tnp.ones([2, 3], tnp.int32), 1))
case("expand_dims.neg", lambda: tnp.expand_dims([1, 2], -1))
case("concatenate.mixed", lambda: tnp.concatenate([tf.constant([1, 2]), [2.5], np.array([3], np.int64)]))
case("concatenate.axis1", lambda: tnp.concatenate([tnp.ones([2, 1]), tnp.zeros([2, 2])], axis=1))
case("concatenate.empty", lambda: tnp.concatenate([]))
case("stack.mixed", lambda: tnp.stack([tf.constant([1, 2]), tf.constant([1.5, 2.0])]))
case("stack.axis1", lambda: tnp.stack([[1, 2], [3, 4], [5, 6]], axis=1))
case("stack.tensor_axis1", lambda: tnp.stack(tnp.reshape(a6, (2, 3)), axis=1))
case("shape", lambda: tnp.shape([[1, 2, 3]]))
case("ndim", lambda: tnp.ndim([[1, 2, 3]]))
case("size", lambda: tnp.size(tnp.ones([2, 5])))

# ---- reductions
m = tf.constant([[1, 2, 3], [4, 5, 6]], tf.int32)
case("sum.int32", lambda: tnp.sum(m))
case("sum.axis0", lambda: tnp.sum(m, axis=0))
case("sum.axis1_keepdims", lambda: tnp.sum(m, axis=1, keepdims=True))
case("sum.dtype", lambda: tnp.sum(m, dtype=tnp.float32))
case("sum.bool", lambda: tnp.sum([True, True, False]))
case("sum.bool_dtype", lambda: tnp.sum([True, False], dtype=bool))
case("sum.uint8", lambda: tnp.sum(np.array([200, 100], np.uint8)))
case("sum.numpy", lambda: tnp.sum(np.ones([2, 3])))
case("sum.float32", lambda: tnp.sum(tf.ones([2, 3])))
case("mean.int", lambda: tnp.mean(m))
case("mean.axis", lambda: tnp.mean(m, axis=1))
case("mean.float32", lambda: tnp.mean(tf.constant([1.0, 2.0])))
case("mean.out", lambda: tnp.mean(m, out=1))
case("max.int8", lambda: tnp.max(tf.constant([3, -1], tf.int8)))
case("max.axis", lambda: tnp.max(m, axis=0))
case("max.bool", lambda: tnp.max([True, False]))
case("amin.keepdims", lambda: tnp.amin(m, axis=1, keepdims=True))
case("min.bool", lambda: tnp.min([True, False]))

# ---- math
def unary_math(phase):
    for fname in ("exp", "log", "tanh", "sqrt"):
        f = getattr(tnp, fname)
        for label, v in (("int", [1, 4]), ("float32", tf.constant([1.0, 4.0])), ("scalar", 9),
                         ("float64", tnp.asarray([0.5]))):
            try:
                out = f(v)
            except Exception as e:  # noqa: BLE001 - before NumPy behaviour, integers need .astype
                record(f"{phase}.{fname}.{label}", type(e).__name__ + ": " + str(e).split(".")[0])
                continue
            record(f"{phase}.{fname}.{label}.spec", (out.dtype.name, tuple(out.shape)))
            record_num(f"{phase}.{fname}.{label}", out, 1e-6)


unary_math("before")
case("before.astype_hint", lambda: tf.ones([2]).astype(tnp.float32))
case("square.int", lambda: tnp.square([1, -3]))
case("square.float32", lambda: tnp.square(tf.constant([1.5])))
for i, (p, q) in enumerate([(tf.constant([1], tf.int32), tf.constant([2.0], tf.float32)),
                            (tf.constant([1], tf.int32), 2.5), (tf.constant([1.0], tf.float32), 2.5),
                            (tf.constant([1], tf.int8), tf.constant([2], tf.int16)),
                            (tf.constant([1], tf.uint8), tf.constant([2], tf.int8)),
                            ([True, False], [False, False]), (1, 2), (1.0, 2), (np.ones(2, np.float32), 3)]):
    case(f"add.{i}", lambda p=p, q=q: tnp.add(p, q))
    case(f"multiply.{i}", lambda p=p, q=q: tnp.multiply(p, q))
    case(f"subtract.{i}", lambda p=p, q=q: tnp.subtract(p, q) if i != 5 else tnp.add(p, q))
case("maximum.relu", lambda: tnp.maximum(tf.constant([-1.0, 2.0]), 0))
case("maximum.int", lambda: tnp.maximum([1, 5], [3, 2]))
case("maximum.bool", lambda: tnp.maximum([True, False], [False, False]))
case("minimum.mixed", lambda: tnp.minimum(tf.constant([1, 5]), 2.5))
mat = tnp.reshape(tnp.arange(6), (2, 3))
case("dot.vv", lambda: tnp.dot([1, 2, 3], [4, 5, 6]))
case("dot.mv", lambda: tnp.dot(mat, [1, 0, 1]))
case("dot.mm", lambda: tnp.dot(mat, tnp.transpose(mat)))
case("dot.scalar", lambda: tnp.dot(2, mat))
case("dot.mixed", lambda: tnp.dot(tf.constant([1, 2], tf.int32), tf.constant([0.5, 1.0], tf.float32)))
case("matmul.mm", lambda: tnp.matmul(mat, tnp.transpose(mat)))
case("matmul.vm", lambda: tnp.matmul([1, 1], mat))
case("matmul.mv", lambda: tnp.matmul(mat, [1, 1, 1]))
case("matmul.batch", lambda: tnp.matmul(tnp.ones([2, 2, 3]), tnp.ones([3, 1])))
kind("matmul.mismatch", lambda: tnp.matmul(mat, mat))
case("where", lambda: tnp.where([True, False], tf.constant([1, 2]), 0.5))
case("where.one_missing", lambda: tnp.where([True], x=1))
case("clip", lambda: tnp.clip([1, 5, 9], 2, 7))
case("clip.none_both", lambda: tnp.clip([1], None, None))
case("clip.min_only", lambda: tnp.clip([1, 5], 3, None))
case("before.around", lambda: tnp.around(tf.constant([1.25, 2.5, -0.5], tf.float32), 1))
case("result_type", lambda: [tnp.result_type(tnp.int32, tnp.float32), tnp.result_type(1, 2.0),
                             tnp.result_type(tf.constant(1, tf.int8), 3)])
case("promote_types", lambda: tnp.promote_types(tnp.int8, tnp.uint8))

# ---- random
tnp.random.seed(7)
r = tnp.random.randn(2, 3)
record("randn.spec", (r.dtype.name, tuple(r.shape)))
record_num("randn.values", r, 1e-6)
u = tnp.random.uniform(size=(4,))
record("uniform.spec", (u.dtype.name, tuple(u.shape)))
record_num("uniform.values", u, 1e-6)
u2 = tnp.random.uniform(-2.0, 2.0, size=(3,))
record("uniform.bounds", bool(np.all((np.asarray(u2) >= -2) & (np.asarray(u2) < 2))))
case("randn.scalar_shape", lambda: tuple(tnp.random.randn().shape))
case("seed.bad", lambda: tnp.random.seed(None))
case("seed.str", lambda: tnp.random.seed("x"))

# ---- experimental_enable_numpy_behavior
case("enable.bad_mode", lambda: tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="nope"))
tnp.experimental_enable_numpy_behavior(prefer_float32=True)
case("prefer32.asarray", lambda: tnp.asarray(1.0))
case("prefer32.add", lambda: tnp.add(1.0, 2.0))
case("prefer32.zeros", lambda: tnp.zeros([1]))
case("prefer32.mean_int", lambda: tnp.mean([1, 2]))
record("prefer32.randn", tnp.random.randn(2).dtype.name)
case("prefer32.operator", lambda: tf.constant(1) + 1.5)
tnp.experimental_enable_numpy_behavior(prefer_float32=False)
case("prefer64.asarray", lambda: tnp.asarray(1.0))
case("prefer64.add", lambda: tnp.add(1.0, 2.0))

unary_math("after")
case("around", lambda: tnp.around(tf.constant([1.25, 2.5, -0.5], tf.float32), 1))
case("around.int", lambda: tnp.around([1, 2]))
case("around.neg_decimals", lambda: tnp.around(tnp.asarray([1234.5, 15.0]), -1))

x = tnp.ones([5, 3], dtype=tnp.float32)
record("methods.attrs", (x.shape.as_list(), x.ndim, str(x.T.shape), str(x.reshape(-1).shape)))
y = tnp.reshape(tnp.arange(6), (2, 3))
case("method.reshape_args", lambda: y.reshape(3, 2))
case("method.reshape_tuple", lambda: y.reshape((1, 6)))
case("method.reshape_F", lambda: y.reshape(3, 2, order="F"))
case("method.reshape_bad_kw", lambda: y.reshape(6, foo=1))
case("method.T", lambda: y.T)
case("method.transpose", lambda: y.transpose())
case("method.ravel", lambda: y.ravel())
case("method.flatten_F", lambda: y.flatten("F"))
case("method.astype", lambda: y.astype(tnp.float32))
case("method.astype_tf", lambda: y.astype(tf.int8))
case("method.clip", lambda: y.clip(1, 3))
case("method.clip_float", lambda: y.clip(0.5, 3))
record("method.tolist", y.tolist())
record("method.size", (y.size, type(y.size).__name__))
case("method.max", lambda: y.max())
case("method.max_axis", lambda: y.max(axis=1))
case("method.min", lambda: y.min(axis=0))
case("method.mean", lambda: y.mean())
case("method.round", lambda: round(tf.constant([1.5, 2.5])))
case("method.pos", lambda: +y)
record("method.data_is_self", y.data is y)

values = [tnp.asarray(1, dtype=d) for d in (tnp.int32, tnp.int64, tnp.float32, tnp.float64)]
promos = []
for i, v1 in enumerate(values):
    for v2 in values[i + 1:]:
        promos.append((v1.dtype.name, v2.dtype.name, (v1 + v2).dtype.name, (v2 * v1).dtype.name))
record("promotion.table", promos)
i32, f32 = tf.constant([3], tf.int32), tf.constant([2.0], tf.float32)
case("promotion.int32+float32", lambda: i32 + f32)
case("promotion.float32+int32", lambda: f32 + i32)
case("promotion.int32*2.5", lambda: i32 * 2.5)
case("promotion.2.5*int32", lambda: 2.5 * i32)
case("promotion.float32+1.0", lambda: f32 + 1.0)
case("promotion.int32/int32", lambda: i32 / tf.constant([2], tf.int32))
case("promotion.int8-int64", lambda: tf.constant([5], tf.int8) - tf.constant([1], tf.int64))
case("promotion.int32**float32", lambda: i32 ** f32)
case("promotion.rsub", lambda: 10 - tf.constant([1.5], tf.float32))
case("promotion.less", lambda: i32 < f32)
case("promotion.matmul", lambda: tf.ones([1, 2], tf.int32) @ tf.ones([2, 1], tf.float32))
case("promotion.numpy", lambda: tnp.ones([2]) + np.ones([2], np.float32))
case("promotion.broadcast", lambda: tnp.ones([2, 3]) + tnp.ones([3]) + tnp.ones([1, 2, 1]))
case("promotion.list", lambda: tf.constant([1, 2]) + [1.5, 2.5])

z = tnp.arange(24).reshape(2, 3, 4)
case("index.basic", lambda: z[1, tnp.newaxis, 1:3, ...])
case("index.bool_tuple", lambda: z[:, (True, False, True)])
case("index.advanced", lambda: z[1, (0, 0, 1), tnp.asarray([0, 1, 1])])
case("index.list", lambda: z[[1, 0]])
case("index.list_axis1", lambda: z[:, [2, 0]])
case("index.ellipsis_list", lambda: z[..., [3]])
case("index.bool_array", lambda: z[np.array([False, True])])
case("index.tensor", lambda: z[tnp.asarray([1, 1, 0])])
case("index.separated", lambda: z[[0, 1], :, [1, 2]])
case("index.int", lambda: z[1, 2])
kind("index.assign", lambda: z.__setitem__(1, -1))

tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="off")
kind("off.int32+float32", lambda: tf.constant(1) + tf.constant(1.0))
tnp.experimental_enable_numpy_behavior()
case("legacy_again.int32+float32", lambda: tf.constant(1) + tf.constant(1.0))

# gradients through tnp functions and advanced indexing
w = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    tape.watch(w)
    loss = tnp.sum(tnp.square(tnp.matmul(w, w.T))) + tnp.sum(w[[0, 1], [1, 0]] * 3)
record_num("grad", tape.gradient(loss, w), 1e-6)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, sort_keys=True, separators=(",", ":"))
