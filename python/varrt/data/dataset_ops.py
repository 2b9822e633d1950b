"""`tf.data.Dataset`: input pipelines as TensorFlow 2.21 builds them, run eagerly in Python.

A dataset wraps one node (node.py), of a class named as TensorFlow's dataset of that kind
(`_TensorSliceDataset`, `_BatchDataset`, ...), so it prints as TensorFlow's does
(`<_BatchDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>`), with
TensorFlow's element specs, cardinalities and errors. The nodes live by concept: sources.py,
batching.py, mapping.py, counting.py, combining.py, caching.py. Iterating gives the elements as
Tensors (iterators.py). `map`, `filter`, `scan`, `take_while` and `reduce` trace their function
once, when the dataset is made, with the element spec as its input signature (as TensorFlow
does: Python side effects run once), and run the traced graph on each element
(traced_function.py); `flat_map` and `interleave` trace theirs for the element spec, then call it
per element.

Not yet in varrt (each raises an error that says so):
`snapshot`, `save`/`load`, options, files. `shuffle`, `Dataset.random` and
`sample_from_datasets` draw TensorFlow's numbers for a seed (random_source.py).
"""
import numpy as np

from varrt.base import dtypes
from varrt.base import errors
from varrt.base import gfile
from varrt.data import generator_source, grouping, structure
from varrt.data.batching import _BatchDataset, _DenseToRaggedDataset, _PaddedBatchDataset, _RebatchDataset, _UnbatchDataset, _WindowDataset
from varrt.data.caching import CacheDataset, _ShuffleDataset
from varrt.data.combining import (_ConcatenateDataset, _DirectedInterleaveDataset, _FlatMapDataset,
                                  _InterleaveDataset, _ParallelInterleaveDataset, _ZipDataset)
from varrt.data.constants import INFINITE_CARDINALITY, INT64_MAX, UNKNOWN_CARDINALITY
from varrt.data.counting import _OptionsDataset, _PrefetchDataset, _RepeatDataset, _ShardDataset, _SkipDataset, _TakeDataset
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.graph_iteration import GraphIterator, dataset_for
from varrt.data.iterators import NumpyIterator, OwnedIterator, checked
from varrt.data.options import Options, options_of
from varrt.data.mapping import (_FilterDataset, _MapDataset, _ParallelMapDataset, _ScanDataset,
                                _TakeWhileDataset, _UniqueDataset)
from varrt.data.sources import (_GeneratorDataset, _RandomDataset, _RangeDataset, _SampleSelectorDataset,
                                _TensorDataset, _TensorSliceDataset)
from varrt.data.traced_function import TracedFunction
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec


class DatasetV2:
    """A sequence of elements (nests of tensors) and the transformations that make new ones."""

    def __init__(self, node):
        self._node = node  # what this dataset is (node.py): its spec, elements and cardinality

    def _elements(self):
        """A fresh generator of the elements (tensor nests)."""
        return self._node._elements()

    def _cardinality(self):
        return self._node._cardinality()

    # --- reading ---------------------------------------------------------------------------

    @property
    def element_spec(self):
        """The nest of `tf.TensorSpec` each element matches."""
        return self._node.element_spec

    def __iter__(self):
        if graph_building.building():
            return GraphIterator(self)  # nodes that iterate the pipeline when the graph runs
        return OwnedIterator(self)

    def _graph_for(self, body, values, names, extra_test):
        """AutoGraph's `for element in dataset` in a graph: a loop of the graph (graph_iteration.py)."""
        return dataset_for(self, body, values, names, extra_test)

    def __len__(self):
        n = self._cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return n

    def __bool__(self):
        return True  # TensorFlow's: a dataset is always truthy, whatever its length

    def __repr__(self):
        return f"<{self._node.tf_name} element_spec={self.element_spec!r}>"

    def cardinality(self):
        """The number of elements as an int64 scalar Tensor (-1 infinite, -2 unknown)."""
        return convert_to_tensor(np.int64(self._cardinality()))

    def as_numpy_iterator(self):
        """An iterator over the elements as NumPy values."""
        for spec in structure.leaves(self.element_spec):
            if isinstance(spec, DatasetSpec):
                raise TypeError("`tf.data.Dataset.as_numpy_iterator()` is not supported for datasets that produce "
                                f"values of type {DatasetV2}")
        return NumpyIterator(iter(self))

    def reduce(self, initial_state, reduce_func, name=None):
        """Folds the elements into `initial_state` with `reduce_func(state, element)`."""
        state = structure.to_tensors(initial_state)
        step = TracedFunction(reduce_func, (structure.spec_of(state), self.element_spec), unpack="state_element")
        new_spec = structure.leaves(step.output_spec)
        for want, got in zip(structure.leaves(structure.spec_of(state)), new_spec):
            if want.dtype != got.dtype:
                raise TypeError("The element types for the new state must match the initial state. Expected "
                                f"{want.dtype} but got {got.dtype}.")
        for element in checked(self._elements(), self.element_spec):
            state = step((state, element))
        return state

    def apply(self, transformation_func):
        """`transformation_func(self)`, which must return a dataset."""
        return transformation_func(self)

    # --- making datasets -------------------------------------------------------------------

    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """A dataset of the slices of `tensors` along their first dimension."""
        return DatasetV2(_TensorSliceDataset(tensors))

    @staticmethod
    def from_tensors(tensors, name=None):
        """A dataset of one element, `tensors`."""
        return DatasetV2(_TensorDataset(tensors))

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None, name=None):
        """The paths matching `file_pattern` (a string or strings), sorted, then shuffled unless
        `shuffle` is False (by default, with `seed`), as TensorFlow's Dataset.list_files. The files
        are listed when it is called. InvalidArgumentError when nothing matches."""
        if graph_building.building():
            raise NotImplementedError("Dataset.list_files inside a tf.function or TensorFlow 1 graph: varrt lists "
                                      "files only eagerly yet")
        patterns = [p.decode() if isinstance(p, bytes) else p for p in
                    np.asarray(convert_to_tensor(file_pattern, dtype=dtypes.string).numpy(), dtype=object).reshape(-1)]
        files = gfile.matching_paths(patterns)
        if not files:
            raise errors.InvalidArgumentError(
                None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
                f"b'No files matched pattern: {', '.join(patterns)}'")
        dataset = DatasetV2.from_tensor_slices(convert_to_tensor(np.array([f.encode() for f in files], dtype=object),
                                                                 dtype=dtypes.string))
        if shuffle is None or shuffle:
            dataset = dataset.shuffle(max(len(files), 1), seed=seed)
        return dataset

    @staticmethod
    def range(*args, output_type=dtypes.int64, name=None):
        """`range(stop)`, `range(start, stop[, step])` as a dataset of `output_type` scalars."""
        return DatasetV2(_RangeDataset(*args, output_type=output_type))

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """The elements of several datasets side by side (a nest of datasets)."""
        if datasets is None:
            datasets = args[0] if len(args) == 1 else tuple(args)
        return DatasetV2(_ZipDataset(datasets))

    # --- transformations -------------------------------------------------------------------

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Consecutive elements stacked into batches of `batch_size` (the last one smaller
        unless `drop_remainder`)."""
        return DatasetV2(_BatchDataset(self, batch_size, drop_remainder))

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64, name=None):
        """Consecutive elements batched into RaggedTensors: a Tensor component of a known rank
        with an unknown dimension is made ragged first, so elements of different shapes batch."""
        return DatasetV2(_BatchDataset(DatasetV2(_DenseToRaggedDataset(self, row_splits_dtype)), batch_size,
                                       drop_remainder))

    def unbatch(self, name=None):
        """Each element split along its first dimension."""
        return DatasetV2(_UnbatchDataset(self))

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        """The elements in random order, drawn from a buffer of `buffer_size` (TensorFlow's order
        for a seed; a new order each pass unless `reshuffle_each_iteration=False`)."""
        return DatasetV2(_ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration))

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """`map_func` applied to each element.

        The function is traced once, with the element spec as its input signature (a tuple
        element is unpacked into arguments; a list result becomes a tuple), and the traced graph
        runs on each element.

        Args:
            map_func: A function from an element to the new element (a nest of tensors).
            num_parallel_calls: None (the calling thread), a number of worker threads, or
                `tf.data.AUTOTUNE` (one per core). varrt's workers are Python threads.
            deterministic: False lets an element that finishes early pass one still running;
                None or True keep the input order.
            name: Unused (TensorFlow names the op with it).

        Returns:
            A `_MapDataset` (or `_ParallelMapDataset`) of the results.

        Raises:
            TypeError: Or another error `map_func` raises while traced, as it raises it.
        """
        if num_parallel_calls is None:
            return DatasetV2(_MapDataset(self, map_func))
        return DatasetV2(_ParallelMapDataset(self, map_func, num_parallel_calls, deterministic))

    def filter(self, predicate, name=None):
        """The elements for which `predicate` (a scalar tf.bool) is True."""
        return DatasetV2(_FilterDataset(self, predicate))

    def repeat(self, count=None, name=None):
        """The elements `count` times over (None or -1: forever)."""
        return DatasetV2(_RepeatDataset(self, count))

    def take(self, count, name=None):
        """The first `count` elements (-1: all)."""
        return DatasetV2(_TakeDataset(self, count))

    def skip(self, count, name=None):
        """The elements after the first `count` (-1: none)."""
        return DatasetV2(_SkipDataset(self, count))

    def prefetch(self, buffer_size, name=None):
        """The same elements (varrt reads them when asked; no background thread)."""
        return DatasetV2(_PrefetchDataset(self, buffer_size))

    def with_options(self, options, name=None):
        """The same elements, carrying `options` (a `tf.data.Options`) over this pipeline's."""
        if not isinstance(options, Options):
            raise TypeError(f"Argument `options` must be an instance of `tf.data.Options`, got {type(options)}.")
        return DatasetV2(_OptionsDataset(self, options))

    def options(self):
        """The options of this pipeline (`tf.data.Options`, merged from every `with_options`)."""
        return options_of(self)

    def concatenate(self, dataset, name=None):
        """This dataset's elements, then `dataset`'s."""
        return DatasetV2(_ConcatenateDataset(self, dataset))

    def enumerate(self, start=0, name=None):
        """(index, element) pairs, as TensorFlow's zip of a range with this dataset."""
        return DatasetV2.zip((DatasetV2.range(start, INT64_MAX), self))

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        """Batches of `batch_size` elements, each component padded to a common shape.

        Args:
            batch_size: The number of elements per batch.
            padded_shapes: A nest of shapes like the element's: a dimension None (or -1) pads to
                the batch's largest; None pads every dimension so.
            padding_values: A nest of scalars like the element's, or one scalar for all (0, or
                "" for strings, by default).
            drop_remainder: Whether a last, smaller batch is dropped (the batch dimension is then
                static).
            name: Unused (TensorFlow names the op with it).

        Returns:
            A `_PaddedBatchDataset`.

        Raises:
            ValueError: When a padded shape does not fit the component's, or a padding value is
                not a scalar.
            TypeError: When a padding value's dtype is not its component's.
            InvalidArgumentError: When `batch_size` is not positive.
        """
        return DatasetV2(_PaddedBatchDataset(self, batch_size, padded_shapes, padding_values, drop_remainder))

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """The batched elements batched again into `batch_size` (a list: sizes taken in turn)."""
        return DatasetV2(_RebatchDataset(self, batch_size, drop_remainder))

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Windows of consecutive elements: a dataset of datasets.

        Each element is the input's element nest with a dataset in place of each component
        (`DatasetSpec`s in `element_spec`); `flat_map(lambda w: w.batch(size))` turns windows
        back into tensors.

        Args:
            size: The number of elements per window.
            shift: How far each window starts from the previous (default `size`).
            stride: The step between the elements of one window.
            drop_remainder: Whether windows shorter than `size` at the end are dropped.
            name: Unused (TensorFlow names the op with it).

        Returns:
            A `_WindowDataset`.

        Raises:
            InvalidArgumentError: When `size`, `shift` or `stride` is not positive.
        """
        shift = size if shift is None else shift
        return DatasetV2(_WindowDataset(self, size, shift, stride, drop_remainder, DatasetV2))

    def flat_map(self, map_func, name=None):
        """The elements of the datasets `map_func` makes of each element, one dataset after the other."""
        return DatasetV2(_FlatMapDataset(self, map_func, DatasetV2))

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None):
        """The elements of the datasets `map_func` makes, interleaved in TensorFlow's order.

        `cycle_length` datasets are open at a time; `block_length` elements are taken from each in
        turn; a dataset that ends is replaced by the next input element's on its slot's next turn.
        `map_func` is traced once for the element spec, then called on each element (eagerly:
        Python side effects run per element, where TensorFlow runs them once).

        Args:
            map_func: A function from an element to a dataset.
            cycle_length: The number of datasets open at once (None or AUTOTUNE: one per core; with
                `num_parallel_calls`, TensorFlow's choice: the calls capped at the cores, or a third
                of the cores when the calls are AUTOTUNE too).
            block_length: The number of elements taken from a dataset before the next (default 1).
            num_parallel_calls: Accepted; varrt opens and reads the datasets on the calling
                thread, in the deterministic order.
            deterministic: Accepted; the order is always the deterministic one.
            name: Unused (TensorFlow names the op with it).

        Returns:
            An `_InterleaveDataset` (or `_ParallelInterleaveDataset`).

        Raises:
            AttributeError: When `map_func` does not return a dataset (TensorFlow's error).
            InvalidArgumentError: When `cycle_length` or `block_length` is not positive.
        """
        if num_parallel_calls is None:
            return DatasetV2(_InterleaveDataset(self, map_func, cycle_length, block_length, DatasetV2))
        return DatasetV2(_ParallelInterleaveDataset(self, map_func, cycle_length, block_length, DatasetV2,
                                                    num_parallel_calls))

    def cache(self, filename="", name=None):
        """The elements kept after the first complete pass and replayed: in memory, or, with a
        `filename`, in varrt's own cache file (`cache_file.py`: not TensorFlow's format)."""
        return DatasetV2(CacheDataset(self, filename))

    def scan(self, initial_state, scan_func, name=None):
        """`scan_func(state, element) -> (new_state, output)` run over the elements: the outputs."""
        return DatasetV2(_ScanDataset(self, initial_state, scan_func))

    def unique(self, name=None):
        """The elements not seen before (int32, int64 and string elements)."""
        return DatasetV2(_UniqueDataset(self))

    def take_while(self, predicate, name=None):
        """The elements up to the first for which `predicate` is False."""
        return DatasetV2(_TakeWhileDataset(self, predicate))

    def shard(self, num_shards, index, name=None):
        """Every `num_shards`-th element, starting at `index`."""
        return DatasetV2(_ShardDataset(self, num_shards, index))

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None, output_signature=None,
                       name=None):
        """The elements a Python generator yields.

        `generator(*args)` is called for each pass over the dataset; each value it yields is
        checked against the signature and converted as TensorFlow's `numpy_function` does (a
        mismatch is an InvalidArgumentError from the iterator, with TensorFlow's message).

        Args:
            generator: A callable returning an iterator.
            output_types: The legacy signature: a nest of dtypes (with `output_shapes`).
            output_shapes: The legacy signature's shapes (unknown by default).
            args: Values passed to `generator`, as NumPy values, converted through tensors.
            output_signature: A nest of `tf.TensorSpec`s the elements match.
            name: Unused (TensorFlow names the op with it).

        Returns:
            A dataset printed as TensorFlow's `_FlatMapDataset` (TensorFlow builds it so).

        Raises:
            TypeError: When `generator` is not callable, or the signature arguments are missing,
                combined or not specs.
        """
        spec = generator_source.element_spec(generator, output_types, output_shapes, output_signature)
        args = () if args is None else tuple(convert_to_tensor(a) for a in args)
        return DatasetV2(_GeneratorDataset(generator, args, spec))

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """An endless dataset of random int64 scalars in [0, 2**32): TensorFlow's numbers for a seed
        (with `rerandomize_each_iteration=True`, a new stream each pass, as TensorFlow draws it)."""
        return DatasetV2(_RandomDataset(seed, rerandomize_each_iteration))

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """The next element of `datasets[i]` for each `i` that `choice_dataset` yields.

        Args:
            datasets: A non-empty list of datasets with compatible element specs.
            choice_dataset: A dataset of scalar int64 indices into `datasets`.
            stop_on_empty_dataset: Whether choosing an exhausted dataset ends this one (else that
                choice is passed over).

        Returns:
            A `_DirectedInterleaveDataset`.

        Raises:
            ValueError: When `datasets` is empty.
            TypeError: When `choice_dataset` is not a dataset of scalar int64s, or the datasets'
                element specs are not compatible.
        """
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if not isinstance(choice_dataset, DatasetV2):
            raise TypeError("Invalid `choice_dataset`. `choice_dataset` should be a `tf.data.Dataset` but is "
                            f"{type(choice_dataset)}.")
        spec = choice_dataset.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.int64 and spec.shape.is_compatible_with([])):
            raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
                            f"tensors but are {spec}.")
        return DatasetV2(_DirectedInterleaveDataset(choice_dataset, datasets, stop_on_empty_dataset))

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Elements of `datasets` drawn at random.

        Each draw is TensorFlow's: a stateless categorical draw over log(weights), seeded by the
        next two numbers of `Dataset.random(seed)`, so a seed gives TensorFlow's sequence.

        Args:
            datasets: A non-empty list of datasets with compatible element specs.
            weights: Probabilities (a list, a float Tensor, or a dataset of them), uniform by
                default. Datasets of weight 0 in a list are left out, and one left is returned
                itself, as TensorFlow does.
            seed: The op seed (with the global seed, TensorFlow's seed rules).
            stop_on_empty_dataset: Whether drawing an exhausted dataset ends this one.
            rerandomize_each_iteration: Whether each pass draws anew (as TensorFlow reseeds it).

        Returns:
            A `_DirectedInterleaveDataset` (or the one dataset left).

        Raises:
            ValueError: When `datasets` is empty or `weights` has another length.
            TypeError: When `weights` is not float32 or float64, or the element specs are not
                compatible.
        """
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        datasets = list(datasets)
        if weights is not None and not isinstance(weights, DatasetV2):
            if isinstance(weights, Tensor):
                if not weights.shape.is_compatible_with([len(datasets)]):
                    raise ValueError("Invalid `weights`. The shape of `weights` should be compatible with "
                                     f"`[len(datasets)]` but is {weights.shape}.")
            else:
                if len(datasets) != len(weights):
                    raise ValueError("Invalid `weights`. `weights` should have the same length as `datasets` but "
                                     f"got `len(weights)={len(weights)}` vs. `len(datasets)={len(datasets)}`.")
                kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
                datasets, weights = ([d for d, _ in kept], [w for _, w in kept]) if kept else (
                    [datasets[0].take(0)], [1.0])
            weights = convert_to_tensor(weights)
            if weights.dtype not in (dtypes.float32, dtypes.float64):
                raise TypeError("Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but "
                                f"is {weights.dtype}.")
            if len(datasets) == 1:  # TensorFlow's shortcut: the one dataset with a weight, itself
                return datasets[0]
        selector = _SampleSelectorDataset(len(datasets), weights, seed, rerandomize_each_iteration)
        return DatasetV2(_DirectedInterleaveDataset(selector, datasets, stop_on_empty_dataset))

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None, name=None):
        """Elements grouped into windows by `key_func` (an int64 scalar), each window reduced by
        `reduce_func(key, window_dataset)` to a dataset whose elements come out, when it reaches
        `window_size` (or `window_size_func(key)`); the windows left at the end in key order."""
        return DatasetV2(grouping.group_by_window(self, key_func, reduce_func, window_size, window_size_func,
                                                  DatasetV2))

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes,
                                  padded_shapes=None, padding_values=None, pad_to_bucket_boundary=False,
                                  no_padding=False, drop_remainder=False, name=None):
        """Elements batched with others of a similar length (`element_length_func`): one bucket
        per interval of `bucket_boundaries`, batches of that bucket's `bucket_batch_sizes` size,
        padded (to the bucket's boundary less one with `pad_to_bucket_boundary`)."""
        return DatasetV2(grouping.bucket_by_sequence_length(self, element_length_func, bucket_boundaries,
                                                            bucket_batch_sizes, padded_shapes, padding_values,
                                                            pad_to_bucket_boundary, no_padding, drop_remainder))

    def __getattr__(self, name):
        if name in _NOT_YET:
            raise NotImplementedError(f"varrt does not implement tf.data.Dataset.{name} yet")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")



_NOT_YET = frozenset({"list_files", "snapshot", "save", "load",
                      "counter", "with_options", "options", "get_single_element",
                      "sparse_batch", "rejection_resample", "batch_jobs"})


Dataset = DatasetV2
