"""Batches and windows: `batch`, `unbatch`, `padded_batch`, `rebatch`, `window` (whose elements
are datasets of `_VariantDataset`s)."""
import itertools

import numpy as np

from varrt.base import dtypes, errors
from varrt.data import ragged_rows, sparse_rows, structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.node import UnaryNode, check_positive, scalar_int
from varrt.data.op_errors import PendingIteratorError, op_error
from varrt.data.padding import Padding
from varrt.data.sources import _VariantDataset
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec


def _groups(elements, size, drop_remainder):
    """Consecutive elements in lists of `size`; the last shorter one kept unless `drop_remainder`."""
    group = []
    for element in elements:
        group.append(element)
        if len(group) == size:
            yield group
            group = []
    if group and not drop_remainder:
        yield group


def _batch_count(n, size, drop_remainder):
    """The cardinality of batches of `size` of a dataset of cardinality `n`."""
    if n < 0:
        return n
    return n // size if drop_remainder else -(-n // size)


class _BatchDataset(UnaryNode):
    def __init__(self, input_dataset, batch_size, drop_remainder):
        self._batch_size = scalar_int(batch_size)
        check_positive(self._batch_size, "BatchDatasetV2", "Batch size must be greater than zero.")
        self._drop = bool(drop_remainder)
        lead = self._batch_size if self._drop else None
        super().__init__(input_dataset, structure.map_leaves(
            lambda s: structure.batched(s, lead), input_dataset.element_spec))

    def _elements(self):
        node = getattr(self._input, "_node", None)
        if hasattr(node, "_batches"):  # whole batches without each element (slices, records, their shuffle and map)
            batches = node._batches(self._batch_size, self._drop)
            if batches is not None:
                return batches
        return map(self._stack, _groups(self._input._elements(), self._batch_size, self._drop))

    def _stack(self, batch):
        columns = zip(*(structure.leaves(e) for e in batch))
        stacked = []
        for column, spec in zip(columns, structure.leaves(self._input.element_spec)):
            if isinstance(column[0], SparseTensor):
                stacked.append(sparse_rows.stack(column))
                continue
            if isinstance(spec, RaggedTensorSpec):  # RaggedTensors, or Tensors of a ragged rank 0 spec
                stacked.append(ragged_rows.stack(column, spec))
                continue
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
        return _batch_count(self._input._cardinality(), self._batch_size, self._drop)


class _DenseToRaggedDataset(UnaryNode):
    """`ragged_batch`'s input: each Tensor component of a known rank with an unknown dimension
    made a RaggedTensor (ragged rank 0: the Tensor as it is), so elements of different shapes
    batch together (TensorFlow's ragged_batch_op._DenseToRaggedDataset)."""

    def __init__(self, input_dataset, row_splits_dtype):
        super().__init__(input_dataset, structure.map_leaves(
            lambda s: ragged_rows.dense_as_ragged_spec(s, dtypes.as_dtype(row_splits_dtype)),
            input_dataset.element_spec))

    def _elements(self):
        specs = structure.leaves(self._element_spec)
        for element in self._input._elements():
            yield structure.pack(element, [ragged_rows.dense_as_ragged(v, s)
                                           for v, s in zip(structure.leaves(element), specs)])


class _UnbatchDataset(UnaryNode):
    def __init__(self, input_dataset):
        if any(s.shape.rank == 0 for s in structure.leaves(input_dataset.element_spec)):
            raise ValueError("Cannot unbatch an input with scalar components.")
        super().__init__(input_dataset, structure.map_leaves(structure.unbatched, input_dataset.element_spec))

    def _elements(self):
        for element in self._input._elements():
            n = structure.leaves(element)[0].shape[0]
            for i in range(n):
                yield structure.map_leaves(lambda t: structure.row(t, i), element)


class _PaddedBatchDataset(UnaryNode):
    def __init__(self, input_dataset, batch_size, padded_shapes, padding_values, drop_remainder):
        self._batch_size = scalar_int(batch_size)
        self._drop = bool(drop_remainder)
        self._padding = Padding(input_dataset.element_spec, self._batch_size, padded_shapes, padding_values,
                                self._drop)
        if self._batch_size is not None and self._batch_size <= 0:
            n = len(structure.leaves(input_dataset.element_spec))  # the kernel cache's key counts the components
            raise op_error(errors.InvalidArgumentError, "PaddedBatchDatasetV2", "Batch size must be greater than "
                           "zero.", f"PaddedBatchDatasetV2_N_{n}_Toutput_types_{n}")
        super().__init__(input_dataset, self._padding.element_spec)

    def _elements(self):
        for group in _groups(self._input._elements(), self._batch_size, self._drop):
            yield structure.pack(self._element_spec, self._padding.batch([structure.leaves(e) for e in group]))

    def _cardinality(self):
        return _batch_count(self._input._cardinality(), self._batch_size, self._drop)


class _RebatchDataset(UnaryNode):
    """TensorFlow's: `unbatch()` then batches whose sizes cycle through `batch_size`."""

    def __init__(self, input_dataset, batch_size, drop_remainder):
        sizes = np.asarray(batch_size.numpy() if isinstance(batch_size, Tensor) else batch_size, dtype=np.int64)
        if sizes.ndim > 1:
            raise ValueError("Invalid `batch_sizes`. Expected `batch_sizes` to be a scalar or a vector. Received "
                             f"`batch_sizes` of rank {sizes.ndim}.")
        self._sizes = [int(v) for v in sizes.reshape(-1)]
        self._drop = bool(drop_remainder)
        lead = self._sizes[0] if all(v == self._sizes[0] for v in self._sizes) else None
        if lead is not None and self._may_form_partial_batches(input_dataset.element_spec, lead):
            lead = None
        super().__init__(input_dataset, structure.map_leaves(
            lambda s: structure.batched(structure.unbatched(s), lead), input_dataset.element_spec))

    def _may_form_partial_batches(self, element_spec, size):
        """TensorFlow's rule for a static batch dimension, and its checks of the input's."""
        if self._drop:
            return False
        dims = []
        for spec in structure.leaves(element_spec):
            if spec.shape.rank is None:
                continue
            if spec.shape.rank < 1:
                raise ValueError("Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset with "
                                 "scalar elements. Fix the issue by adding the `batch` transformation to the dataset.")
            if spec.shape[0] is not None:
                dims.append(spec.shape[0])
        if not dims:
            return True
        if any(d != dims[0] for d in dims):
            raise ValueError(f"Invalid `input_dataset.` The batch dimension of component 0 is {dims[0]}, while the "
                             f"batch dimension of component i is {np.array(dims)}.")
        return dims[0] % size != 0

    def _elements(self):
        rows = _UnbatchDataset(self._input)._elements()
        for size in itertools.cycle(self._sizes):
            batch = list(itertools.islice(rows, size))
            if not batch or (self._drop and len(batch) < size):
                return
            yield structure.pack(self._element_spec, [
                sparse_rows.stack(column) if isinstance(column[0], SparseTensor) else
                ragged_rows.stack(column, spec) if isinstance(spec, RaggedTensorSpec) else array_ops.stack(list(column))
                for column, spec in zip(zip(*(structure.leaves(e) for e in batch)),
                                        structure.leaves(structure.map_leaves(structure.unbatched,
                                                                              self._input.element_spec)))])


class _WindowDataset(UnaryNode):
    """Windows as TensorFlow's WindowDataset makes them: window k holds the elements at k * shift,
    k * shift + stride, ..., at most `size`; each element of the result is the element's nest
    with a dataset in place of each component."""

    def __init__(self, input_dataset, size, shift, stride, drop_remainder, make_dataset):
        self._make_dataset = make_dataset  # tf.data.Dataset, whose module imports this one
        self._size, self._shift, self._stride = scalar_int(size), scalar_int(shift), scalar_int(stride)
        check_positive(self._size, "WindowDataset", "Window size must be greater than zero.")
        check_positive(self._shift, "WindowDataset", "Window shift must be greater than zero.")
        check_positive(self._stride, "WindowDataset", "Window stride must be greater than zero.")
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
                                 [self._make_dataset(_VariantDataset(c, s)) for c, s in zip(columns, specs)])
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
