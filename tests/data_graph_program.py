"""Datasets iterated while a graph is built, run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py data_graph_program.py data_in_graphs, into
tests/fixtures/data_in_graphs/) and under varrt (by tests/test_data_in_graphs.py): a `for` over a
dataset in a tf.function (a loop of the graph: its sum, count, a break on a tensor condition,
variable updates per element, the element's static shape while traced), `next(iter(ds))` in a
function, past the end (OutOfRangeError), a dataset made inside the function, an iterator made
outside the function read by `next` and `for` in it, and TensorFlow 1's
one-shot and initializable iterators in a Session.

    python data_graph_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json ({case: text})."""
import json
import os
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


def values(x):
    return repr(tf.nest.map_structure(lambda t: np.asarray(t).tolist(), x))


ds = tf.data.Dataset.from_tensor_slices(np.arange(11, dtype=np.float32)).batch(4)
shapes = []


@tf.function
def total():
    s = tf.constant(0.0)
    n = 0
    for x in ds:
        shapes.append(tuple(x.shape))
        s += tf.reduce_sum(x)
        n += 1
    return s, n


record("for.sum_and_count", values(total()))
record("for.again", values(total()))  # each run iterates the dataset anew
record("for.traced_shape", repr(shapes[:1]))


@tf.function
def until(limit):
    s = tf.constant(0.0)
    for x in ds:
        if s > limit:
            break
        s += tf.reduce_sum(x)
    return s


record("for.break", values([until(tf.constant(5.0)), until(tf.constant(100.0))]))

pairs = tf.data.Dataset.from_tensor_slices((np.arange(10, dtype=np.float32).reshape(5, 2), np.arange(5)))
v = tf.Variable(0.0)


@tf.function
def train():
    for x, y in pairs.batch(2):
        v.assign_add(tf.reduce_sum(x) * tf.cast(tf.reduce_sum(y), tf.float32))
    return v.read_value()


record("for.variable_updates", values([train(), train()]))


@tf.function
def first_two():
    it = iter(ds)
    return next(it), next(it)


record("next.first_two", values(first_two()))


@tf.function
def made_inside(n):
    s = tf.constant(0, tf.int64)
    for x in tf.data.Dataset.range(6).map(lambda x: x * 2):
        s += x
    return s + n


record("for.dataset_made_inside", values(made_inside(tf.constant(1, tf.int64))))


@tf.function
def past_end():
    it = iter(tf.data.Dataset.range(2))
    return next(it) + next(it) + next(it)


try:
    past_end()
    record("next.past_end", "no error")
except Exception as e:  # noqa: BLE001 - the type and the message's ends are compared
    text = str(e)
    record("next.past_end", (type(e).__name__, text.splitlines()[0], "End of sequence" in text))



@tf.function
def consume_next(iterator):
    return next(iterator) * 10


# An iterator made outside the function (the function guide's good_consume_next): each call takes
# the next element when the graph runs, one trace serves them all, OutOfRangeError at the end.
outside = iter(tf.data.Dataset.from_tensor_slices([1, 2, 3]))
got = [values(consume_next(outside)) for _ in range(3)]
try:
    consume_next(outside)
    got.append("no error")
except tf.errors.OutOfRangeError as e:
    got.append(type(e).__name__)
record("next.outside_iterator", repr(got + [consume_next.experimental_get_tracing_count()]))


@tf.function
def rest_sum(iterator):
    s = tf.constant(0, tf.int64)
    for x in iterator:
        s += x
    return s


partly = iter(tf.data.Dataset.range(9))
first = next(partly)
record("for.outside_iterator", values((first, rest_sum(partly), rest_sum(partly))))
closure = iter(tf.data.Dataset.from_tensor_slices({"a": [1.5, 2.5, 3.5], "b": [[1, 2], [3, 4], [5, 6]]}))


@tf.function
def two_of_closure():
    return closure.get_next(), next(closure)


record("next.closure_iterator", values(two_of_closure()))

tf1 = tf.compat.v1
with tf.Graph().as_default():
    it = tf1.data.make_one_shot_iterator(tf.data.Dataset.range(5).map(lambda x: x * 2).batch(2))
    nxt = it.get_next()
    with tf1.Session() as sess:
        got = []
        try:
            for _ in range(10):
                got.append(sess.run(nxt).tolist())
        except tf.errors.OutOfRangeError as e:
            got.append(type(e).__name__)
    record("tf1.one_shot", repr(got))
with tf.Graph().as_default():
    it = tf1.data.make_initializable_iterator(tf.data.Dataset.range(3))
    nxt = it.get_next()
    with tf1.Session() as sess:
        rounds = []
        for _ in range(2):
            sess.run(it.initializer)
            got = []
            try:
                for _ in range(10):
                    got.append(int(sess.run(nxt)))
            except tf.errors.OutOfRangeError:
                pass
            rounds.append(got)
    record("tf1.initializable", repr(rounds))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
