"""The batches `fit`, `evaluate` and `predict` iterate (Keras 3's data adapters,
keras/src/trainers/data_adapters/): NumPy arrays (or nested lists/tuples/dicts of them) cut into
`batch_size` slices, the last one partial, float arrays cast to float32 (Keras's floatx) and
the order permuted each epoch when shuffling; or a `tf.data.Dataset` whose elements are
batches, `(x, y)`, `(x, y, sample_weight)` or `x`, iterated as they come.

Shuffling draws NumPy's global random permutation, not TensorFlow's `tf.random.shuffle`
stream: the order is a fresh permutation each epoch but not the one TensorFlow would draw."""
import math
import warnings

import numpy as np

from varrt.base import nest
from varrt.data import sparse_rows
from varrt.data.dataset_ops import DatasetV2
from varrt.framework import dlpack
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable


def _as_array(x):
    if isinstance(x, SparseTensor):  # batched by rows (sparse_rows.py), as Keras's TensorFlow adapter slices it
        return x
    if isinstance(x, (Tensor, Variable)):
        x = x.numpy()
    x = np.asarray(x)
    if x.dtype.kind == "f" and x.dtype != np.float32:
        x = x.astype(np.float32)
    return x


def unpack(data):
    """`(x, y, sample_weight)` of a batch (Keras's `unpack_x_y_sample_weight`)."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data
    raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: "
                     f"{data}")


def pack(x, y=None, sample_weight=None):
    """A batch as Keras's data adapters give it to `train_step` (pack_x_y_sample_weight): `x`
    (or `(x,)` for a tuple x), `(x, y)`, or `(x, y, sample_weight)`."""
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


class ArrayBatches:
    """Batches of arrays: `num_batches`, and `epoch()` yielding each batch of tensors as Keras
    packs it (`pack`)."""

    def __init__(self, x, y=None, sample_weight=None, batch_size=None, shuffle=False):
        self._data = tuple(nest.map_structure(_as_array, d) if d is not None else None for d in (x, y, sample_weight))
        first = nest.flatten(self._data[0])[0]
        self._size = int(first.shape[0]) if isinstance(first, SparseTensor) else len(first)
        self.batch_size = batch_size if batch_size is not None else 32
        self.num_batches = math.ceil(self._size / self.batch_size)
        self._shuffle = shuffle

    def _batch(self, i, order):
        indices = slice(i * self.batch_size, (i + 1) * self.batch_size)
        if order is not None:
            indices = order[indices]
        x, y, sample_weight = (nest.map_structure(lambda a: _rows(a, indices), d) if d is not None else None
                               for d in self._data)
        return pack(x, y, sample_weight)

    def epoch(self):
        order = np.random.permutation(self._size) if self._shuffle else None
        for i in range(self.num_batches):
            yield self._batch(i, order)


def _rows(array, indices):
    """The rows `indices` (a slice, or the shuffled order's) of `array` as a tensor. A gather of
    numbers makes a new array the tensor takes over without a copy (DLPack), so each batch is
    copied once. A SparseTensor's rows are a SparseTensor of them."""
    if isinstance(array, SparseTensor):
        if isinstance(indices, slice):
            return sparse_rows.rows(array, indices.start, indices.stop)
        return sparse_rows.stack([sparse_rows.row(array, int(i)) for i in indices])
    if isinstance(indices, slice) or array.dtype.kind not in "fiu":
        return convert_to_tensor(array[indices])
    return dlpack.from_dlpack(np.take(array, indices, axis=0))


class DatasetBatches:
    """The elements of a `tf.data.Dataset`, each a batch."""

    def __init__(self, dataset):
        self._dataset = dataset
        cardinality = int(dataset.cardinality())
        self.num_batches = cardinality if cardinality >= 0 else None

    def epoch(self):
        for element in self._dataset:
            yield pack(*unpack(element))


def batches(x, y=None, sample_weight=None, batch_size=None, shuffle=False):
    """The batches of `x` (arrays or a Dataset) with Keras's checks of the arguments."""
    if isinstance(x, DatasetV2):
        if y is not None:
            raise ValueError("When providing `x` as a tf.data.Dataset, `y` should not be passed. Instead, the "
                             "targets should be included as part of the tf.data.Dataset.")
        if sample_weight is not None:
            raise ValueError("When providing `x` as a tf.data.Dataset, `sample_weights` should not be passed. "
                             "Instead, the sample weights should be included as part of the tf.data.Dataset.")
        if shuffle:
            warnings.warn("`shuffle=True` was passed, but will be ignored since the data `x` was provided as a "
                          "tf.data.Dataset. The Dataset is expected to already be shuffled (via "
                          "`.shuffle(buffer_size)`).")
        return DatasetBatches(x)
    if batch_size is not None and not isinstance(batch_size, int):
        raise TypeError(f"Invalid value for argument `batch_size`. Expected an integer. Received: "
                        f"batch_size={batch_size}")
    return ArrayBatches(x, y, sample_weight, batch_size, shuffle)
