"""`tf.experimental.DynamicRaggedShape`, what `tf.shape` gives for a RaggedTensor (TensorFlow's
dynamic_ragged_shape.py, in part): the row partitions of the ragged dimensions (their splits,
and the row length of a uniform one) and the inner shape of the flat values. Enough of it for
the guide: printing, indexing its uniform dimensions, prefixes, `from_lengths`, and `tf.zeros`,
`tf.ones`, `tf.fill` and `tf.reshape` of one (ragged_dispatch.py)."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import constant
from varrt.ops.ragged.row_partition import RowPartition


class DynamicRaggedShape:
    """The shape of a RaggedTensor: row partitions (one per ragged or uniform partitioned
    dimension) and the inner shape of its flat values."""

    def __init__(self, row_partitions, inner_shape, dtype=None, validate=False, static_inner_shape=None):
        partitions = list(row_partitions)
        for p in partitions:
            if not isinstance(p, RowPartition):
                raise TypeError("row_partitions should be a list of RowPartition objects")
        inner = inner_shape.numpy() if hasattr(inner_shape, "numpy") else np.asarray(inner_shape)
        if dtype is None:
            dtype = partitions[0].dtype if partitions else (dtypes.as_dtype(inner.dtype) if inner.dtype.kind == "i"
                                                            else dtypes.int64)
        shape = DynamicRaggedShape._make([p._splits for p in partitions], [p._uniform for p in partitions], inner,
                                         dtypes.as_dtype(dtype))
        self.__dict__.update(shape.__dict__)

    @classmethod
    def _make(cls, splits, uniform, inner_shape, dtype):
        """splits: NumPy arrays, outermost first; uniform: each partition's row length or None."""
        shape = object.__new__(cls)
        shape._splits = [np.asarray(s, dtype.as_numpy_dtype) for s in splits]
        shape._uniform = list(uniform)
        shape._inner = np.asarray(inner_shape, dtype.as_numpy_dtype).reshape(-1)
        shape._dtype = dtype
        return shape

    @classmethod
    def from_tensor(cls, t, dtype=None):
        """The shape of `t`, a RaggedTensor or a Tensor (no partitions)."""
        dtype = dtypes.int64 if dtype is None else dtypes.as_dtype(dtype)
        splits, uniform = [], []
        while hasattr(t, "row_splits"):  # a RaggedTensor
            splits.append(t.row_splits.numpy())
            uniform.append(t._uniform_row_length)
            t = t.values
        return cls._make(splits, uniform, t.shape.as_list(), dtype)

    @classmethod
    def from_lengths(cls, lengths, num_row_partitions=None, dtype=dtypes.int64):
        """The shape of the given lengths: an int per uniform dimension, a tuple of row lengths
        per ragged one (`[4, (2, 1, 0, 8), 12]`)."""
        dtype = dtypes.as_dtype(dtype)
        lengths = list(lengths)
        if not lengths or not isinstance(lengths[0], (int, np.integer)):
            raise ValueError("First element of lengths must be an int")
        if num_row_partitions is None:
            ragged = [i for i, length in enumerate(lengths) if isinstance(length, (tuple, list))]
            num_row_partitions = ragged[-1] if ragged else 0
        splits, uniform, nvals = [], [], int(lengths[0])
        for length in lengths[1:num_row_partitions + 1]:
            if isinstance(length, (tuple, list)):
                if len(length) != nvals:
                    raise ValueError(f"Expected {nvals} row lengths, got {len(length)}")
                row = np.asarray(length, np.int64)
                uniform.append(None)
            else:
                row = np.full(nvals, int(length), np.int64)
                uniform.append(int(length))
            splits.append(np.concatenate([[0], np.cumsum(row)]))
            nvals = int(splits[-1][-1])
        inner = [nvals] + [int(d) for d in lengths[num_row_partitions + 1:]]
        return cls._make(splits, uniform, inner, dtype)

    @property
    def dtype(self):
        """The dtype of the partitions and inner shape (int32 or int64)."""
        return self._dtype

    @property
    def num_row_partitions(self):
        """The number of partitioned dimensions."""
        return len(self._splits)

    @property
    def rank(self):
        """The number of dimensions."""
        return len(self._splits) + len(self._inner)

    @property
    def inner_shape(self):
        """The shape of the flat values (a 1-D tensor)."""
        return constant(self._inner.copy())

    @property
    def row_partitions(self):
        """The RowPartition of each partitioned dimension (a tuple)."""
        return tuple(RowPartition(s, uniform_row_length=u, internal=True) for s, u in zip(self._splits, self._uniform))

    def _nrows(self):
        return len(self._splits[0]) - 1 if self._splits else int(self._inner[0])

    def static_lengths(self, ragged_lengths=True):
        """The lengths as Python values: an int per uniform dimension, a tuple of row lengths
        per ragged one (None when `ragged_lengths` is False)."""
        result = [self._nrows()]
        for splits, uniform in zip(self._splits, self._uniform):
            if uniform is not None:
                result.append(uniform)
            else:
                result.append(tuple(int(v) for v in np.diff(splits)) if ragged_lengths else None)
        return result + [int(d) for d in self._inner[1:]]

    def is_uniform(self, axis):
        """Whether dimension `axis` has one size."""
        if axis < 0:
            axis += self.rank
        if 1 <= axis <= self.num_row_partitions:
            return self._uniform[axis - 1] is not None
        return True

    def _dimension(self, index):
        rank = self.rank
        if index < 0:
            index += rank
        if not 0 <= index < rank:
            raise IndexError(f"Expected axis={index} < rank={rank}")
        if index == 0:
            return self._nrows()
        k = self.num_row_partitions
        if index <= k:
            if self._uniform[index - 1] is None:
                raise ValueError(f"Index {index} is not uniform")
            return self._uniform[index - 1]
        return int(self._inner[index - k])

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._slice(key)
        return constant(np.array(self._dimension(int(key)), self._dtype.as_numpy_dtype))

    def _slice(self, key):
        rank, k = self.rank, self.num_row_partitions
        start, stop, step = key.indices(rank)
        if step != 1:
            raise NotImplementedError("varrt does not implement stepped slices of a DynamicRaggedShape yet")
        if stop <= start:
            return DynamicRaggedShape._make([], [], [], self._dtype)
        if start > 0:  # a part without the rows: its dimensions must be uniform
            if any(not self.is_uniform(axis) for axis in range(start, stop)):
                raise ValueError("All relevant dimensions must be uniform")
            return DynamicRaggedShape._make([], [], [self._dimension(a) for a in range(start, stop)], self._dtype)
        if stop == 1:
            return DynamicRaggedShape._make([], [], [self._nrows()], self._dtype)
        partitions = min(stop - 1, k)
        nvals = int(self._splits[partitions - 1][-1])
        inner = [nvals] + [int(d) for d in self._inner[1:stop - partitions]]
        return DynamicRaggedShape._make(self._splits[:partitions], self._uniform[:partitions], inner, self._dtype)

    def __repr__(self):
        return f"<DynamicRaggedShape lengths={self.static_lengths()} num_row_partitions={self.num_row_partitions}>"

    def _flat_and_splits(self):
        """(the flat values' shape, the splits outermost first, the uniform lengths) to build a
        RaggedTensor of this shape."""
        return [int(d) for d in self._inner], self._splits, self._uniform
