"""SparseTensor elements through tf.data (from_tensor_slices alone and in tuples and dicts,
from_tensors, from_generator, batch with and without drop_remainder and of differing dense
shapes, unbatch, map into and out of sparse, shuffle, take, cache, prefetch, zip, concatenate,
element_spec) and padded_batch's refusal, run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/sparse_data/) and under varrt (by
tests/test_data_sparse.py).

    python sparse_data_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}, each element printed, errors as type and message."""
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


def case(name, fn):
    """The case's text: what `fn` returns (a dataset: its element_spec then each element), or
    the error it raises."""
    try:
        value = fn()
        if isinstance(value, tf.data.Dataset):
            value = [repr(value.element_spec)] + [str(e) for e in value]
        results[name] = value if isinstance(value, str) else repr(value)
    except Exception as e:  # noqa: BLE001 - the error is the case's result
        results[name] = f"{type(e).__name__}: {e}"


def guide_sparse():
    # The sparse_tensor guide's example: rows 1-3 empty.
    return tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)], values=[1, 1, 1, 1, 1, 1],
                                  dense_shape=(6, 4))


def float_sparse():
    return tf.sparse.SparseTensor(indices=[[0, 1, 0], [2, 0, 1], [2, 2, 2], [4, 1, 1]],
                                  values=np.array([1.5, -2.0, 3.25, 4.0], np.float32), dense_shape=[5, 3, 3])


def int64_sparse():
    return tf.sparse.SparseTensor(indices=[[1, 2], [3, 0], [6, 1]], values=np.array([7, 8, 9], np.int64),
                                  dense_shape=[7, 3])


def slices():
    return tf.data.Dataset.from_tensor_slices(guide_sparse())


# --- slices, batches, unbatches ---------------------------------------------------------------------
case("slices", slices)
case("repr", lambda: repr(slices()))
case("cardinality", lambda: int(slices().cardinality()))
for size in (1, 2, 4, 6, 7):
    case(f"batch_{size}", lambda size=size: slices().batch(size))
    case(f"batch_{size}_drop", lambda size=size: slices().batch(size, drop_remainder=True))
case("batch_unbatch", lambda: slices().batch(4).unbatch())
case("batch_batch", lambda: slices().batch(2).batch(2))
case("float_rank3", lambda: tf.data.Dataset.from_tensor_slices(float_sparse()).batch(2))
case("float_rank3_unbatch_twice", lambda: tf.data.Dataset.from_tensors(float_sparse()).unbatch().unbatch().take(5))
case("int64", lambda: tf.data.Dataset.from_tensor_slices(int64_sparse()).batch(3))
case("from_tensors", lambda: tf.data.Dataset.from_tensors(guide_sparse()))
case("from_tensors_unbatch", lambda: tf.data.Dataset.from_tensors(guide_sparse()).unbatch().skip(3))
case("tuple", lambda: tf.data.Dataset.from_tensor_slices((guide_sparse(), np.arange(6))).batch(4))
case("dict", lambda: tf.data.Dataset.from_tensor_slices({"s": guide_sparse(), "d": np.arange(12.0).reshape(6, 2)})
     .batch(5))
case("strings", lambda: tf.data.Dataset.from_tensor_slices(tf.sparse.SparseTensor(
    [[0, 1], [2, 0]], ["a", "bc"], [3, 2])).batch(2))
case("nested", lambda: tf.data.Dataset.from_tensor_slices(
    ((guide_sparse(), {"k": np.arange(6)}), guide_sparse())).batch(3).unbatch().take(2))
case("mismatched_rows", lambda: tf.data.Dataset.from_tensor_slices((guide_sparse(), np.arange(5))))
case("scalar_sparse_slices", lambda: tf.data.Dataset.from_tensor_slices(
    tf.sparse.SparseTensor(np.zeros((0, 0), np.int64), np.zeros((0,), np.float32), np.zeros((0,), np.int64))))


# --- dense shapes that differ: the batch takes the largest ----------------------------------------
def ragged_sparse_gen():
    yield tf.sparse.SparseTensor([[0]], [1.0], [2])
    yield tf.sparse.SparseTensor([[3], [4]], [2.0, 3.0], [5])
    yield tf.sparse.SparseTensor(np.zeros((0, 1), np.int64), np.zeros((0,), np.float32), [1])


def from_generator():
    return tf.data.Dataset.from_generator(ragged_sparse_gen,
                                          output_signature=tf.SparseTensorSpec([None], tf.float32))


def wrong_dtype_gen():
    yield tf.sparse.SparseTensor([[0]], [1], [2])


case("generator", from_generator)
case("generator_wrong_dtype", lambda: list(tf.data.Dataset.from_generator(
    wrong_dtype_gen, output_signature=tf.SparseTensorSpec([None], tf.float32))))
results["generator_wrong_dtype"] = results["generator_wrong_dtype"].split("\n")[0]  # not the traceback
case("generator_batch", lambda: from_generator().batch(2))
case("generator_batch_all", lambda: from_generator().batch(3))
case("generator_batch_unbatch", lambda: from_generator().batch(3).unbatch())
case("generator_map_to_dense", lambda: from_generator().map(tf.sparse.to_dense))

# --- maps ------------------------------------------------------------------------------------------
case("map_times_two", lambda: slices().map(lambda x: x * 2))
case("map_batched_times_two", lambda: slices().batch(4).map(lambda x: x * 2))
case("map_rebuild", lambda: slices().map(lambda x: tf.sparse.SparseTensor(x.indices, x.values * 3, x.dense_shape)))
case("map_to_dense", lambda: slices().map(tf.sparse.to_dense))
case("map_batched_to_dense", lambda: slices().batch(4).map(tf.sparse.to_dense))
case("map_from_dense", lambda: tf.data.Dataset.from_tensor_slices(np.array([[0, 2.0], [0, 0], [3, 0]], np.float32))
     .map(tf.sparse.from_dense))
case("map_from_dense_batch", lambda: tf.data.Dataset.from_tensor_slices(
    np.array([[0, 2.0], [0, 0], [3, 0]], np.float32)).map(tf.sparse.from_dense).batch(2))
case("map_tuple", lambda: tf.data.Dataset.from_tensor_slices((guide_sparse(), np.arange(6))).map(
    lambda s, i: (tf.sparse.reduce_sum(s), i * 2)))
case("map_shape", lambda: slices().map(lambda x: (x, x.shape)).element_spec)

# --- the other transformations ------------------------------------------------------------------------
case("shuffle", lambda: slices().shuffle(6, seed=3))
case("take_skip", lambda: slices().skip(2).take(3))
case("cache", lambda: slices().cache())
case("prefetch", lambda: slices().prefetch(2))
case("repeat_batch", lambda: slices().repeat(2).batch(5))
case("zip", lambda: tf.data.Dataset.zip(slices(), tf.data.Dataset.range(10)))
case("concatenate", lambda: slices().take(2).concatenate(slices().skip(5)))
case("concatenate_dense", lambda: slices().concatenate(tf.data.Dataset.from_tensor_slices(np.zeros((2, 4),
                                                                                                   np.int32))))
case("filter", lambda: slices().filter(lambda x: tf.size(x.values) > 0))
case("flat_map", lambda: slices().flat_map(lambda x: tf.data.Dataset.from_tensors(x).repeat(2)).take(3))
case("interleave", lambda: slices().interleave(lambda x: tf.data.Dataset.from_tensors(x), cycle_length=2))
case("window_spec", lambda: slices().window(2).element_spec)
case("rebatch", lambda: slices().batch(2).rebatch(3))
case("choose", lambda: tf.data.Dataset.choose_from_datasets([slices(), slices().skip(3)], tf.data.Dataset.from_tensor_slices(
    np.array([1, 0, 1], np.int64))))
case("reduce", lambda: slices().reduce(tf.constant(0), lambda s, x: s + tf.sparse.reduce_sum(x)))
case("unique", lambda: slices().unique())


@tf.function
def sum_in_function(ds):
    total = tf.constant(0)
    for x in ds:
        total += tf.sparse.reduce_sum(x) * tf.cast(x.dense_shape[0], tf.int32)
    return total


case("for_in_function", lambda: sum_in_function(slices().batch(4)))
case("padded_batch", lambda: slices().padded_batch(2))
case("as_numpy", lambda: list(slices().take(1).as_numpy_iterator()))
case("element_spec_batched", lambda: slices().batch(3).element_spec)
case("spec_repr", lambda: repr(tf.SparseTensorSpec([None, 3], tf.int64)))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
