"""`group_by_window` (TensorFlow's GroupByWindowDataset) and what `bucket_by_sequence_length`
builds on it: elements go to a window per key (`key_func`, an int64 scalar); a window that
reaches its size (`window_size`, or `window_size_func(key)`) is handed to `reduce_func(key,
window dataset)` at once, and that dataset's elements come out; at the end of the input the
windows left are reduced in increasing key order (TensorFlow keeps them in an ordered map).
`key_func` and `window_size_func` are traced once, as TensorFlow traces them; `reduce_func` is
traced once for the element spec and then called per window, eagerly, as flat_map's function."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.data import structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.node import UnaryNode
from varrt.data.sources import _VariantDataset
from varrt.data.traced_function import DatasetFunction, TracedFunction
from varrt.framework import graph_building
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec
from varrt.ops import index_ops, math_ops, reduction_ops

_KEY_SPEC = TensorSpec([], dtypes.int64)


def _int64_scalar(fn):
    def wrapped(*args):
        return convert_to_tensor(fn(*args), dtype=dtypes.int64)
    return wrapped


class _GroupByWindowDataset(UnaryNode):
    def __init__(self, input_dataset, key_func, reduce_func, window_size_func, make_dataset):
        self._key = TracedFunction(_int64_scalar(key_func), input_dataset.element_spec)
        if not _KEY_SPEC.is_compatible_with(self._key.output_spec):
            raise ValueError("Invalid `key_func`. `key_func` must return a single `tf.int64` scalar tensor but its "
                             f"return type is {self._key.output_spec}.")
        self._size = TracedFunction(_int64_scalar(window_size_func), _KEY_SPEC)
        if not _KEY_SPEC.is_compatible_with(self._size.output_spec):
            raise ValueError("Invalid `window_size_func`. `window_size_func` must return a single `tf.int64` scalar "
                             f"tensor but its return type is {self._size.output_spec}.")
        self._make_dataset = make_dataset
        self._reduce = DatasetFunction(reduce_func, (_KEY_SPEC, DatasetSpec(input_dataset.element_spec)),
                                       make_dataset)
        super().__init__(input_dataset, self._reduce.output_spec)

    def _reduced(self, key, window):
        dataset = self._make_dataset(_VariantDataset(window, self._input.element_spec))
        return self._reduce((convert_to_tensor(key, dtype=dtypes.int64), dataset))._elements()

    def _elements(self):
        windows, sizes = {}, {}
        for element in self._input._elements():
            key = int(self._key(element).numpy())
            if key not in sizes:
                sizes[key] = int(self._size(convert_to_tensor(key, dtype=dtypes.int64)).numpy())
            window = windows.setdefault(key, [])
            window.append(element)
            if len(window) >= sizes[key]:
                del windows[key]
                del sizes[key]
                yield from self._reduced(key, window)
        for key in sorted(windows):
            yield from self._reduced(key, windows[key])


def group_by_window(dataset, key_func, reduce_func, window_size, window_size_func, make_dataset):
    """Dataset.group_by_window's node (TensorFlow's argument checks)."""
    if (window_size is not None and window_size_func) or not (window_size is not None or window_size_func):
        raise ValueError("Either the `window_size` argument or the `window_size_func` argument must be specified.")
    if window_size is not None:
        size = window_size

        def window_size_func(unused_key):
            return convert_to_tensor(size, dtype=dtypes.int64)
    return _GroupByWindowDataset(dataset, key_func, reduce_func, window_size_func, make_dataset)



def bucket_by_sequence_length(dataset, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes,
                              padding_values, pad_to_bucket_boundary, no_padding, drop_remainder):
    """Dataset.bucket_by_sequence_length, as TensorFlow writes it: group_by_window keyed by the
    bucket of each element's length, each window a (padded) batch of its bucket's size."""
    if len(bucket_batch_sizes) != (len(bucket_boundaries) + 1):
        raise ValueError(f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                         f"`len(bucket_batch_sizes)={len(bucket_batch_sizes)}` and "
                         f"`len(bucket_boundaries)={len(bucket_boundaries)}`.")
    batch_sizes = convert_to_tensor(bucket_batch_sizes, dtype=dtypes.int64)
    boundaries = list(bucket_boundaries)
    buckets_min = [np.iinfo(np.int32).min] + boundaries
    buckets_max = boundaries + [np.iinfo(np.int32).max]

    def element_to_bucket_id(*args):
        seq_length = element_length_func(*args)
        conditions = math_ops.logical_and(math_ops.less_equal(buckets_min, seq_length),
                                          math_ops.less(seq_length, buckets_max))
        return reduction_ops.reduce_min(index_ops.where(conditions))

    def window_size_fn(bucket_id):
        return index_ops.gather(batch_sizes, bucket_id)

    def batching_fn(bucket_id, grouped):
        batch_size = window_size_fn(bucket_id)
        if no_padding:
            return grouped.batch(batch_size, drop_remainder=drop_remainder)
        filler = None
        if pad_to_bucket_boundary:
            bucket = int(bucket_id.numpy()) if hasattr(bucket_id, "numpy") and graph_building.value_known(bucket_id) \
                else None
            if bucket is not None and bucket >= len(bucket_batch_sizes) - 1:
                raise errors.InvalidArgumentError(None, None, "When pad_to_bucket_boundary=True, elements must have "
                                                              "length < max(bucket_boundaries).")
            filler = None if bucket is None else bucket_boundaries[bucket] - 1
        shapes = padded_shapes or structure.map_leaves(lambda s: s.shape, grouped.element_spec)
        shapes = structure.map_leaves(
            lambda shape: [filler if d is None else d for d in TensorShape(shape).as_list()], shapes,
        ) if shapes is not None else None
        return grouped.padded_batch(batch_size, shapes, padding_values, drop_remainder=drop_remainder)

    return group_by_window(dataset, element_to_bucket_id, batching_fn, None, window_size_fn, type(dataset))
