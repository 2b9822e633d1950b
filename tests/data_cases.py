"""tf.data pipelines: run as `python data_cases.py tf|varrt`, it prints one line per case,
`label | what it printed` (a dataset's repr, cardinality, len() or its error, and its elements
as NumPy values; or an exception's type and message), so the same program's output under
TensorFlow and varrt can be compared (test_data_dataset.py). Random orders and numbers are
printed for a seed: varrt draws TensorFlow's."""
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


# --- generators ---------------------------------------------------------------------------------

def _gen():
    for i in range(4):
        yield i, [float(i)] * (i % 3)


def _gen_dict():
    yield {"x": np.int32(1), "y": "a"}
    yield {"x": np.int32(2), "y": "bc"}


def _raising():
    yield 1
    raise ValueError("the source failed")


def _gen_args(n, scale):
    for i in range(int(n)):
        yield i * float(scale)


case("generator signature", lambda: D.from_generator(_gen, output_signature=(
    tf.TensorSpec(shape=(), dtype=tf.int32), tf.TensorSpec(shape=(None,), dtype=tf.float32))))
case("generator legacy types", lambda: D.from_generator(_gen, output_types=(tf.int64, tf.float64)))
case("generator legacy types and shapes", lambda: D.from_generator(
    _gen, output_types=(tf.int64, tf.float32), output_shapes=((), (None,))))
case("generator dict", lambda: D.from_generator(_gen_dict, output_signature={
    "x": tf.TensorSpec((), tf.int32), "y": tf.TensorSpec((), tf.string)}))
case("generator args", lambda: D.from_generator(_gen_args, args=(3, 2.5), output_signature=tf.TensorSpec(
    (), tf.float32)))
case("generator then map and batch", lambda: D.from_generator(
    lambda: iter([1, 2, 3, 4, 5]), output_signature=tf.TensorSpec((), tf.int64)).map(lambda v: v * v).batch(2))
case("generator not callable", lambda: D.from_generator([1, 2], output_signature=tf.TensorSpec((), tf.int32)))
case("generator no types", lambda: D.from_generator(_gen))
case("generator both", lambda: D.from_generator(_gen, output_types=tf.int32,
                                                 output_signature=tf.TensorSpec((), tf.int32)))
case("generator shapes without types", lambda: D.from_generator(_gen, output_shapes=()))
# The messages below name a class by its module path, TensorFlow's or varrt's: compared up to it.
case("generator signature not spec", lambda: D.from_generator(_gen, output_signature=(tf.int32, tf.float32)),
     cut="<class")
case("generator wrong shape", lambda: D.from_generator(
    lambda: iter([[1, 2], [3]]), output_signature=tf.TensorSpec((2,), tf.int32)), cut="Traceback")
case("generator wrong dtype", lambda: D.from_generator(
    lambda: iter(["a"]), output_signature=tf.TensorSpec((), tf.int32)), cut="Traceback")
case("generator wrong structure", lambda: D.from_generator(
    lambda: iter([1]), output_signature=(tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.int32))),
     cut="Traceback")

# --- padded_batch, rebatch ------------------------------------------------------------------------

ragged = D.from_tensor_slices([1, 4, 2, 3, 0]).map(lambda v: tf.range(v) * 0 + v)  # v copies of v
case("padded_batch", lambda: ragged.padded_batch(2))
case("padded_batch drop", lambda: ragged.padded_batch(2, drop_remainder=True))
case("padded_batch shapes", lambda: ragged.padded_batch(3, padded_shapes=[5]))
case("padded_batch shapes and value", lambda: ragged.padded_batch(3, padded_shapes=(5,), padding_values=-1))
case("padded_batch too small", lambda: ragged.padded_batch(3, padded_shapes=[3]), cut="Traceback")
case("padded_batch tuple", lambda: D.zip((ragged, D.range(5))).padded_batch(2, padding_values=(
    7, np.int64(-3))))
case("padded_batch dict", lambda: ragged.map(lambda v: {"v": v, "n": tf.shape(v)[0]}).padded_batch(
    4, padded_shapes={"v": [None], "n": []}))
case("padded_batch 2d", lambda: D.range(1, 4).map(lambda v: tf.ones(tf.stack([v, 2]), tf.float32)).padded_batch(
    2, padded_shapes=[4, None], padding_values=0.5))
case("padded_batch strings", lambda: D.from_tensor_slices([["a"], ["b"]]).concatenate(
    D.from_tensors(tf.constant(["c", "d"]))).padded_batch(3))
case("padded_batch incompatible shape", lambda: ragged.padded_batch(2, padded_shapes=[2, 2]))
case("padded_batch value wrong type", lambda: ragged.padded_batch(2, padding_values=1.5))
case("padded_batch 0", lambda: ragged.padded_batch(0))
case("rebatch", lambda: D.range(7).batch(4).rebatch(3))
case("rebatch drop", lambda: D.range(7).batch(4).rebatch(3, drop_remainder=True))
case("rebatch list", lambda: D.range(10).batch(5).rebatch([2, 3]))
case("rebatch tuple", lambda: D.from_tensor_slices((x, y)).batch(5).rebatch(2))

# --- window, flat_map, interleave ------------------------------------------------------------------

case("window", lambda: D.range(7).window(3), cut="<class")
case("window flattened", lambda: D.range(7).window(3).flat_map(lambda w: w.batch(3)))
case("window shift stride", lambda: D.range(9).window(3, shift=2, stride=2).flat_map(lambda w: w.batch(5)))
case("window drop", lambda: D.range(7).window(3, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(3)))
case("window tuple", lambda: D.from_tensor_slices((x, y)).window(4).flat_map(
    lambda a, b: D.zip((a.batch(4), b.batch(4)))))
case("window element spec", lambda: str(D.from_tensor_slices({"k": y}).window(2).element_spec))
case("window element", lambda: repr(next(iter(D.range(5).window(2)))))
case("window size 0", lambda: D.range(3).window(0))
case("window shift 0", lambda: D.range(3).window(2, shift=0))
case("flat_map", lambda: D.range(1, 4).flat_map(lambda v: D.range(v)))
case("flat_map tensors", lambda: D.from_tensor_slices([[1, 2], [3, 4]]).flat_map(D.from_tensor_slices))
case("flat_map not dataset", lambda: D.range(2).flat_map(lambda v: v))
case("interleave", lambda: D.range(1, 5).interleave(lambda v: D.from_tensors(v).repeat(v), cycle_length=2))
case("interleave block", lambda: D.range(1, 4).interleave(
    lambda v: D.range(10 * v, 10 * v + 5), cycle_length=2, block_length=3))
case("interleave parallel", lambda: D.range(1, 5).interleave(
    lambda v: D.range(v), cycle_length=3, block_length=2, num_parallel_calls=tf.data.AUTOTUNE))
case("interleave parallel deterministic", lambda: D.range(1, 5).interleave(
    lambda v: D.range(v), cycle_length=3, num_parallel_calls=2, deterministic=True))
case("interleave not dataset", lambda: D.range(2).interleave(lambda v: v))

# --- cache, scan, unique, take_while, shard, assert_cardinality ---------------------------------

case("cache", lambda: D.range(4).map(lambda v: v + 1).cache())
case("scan", lambda: D.range(6).scan(np.int64(0), lambda s, v: (s + v, s * 10)))
case("scan nested state", lambda: D.range(1, 5).scan((0.0, np.int64(1)), lambda s, v: (
    (s[0] + 0.5, s[1] * v), {"p": s[1] * v, "h": s[0]})))
case("scan experimental", lambda: D.range(4).apply(tf.data.experimental.scan(np.int64(3),
                                                                              lambda s, v: (s - v, s))))
case("scan state type", lambda: D.range(3).scan(np.int64(0), lambda s, v: (tf.cast(s, tf.int32), v)))
case("scan state shape", lambda: D.range(3).scan(tf.constant([0], tf.int64),
                                                 lambda s, v: (tf.concat([s, tf.reshape(v, [1])], 0), v)))
case("unique", lambda: D.from_tensor_slices([3, 1, 3, 2, 1, 5]).unique())
case("unique strings", lambda: D.from_tensor_slices(["b", "a", "b"]).unique())
case("unique float", lambda: D.from_tensor_slices([1.0, 1.0]).unique())
case("unique vector", lambda: D.from_tensor_slices([[1], [1]]).unique())
case("take_while", lambda: D.range(10).take_while(lambda v: v < 4))
case("take_while tuple", lambda: D.from_tensor_slices((x, y)).take_while(lambda a, b: b < 2))
case("take_while not bool", lambda: D.range(3).take_while(lambda v: v))
case("shard", lambda: D.range(11).shard(3, 1))
case("shard of infinite", lambda: D.range(5).repeat().shard(2, 0))
case("shard bad index", lambda: D.range(5).shard(2, 2))
case("shard zero", lambda: D.range(5).shard(0, 0))
case("apply", lambda: D.range(5).apply(lambda d: d.skip(1).take(2)))
case("assert_cardinality", lambda: D.range(5).filter(lambda v: v < 9).apply(
    tf.data.experimental.assert_cardinality(5)))
case("assert_cardinality too few", lambda: D.range(3).filter(lambda v: v < 9).apply(
    tf.data.experimental.assert_cardinality(5)))
case("assert_cardinality too many", lambda: D.range(7).filter(lambda v: v < 9).apply(
    tf.data.experimental.assert_cardinality(5)))
case("assert_cardinality infinite", lambda: D.range(3).apply(
    tf.data.experimental.assert_cardinality(tf.data.INFINITE_CARDINALITY)))

# --- choose_from_datasets, sample_from_datasets, numpy iterator ---------------------------------

case("choose_from_datasets", lambda: D.choose_from_datasets(
    [D.range(3), D.range(10, 14)], D.from_tensor_slices(np.array([1, 0, 1, 1, 0, 0, 1], np.int64))))
case("choose_from_datasets stop", lambda: D.choose_from_datasets(
    [D.range(2), D.range(10, 12)], D.from_tensor_slices(np.array([0, 0, 0, 1], np.int64)),
    stop_on_empty_dataset=True))
case("choose_from_datasets skip empty", lambda: D.choose_from_datasets(
    [D.range(2), D.range(10, 12)], D.from_tensor_slices(np.array([0, 0, 0, 1], np.int64)),
    stop_on_empty_dataset=False))
case("choose_from_datasets bad index", lambda: D.choose_from_datasets(
    [D.range(2)], D.from_tensor_slices(np.array([0, 3], np.int64))), cut="Traceback")
case("choose_from_datasets int32", lambda: D.choose_from_datasets(
    [D.range(2)], D.from_tensor_slices(np.array([0], np.int32))))
case("choose_from_datasets empty", lambda: D.choose_from_datasets([], D.range(1)))
case("sample_from_datasets one weight", lambda: D.sample_from_datasets(
    [D.range(3), D.range(10, 13)], weights=[0.0, 1.0], seed=5))
case("sample_from_datasets spec", lambda: str(D.sample_from_datasets([D.range(3), D.range(4)]).element_spec))
case("sample_from_datasets mismatched", lambda: D.sample_from_datasets([D.range(3), D.from_tensors(1.0)]))
case("sample_from_datasets weights length", lambda: D.sample_from_datasets([D.range(3)], weights=[0.5, 0.5]))
case("numpy iterator of windows", lambda: D.range(3).window(2).as_numpy_iterator(), cut="<class")
case("numpy iterator nested", lambda: list(D.from_tensors((1, {"a": "s"})).as_numpy_iterator()))

# --- random streams: TensorFlow's numbers for a seed -----------------------------------------------

case("random", lambda: D.random(seed=42).take(9))
case("random repr", lambda: D.random(seed=7))


def _random_global_seed():
    tf.random.set_seed(5)
    return D.random().take(5)


case("random global seed", _random_global_seed)
case("random iterated twice", lambda: [list(d.as_numpy_iterator()) for d in [D.random(seed=3).take(3)] * 2])
case("sample_from_datasets", lambda: D.sample_from_datasets([D.range(6), D.range(100, 106)], seed=11))
case("sample_from_datasets weights", lambda: D.sample_from_datasets(
    [D.range(5), D.range(10, 20), D.range(100, 105)], weights=[0.2, 0.5, 0.3], seed=4))
case("sample_from_datasets stop", lambda: D.sample_from_datasets(
    [D.range(2), D.range(10, 20)], weights=[0.6, 0.4], seed=9, stop_on_empty_dataset=True))
case("sample_from_datasets tensor weights", lambda: D.sample_from_datasets(
    [D.range(4), D.range(10, 14)], weights=tf.constant([0.25, 0.75], tf.float64), seed=2))
case("sample_from_datasets weights dataset", lambda: D.sample_from_datasets(
    [D.range(5), D.range(10, 15)], weights=D.from_tensor_slices([[1.0, 0.0], [0.0, 1.0]]).repeat(3), seed=6))
case("sample_from_datasets nested", lambda: D.sample_from_datasets(
    [D.from_tensor_slices(({"a": [1, 2]}, [1.0, 2.0])), D.from_tensor_slices(({"a": [7]}, [9.0]))], seed=1))
case("sample_from_datasets int weights", lambda: D.sample_from_datasets([D.range(2), D.range(2)],
                                                                         weights=tf.constant([1, 1])))

# --- side effects: what runs how often -------------------------------------------------------------


def _cache_reads_input_once():
    calls = []

    def count(v):
        calls.append(int(v))
        return v

    ds = D.range(4).map(lambda v: tf.py_function(count, [v], tf.int64)).cache()
    partial = list(ds.take(2).as_numpy_iterator())  # an unfinished pass keeps nothing
    seen = [len(calls)]
    passes = [list(ds.as_numpy_iterator()) for _ in range(2)]
    return partial, passes, seen + [len(calls)]


def _cache_file_replays():
    import os
    import tempfile
    path = os.path.join(tempfile.mkdtemp(), "cache")
    first = list(D.from_tensor_slices((["a", "bc"], [[1.5], [2.5]])).cache(path).as_numpy_iterator())
    # A second pipeline over the same file reads the file, not its own input.
    second = list(D.from_tensor_slices((["x", "y", "z"], [[0.0], [0.0], [0.0]])).cache(path).as_numpy_iterator())
    return first, second


def _generator_called_per_pass():
    calls = []

    def gen():
        calls.append(1)
        yield from range(3)

    ds = D.from_generator(gen, output_signature=tf.TensorSpec((), tf.int64))
    return [list(ds.as_numpy_iterator()) for _ in range(2)], len(calls)


case("cache reads its input once", _cache_reads_input_once)
case("cache file replays", _cache_file_replays)
case("generator called per pass", _generator_called_per_pass)
case("window of an endless input", lambda: D.range(5).repeat().window(3, shift=2).flat_map(
    lambda w: w.batch(3)).take(4))
case("interleave of windows", lambda: D.range(8).window(3).interleave(lambda w: w.map(lambda v: v * 10),
                                                                       cycle_length=2, block_length=2))
case("parallel map order", lambda: D.range(9).map(lambda v: v * v, num_parallel_calls=3).batch(4))
case("parallel map tuple", lambda: D.from_tensor_slices((x, y)).map(lambda a, b: (tf.reduce_sum(a), b + 1),
                                                                    num_parallel_calls=2, deterministic=True))
case("parallel map not deterministic", lambda: sorted(D.range(7).map(
    lambda v: v + 1, num_parallel_calls=4, deterministic=False).as_numpy_iterator()))

# --- more nests, cardinalities and errors ---------------------------------------------------------

P3 = collections.namedtuple("P3", "v n")
case("padded_batch namedtuple", lambda: ragged.map(lambda v: P3(v, tf.size(v))).padded_batch(3))
case("padded_batch unknown rank", lambda: D.from_generator(lambda: iter([[1]]), output_types=tf.int32).padded_batch(2))
case("padded_batch values not scalar", lambda: ragged.padded_batch(2, padding_values=np.array([1, 2], np.int32)))
case("window dict", lambda: D.from_tensor_slices({"a": [1, 2, 3], "b": ["x", "y", "z"]}).window(2).flat_map(
    lambda w: D.zip({"a": w["a"].batch(2), "b": w["b"].batch(2)})))
case("window cardinality", lambda: [int(D.range(n).window(3, shift=s, stride=t, drop_remainder=d).cardinality())
                                    for n, s, t, d in [(7, 3, 1, False), (10, 2, 2, True), (4, 1, 3, True),
                                                       (11, 4, 1, False)]])
case("window stride 0", lambda: D.range(3).window(2, stride=0))
case("flat_map dict", lambda: D.from_tensor_slices({"k": np.array([1, 3], np.int64)}).flat_map(
    lambda d: D.range(d["k"]).map(lambda v: {"v": v, "k": d["k"]})))
case("scan dict element", lambda: D.from_tensor_slices({"a": [1, 2, 3]}).scan(0, lambda s, e: (s + e["a"], s)))
case("scan not a pair", lambda: D.range(3).scan(np.int64(0), lambda s, v: s + v))
case("unique tuple", lambda: D.from_tensor_slices(([1, 1, 2], [5, 5, 5])).unique())
case("take_while namedtuple", lambda: D.from_tensor_slices(P3([1, 2, 3], [4, 0, 6])).take_while(lambda p: p.n > 0))
case("interleave wide cycle", lambda: D.range(1, 3).interleave(lambda v: D.range(v), cycle_length=5))
case("interleave block 0", lambda: D.range(3).interleave(lambda v: D.range(v), cycle_length=1, block_length=0))
case("rebatch scalars", lambda: D.range(5).rebatch(2))
case("rebatch uneven sizes of scalars", lambda: D.range(5).rebatch([1, 2]))
case("unbatch scalars", lambda: D.range(3).unbatch())
case("rebatch components disagree", lambda: D.zip((D.range(6).batch(2, drop_remainder=True),
                                                  D.range(6).batch(3, drop_remainder=True))).rebatch(2))
case("range of an int32 tensor", lambda: D.range(tf.constant(3)))
case("range of a float", lambda: D.range(0, 2.5))
case("range of int64 tensors", lambda: D.range(tf.constant(1, tf.int64), tf.constant(4, tf.int64)))
case("interleave parallel cycle 0", lambda: D.range(3).interleave(lambda v: D.range(v), cycle_length=0,
                                                                  num_parallel_calls=2))
case("interleave parallel block 0", lambda: D.range(3).interleave(lambda v: D.range(v), cycle_length=2,
                                                                  block_length=0, num_parallel_calls=2))
case("generator raises another error", lambda: D.from_generator(lambda: (1 // 0 for _ in [1]),
                                                                output_types=tf.int32), cut="Traceback")
case("rebatch divisible", lambda: D.range(12).batch(6, drop_remainder=True).rebatch(3))
case("shard tuple", lambda: D.from_tensor_slices((x, y)).shard(4, 3))
case("cache of a map", lambda: D.range(3).map(lambda v: (v, tf.cast(v, tf.float32))).cache().repeat(2))
case("generator raises", lambda: D.from_generator(_raising, output_signature=tf.TensorSpec((), tf.int32)),
     cut="Traceback")
case("generator float into int", lambda: D.from_generator(lambda: iter([1.7, -2.2]),
                                                         output_signature=tf.TensorSpec((), tf.int32)))
case("generator nested list", lambda: D.from_generator(lambda: iter([(1, [2, 3])]), output_types=(tf.int64, tf.int64),
                                                      output_shapes=((), (2,))))
case("sample_from_datasets cardinality", lambda: [int(D.sample_from_datasets(
    [D.range(3), D.range(4)], stop_on_empty_dataset=s).cardinality()) for s in (True, False)])
case("choose_from_datasets not dataset", lambda: D.choose_from_datasets([D.range(2)], [0, 0]))

# --- shuffle: TensorFlow's order for a seed --------------------------------------------------------


def _passes(ds, n=2):
    return [list(ds.as_numpy_iterator()) for _ in range(n)]


def _shuffle_global_seed():
    tf.random.set_seed(21)
    first = D.range(9).shuffle(4)
    second = D.range(9).shuffle(4)
    return _passes(first) + _passes(second, 1)


case("shuffle", lambda: D.range(23).shuffle(5, seed=13))
case("shuffle passes", lambda: _passes(D.range(11).shuffle(3, seed=8), 3))
case("shuffle fixed", lambda: _passes(D.range(11).shuffle(6, seed=8, reshuffle_each_iteration=False)))
case("shuffle buffer larger", lambda: D.range(6).shuffle(50, seed=2))
case("shuffle whole input", lambda: D.range(13).shuffle(tf.data.UNKNOWN_CARDINALITY, seed=30))
case("shuffle buffer 1", lambda: D.range(5).shuffle(1, seed=4))
case("shuffle then repeat", lambda: D.range(7).shuffle(3, seed=17).repeat(3))
case("repeat then shuffle", lambda: D.range(7).repeat(3).shuffle(5, seed=17))
case("shuffle tuple then batch", lambda: D.from_tensor_slices((x, y)).shuffle(4, seed=99).batch(3))
case("shuffle dict", lambda: D.from_tensor_slices({"s": ["a", "b", "c", "d"], "n": [1, 2, 3, 4]}).shuffle(
    2, seed=5))
case("shuffle global seed", _shuffle_global_seed)
case("shuffle buffer 0", lambda: D.range(3).shuffle(0))
case("random rerandomized passes", lambda: _passes(D.random(seed=12, rerandomize_each_iteration=True).take(4), 3))
case("sample_from_datasets rerandomized passes", lambda: _passes(D.sample_from_datasets(
    [D.range(4), D.range(10, 14)], seed=3, rerandomize_each_iteration=True)))
case("training input", lambda: D.from_tensor_slices((x, y)).shuffle(6, seed=1).map(
    lambda a, b: (a / 24.0, b), num_parallel_calls=tf.data.AUTOTUNE).batch(4, drop_remainder=True).prefetch(1))
# map then batch: varrt runs an elementwise map once per batch (data/map_vectorization.py); the
# values and orders must be the per-element ones, and a map that is not elementwise runs per element.
images = (np.arange(50 * 3 * 2) * 37 % 256).astype(np.uint8).reshape(50, 3, 2)
labels = np.arange(50) % 7
case("map batched passes", lambda: _passes(D.from_tensor_slices((images, labels)).shuffle(17, seed=5).map(
    lambda a, b: (tf.cast(a, tf.float32) / 255.0 - 0.5, b * 2)).batch(7)))
case("map batched constant row", lambda: D.from_tensor_slices((x, y)).shuffle(5, seed=3).map(
    lambda a, b: (tf.maximum(a - tf.constant([1.0, 2.0, 3.0, 4.0]), 2.5) * 3.0, b)).batch(4))
case("map batched without shuffle", lambda: D.from_tensor_slices(x).map(lambda a: a * 2.0 + 1.0).batch(4))
case("map batched reduce", lambda: D.from_tensor_slices((x, y)).shuffle(6, seed=2).map(
    lambda a, b: (tf.reduce_sum(a), b)).batch(4))
case("map batched scalar times row", lambda: D.from_tensor_slices((x, y)).shuffle(6, seed=2).map(
    lambda a, b: (a * tf.cast(b, tf.float32), b)).batch(4))
case("map batched division by zero", lambda: list(D.from_tensor_slices(np.array([4, 2, 0, 1, 3])).shuffle(
    5, seed=2).map(lambda v: 8 // v).batch(2).as_numpy_iterator()))
case("map batched parallel drop", lambda: D.from_tensor_slices((images, labels)).shuffle(50, seed=9).map(
    lambda a, b: (tf.cast(a, tf.float32) * 0.5, tf.cast(b, tf.float64)), num_parallel_calls=3).batch(
    8, drop_remainder=True).take(3))


def _lengths():
    lengths = [3, 1, 7, 2, 9, 4, 12, 5, 6, 1, 8, 11, 2]
    return D.from_generator(lambda: (np.arange(1, n + 1, dtype=np.int32) * (i + 1) for i, n in enumerate(lengths)),
                            output_signature=tf.TensorSpec([None], tf.int32))


case("group_by_window", lambda: D.range(23).group_by_window(lambda v: v % 3, lambda k, w: w.batch(4), window_size=4))
case("group_by_window size func", lambda: D.range(23).group_by_window(
    lambda v: v % 4, lambda k, w: w.batch(10).map(lambda b: (k, tf.reduce_sum(b))), window_size_func=lambda k: k + 2))
case("group_by_window both sizes", lambda: D.range(3).group_by_window(lambda v: v, lambda k, w: w, window_size=2,
                                                                      window_size_func=lambda k: 2))
case("group_by_window float key", lambda: D.range(3).group_by_window(lambda v: tf.cast(v, tf.float32),
                                                                     lambda k, w: w, window_size=2))
case("bucket_by_sequence_length", lambda: _lengths().bucket_by_sequence_length(
    lambda v: tf.shape(v)[0], bucket_boundaries=[3, 6, 10], bucket_batch_sizes=[2, 2, 3, 2]))
case("bucket_by_sequence_length drop_remainder", lambda: _lengths().bucket_by_sequence_length(
    lambda v: tf.shape(v)[0], [4, 8], [3, 2, 2], drop_remainder=True))
case("bucket_by_sequence_length to boundary", lambda: _lengths().take(6).bucket_by_sequence_length(
    lambda v: tf.shape(v)[0], [5, 10], [2, 2, 2], pad_to_bucket_boundary=True, padding_values=-1))
case("bucket_by_sequence_length no padding", lambda: D.range(11).map(lambda v: tf.fill([v % 3 + 1], v)).
     bucket_by_sequence_length(lambda v: tf.size(v), [2, 3], [2, 3, 2], no_padding=True))
case("bucket_by_sequence_length sizes", lambda: _lengths().bucket_by_sequence_length(
    lambda v: tf.shape(v)[0], [5], [2]))
case("experimental group_by_window", lambda: D.range(9).apply(tf.data.experimental.group_by_window(
    lambda v: v % 2, lambda k, w: w.batch(3), window_size=3)))
case("experimental bucket_by_sequence_length", lambda: _lengths().apply(
    tf.data.experimental.bucket_by_sequence_length(lambda v: tf.shape(v)[0], [6], [3, 2])))
