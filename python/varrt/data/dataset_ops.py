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
from varrt.base import dtypes, errors
from varrt.data import structure
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


def _op_error(cls, op, message, node=None):
    """TensorFlow's eager op error text: `{{function_node __wrapped__NODE_device_...}} message [Op:OP]`
    (the node is the op's name with the attributes its kernel cache keys on, when it has them)."""
    device = "/job:localhost/replica:0/task:0/device:CPU:0"
    return cls(None, op, f"{{{{function_node __wrapped__{node or op}_device_{device}}}}} {message} [Op:{op}] name: ")


def _end_of_sequence():
    return _op_error(errors.OutOfRangeError, "IteratorGetNext", "End of sequence", "IteratorGetNext_output_types_1")


def _int(value):
    return int(value.numpy()) if isinstance(value, Tensor) else int(value)


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

    def __repr__(self):
        return f"<{type(self).__name__} element_spec={self._element_spec!r}>"

    def cardinality(self):
        """The number of elements as an int64 scalar Tensor (-1 infinite, -2 unknown)."""
        return convert_to_tensor(np.int64(self._cardinality()))

    def as_numpy_iterator(self):
        """An iterator over the elements as NumPy values."""
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
        for element in self._elements():
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
        """`map_func` applied to each element (traced once; a tuple element is unpacked)."""
        cls = _MapDataset if num_parallel_calls is None else _ParallelMapDataset
        return cls(self, map_func)

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

    def __getattr__(self, name):
        if name in _NOT_YET:
            raise NotImplementedError(f"varrt does not implement tf.data.Dataset.{name} yet")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


Dataset = DatasetV2

_NOT_YET = frozenset({"from_generator", "interleave", "flat_map", "padded_batch", "window", "cache", "scan",
                      "unique", "rebatch", "list_files", "snapshot", "save", "load", "group_by_window",
                      "bucket_by_sequence_length", "sample_from_datasets", "choose_from_datasets",
                      "random", "counter", "with_options", "options", "get_single_element",
                      "ragged_batch", "sparse_batch", "shard", "rejection_resample", "batch_jobs"})


def _as_tuple(value):
    """A function's result as tf.data keeps it: lists become tuples (TensorFlow converts them)."""
    if isinstance(value, list):
        return tuple(_as_tuple(v) for v in value)
    if type(value) is tuple:
        return tuple(_as_tuple(v) for v in value)
    if isinstance(value, dict):
        return {k: _as_tuple(v) for k, v in value.items()}
    return value


class OwnedIterator:
    """An iterator over a dataset's elements (`iter(dataset)`)."""

    def __init__(self, dataset):
        self._dataset = dataset
        self._elements = dataset._elements()

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
            raise _end_of_sequence() from None


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
            raise _op_error(errors.InvalidArgumentError, "RangeDataset", "step must be a non-zero integer.")
        self._range = range(*values)
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
        if self._batch_size <= 0:
            raise _op_error(errors.InvalidArgumentError, "BatchDatasetV2", "Batch size must be greater than zero.")
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
                    raise _op_error(errors.InvalidArgumentError, "IteratorGetNext",
                                    "Cannot add tensor to the batch: number of elements does not match. Shapes "
                                    f"are: [tensor]: {t.shape.as_list()}, [batch]: {first.as_list()}",
                                    "IteratorGetNext_output_types_1")
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
        if self._buffer_size <= 0 and self._buffer_size != UNKNOWN_CARDINALITY:
            raise _op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
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
    """`map` with `num_parallel_calls`: the same elements in the same order (varrt runs the
    function on the calling thread)."""


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


def cardinality(dataset):
    """`tf.data.experimental.cardinality`: the dataset's cardinality as an int64 Tensor."""
    return dataset.cardinality()
