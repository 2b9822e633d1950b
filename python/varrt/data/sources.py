"""Datasets made of values: `from_tensors`, `from_tensor_slices`, `range`, `from_generator`,
`Dataset.random` and sample_from_datasets' selector."""
import itertools

import numpy as np

from varrt.base import dtypes, errors
from varrt.data import generator_source, random_source, structure
from varrt.data.constants import INFINITE_CARDINALITY
from varrt.data.node import DatasetNode, scalar_int
from varrt.data.op_errors import op_error
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, _from_array, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec


class _TensorDataset(DatasetNode):
    def __init__(self, element):
        self._element = structure.to_tensors(element)
        super().__init__(structure.spec_of(self._element))

    def _elements(self):
        yield self._element

    def _cardinality(self):
        return 1


class _TensorSliceDataset(DatasetNode):
    def __init__(self, tensors):
        element = structure.to_tensors(tensors)
        for t in structure.leaves(element):
            if isinstance(t, SparseTensor) and t.shape.rank == 0:  # TensorFlow's SparseTensorSpec._to_batched_tensor_list
                raise ValueError(f"Unbatching a sparse tensor is only supported for rank >= 1. Obtained input: {t}.")
        spec = structure.map_leaves(structure.unbatched, structure.spec_of(element))  # a scalar: TensorFlow's error
        n = None
        for t in structure.leaves(element):
            first = t.shape[0]
            if n is not None and first != n:
                raise ValueError(f"Dimensions {n} and {first} are not compatible")
            n = first
        self._element, self._n = element, n
        super().__init__(spec)

    def _elements(self):
        rows = self._host_arrays()
        if rows is None:  # a tensor without a host value (made while a graph is built): slice it
            for i in range(self._n):
                yield structure.map_leaves(lambda t: structure.row(t, i), self._element)
            return
        if len(rows) == 1 and isinstance(self._element, Tensor):
            (array,) = rows
            for i in range(self._n):
                yield _from_array(array[i, ...])
            return
        for i in range(self._n):
            yield structure.pack(self._element, [_from_array(a[i, ...]) for a in rows])

    def _host_arrays(self):
        """Each component's values as a NumPy array on the host, or None. An element is then a
        copy of one row, made without an op (TensorFlow's iterator runs no op per element
        either): a few microseconds, where slicing with t[i] took three times as long."""
        arrays = []
        for t in structure.leaves(self._element):
            try:
                arrays.append(t._data.view())
            except (AttributeError, NotImplementedError):
                return None
        return arrays

    def _rows(self):
        """The components' host arrays, whose rows `_gather` batches by index (what a shuffle
        of this dataset batches without making its elements), or None."""
        arrays = self._host_arrays()
        if arrays is None or any(a.dtype == object for a in arrays):
            return None
        return arrays

    def _gather(self, arrays, indices):
        """The elements at `indices` (of `_rows()`), as one batch: each leaf the rows stacked."""
        return structure.pack(self._element, [_from_array(np.take(a, indices, axis=0)) for a in arrays])

    def _batches(self, size, drop_remainder):
        end = self._n - self._n % size if drop_remainder else self._n
        for i in range(0, end, size):
            yield structure.map_leaves(lambda t: structure.rows(t, i, i + size), self._element)

    def _cardinality(self):
        return self._n


class _RangeDataset(DatasetNode):
    def __init__(self, *args, output_type=dtypes.int64):
        if not 1 <= len(args) <= 3:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 but was {len(args)}.")
        names = {1: ["stop"], 2: ["start", "stop"], 3: ["start", "stop", "step"]}[len(args)]
        # TensorFlow converts each to an int64 tensor named for its role (its errors name it).
        given = dict(zip(names, (scalar_int(convert_to_tensor(a, dtypes.int64, name=n)) for n, a in zip(names, args))))
        values = [given.get("start", 0), given["stop"], given.get("step", 1)]
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


class _GeneratorDataset(DatasetNode):
    """`from_generator`: TensorFlow builds it as a flat_map over the generator, and prints so."""

    _TF_NAME = "_FlatMapDataset"

    def __init__(self, generator, args, element_spec):
        self._generator, self._args = generator, args
        super().__init__(element_spec)

    def _elements(self):
        return generator_source.elements(self._generator, self._args, self._element_spec)


class _VariantDataset(DatasetNode):
    """Held elements: one component of one window of `window`, or an empty stand-in for a dataset argument
    while a function is traced."""

    def __init__(self, elements, element_spec):
        self._held = elements
        super().__init__(element_spec)

    def _elements(self):
        return iter(self._held)

    def _cardinality(self):
        return len(self._held)


class _RandomDataset(DatasetNode):
    """`Dataset.random`: int64 scalars, TensorFlow's numbers for a seed (random_source.py)."""

    def __init__(self, seed, rerandomize_each_iteration):
        self._pass_seeds = random_source.PassSeeds(*random_source.op_seeds(seed), bool(rerandomize_each_iteration))
        super().__init__(TensorSpec([], dtypes.int64))

    def _words(self):
        return random_source.uint32_stream(*next(self._pass_seeds))

    def _elements(self):
        for word in self._words():
            yield convert_to_tensor(np.int64(word))

    def _cardinality(self):
        return INFINITE_CARDINALITY


class _SampleSelectorDataset(DatasetNode):
    """sample_from_datasets' selector, as TensorFlow builds it: `Dataset.random(seed).batch(2)`,
    each pair the seed of a stateless categorical draw over log(weights) (fixed weights, or one
    element of a dataset of weights per draw)."""

    def __init__(self, count, weights, seed, rerandomize_each_iteration):
        self._random = _RandomDataset(seed, rerandomize_each_iteration)
        if weights is None:
            self._logits = np.ones(count, np.float32)
        elif not structure.is_dataset(weights):
            with np.errstate(divide="ignore"):
                self._logits = np.log(weights.numpy())
        self._weights = weights if structure.is_dataset(weights) else None
        super().__init__(TensorSpec([], dtypes.int64))

    def _logit_rows(self):
        if self._weights is None:
            yield from itertools.repeat(self._logits)
            return
        for weights in self._weights._elements():
            row = np.array([t.numpy() for t in structure.leaves(weights)]).reshape(-1)
            with np.errstate(divide="ignore"):  # a weight of 0 is a logit of -inf, never drawn
                yield np.log(row)

    def _elements(self):
        words = self._random._words()
        for logits in self._logit_rows():
            yield convert_to_tensor(np.int64(random_source.categorical_index((next(words), next(words)), logits)))

    def _cardinality(self):
        return INFINITE_CARDINALITY if self._weights is None else self._weights._cardinality()
