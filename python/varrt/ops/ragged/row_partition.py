"""`tf.experimental.RowPartition`: how one dimension of a RaggedTensor is split into rows (its
row splits, or a uniform row length), as TensorFlow's row_partition.py; what a
DynamicRaggedShape holds per partitioned dimension. Built and read eagerly."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops.ragged import ragged_checks


def _partition_array(value, name, dtype):
    tensor = value if isinstance(value, Tensor) else convert_to_tensor(value, dtype_hint=dtype or dtypes.int64)
    if dtype is not None and tensor.dtype != dtypes.as_dtype(dtype):
        tensor = constant(ragged_checks.eager_numpy(tensor, name).astype(dtypes.as_dtype(dtype).as_numpy_dtype))
    if tensor.dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(f"{name} must have dtype int32 or int64")
    array = ragged_checks.eager_numpy(tensor, name)
    if array.ndim != 1:
        raise ValueError(f"Shape {array.shape} must have rank 1")
    return array


class RowPartition:
    """The partition of one dimension into rows: row splits (and a uniform row length when every
    row has one length by construction)."""

    def __init__(self, row_splits, uniform_row_length=None, internal=False):
        if not internal:
            raise ValueError("RowPartition constructor is private; please use one of the factory methods "
                             "instead (e.g., RowPartition.from_row_lengths())")
        self._splits = row_splits
        self._uniform = uniform_row_length

    @classmethod
    def from_row_splits(cls, row_splits, validate=True, dtype=None, dtype_hint=None):
        """Rows [row_splits[i], row_splits[i + 1])."""
        s = _partition_array(row_splits, "row_splits", dtype)
        if s.size == 0:
            raise ValueError("row_splits tensor may not be empty.")
        if validate:
            msg = "Arguments to from_row_splits do not form a valid RaggedTensor:"
            ragged_checks.assert_equal(s[:1], np.zeros(1, s.dtype), msg + "zero")
            ragged_checks.assert_non_negative(s[1:] - s[:-1], msg + "monotonic")
        return cls(s, internal=True)

    @classmethod
    def from_row_lengths(cls, row_lengths, validate=True, dtype=None, dtype_hint=None):
        """Rows of the given lengths."""
        lengths = _partition_array(row_lengths, "row_lengths", dtype)
        if validate:
            ragged_checks.assert_non_negative(lengths, "Arguments to from_row_lengths do not form a valid RowPartition")
        return cls(np.concatenate([np.zeros(1, lengths.dtype), np.cumsum(lengths, dtype=lengths.dtype)]), internal=True)

    @classmethod
    def from_value_rowids(cls, value_rowids, nrows=None, validate=True, dtype=None, dtype_hint=None):
        """Value i in row value_rowids[i] (sorted); nrows rows (default the last id + 1)."""
        ids = _partition_array(value_rowids, "value_rowids", dtype)
        count = (int(ids[-1]) + 1 if ids.size else 0) if nrows is None else int(np.asarray(
            nrows.numpy() if isinstance(nrows, Tensor) else nrows))
        if validate:
            ragged_checks.assert_non_negative(np.diff(ids), "Arguments to from_value_rowids do not form a valid "
                                                            "RowPartition")
        splits = np.searchsorted(ids, np.arange(count + 1), side="left").astype(ids.dtype)
        splits[-1] = ids.size
        return cls(splits, internal=True)

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length, nvals=None, nrows=None, validate=True, dtype=None,
                                dtype_hint=None):
        """`nrows` rows (default nvals // length) of `uniform_row_length` values each."""
        length = int(np.asarray(uniform_row_length.numpy() if isinstance(uniform_row_length, Tensor)
                                else uniform_row_length))
        if nrows is None:
            if nvals is None:
                raise ValueError("Must specify either nvals or nrows")
            nrows = int(nvals) // length if length else 0
        out = dtypes.as_dtype(dtype or dtypes.int64).as_numpy_dtype
        return cls(np.arange(int(nrows) + 1, dtype=out) * length, uniform_row_length=length, internal=True)

    @property
    def dtype(self):
        """The dtype of the partition (int32 or int64)."""
        return dtypes.as_dtype(self._splits.dtype)

    def row_splits(self):
        """The row splits (a 1-D tensor)."""
        return constant(self._splits.copy())

    def row_lengths(self):
        """The length of each row."""
        return constant(np.diff(self._splits))

    def row_starts(self):
        """Where each row starts."""
        return constant(self._splits[:-1].copy())

    def row_limits(self):
        """Where each row ends."""
        return constant(self._splits[1:].copy())

    def value_rowids(self):
        """The row of each value."""
        return constant(np.repeat(np.arange(len(self._splits) - 1, dtype=self._splits.dtype), np.diff(self._splits)))

    def nrows(self):
        """The number of rows (a scalar tensor)."""
        return constant(np.array(len(self._splits) - 1, self._splits.dtype))

    def nvals(self):
        """The number of values partitioned (a scalar tensor)."""
        return constant(np.array(self._splits[-1], self._splits.dtype))

    def uniform_row_length(self):
        """The length of every row when uniform by construction (a scalar tensor), else None."""
        return None if self._uniform is None else constant(np.array(self._uniform, self._splits.dtype))

    def is_uniform(self):
        """Whether the partition was built with one row length."""
        return self._uniform is not None

    def __repr__(self):
        if self._uniform is not None:
            return f"tf.RowPartition(nrows={len(self._splits) - 1}, uniform_row_length={self._uniform})"
        return f"tf.RowPartition(row_splits={self._splits})"
