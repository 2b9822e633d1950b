"""`tf.data.Dataset`: input pipelines as TensorFlow 2.21 builds them, run eagerly in Python.

Each transformation is a class named as TensorFlow's (`_TensorSliceDataset`, `_BatchDataset`,
...), so a dataset prints as TensorFlow's does (`<_BatchDataset element_spec=TensorSpec(shape=
(None,), dtype=tf.int64, name=None)>`), with TensorFlow's element specs, cardinalities and errors.
Iterating gives the elements as Tensors. `map` and `filter` trace their function once, when the
dataset is made, with the element spec as its input signature (as TensorFlow does: Python side
effects run once), and run the traced graph on each element.

Not yet in varrt (each raises an error that says so): iterating a dataset inside a `tf.function`,
`from_generator`, `interleave`, `padded_batch`, `window`, `cache`, files. `shuffle` is
reproducible under a seed, but its order is not TensorFlow's for the same seed.
"""
import itertools

import numpy as np

from varrt import autograph
from varrt.base import dtypes, errors, tf_logging
from varrt.data import cache_file, generator_source, parallel_map, random_source, structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.interleave_order import interleaved
from varrt.data.op_errors import PendingIteratorError, at_get_next, end_of_sequence, op_error
from varrt.data.padding import Padding
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec
from varrt.graph import function as _function
from varrt.ops import array_ops, random_ops

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
_INT64_MAX = np.iinfo(np.int64).max


def _int(value):
    """A Python int, or None for a tensor whose value is not known while a function is traced (a
    dataset a flat_map or interleave function makes while traced for its element spec only)."""
    if isinstance(value, Tensor):
        return int(value.numpy()) if graph_building.value_known(value) else None
    return int(value)


def _check_positive(value, op, message):
    if value is not None and value <= 0:
        raise op_error(errors.InvalidArgumentError, op, message)


class DatasetV2:
    """A sequence of elements (nests of tensors) and the transformations that make new ones."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    # --- what each dataset defines ---------------------------------------------------------

    def _elements(self):
        """A fresh generator of the elements (tensor nests)."""
        raise NotImplementedError

    def _cardinality(self):
        return UNKNOWN_CARDINALITY

    # --- reading ---------------------------------------------------------------------------

    @property
    def element_spec(self):
        """The nest of `tf.TensorSpec` each element matches."""
        return self._element_spec

    def __iter__(self):
        if graph_building.building():
            raise NotImplementedError("varrt does not yet iterate a tf.data.Dataset inside a tf.function or a "
                                      "TensorFlow 1 graph; iterate it eagerly and pass the elements in.")
        return OwnedIterator(self)

    def __len__(self):
        n = self._cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return n

    def __bool__(self):
        return True  # TensorFlow's: a dataset is always truthy, whatever its length

    _TF_NAME = None  # the class name TensorFlow's dataset of this kind prints, where it is not this class's

    def __repr__(self):
        return f"<{self._TF_NAME or type(self).__name__} element_spec={self._element_spec!r}>"

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
        step = _TracedFunction(reduce_func, (structure.spec_of(state), self.element_spec), unpack="state_element")
        new_spec = structure.leaves(step.output_spec)
        for want, got in zip(structure.leaves(structure.spec_of(state)), new_spec):
            if want.dtype != got.dtype:
                raise TypeError("The element types for the new state must match the initial state. Expected "
                                f"{want.dtype} but got {got.dtype}.")
        for element in _checked(self._elements(), self.element_spec):
            state = step((state, element))
        return state

    def apply(self, transformation_func):
        """`transformation_func(self)`, which must return a dataset."""
        return transformation_func(self)

    # --- making datasets -------------------------------------------------------------------

    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """A dataset of the slices of `tensors` along their first dimension."""
        return _TensorSliceDataset(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        """A dataset of one element, `tensors`."""
        return _TensorDataset(tensors)

    @staticmethod
    def range(*args, output_type=dtypes.int64, name=None):
        """`range(stop)`, `range(start, stop[, step])` as a dataset of `output_type` scalars."""
        return _RangeDataset(*args, output_type=output_type)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """The elements of several datasets side by side (a nest of datasets)."""
        if datasets is None:
            datasets = args[0] if len(args) == 1 else tuple(args)
        return _ZipDataset(datasets)

    # --- transformations -------------------------------------------------------------------

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Consecutive elements stacked into batches of `batch_size` (the last one smaller
        unless `drop_remainder`)."""
        return _BatchDataset(self, batch_size, drop_remainder)

    def unbatch(self, name=None):
        """Each element split along its first dimension."""
        return _UnbatchDataset(self)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        """The elements in random order, drawn from a buffer of `buffer_size`."""
        return _ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """`map_func` applied to each element (traced once; a tuple element is unpacked). With
        `num_parallel_calls`, on that many worker threads (AUTOTUNE: one per core), in input order
        unless `deterministic=False`."""
        if num_parallel_calls is None:
            return _MapDataset(self, map_func)
        return _ParallelMapDataset(self, map_func, num_parallel_calls, deterministic)

    def filter(self, predicate, name=None):
        """The elements for which `predicate` (a scalar tf.bool) is True."""
        return _FilterDataset(self, predicate)

    def repeat(self, count=None, name=None):
        """The elements `count` times over (None or -1: forever)."""
        return _RepeatDataset(self, count)

    def take(self, count, name=None):
        """The first `count` elements (-1: all)."""
        return _TakeDataset(self, count)

    def skip(self, count, name=None):
        """The elements after the first `count` (-1: none)."""
        return _SkipDataset(self, count)

    def prefetch(self, buffer_size, name=None):
        """The same elements (varrt reads them when asked; no background thread)."""
        return _PrefetchDataset(self, buffer_size)

    def concatenate(self, dataset, name=None):
        """This dataset's elements, then `dataset`'s."""
        return _ConcatenateDataset(self, dataset)

    def enumerate(self, start=0, name=None):
        """(index, element) pairs, as TensorFlow's zip of a range with this dataset."""
        return DatasetV2.zip((DatasetV2.range(start, _INT64_MAX), self))

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        """Batches of `batch_size`, each component padded to `padded_shapes` (an unknown dimension:
        the batch's largest) with `padding_values` (0, or "" for strings)."""
        return _PaddedBatchDataset(self, batch_size, padded_shapes, padding_values, drop_remainder)

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """The batched elements batched again into `batch_size` (a list: sizes taken in turn)."""
        return _RebatchDataset(self, batch_size, drop_remainder)

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Windows of `size` elements, `shift` apart (default `size`), taking every `stride`-th: a
        dataset of datasets (one per component of the element)."""
        return _WindowDataset(self, size, size if shift is None else shift, stride, drop_remainder)

    def flat_map(self, map_func, name=None):
        """The elements of the datasets `map_func` makes of each element, one dataset after the other."""
        return _FlatMapDataset(self, map_func)

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None):
        """The elements of the datasets `map_func` makes, `cycle_length` at a time, `block_length`
        from each in turn (TensorFlow's order; with `num_parallel_calls` too: varrt opens the
        datasets on the calling thread, which gives the deterministic order whatever `deterministic`)."""
        cls = _InterleaveDataset if num_parallel_calls is None else _ParallelInterleaveDataset
        return cls(self, map_func, cycle_length, block_length)

    def cache(self, filename="", name=None):
        """The elements kept after the first complete pass and replayed: in memory, or, with a
        `filename`, in varrt's own cache file (`cache_file.py`: not TensorFlow's format)."""
        return CacheDataset(self, filename)

    def scan(self, initial_state, scan_func, name=None):
        """`scan_func(state, element) -> (new_state, output)` run over the elements: the outputs."""
        return _ScanDataset(self, initial_state, scan_func)

    def unique(self, name=None):
        """The elements not seen before (int32, int64 and string elements)."""
        return _UniqueDataset(self)

    def take_while(self, predicate, name=None):
        """The elements up to the first for which `predicate` is False."""
        return _TakeWhileDataset(self, predicate)

    def shard(self, num_shards, index, name=None):
        """Every `num_shards`-th element, starting at `index`."""
        return _ShardDataset(self, num_shards, index)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None, output_signature=None,
                       name=None):
        """The elements `generator(*args)` yields, checked against `output_signature` (or the legacy
        `output_types` and `output_shapes`) as TensorFlow checks them."""
        spec = generator_source.element_spec(generator, output_types, output_shapes, output_signature)
        args = () if args is None else tuple(convert_to_tensor(a) for a in args)
        return _GeneratorDataset(generator, args, spec)

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """An endless dataset of random int64 scalars in [0, 2**32): TensorFlow's numbers for a seed
        (with `rerandomize_each_iteration=True`, a new stream each pass, not TensorFlow's)."""
        return _RandomDataset(seed, rerandomize_each_iteration)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """The element of `datasets[i]` for each `i` of `choice_dataset` (scalar int64s)."""
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if not isinstance(choice_dataset, DatasetV2):
            raise TypeError("Invalid `choice_dataset`. `choice_dataset` should be a `tf.data.Dataset` but is "
                            f"{type(choice_dataset)}.")
        spec = choice_dataset.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.int64 and spec.shape.is_compatible_with([])):
            raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
                            f"tensors but are {spec}.")
        return _DirectedInterleaveDataset(choice_dataset, datasets, stop_on_empty_dataset)

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Elements of `datasets` drawn at random with probabilities `weights` (uniform by default).
        TensorFlow's draws for a seed (random_source.py)."""
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
        return _DirectedInterleaveDataset(selector, datasets, stop_on_empty_dataset)

    def __getattr__(self, name):
        if name in _NOT_YET:
            raise NotImplementedError(f"varrt does not implement tf.data.Dataset.{name} yet")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


Dataset = DatasetV2

_NOT_YET = frozenset({"list_files", "snapshot", "save", "load", "group_by_window", "bucket_by_sequence_length",
                      "counter", "with_options", "options", "get_single_element", "ragged_batch",
                      "sparse_batch", "rejection_resample", "batch_jobs"})


def _as_tuple(value):
    """A function's result as tf.data keeps it: lists become tuples (TensorFlow converts them)."""
    if isinstance(value, list):
        return tuple(_as_tuple(v) for v in value)
    if type(value) is tuple:
        return tuple(_as_tuple(v) for v in value)
    if isinstance(value, dict):
        return {k: _as_tuple(v) for k, v in value.items()}
    return value


class Iterator:
    """`tf.data.Iterator`: what iterating a dataset gives (`element_spec`, `get_next`)."""

    @property
    def element_spec(self):
        raise NotImplementedError

    def get_next(self):
        raise NotImplementedError


class OwnedIterator(Iterator):
    """An iterator over a dataset's elements (`iter(dataset)`)."""

    def __init__(self, dataset):
        self._dataset = dataset
        self._elements = _checked(dataset._elements(), dataset.element_spec)

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._elements)

    def get_next(self):
        """The next element; OutOfRangeError at the end (StopIteration is `next`'s)."""
        try:
            return next(self._elements)
        except StopIteration:
            raise end_of_sequence(len(structure.leaves(self.element_spec))) from None


def _checked(elements, element_spec):
    """The elements, a failure producing one raised as the iterator's IteratorGetNext raises it."""
    try:
        yield from elements
    except PendingIteratorError as e:
        raise at_get_next(e, len(structure.leaves(element_spec))) from None


class NumpyIterator:
    """`as_numpy_iterator()`: the elements as NumPy values."""

    def __init__(self, iterator):
        self._iterator = iterator

    def __iter__(self):
        return self

    def __next__(self):
        return structure.as_numpy(next(self._iterator))

    def __repr__(self):
        return f"NumpyIterator(iterator={self._iterator!r})"


# --- sources -----------------------------------------------------------------------------------

class _TensorDataset(DatasetV2):
    def __init__(self, element):
        self._element = structure.to_tensors(element)
        super().__init__(structure.spec_of(self._element))

    def _elements(self):
        yield self._element

    def _cardinality(self):
        return 1


class _TensorSliceDataset(DatasetV2):
    def __init__(self, tensors):
        element = structure.to_tensors(tensors)
        flat = structure.leaves(element)
        n = None
        for t in flat:
            if t.shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            first = t.shape[0]
            if n is not None and first != n:
                raise ValueError(f"Dimensions {n} and {first} are not compatible")
            n = first
        self._element, self._n = element, n
        super().__init__(structure.map_leaves(lambda t: TensorSpec(t.shape[1:], t.dtype), element))

    def _elements(self):
        for i in range(self._n):
            yield structure.map_leaves(lambda t: t[i], self._element)

    def _batches(self, size, drop_remainder):
        end = self._n - self._n % size if drop_remainder else self._n
        for i in range(0, end, size):
            yield structure.map_leaves(lambda t: t[i:i + size], self._element)

    def _cardinality(self):
        return self._n


class _RangeDataset(DatasetV2):
    def __init__(self, *args, output_type=dtypes.int64):
        values = [_int(a) for a in args]
        if len(values) == 1:
            values = [0, values[0], 1]
        elif len(values) == 2:
            values.append(1)
        elif len(values) != 3:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 but was {len(args)}.")
        if values[2] == 0:
            raise op_error(errors.InvalidArgumentError, "RangeDataset", "step must be a non-zero integer.")
        self._range = None if None in values else range(*values)
        self._dtype = dtypes.as_dtype(output_type)
        super().__init__(TensorSpec([], self._dtype))

    def _elements(self):
        np_type = self._dtype.as_numpy_dtype
        for v in self._range:
            yield convert_to_tensor(np_type(v))

    def _cardinality(self):
        return len(self._range)


class _ZipDataset(DatasetV2):
    def __init__(self, datasets):
        if isinstance(datasets, list) or not all(isinstance(d, DatasetV2) for d in structure.leaves(datasets)):
            raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                            "`tf.data.Dataset` objects. Python `list` is not supported and you should use `tuple` "
                            "instead.")
        self._datasets = datasets
        super().__init__(structure.map_leaves(lambda d: d.element_spec, self._datasets))

    def _elements(self):
        iterators = [d._elements() for d in structure.leaves(self._datasets)]
        for items in zip(*iterators):
            yield structure.pack(self._datasets, items)

    def _cardinality(self):
        cards = [d._cardinality() for d in structure.leaves(self._datasets)]
        finite = [c for c in cards if c >= 0]
        if finite:
            return min(finite)
        return UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in cards else INFINITE_CARDINALITY


# --- transformations -----------------------------------------------------------------------------

class _UnaryDataset(DatasetV2):
    def __init__(self, input_dataset, element_spec=None):
        self._input = input_dataset
        super().__init__(input_dataset.element_spec if element_spec is None else element_spec)


def _most_specific_compatible_spec(a, b):
    if a.dtype != b.dtype:
        return None
    if a.shape.rank is None or b.shape.rank is None or a.shape.rank != b.shape.rank:
        return TensorSpec(TensorShape(None), a.dtype)
    return TensorSpec([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())], a.dtype)


class _ConcatenateDataset(DatasetV2):
    def __init__(self, first, second):
        self._first, self._second = first, second
        specs_a, specs_b = structure.leaves(first.element_spec), structure.leaves(second.element_spec)
        merged = [_most_specific_compatible_spec(a, b) for a, b in zip(specs_a, specs_b)]
        if len(specs_a) != len(specs_b) or None in merged:
            raise TypeError(f"Incompatible dataset elements:\n  {first.element_spec} vs.   {second.element_spec}")
        super().__init__(structure.pack(first.element_spec, merged))

    def _elements(self):
        return itertools.chain(self._first._elements(), self._second._elements())

    def _cardinality(self):
        a, b = self._first._cardinality(), self._second._cardinality()
        if INFINITE_CARDINALITY in (a, b):
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in (a, b) else a + b


class _BatchDataset(_UnaryDataset):
    def __init__(self, input_dataset, batch_size, drop_remainder):
        self._batch_size = _int(batch_size)
        _check_positive(self._batch_size, "BatchDatasetV2", "Batch size must be greater than zero.")
        self._drop = bool(drop_remainder)
        lead = self._batch_size if self._drop else None
        super().__init__(input_dataset, structure.map_leaves(
            lambda s: TensorSpec(TensorShape([lead]).concatenate(s.shape), s.dtype), input_dataset.element_spec))

    def _elements(self):
        if isinstance(self._input, _TensorSliceDataset):  # batches of slices are slices: no per-element work
            return self._input._batches(self._batch_size, self._drop)
        return self._stacked_batches()

    def _stacked_batches(self):
        batch = []
        for element in self._input._elements():
            batch.append(element)
            if len(batch) == self._batch_size:
                yield self._stack(batch)
                batch = []
        if batch and not self._drop:
            yield self._stack(batch)

    def _stack(self, batch):
        columns = zip(*(structure.leaves(e) for e in batch))
        stacked = []
        for column in columns:
            first = column[0].shape
            for t in column[1:]:
                if t.shape != first:
                    raise PendingIteratorError(
                        errors.InvalidArgumentError, "Cannot add tensor to the batch: number of elements does not "
                        f"match. Shapes are: [tensor]: {t.shape.as_list()}, [batch]: {first.as_list()}")
            if column[0].dtype == dtypes.string:
                stacked.append(array_ops.stack(list(column)))
            else:  # one NumPy stack and one conversion: the elements' buffers are read, not copied twice
                stacked.append(convert_to_tensor(np.stack([t._numpy() for t in column])))
        return structure.pack(batch[0], stacked)

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._batch_size if self._drop else -(-n // self._batch_size)


class _UnbatchDataset(_UnaryDataset):
    def __init__(self, input_dataset):
        super().__init__(input_dataset, structure.map_leaves(lambda s: TensorSpec(s.shape[1:], s.dtype),
                                                             input_dataset.element_spec))

    def _elements(self):
        for element in self._input._elements():
            n = structure.leaves(element)[0].shape[0]
            for i in range(n):
                yield structure.map_leaves(lambda t: t[i], element)


class _ShuffleDataset(_UnaryDataset):
    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        self._buffer_size = _int(buffer_size)
        if self._buffer_size is not None and self._buffer_size <= 0 and self._buffer_size != UNKNOWN_CARDINALITY:
            raise op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
                            "buffer_size must be greater than zero or UNKNOWN_CARDINALITY")
        seeds = random_ops.get_seed(seed)
        # One stream of per-iteration seeds: a new order each iteration unless told otherwise.
        self._seeds = np.random.default_rng(None if seeds == (None, None) else list(seeds))
        self._reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        self._fixed_seed = int(self._seeds.integers(0, 2 ** 63))
        super().__init__(input_dataset)

    def _elements(self):
        seed = int(self._seeds.integers(0, 2 ** 63)) if self._reshuffle else self._fixed_seed
        rng = np.random.default_rng(seed)
        size = self._buffer_size if self._buffer_size > 0 else _INT64_MAX
        buffer = []
        for element in self._input._elements():
            if len(buffer) < size:
                buffer.append(element)
                continue
            i = int(rng.integers(len(buffer)))
            yield buffer[i]
            buffer[i] = element
        while buffer:
            i = int(rng.integers(len(buffer)))
            buffer[i], buffer[-1] = buffer[-1], buffer[i]
            yield buffer.pop()

    def _cardinality(self):
        return self._input._cardinality()


class _TracedFunction:
    """A user function traced once with a dataset's element spec: tuple elements are unpacked
    into arguments (TensorFlow's rule), results kept as tf.data keeps them (lists as tuples)."""

    def __init__(self, fn, element_spec, unpack="tuple"):
        self._fn = autograph.convert(fn)  # TensorFlow converts a dataset function's control flow too
        self._unpack = unpack  # "state_element": reduce's (state, element), never unpacked further
        self._in_spec = element_spec
        self.output_structure = None
        self.output_spec = None
        flat_specs = structure.leaves(element_spec)
        traced = _function.function(self._flat_call, input_signature=flat_specs)
        self._concrete = traced.get_concrete_function()

    def _flat_call(self, *flat):
        element = structure.pack(self._in_spec, flat)
        if self._unpack == "state_element":  # reduce's (state, element): the element is one argument
            result = self._fn(*element)
        else:
            result = self._fn(*element) if type(element) is tuple else self._fn(element)
        result = structure.to_tensors(_as_tuple(result))
        self.output_structure = result
        self.output_spec = structure.spec_of(result)
        return structure.leaves(result)

    def __call__(self, element):
        out = self._concrete(*structure.leaves(element))
        return structure.pack(self.output_structure, out if isinstance(out, (list, tuple)) else [out])


class _MapDataset(_UnaryDataset):
    def __init__(self, input_dataset, map_func):
        self._func = _TracedFunction(map_func, input_dataset.element_spec)
        super().__init__(input_dataset, self._func.output_spec)

    def _elements(self):
        for element in self._input._elements():
            yield self._func(element)

    def _cardinality(self):
        return self._input._cardinality()


class _ParallelMapDataset(_MapDataset):
    """`map` with `num_parallel_calls`: the traced function run on worker threads (parallel_map.py)."""

    def __init__(self, input_dataset, map_func, num_parallel_calls, deterministic):
        self._workers = parallel_map.parallelism(_int(num_parallel_calls))
        self._deterministic = deterministic is None or bool(deterministic)
        super().__init__(input_dataset, map_func)

    def _elements(self):
        if self._workers == 1:
            return super()._elements()
        return parallel_map.mapped(self._func, self._input._elements(), self._workers, self._deterministic)


class _FilterDataset(_UnaryDataset):
    def __init__(self, input_dataset, predicate):
        self._func = _TracedFunction(predicate, input_dataset.element_spec)
        spec = self._func.output_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank == 0):
            raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return "
                             f"type is {spec}.")
        super().__init__(input_dataset)

    def _elements(self):
        for element in self._input._elements():
            if bool(self._func(element).numpy()):
                yield element


class _RepeatDataset(_UnaryDataset):
    def __init__(self, input_dataset, count):
        self._count = -1 if count is None else _int(count)
        super().__init__(input_dataset)

    def _elements(self):
        rounds = itertools.count() if self._count < 0 else range(self._count)
        for _ in rounds:
            empty = True
            for element in self._input._elements():
                empty = False
                yield element
            if empty:
                return

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return 0 if n == 0 else (INFINITE_CARDINALITY if n != UNKNOWN_CARDINALITY else UNKNOWN_CARDINALITY)
        if n == INFINITE_CARDINALITY:
            return INFINITE_CARDINALITY if self._count > 0 else 0
        return UNKNOWN_CARDINALITY if n == UNKNOWN_CARDINALITY else n * self._count


class _TakeDataset(_UnaryDataset):
    def __init__(self, input_dataset, count):
        self._count = _int(count)
        super().__init__(input_dataset)

    def _elements(self):
        if self._count < 0:
            return self._input._elements()
        return itertools.islice(self._input._elements(), self._count)

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return n
        if n == UNKNOWN_CARDINALITY:
            return UNKNOWN_CARDINALITY
        return self._count if n == INFINITE_CARDINALITY else min(n, self._count)


class _SkipDataset(_UnaryDataset):
    def __init__(self, input_dataset, count):
        self._count = _int(count)
        super().__init__(input_dataset)

    def _elements(self):
        if self._count < 0:
            return iter(())
        return itertools.islice(self._input._elements(), self._count, None)

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return 0 if self._count < 0 else max(n - self._count, 0)


class _PrefetchDataset(_UnaryDataset):
    def __init__(self, input_dataset, buffer_size):
        super().__init__(input_dataset)

    def _elements(self):
        return self._input._elements()

    def _cardinality(self):
        return self._input._cardinality()


# --- sources made of Python values -------------------------------------------------------------

class _GeneratorDataset(DatasetV2):
    """`from_generator`: TensorFlow builds it as a flat_map over the generator, and prints so."""

    _TF_NAME = "_FlatMapDataset"

    def __init__(self, generator, args, element_spec):
        self._generator, self._args = generator, args
        super().__init__(element_spec)

    def _elements(self):
        for values in generator_source.call_generator(self._generator, self._args):
            yield generator_source.checked_element(values, self._element_spec)


class _VariantDataset(DatasetV2):
    """One window of `window`: the elements of one component, held."""

    def __init__(self, elements, element_spec):
        self._held = elements
        super().__init__(element_spec)

    def _elements(self):
        return iter(self._held)

    def _cardinality(self):
        return len(self._held)


class _RandomDataset(DatasetV2):
    """`Dataset.random`: int64 scalars, TensorFlow's numbers for a seed (random_source.py)."""

    def __init__(self, seed, rerandomize_each_iteration):
        self._seeds = random_source.op_seeds(seed)
        self._rerandomize = bool(rerandomize_each_iteration)
        self._pass_seeds = random_source.seed_pairs(*self._seeds)
        super().__init__(TensorSpec([], dtypes.int64))

    def _words(self):
        return random_source.uint32_stream(*(next(self._pass_seeds) if self._rerandomize else self._seeds))

    def _elements(self):
        for word in self._words():
            yield convert_to_tensor(np.int64(word))

    def _cardinality(self):
        return INFINITE_CARDINALITY


class _SampleSelectorDataset(DatasetV2):
    """sample_from_datasets' selector, as TensorFlow builds it: `Dataset.random(seed).batch(2)`,
    each pair the seed of a stateless categorical draw over log(weights) (fixed weights, or one
    element of a dataset of weights per draw)."""

    def __init__(self, count, weights, seed, rerandomize_each_iteration):
        self._random = _RandomDataset(seed, rerandomize_each_iteration)
        if weights is None:
            self._logits = np.ones(count, np.float32)
        elif not isinstance(weights, DatasetV2):
            with np.errstate(divide="ignore"):
                self._logits = np.log(weights.numpy())
        self._weights = weights if isinstance(weights, DatasetV2) else None
        super().__init__(TensorSpec([], dtypes.int64))

    def _logit_rows(self):
        if self._weights is None:
            return itertools.repeat(self._logits)
        rows = (np.array([t.numpy() for t in structure.leaves(w)]).reshape(-1) for w in self._weights._elements())
        with np.errstate(divide="ignore"):
            return (np.log(row) for row in rows)

    def _elements(self):
        words = self._random._words()
        for logits in self._logit_rows():
            yield convert_to_tensor(np.int64(random_source.categorical_index((next(words), next(words)), logits)))

    def _cardinality(self):
        return INFINITE_CARDINALITY if self._weights is None else self._weights._cardinality()


class _DirectedInterleaveDataset(DatasetV2):
    """choose_from_datasets and sample_from_datasets: each selector index picks the next element of
    that dataset; an empty one ends it all (`stop_on_empty_dataset`) or is passed over."""

    def __init__(self, selector, datasets, stop_on_empty_dataset):
        self._selector, self._datasets, self._stop = selector, list(datasets), bool(stop_on_empty_dataset)
        spec = self._datasets[0].element_spec
        for i, d in enumerate(self._datasets[1:]):
            merged = _common_spec(spec, d.element_spec)
            if merged is None:
                raise TypeError("Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 "
                                f"element_spec={self._datasets[0].element_spec}.\nDataset {i + 1} "
                                f"element_spec={d.element_spec}.")
            spec = merged
        super().__init__(spec)

    def _elements(self):
        inputs = [d._elements() for d in self._datasets]
        live = [True] * len(inputs)
        for choice in self._selector._elements():
            i = int(choice.numpy())
            if not 0 <= i < len(inputs):
                raise PendingIteratorError(errors.InvalidArgumentError,
                                           f"Selector index out of range: {i} >= {len(inputs)}")
            if not live[i]:
                continue
            try:
                yield next(inputs[i])
            except StopIteration:
                if self._stop:
                    return
                live[i] = False
                if not any(live):
                    return


def _common_spec(a, b):
    """The most specific spec both nests match, or None when their structures or dtypes differ."""
    flat_a, flat_b = structure.leaves(a), structure.leaves(b)
    if len(flat_a) != len(flat_b) or repr(structure.map_leaves(lambda _: 0, a)) != repr(
            structure.map_leaves(lambda _: 0, b)):
        return None
    merged = [_most_specific_compatible_spec(x, y) for x, y in zip(flat_a, flat_b)]
    return None if None in merged else structure.pack(a, merged)


# --- more transformations --------------------------------------------------------------------------

class _PaddedBatchDataset(_UnaryDataset):
    def __init__(self, input_dataset, batch_size, padded_shapes, padding_values, drop_remainder):
        self._batch_size = _int(batch_size)
        self._drop = bool(drop_remainder)
        self._padding = Padding(input_dataset.element_spec, self._batch_size, padded_shapes, padding_values,
                                self._drop)
        if self._batch_size is not None and self._batch_size <= 0:
            n = len(structure.leaves(input_dataset.element_spec))  # the kernel cache's key counts the components
            raise op_error(errors.InvalidArgumentError, "PaddedBatchDatasetV2", "Batch size must be greater than "
                           "zero.", f"PaddedBatchDatasetV2_N_{n}_Toutput_types_{n}")
        super().__init__(input_dataset, self._padding.element_spec)

    def _elements(self):
        batch = []
        for element in self._input._elements():
            batch.append(structure.leaves(element))
            if len(batch) == self._batch_size:
                yield structure.pack(self._element_spec, self._padding.batch(batch))
                batch = []
        if batch and not self._drop:
            yield structure.pack(self._element_spec, self._padding.batch(batch))

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._batch_size if self._drop else -(-n // self._batch_size)


class _RebatchDataset(_UnaryDataset):
    """TensorFlow's: `unbatch()` then batches whose sizes cycle through `batch_size`."""

    def __init__(self, input_dataset, batch_size, drop_remainder):
        sizes = np.asarray(batch_size.numpy() if isinstance(batch_size, Tensor) else batch_size, dtype=np.int64)
        if sizes.ndim > 1:
            raise ValueError("Invalid `batch_sizes`. Expected `batch_sizes` to be a scalar or a vector. Received "
                             f"`batch_sizes` of rank {sizes.ndim}.")
        self._sizes = [int(v) for v in sizes.reshape(-1)]
        self._drop = bool(drop_remainder)
        lead = self._sizes[0] if all(v == self._sizes[0] for v in self._sizes) else None
        if lead is not None and not self._drop:
            known = [s.shape[0] for s in structure.leaves(input_dataset.element_spec)
                     if s.shape.rank is not None and s.shape.rank >= 1 and s.shape[0] is not None]
            if not known or known[0] % lead:
                lead = None
        super().__init__(input_dataset, structure.map_leaves(
            lambda s: TensorSpec(TensorShape([lead]).concatenate(s.shape[1:]), s.dtype), input_dataset.element_spec))

    def _elements(self):
        rows = _UnbatchDataset(self._input)._elements()
        for size in itertools.cycle(self._sizes):
            batch = list(itertools.islice(rows, size))
            if not batch or (self._drop and len(batch) < size):
                return
            yield structure.pack(self._element_spec, [array_ops.stack(list(column)) for column in
                                                      zip(*(structure.leaves(e) for e in batch))])


class _WindowDataset(_UnaryDataset):
    """Windows as TensorFlow's WindowDataset makes them: window k holds the elements at k * shift,
    k * shift + stride, ..., at most `size`; each element of the result is the element's nest
    with a dataset in place of each component."""

    def __init__(self, input_dataset, size, shift, stride, drop_remainder):
        self._size, self._shift, self._stride = _int(size), _int(shift), _int(stride)
        _check_positive(self._size, "WindowDataset", "Window size must be greater than zero.")
        _check_positive(self._shift, "WindowDataset", "Window shift must be greater than zero.")
        _check_positive(self._stride, "WindowDataset", "Window stride must be greater than zero.")
        self._drop = bool(drop_remainder)
        super().__init__(input_dataset, structure.map_leaves(DatasetSpec, input_dataset.element_spec))

    def _elements(self):
        source, buffer, base, ended = self._input._elements(), [], 0, False
        for start in itertools.count(0, self._shift):
            wanted = range(start, start + (self._size - 1) * self._stride + 1, self._stride)
            while not ended and base + len(buffer) <= wanted[-1]:
                try:
                    buffer.append(next(source))
                except StopIteration:
                    ended = True
            window = [buffer[i - base] for i in wanted if i - base < len(buffer)]
            if not window or (self._drop and len(window) < self._size):
                return
            columns = [list(c) for c in zip(*(structure.leaves(e) for e in window))]
            specs = structure.leaves(self._input.element_spec)
            yield structure.pack(self._input.element_spec,
                                 [_VariantDataset(c, s) for c, s in zip(columns, specs)])
            drop = min(start + self._shift - base, len(buffer))
            del buffer[:drop]
            base += drop

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        if self._drop:
            rest = n - ((self._size - 1) * self._stride + 1)
            return 0 if rest < 0 else rest // self._shift + 1
        return -(-n // self._shift)


class _DatasetFunction:
    """A function from an element to a dataset (flat_map, interleave). Traced once, as TensorFlow
    traces it, for the element spec of the datasets it makes (dataset arguments stand in as empty
    datasets of their spec); then, unlike TensorFlow, called again for each element, eagerly (a
    dataset cannot yet be a value of a traced graph in varrt), so its Python side effects run per
    element."""

    def __init__(self, fn, element_spec):
        self._fn = autograph.convert(fn)
        self._in_spec = element_spec
        self.output_spec = None
        tensor_specs = [s for s in structure.leaves(element_spec) if isinstance(s, TensorSpec)]
        _function.function(self._traced, input_signature=tensor_specs).get_concrete_function()

    def _traced(self, *tensors):
        given = iter(tensors)
        flat = [_VariantDataset([], s.element_spec) if isinstance(s, DatasetSpec) else next(given)
                for s in structure.leaves(self._in_spec)]
        self.output_spec = self._checked(self(structure.pack(self._in_spec, flat))).element_spec

    @staticmethod
    def _checked(result):
        if not isinstance(result, DatasetV2):  # TensorFlow fails where it reads the result's name
            kind = "Tensor" if isinstance(result, Tensor) else type(result).__name__
            raise AttributeError(f"'{kind}' object has no attribute '_name'")
        return result

    def __call__(self, element):
        result = self._fn(*element) if type(element) is tuple else self._fn(element)
        return self._checked(result)


class _FlatMapDataset(_UnaryDataset):
    def __init__(self, input_dataset, map_func):
        self._func = _DatasetFunction(map_func, input_dataset.element_spec)
        super().__init__(input_dataset, self._func.output_spec)

    def _elements(self):
        for element in self._input._elements():
            yield from self._func(element)._elements()


class _InterleaveDataset(_UnaryDataset):
    def __init__(self, input_dataset, map_func, cycle_length, block_length):
        self._func = _DatasetFunction(map_func, input_dataset.element_spec)
        cycle = AUTOTUNE if cycle_length is None else _int(cycle_length)
        # AUTOTUNE: TensorFlow's kernel takes the machine's schedulable cores (port::MaxParallelism).
        self._cycle = parallel_map.parallelism(cycle) if cycle == AUTOTUNE else cycle
        self._block = 1 if block_length is None else _int(block_length)
        _check_positive(self._cycle, type(self)._OP, "cycle_length must be greater than zero.")
        _check_positive(self._block, type(self)._OP, "block_length must be greater than zero.")
        super().__init__(input_dataset, self._func.output_spec)

    _OP = "InterleaveDataset"

    def _elements(self):
        opened = (self._func(element)._elements() for element in self._input._elements())
        return interleaved(opened, self._cycle, self._block)


class _ParallelInterleaveDataset(_InterleaveDataset):
    _OP = "ParallelInterleaveDatasetV4"


class CacheDataset(_UnaryDataset):
    """`cache()`: after a complete pass the elements are kept (in memory, or in varrt's cache file
    when a filename is given) and later passes read them instead of the input."""

    def __init__(self, input_dataset, filename):
        self._filename = filename.numpy().decode() if isinstance(filename, Tensor) else str(filename)
        self._kept = None
        super().__init__(input_dataset)

    def _elements(self):
        if self._kept is not None:
            return iter(self._kept)
        if self._filename and cache_file.exists(self._filename):
            flat = cache_file.read(self._filename, structure.leaves(self._element_spec))
            return iter([structure.pack(self._element_spec, e) for e in flat])
        return self._first_pass()

    def _first_pass(self):
        seen, finished = [], False
        try:
            for element in self._input._elements():
                seen.append(element)
                yield element
            finished = True
        finally:
            if not finished:  # the iterator was dropped: TensorFlow's warning, and nothing kept
                tf_logging.warning(_PARTIAL_CACHE_WARNING)
        if self._filename:
            cache_file.write(self._filename, [structure.leaves(e) for e in seen])
        else:
            self._kept = seen

    def _cardinality(self):
        return self._input._cardinality()


_PARTIAL_CACHE_WARNING = (
    "The calling iterator did not fully read the dataset being cached. In order to avoid unexpected truncation of "
    "the dataset, the partially cached contents of the dataset  will be discarded. This can happen if you have an "
    "input pipeline similar to `dataset.cache().take(k).repeat()`. You should use `dataset.take(k).cache().repeat()` "
    "instead.")


class _ScanDataset(_UnaryDataset):
    """`scan`: the function traced with the state's spec, traced again with the shapes relaxed
    while the new state's shapes differ from the state's (TensorFlow's loop)."""

    def __init__(self, input_dataset, initial_state, scan_func):
        self._initial = structure.to_tensors(initial_state)
        state_spec = structure.spec_of(self._initial)
        while True:
            step = _TracedFunction(scan_func, (state_spec, input_dataset.element_spec), unpack="state_element")
            out = step.output_spec
            if not (type(out) is tuple and len(out) == 2):
                raise TypeError("Invalid `scan_func`. `scan_func` should return a pair consisting of new state and "
                                f"the output value but its return type is {out}.")
            old, new = structure.leaves(state_spec), structure.leaves(out[0])
            if [s.dtype for s in old] != [s.dtype for s in new]:
                old_types = structure.map_leaves(lambda s: s.dtype, state_spec)
                new_types = structure.map_leaves(lambda s: s.dtype, out[0])
                raise TypeError("Invalid `scan_func`. The element types for the new state must match the initial "
                                f"state. Expected {_dtypes_text(old_types)}, got {_dtypes_text(new_types)}.")
            relaxed = [_most_specific_compatible_spec(a, b) for a, b in zip(old, new)]
            if relaxed == old:
                break
            state_spec = structure.pack(state_spec, relaxed)
        self._step = step
        super().__init__(input_dataset, out[1])

    def _elements(self):
        state = self._initial
        for element in self._input._elements():
            state, output = self._step((state, element))
            yield output

    def _cardinality(self):
        return self._input._cardinality()


def _dtypes_text(types):
    """A nest of dtypes as TensorFlow's message prints it (str of each dtype: `<dtype: 'int64'>`)."""
    if isinstance(types, dict):
        return "{" + ", ".join(f"{k!r}: {_dtypes_text(v)}" for k, v in types.items()) + "}"
    if isinstance(types, tuple):
        inner = ", ".join(_dtypes_text(t) for t in types)
        return f"({inner},)" if len(types) == 1 else f"({inner})"
    return str(types)


class _UniqueDataset(_UnaryDataset):
    def __init__(self, input_dataset):
        for spec in structure.leaves(input_dataset.element_spec):
            if spec.dtype not in (dtypes.int32, dtypes.int64, dtypes.string):
                raise TypeError(f"`tf.data.Dataset.unique` does not support type {spec.dtype} -- only `tf.int32`, "
                                "`tf.int64`, and `tf.string` are supported.")
        super().__init__(input_dataset)

    def _elements(self):
        seen = set()
        for element in self._input._elements():
            key = tuple((tuple(t.shape.as_list()), t.numpy().tobytes() if t.dtype != dtypes.string
                         else tuple(np.asarray(t.numpy(), dtype=object).reshape(-1).tolist()))
                        for t in structure.leaves(element))
            if key not in seen:
                seen.add(key)
                yield element


class _TakeWhileDataset(_UnaryDataset):
    def __init__(self, input_dataset, predicate):
        self._func = _TracedFunction(predicate, input_dataset.element_spec)
        spec = self._func.output_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank == 0):
            raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return "
                             f"type is{spec}.")
        super().__init__(input_dataset)

    def _elements(self):
        for element in self._input._elements():
            if not bool(self._func(element).numpy()):
                return
            yield element


class _ShardDataset(_UnaryDataset):
    def __init__(self, input_dataset, num_shards, index):
        self._shards, self._index = _int(num_shards), _int(index)
        if self._shards is not None and self._shards <= 0:
            raise op_error(errors.InvalidArgumentError, "ShardDataset", "Number of shards must be greater than zero "
                           f"(currently num_shards = {self._shards}).")
        if self._index is not None and self._shards is not None and not 0 <= self._index < self._shards:
            raise op_error(errors.InvalidArgumentError, "ShardDataset", f"Index must be between 0 and "
                           f"{self._shards - 1} (currently index = {self._index}).")
        super().__init__(input_dataset)

    def _elements(self):
        return itertools.islice(self._input._elements(), self._index, None, self._shards)

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._shards + (1 if self._index < n % self._shards else 0)


class _AssertCardinalityDataset(_UnaryDataset):
    def __init__(self, input_dataset, expected):
        self._expected = _int(expected)
        super().__init__(input_dataset)

    def _elements(self):
        count = 0
        for element in self._input._elements():
            count += 1
            if self._expected != INFINITE_CARDINALITY and count > self._expected:
                raise PendingIteratorError(errors.FailedPreconditionError, "Input dataset was expected to contain "
                                           f"{self._elements_text(self._expected)} but contained at least "
                                           f"{self._elements_text(count)}.")
            yield element
        if self._expected == INFINITE_CARDINALITY or count < self._expected:
            raise PendingIteratorError(errors.FailedPreconditionError, "Input dataset was expected to contain "
                                       f"{self._elements_text(self._expected)} but contained only "
                                       f"{self._elements_text(count)}.")

    @staticmethod
    def _elements_text(n):
        if n == INFINITE_CARDINALITY:
            return "an infinite number of elements"
        return f"{n} element" + ("" if n == 1 else "s")

    def _cardinality(self):
        return self._expected


def assert_cardinality(expected_cardinality):
    """`tf.data.experimental.assert_cardinality`: a transformation (for `apply`) that declares the
    dataset's cardinality and fails when iterating finds another count."""
    return lambda dataset: _AssertCardinalityDataset(dataset, expected_cardinality)


def scan(initial_state, scan_func):
    """`tf.data.experimental.scan`: `Dataset.scan` as a transformation for `apply`."""
    return lambda dataset: dataset.scan(initial_state, scan_func)


def unique():
    """`tf.data.experimental.unique`: `Dataset.unique` as a transformation for `apply`."""
    return lambda dataset: dataset.unique()


def take_while(predicate):
    """`tf.data.experimental.take_while`: `Dataset.take_while` as a transformation for `apply`."""
    return lambda dataset: dataset.take_while(predicate)


def unbatch():
    """`tf.data.experimental.unbatch`: `Dataset.unbatch` as a transformation for `apply`."""
    return lambda dataset: dataset.unbatch()


def enumerate_dataset(start=0):
    """`tf.data.experimental.enumerate_dataset`: `Dataset.enumerate` as a transformation for `apply`."""
    return lambda dataset: dataset.enumerate(start)


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
