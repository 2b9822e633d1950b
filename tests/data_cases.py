"""tf.data pipelines: run as `python data_cases.py tf|varrt`, it prints one line per case,
`label | what it printed` (a dataset's repr, cardinality, len() or its error, and its elements
as NumPy values; or an exception's type and message), so the same program's output under
TensorFlow and varrt can be compared (test_data_dataset.py). Shuffle orders are not printed:
varrt's differ from TensorFlow's for the same seed (test_data_dataset.py checks them apart)."""
import collections
import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf
import numpy as np

D = tf.data.Dataset
Point = collections.namedtuple("Point", "a b")


def show(value):
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {show(v)}" for k, v in sorted(value.items())) + "}"
    if hasattr(value, "_fields"):
        return type(value).__name__ + show(tuple(value))
    a = np.asarray(value)
    return f"{a.dtype}{list(a.shape)}={a.tolist()!r}"


def case(label, fn, cut=None):
    """`cut`: the message is printed up to this text (TensorFlow's words after it vary by run)."""
    try:
        ds = fn()
        if isinstance(ds, D):
            try:
                n = len(ds)
            except Exception as e:  # noqa: BLE001 - the error is the result being compared
                n = f"{type(e).__name__}: {e}"
            line = f"{ds!r} | {int(ds.cardinality())} | {n} | {show(list(ds.take(12).as_numpy_iterator()))}"
        else:
            line = show(ds)
        print(f"{label} | {line}")
    except Exception as e:  # noqa: BLE001
        message = " ".join(str(e).split())
        print(f"{label} | {type(e).__name__} | {message.split(cut)[0] if cut else message}")


x = np.arange(24, dtype=np.float32).reshape(6, 4)
y = np.array([0, 1, 2, 0, 1, 2])
case("slices", lambda: D.from_tensor_slices([1, 2, 3]))
case("slices of a matrix", lambda: D.from_tensor_slices(x))
case("slices tuple", lambda: D.from_tensor_slices((x, y)))
case("slices dict", lambda: D.from_tensor_slices({"a": [1.0, 2.0], "b": [[1], [2]]}))
case("slices namedtuple", lambda: D.from_tensor_slices(Point([1, 2], [3.0, 4.0])))
case("slices strings", lambda: D.from_tensor_slices(["ab", "c"]))
case("slices bool", lambda: D.from_tensor_slices(np.array([True, False])))
case("slices scalar", lambda: D.from_tensor_slices(1))
case("slices mismatched", lambda: D.from_tensor_slices((np.zeros(3), np.zeros(4))))
case("tensors", lambda: D.from_tensors([1, 2, 3]))
case("tensors tuple", lambda: D.from_tensors((1.5, [2, 3])))
case("range", lambda: D.range(5))
case("range start stop step", lambda: D.range(2, 10, 3))
case("range backwards", lambda: D.range(5, 1, -2))
case("range int32", lambda: D.range(3, output_type=tf.int32))
case("range empty", lambda: D.range(0))
case("range step 0", lambda: D.range(0, 5, 0))
case("batch", lambda: D.range(10).batch(3))
case("batch drop", lambda: D.range(10).batch(3, drop_remainder=True))
case("batch tuple", lambda: D.from_tensor_slices((x, y)).batch(4))
case("batch 0", lambda: D.range(3).batch(0))
# TensorFlow copies a batch's elements in parallel: which shapes its message names varies by run.
case("batch ragged", lambda: D.from_tensor_slices([1, 2, 3]).map(lambda v: tf.range(v)).batch(3), cut="Shapes are")
case("unbatch", lambda: D.range(6).batch(4).unbatch())
case("map", lambda: D.range(4).map(lambda v: v * 2))
case("map parallel", lambda: D.range(4).map(lambda v: v * 2, num_parallel_calls=tf.data.AUTOTUNE))
case("map tuple unpacked", lambda: D.from_tensor_slices(([1, 2], [3, 4])).map(lambda a, b: a + b))
case("map list becomes tuple", lambda: D.range(2).map(lambda v: [v, v + 1]))
case("map dict", lambda: D.from_tensor_slices({"a": [1, 2]}).map(lambda d: {"b": d["a"] * 3}))
case("map namedtuple argument", lambda: D.from_tensor_slices(Point([1, 2], [3, 4])).map(lambda p: p.a + p.b))
case("map cast and shape", lambda: D.from_tensor_slices(x).map(lambda r: tf.cast(r, tf.float64) / 2.0))
case("filter", lambda: D.range(6).filter(lambda v: v % 2 == 0))


def _scaled_when_big(v):
    if v > 2:  # Python control flow on a tensor: AutoGraph converts it, as TensorFlow's map does
        return v * 10
    return v


def _is_odd(v):
    if v % 2 == 1:
        return True
    return False


case("map with python control flow", lambda: D.range(5).map(_scaled_when_big))
case("filter with python control flow", lambda: D.range(5).filter(_is_odd))
case("filter not bool", lambda: D.range(3).filter(lambda v: v))
case("repeat", lambda: D.range(3).repeat(2))
case("repeat forever", lambda: D.range(3).repeat())
case("repeat empty forever", lambda: D.range(0).repeat())
case("take", lambda: D.range(10).take(3))
case("take all", lambda: D.range(3).take(-1))
case("take of infinite", lambda: D.range(3).repeat().take(5))
case("skip", lambda: D.range(10).skip(7))
case("skip past end", lambda: D.range(3).skip(5))
case("prefetch", lambda: D.range(3).prefetch(1))
case("zip", lambda: D.zip((D.range(3), D.range(3, 6))))
case("zip args", lambda: D.zip(D.range(2), D.range(4)))
case("zip list", lambda: D.zip([D.range(1), D.range(1)]))
case("zip dict", lambda: D.zip({"a": D.range(2), "b": D.from_tensor_slices([1.0, 2.0])}))
case("concatenate", lambda: D.range(2).concatenate(D.range(5, 7)))
case("concatenate shapes", lambda: D.from_tensors([1, 2]).concatenate(D.from_tensors([1, 2, 3])))
case("concatenate dtypes", lambda: D.range(2).concatenate(D.from_tensor_slices([1.0])))
case("enumerate", lambda: D.from_tensor_slices(["a", "b"]).enumerate())
case("enumerate start", lambda: D.range(2).enumerate(start=5))
case("pipeline", lambda: D.from_tensor_slices((x, y)).map(lambda a, b: (a / 10.0, b)).batch(4).prefetch(
    tf.data.AUTOTUNE))
case("filter then batch", lambda: D.range(7).filter(lambda v: v > 1).batch(2))
case("reduce", lambda: D.range(5).reduce(np.int64(0), lambda s, v: s + v))
case("reduce tuple", lambda: D.from_tensor_slices((x, y)).reduce(0.0, lambda s, e: s + tf.reduce_sum(e[0])))
case("reduce wrong type", lambda: D.range(4).reduce(tf.constant(0, tf.int64), lambda s, v: tf.cast(s + v, tf.int32)))
case("element_spec of batch", lambda: str(D.range(3).batch(2).element_spec))
case("cardinality", lambda: D.range(3).cardinality())
case("experimental cardinality", lambda: tf.data.experimental.cardinality(D.range(3).repeat()))
case("constants", lambda: (tf.data.AUTOTUNE, tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY,
                           tf.data.experimental.AUTOTUNE))
case("iterate tensors", lambda: [t for t in D.range(2)])
case("iterator get_next", lambda: iter(D.range(1)).get_next())


def _exhausted():
    it = iter(D.range(1))
    it.get_next()
    return it.get_next()


case("iterator get_next at end", _exhausted)


def _next_at_end():
    it = iter(D.range(0))
    return next(it)


case("next at end", _next_at_end)
