"""RaggedTensor elements through tf.data (from_tensor_slices alone and in tuples and dicts,
from_tensors, from_generator with a RaggedTensorSpec, batch, ragged_batch and
experimental.dense_to_ragged_batch with and without drop_remainder, unbatch, shuffle, take, cache,
prefetch, zip, concatenate, element_spec) and padded_batch's refusal, run under TensorFlow 2.21
(by tests/tools/record_keras_program.py, into tests/fixtures/ragged_data/) and under varrt (by
tests/test_data_ragged.py).

    python ragged_data_program.py varrt|tensorflow OUT_DIR

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
    the error it raises (its first line)."""
    try:
        value = fn()
        if isinstance(value, tf.data.Dataset):
            value = [repr(value.element_spec)] + [str(e) for e in value]
        results[name] = value if isinstance(value, str) else repr(value)
    except Exception as e:  # noqa: BLE001 - the error is the case's result
        results[name] = f"{type(e).__name__}: {str(e).splitlines()[0]}"


def rt():
    return tf.ragged.constant([[1, 2], [3], [], [4, 5, 6], [7]])


def rt3():
    return tf.ragged.constant([[[1.5, 2.0], [3.0]], [], [[4.0], [5.0, 6.0, 7.0]], [[8.0]]])


def slices():
    return tf.data.Dataset.from_tensor_slices(rt())


def ranges():
    # Dense elements of different lengths (0, 1, ..., 6), for ragged_batch.
    return tf.data.Dataset.range(7).map(lambda x: tf.range(x))


case("slices", slices)
case("repr", lambda: repr(slices()))
case("slices_rank3", lambda: tf.data.Dataset.from_tensor_slices(rt3()))
case("int64_splits32", lambda: tf.data.Dataset.from_tensor_slices(
    tf.ragged.constant([[1, 2], [], [3]], dtype=tf.int64, row_splits_dtype=tf.int32)).batch(2))
for size in (1, 2, 3, 5, 6):
    case(f"batch_{size}", lambda size=size: slices().batch(size))
    case(f"batch_{size}_drop", lambda size=size: slices().batch(size, drop_remainder=True))
    case(f"ragged_batch_{size}", lambda size=size: ranges().ragged_batch(size))
case("ragged_batch_drop", lambda: ranges().ragged_batch(3, drop_remainder=True))
case("ragged_batch_splits32", lambda: ranges().ragged_batch(4, row_splits_dtype=tf.int32))
case("ragged_batch_of_ragged", lambda: slices().ragged_batch(2))
case("ragged_batch_fixed_shape", lambda: tf.data.Dataset.from_tensor_slices(np.arange(6).reshape(3, 2)).ragged_batch(2))
case("ragged_batch_rank2", lambda: tf.data.Dataset.range(4).map(lambda x: tf.ones([x, 2 * x])).ragged_batch(3))
case("ragged_batch_scalars", lambda: tf.data.Dataset.range(5).ragged_batch(2))
case("dense_to_ragged_batch", lambda: ranges().apply(tf.data.experimental.dense_to_ragged_batch(3)))
case("batch_rank3", lambda: tf.data.Dataset.from_tensor_slices(rt3()).batch(3))
case("batch_batch", lambda: slices().batch(2).batch(2))
case("batch_unbatch", lambda: slices().batch(2).unbatch())
case("from_tensors", lambda: tf.data.Dataset.from_tensors(rt()))
case("from_tensors_unbatch_batch", lambda: tf.data.Dataset.from_tensors(rt()).unbatch().batch(2))
case("from_tensors_rank3_unbatch_twice", lambda: tf.data.Dataset.from_tensors(rt3()).unbatch().unbatch())
case("tuple", lambda: tf.data.Dataset.from_tensor_slices((rt(), np.arange(5))).batch(3))
case("dict", lambda: tf.data.Dataset.from_tensor_slices({"r": rt(), "d": np.arange(10.0).reshape(5, 2)}).batch(4))
case("nested", lambda: tf.data.Dataset.from_tensor_slices(((rt(), {"k": np.arange(5)}), rt())).batch(2).unbatch()
     .take(3))
case("mismatched_rows", lambda: tf.data.Dataset.from_tensor_slices((rt(), np.arange(4))))


def gen():
    yield tf.ragged.constant([[1], [2, 3]])
    yield tf.ragged.constant([[4, 5, 6]])
    yield tf.ragged.constant([[]], dtype=tf.int32)


def wrong_gen():
    yield tf.ragged.constant([[1.0]])


signature = tf.RaggedTensorSpec([None, None], tf.int32, 1)
case("generator", lambda: tf.data.Dataset.from_generator(gen, output_signature=signature))
case("generator_batch", lambda: tf.data.Dataset.from_generator(gen, output_signature=signature).batch(2))
case("generator_wrong_dtype", lambda: list(tf.data.Dataset.from_generator(wrong_gen, output_signature=signature)))
case("shuffle", lambda: slices().shuffle(5, seed=2))
case("take_skip", lambda: slices().skip(1).take(3))
case("cache", lambda: slices().cache())
case("prefetch", lambda: slices().prefetch(1))
case("repeat_batch", lambda: slices().repeat(2).batch(4))
case("zip", lambda: tf.data.Dataset.zip(slices(), tf.data.Dataset.range(9)))
case("concatenate", lambda: slices().take(2).concatenate(slices().skip(3)))
case("concatenate_dense", lambda: slices().concatenate(tf.data.Dataset.from_tensor_slices(np.zeros((2, 3), np.int32))))
case("padded_batch", lambda: slices().padded_batch(2))
case("unique", lambda: slices().unique())
case("as_numpy", lambda: list(slices().batch(2).as_numpy_iterator()))
case("as_numpy_rows", lambda: list(slices().as_numpy_iterator()))
case("generator_dense_for_ragged", lambda: list(tf.data.Dataset.from_generator(
    lambda: iter([np.array([1, 2])]), output_signature=tf.RaggedTensorSpec([None], tf.int64, 0))))
case("element_spec_batched", lambda: slices().batch(3, drop_remainder=True).element_spec)
case("cardinality", lambda: int(slices().batch(2).cardinality()))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
