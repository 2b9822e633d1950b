"""`tf.data.experimental`'s functions: the transformations it offers for `Dataset.apply`, its
deprecated copies of Dataset's methods, `cardinality` and `get_structure`."""
from varrt.base import dtypes
from varrt.data.counting import _AssertCardinalityDataset
from varrt.data.dataset_ops import DatasetV2
from varrt.data.iterators import Iterator


def assert_cardinality(expected_cardinality):
    """`tf.data.experimental.assert_cardinality`: a transformation (for `apply`) that declares the
    dataset's cardinality and fails when iterating finds another count."""
    return lambda dataset: DatasetV2(_AssertCardinalityDataset(dataset, expected_cardinality))


def scan(initial_state, scan_func):
    """`tf.data.experimental.scan`: `Dataset.scan` as a transformation for `apply`."""
    return lambda dataset: dataset.scan(initial_state, scan_func)


def unique():
    """`tf.data.experimental.unique`: `Dataset.unique` as a transformation for `apply`."""
    return lambda dataset: dataset.unique()


def take_while(predicate):
    """`tf.data.experimental.take_while`: `Dataset.take_while` as a transformation for `apply`."""
    return lambda dataset: dataset.take_while(predicate)


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64):
    """`tf.data.experimental.dense_to_ragged_batch`: `Dataset.ragged_batch` as a transformation
    for `apply`."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def unbatch():
    """`tf.data.experimental.unbatch`: `Dataset.unbatch` as a transformation for `apply`."""
    return lambda dataset: dataset.unbatch()


def enumerate_dataset(start=0):
    """`tf.data.experimental.enumerate_dataset`: `Dataset.enumerate` as a transformation for `apply`."""
    return lambda dataset: dataset.enumerate(start)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """`tf.data.experimental.group_by_window`: `Dataset.group_by_window` as a transformation for `apply`."""
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """`tf.data.experimental.bucket_by_sequence_length`: `Dataset.bucket_by_sequence_length` as a
    transformation for `apply`."""
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes, padding_values,
        pad_to_bucket_boundary, no_padding, drop_remainder)


def get_structure(dataset_or_iterator):
    """`tf.data.experimental.get_structure`: the element spec of a dataset or an iterator."""
    if isinstance(dataset_or_iterator, (DatasetV2, Iterator)):
        return dataset_or_iterator.element_spec
    raise TypeError("Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a `tf.data.Dataset` or "
                    f"tf.data.Iterator object, but got {type(dataset_or_iterator)}.")


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=False):
    """`tf.data.experimental.choose_from_datasets` (deprecated in TensorFlow): as the Dataset's,
    but not stopping at an empty dataset by default."""
    return DatasetV2.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """`tf.data.experimental.sample_from_datasets` (deprecated in TensorFlow): the Dataset's."""
    return DatasetV2.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def cardinality(dataset):
    """`tf.data.experimental.cardinality`: the dataset's cardinality as an int64 Tensor."""
    return dataset.cardinality()
