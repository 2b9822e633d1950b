"""`tf.RaggedTensor`: a tensor whose rows have different lengths, as TensorFlow's composite tensor
(tensorflow/python/ops/ragged/ragged_tensor.py): `values` (a Tensor, or a RaggedTensor for
ragged_rank > 1) partitioned into rows by `row_splits` (int64 or int32, `[0, ..., len(values)]`).

varrt builds RaggedTensors eagerly: the partitions are checked and the row arithmetic done in
NumPy on the components' values; the flat values stay Tensors, so element-wise ops on them are
varrt's ops. Inside a graph being built (tf.function) varrt does not implement them yet: their
factories raise NotImplementedError there.
"""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import array_ops
from varrt.ops.op_util import kernel_error
from varrt.ops.ragged import ragged_checks, ragged_conversion, ragged_getitem, ragged_shape_ops
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec

_SPLITS_DTYPES = (dtypes.int32, dtypes.int64)


def _eager(t, what):
    ragged_checks.eager_numpy(t, what)  # refuses a symbolic tensor
    return t


def _nrows_of(values):
    return values._nrows_int() if isinstance(values, RaggedTensor) else int(values.shape[0])


def _convert_values(values):
    """values as a Tensor (rank >= 1) or the RaggedTensor it is."""
    if isinstance(values, RaggedTensor):
        return values
    values = _eager(convert_to_tensor(values), "values")
    if values.shape.rank == 0:  # TensorFlow fails reading the number of rows: StridedSlice's error
        raise kernel_error("StridedSlice", "slice index 0 of dimension 0 out of bounds.", "strided_slice/")
    return values


def _convert_partition(values, partition, name):
    """A row-partitioning tensor (`partition`, named `name` in messages) as an int32/int64 Tensor
    of rank 1: TensorFlow's rule (Python values as int64, or as the nested values' splits dtype)."""
    if isinstance(partition, Tensor):
        tensor = _eager(partition, name)
        if tensor.dtype not in _SPLITS_DTYPES:
            raise ValueError(f"{name} must have dtype int32 or int64")
    else:
        array = np.asarray(partition)
        if array.dtype.kind not in "iu" and array.size:
            raise ValueError(f"{name} must have dtype int32 or int64")
        hint = values.row_splits.dtype if isinstance(values, RaggedTensor) else dtypes.int64
        tensor = constant(array.astype(hint.as_numpy_dtype))
    if tensor.shape.rank != 1:
        raise ValueError(f"Shape {tuple(tensor.shape.as_list())} must have rank 1")
    if isinstance(values, RaggedTensor) and values.row_splits.dtype != tensor.dtype:
        raise ValueError(f"Argument `row_partition` of RaggedTensor with name: partition must have same dtype as "
                         f"Argument `values`. ({tensor.dtype} vs. {values.row_splits.dtype}).")
    return tensor


class RaggedTensor:
    """A tensor with ragged dimensions: `values` partitioned into rows by `row_splits`
    (TensorFlow's tf.RaggedTensor). Build one with a `from_*` factory or `tf.ragged.constant`."""

    def __init__(self, values, row_splits, internal=False, uniform_row_length=None):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory methods "
                             "instead (e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length  # a Python int when every row has that length by construction

    # --- factories ---------------------------------------------------------------------------------
    @classmethod
    def _from_splits_array(cls, values, splits, dtype):
        """A RaggedTensor of `values` (converted, checked) and a NumPy `splits` array already valid."""
        return cls(values, constant(np.asarray(splits, dtype=dtype.as_numpy_dtype)), internal=True)

    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        """Rows `values[row_splits[i]:row_splits[i + 1]]`; row_splits starts at 0, is sorted and
        ends at `len(values)`."""
        values = _convert_values(values)
        splits = _convert_partition(values, row_splits, "row_splits")
        if splits.shape[0] == 0:
            raise ValueError("row_splits tensor may not be empty.")
        if validate:
            s = splits.numpy()
            msg = "Arguments to from_row_splits do not form a valid RaggedTensor:"
            ragged_checks.assert_equal(s[:1], np.zeros(1, s.dtype), msg + "zero")
            ragged_checks.assert_non_negative(s[1:] - s[:-1], msg + "monotonic")
            ragged_checks.assert_equal(s[-1:], np.array([_nrows_of(values)], s.dtype),
                                       "Arguments to _from_row_partition do not form a valid RaggedTensor")
        return cls(values, splits, internal=True)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        """Rows of the lengths `row_lengths` (non-negative, summing to `len(values)`)."""
        values = _convert_values(values)
        lengths = _convert_partition(values, row_lengths, "row_lengths")
        l = lengths.numpy()
        if validate:
            ragged_checks.assert_non_negative(
                l, "Arguments to from_row_lengths do not form a valid RowPartition")
            ragged_checks.assert_equal(np.array([l.sum()], l.dtype), np.array([_nrows_of(values)], l.dtype),
                                       "Arguments to _from_row_partition do not form a valid RaggedTensor")
        return cls._from_splits_array(values, np.concatenate([[0], np.cumsum(l)]), lengths.dtype)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        """values[i] goes in row `value_rowids[i]` (sorted, non-negative); `nrows` rows (default:
        the last row id + 1)."""
        values = _convert_values(values)
        rowids = _convert_partition(values, value_rowids, "value_rowids")
        ids = rowids.numpy()
        n_values = _nrows_of(values)
        if ids.shape[0] != n_values:
            raise ValueError(f"Shapes ({n_values},) and ({ids.shape[0]},) are incompatible")
        if nrows is None:
            count = int(ids[-1]) + 1 if ids.size else 0
        else:
            count = int(np.asarray(nrows.numpy() if isinstance(nrows, Tensor) else nrows))
            if ids.size and count < int(ids[-1]) + 1:
                raise ValueError(f"Expected nrows >= value_rowids[-1] + 1; got nrows={count}, "
                                 f"value_rowids[-1]={int(ids[-1])}")
        if validate:
            msg = "Arguments to from_value_rowids do not form a valid RowPartition"
            ragged_checks.assert_non_negative(ids[:1], msg)
            ragged_checks.assert_non_negative(ids[1:] - ids[:-1], msg)
            if count < 0:
                ragged_checks.assert_non_negative(np.array([count], ids.dtype), msg)
        splits = np.searchsorted(ids, np.arange(count + 1), side="left") if count > 0 else np.zeros(1, np.int64)
        if count > 0:
            splits[-1] = ids.size
        return cls._from_splits_array(values, splits, rowids.dtype)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        """Rows starting at `row_starts` (0 first, sorted); the last row ends at `len(values)`."""
        values = _convert_values(values)
        starts = _convert_partition(values, row_starts, "row_starts")
        s = starts.numpy()
        splits = np.concatenate([s, np.array([_nrows_of(values)], s.dtype)])
        if validate:
            msg = "Arguments to from_row_starts do not form a valid RaggedTensor"
            ragged_checks.assert_equal(splits[:1], np.zeros(1, s.dtype), msg)
            ragged_checks.assert_non_negative(splits[1:] - splits[:-1], msg)
        return cls._from_splits_array(values, splits, starts.dtype)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        """Rows ending at `row_limits` (sorted); the first row starts at 0; the last limit is
        `len(values)`."""
        values = _convert_values(values)
        limits = _convert_partition(values, row_limits, "row_limits")
        l = limits.numpy()
        splits = np.concatenate([np.zeros(1, l.dtype), l])
        if validate:
            msg = "Arguments to from_row_limits do not form a valid RaggedTensor"
            ragged_checks.assert_non_negative(l[:1], msg)
            ragged_checks.assert_non_negative(l[1:] - l[:-1], msg)
            ragged_checks.assert_equal(splits[-1:], np.array([_nrows_of(values)], l.dtype),
                                       "Arguments to _from_row_partition do not form a valid RaggedTensor")
        return cls._from_splits_array(values, splits, limits.dtype)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True, name=None):
        """Rows of `uniform_row_length` values each (a uniform dimension: its size shows in
        `shape`); `nrows` rows (needed when the length is 0)."""
        values = _convert_values(values)
        length = uniform_row_length.numpy() if isinstance(uniform_row_length, Tensor) else uniform_row_length
        length = int(np.asarray(length))
        n_values = _nrows_of(values)
        if nrows is None:
            count = n_values // length if length else 0
        else:
            count = int(np.asarray(nrows.numpy() if isinstance(nrows, Tensor) else nrows))
        if validate and count * length != n_values:
            ragged_checks.assert_equal(np.array([count * length]), np.array([n_values]),
                                       "Arguments to _from_row_partition do not form a valid RaggedTensor")
        dtype = (uniform_row_length.dtype if isinstance(uniform_row_length, Tensor)
                 else values.row_splits.dtype if isinstance(values, RaggedTensor) else dtypes.int64)
        splits = constant(np.arange(count + 1, dtype=dtype.as_numpy_dtype) * length)
        return cls(values, splits, internal=True, uniform_row_length=length)

    @property
    def uniform_row_length(self):
        """The length of every row when this dimension is uniform (a scalar tensor), else None."""
        if self._uniform_row_length is None:
            return None
        return constant(np.array(self._uniform_row_length, self._row_splits.dtype.as_numpy_dtype))

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        """from_row_splits applied once per splits tensor, innermost (the last) first."""
        if isinstance(nested_row_splits, Tensor):
            raise TypeError(f"Argument `nested_row_splits` must be a list of Tensors. Received {nested_row_splits.numpy()}.")
        result = flat_values
        for splits in reversed(nested_row_splits):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        """from_row_lengths applied once per lengths tensor, innermost (the last) first."""
        if isinstance(nested_row_lengths, Tensor):
            raise TypeError(f"Argument `nested_row_lengths` must be a list of Tensors. Received {nested_row_lengths.numpy()}.")
        result = flat_values
        for lengths in reversed(nested_row_lengths):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values, nested_value_rowids, nested_nrows=None, name=None, validate=True):
        """from_value_rowids applied once per rowids tensor, innermost (the last) first."""
        if isinstance(nested_value_rowids, Tensor):
            raise TypeError(f"Argument `nested_value_rowids` must be a list of Tensors. Received {nested_value_rowids.numpy()}.")
        if nested_nrows is None:
            nested_nrows = [None] * len(nested_value_rowids)
        elif len(nested_nrows) != len(nested_value_rowids):
            raise ValueError("Argument `nested_nrows` must have the same length as argument `nested_value_rowids`. "
                             f"len(nested_nrows) = {len(nested_nrows)} vs. "
                             f"len(nested_values_rowids) = {len(nested_value_rowids)}.")
        result = flat_values
        for rowids, nrows in reversed(list(zip(nested_value_rowids, nested_nrows))):
            result = cls.from_value_rowids(result, rowids, nrows, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                    row_splits_dtype=dtypes.int64):
        """The RaggedTensor of a dense `tensor`, its rows cut to `lengths` or where trailing
        `padding` starts (ragged_rank outer dimensions made ragged)."""
        return ragged_conversion.from_tensor(cls, tensor, lengths, padding, ragged_rank, row_splits_dtype)

    @classmethod
    def from_sparse(cls, st_input, name=None, row_splits_dtype=dtypes.int64):
        """The RaggedTensor of a 2-D SparseTensor whose indices are ragged-right (each row's
        columns 0, 1, ... in order)."""
        return ragged_conversion.from_sparse(cls, st_input, row_splits_dtype)

    # --- properties ---------------------------------------------------------------------------------
    @property
    def values(self):
        """The concatenated rows: a Tensor, or a RaggedTensor when ragged_rank > 1."""
        return self._values

    @property
    def row_splits(self):
        """The row-split indices: rows are values[row_splits[i]:row_splits[i + 1]]."""
        return self._row_splits

    @property
    def flat_values(self):
        """The innermost values: a Tensor."""
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values.values
        return values

    @property
    def nested_row_splits(self):
        """The row_splits of each ragged dimension, outermost first (a tuple)."""
        result, rt = [self._row_splits], self._values
        while isinstance(rt, RaggedTensor):
            result.append(rt.row_splits)
            rt = rt.values
        return tuple(result)

    @property
    def dtype(self):
        """The values' dtype."""
        return self._values.dtype

    @property
    def ragged_rank(self):
        """The number of ragged (partitioned) dimensions."""
        values = self._values
        return values.ragged_rank + 1 if isinstance(values, RaggedTensor) else 1

    @property
    def shape(self):
        """The static shape: [nrows, None (each ragged dimension), the flat values' inner dims]."""
        nrows = int(self._row_splits.shape[0]) - 1
        values_shape = self._values.shape
        return TensorShape([nrows, self._uniform_row_length]).concatenate(values_shape[1:])

    def get_shape(self):
        """`shape`."""
        return self.shape

    def _splits(self):
        return self._row_splits.numpy()

    def _nrows_int(self):
        """The number of rows, a Python int."""
        return int(self._row_splits.shape[0]) - 1

    def nrows(self, out_type=None, name=None):
        """The number of rows: a scalar tensor of `out_type` (default the splits' dtype)."""
        out = self._row_splits.dtype if out_type is None else dtypes.as_dtype(out_type)
        return constant(np.array(self._nrows_int(), out.as_numpy_dtype))

    def row_starts(self, name=None):
        """Where each row starts in values (row_splits[:-1])."""
        return constant(self._splits()[:-1])

    def row_limits(self, name=None):
        """Where each row ends in values (row_splits[1:])."""
        return constant(self._splits()[1:])

    def row_lengths(self, axis=1, name=None):
        """The lengths of the rows of dimension `axis` (1: this tensor's rows; a RaggedTensor for
        deeper axes)."""
        return ragged_shape_ops.row_lengths(self, axis)

    def nested_row_lengths(self, name=None):
        """The row lengths of each ragged dimension, outermost first (a tuple)."""
        rt, result = self, []
        while isinstance(rt, RaggedTensor):
            s = rt._splits()
            result.append(constant(s[1:] - s[:-1]))
            rt = rt.values
        return tuple(result)

    def value_rowids(self, name=None):
        """The row index of each value."""
        s = self._splits()
        return constant(np.repeat(np.arange(len(s) - 1, dtype=s.dtype), s[1:] - s[:-1]))

    def nested_value_rowids(self, name=None):
        """value_rowids of each ragged dimension, outermost first (a tuple)."""
        rt, result = self, []
        while isinstance(rt, RaggedTensor):
            result.append(rt.value_rowids())
            rt = rt.values
        return tuple(result)

    def bounding_shape(self, axis=None, name=None, out_type=None):
        """The smallest dense shape holding this tensor: [nrows, longest row, ...]."""
        return ragged_shape_ops.bounding_shape(self, axis, out_type)

    # --- new values --------------------------------------------------------------------------------
    def merge_dims(self, outer_axis, inner_axis):
        """This tensor with dimensions outer_axis..inner_axis merged into one (TensorFlow's
        merge_dims: a Tensor when every ragged dimension is merged into the rows)."""
        rank = self.shape.rank
        axes = []
        for name, axis in (("outer_axis", outer_axis), ("inner_axis", inner_axis)):
            if not -rank <= axis < rank:
                raise ValueError(f"{name}={axis} out of bounds: expected {-rank}<={name}<{rank}")
            axes.append(axis + rank if axis < 0 else axis)
        outer_axis, inner_axis = axes
        if not outer_axis <= inner_axis:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to inner_axis "
                             f"({inner_axis}).")
        return _merge_dims(self, outer_axis, inner_axis)

    def with_values(self, new_values):
        """This partition with other `values` (as many rows as values has)."""
        new_values = _convert_values(new_values)
        if _nrows_of(new_values) != _nrows_of(self._values):
            raise ValueError(f"Shapes ({_nrows_of(self._values)},) and ({_nrows_of(new_values)},) are incompatible")
        if isinstance(new_values, RaggedTensor) and new_values.row_splits.dtype != self._row_splits.dtype:
            raise ValueError("self and new_values have mismatched row_splits dtypes; use "
                             "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
        return RaggedTensor(new_values, self._row_splits, internal=True, uniform_row_length=self._uniform_row_length)

    def with_flat_values(self, new_values):
        """This tensor's ragged partitions with other flat values."""
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype):
        """This tensor with its row partitions cast to `dtype` (int32 or int64)."""
        dtype = dtypes.as_dtype(dtype)
        if dtype not in _SPLITS_DTYPES:
            raise ValueError(f"Argument `row_splits` dtype must be int32 or int64. Received {dtype}.")
        values = self._values
        if isinstance(values, RaggedTensor):
            values = values.with_row_splits_dtype(dtype)
        return RaggedTensor(values, constant(self._splits().astype(dtype.as_numpy_dtype)), internal=True,
                            uniform_row_length=self._uniform_row_length)

    # --- conversions ---------------------------------------------------------------------------------
    def to_tensor(self, default_value=None, name=None, shape=None):
        """The dense tensor: rows padded with `default_value` (0, '' or False) to the bounding
        shape, or to `shape` (its None dimensions from the bounding shape; rows cut to it)."""
        return ragged_conversion.to_tensor(self, default_value, shape)

    def to_sparse(self, name=None):
        """The SparseTensor of this tensor's values."""
        return ragged_conversion.to_sparse(self)

    def to_list(self):
        """The values as a nested Python list (rows as lists)."""
        row_splits = self._splits().tolist()
        values = self._values
        if isinstance(values, RaggedTensor):
            return [values[row_splits[i]:row_splits[i + 1]].to_list() for i in range(len(row_splits) - 1)]
        values_as_list = values.numpy().tolist()
        return [values_as_list[row_splits[i]:row_splits[i + 1]] for i in range(len(row_splits) - 1)]

    def numpy(self):
        """A NumPy array: ragged rows as a 1-D object array of row arrays, uniform ones as one array."""
        values = self._values.numpy()
        splits = self._splits()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        has_variable_length_rows = any(len(row) != len(rows[0]) for row in rows)
        dtype = np.object_ if has_variable_length_rows else None
        if dtype is np.object_:  # one row array per element (np.array of equal-ranked rows would refuse them)
            result = np.empty(len(rows), dtype=object)
            for i, row in enumerate(rows):
                result[i] = row
            return result
        return np.array(rows, dtype=dtype)

    def __repr__(self):
        with np.printoptions(formatter={"all": _formatter}):
            value_text = _formatter(self.numpy())
        return f"<tf.RaggedTensor {value_text}>"

    __str__ = __repr__

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean.")

    def __getitem__(self, key):
        return ragged_getitem.getitem(self, key)

    def __iter__(self):
        for i in range(self._nrows_int()):
            yield self[i]

    def _composite_components(self):
        """The flat values and each row splits (what tf.nest gives with expand_composites=True)."""
        return [self.flat_values, *self.nested_row_splits]

    def _from_composite_components(self, components):
        """A RaggedTensor of this one's structure from `components` (not validated, as TensorFlow's)."""
        return RaggedTensor.from_nested_row_splits(components[0], components[1:], validate=False)

    def __tf_tracing_type__(self, context):
        raise NotImplementedError("varrt does not implement RaggedTensor arguments of a tf.function yet (TensorFlow "
                                  "traces them by their RaggedTensorSpec)")

    @property
    def _type_spec(self):
        return RaggedTensorSpec.from_value(self)

    def consumers(self):
        """TensorFlow 1's consumers of the components: varrt does not implement it."""
        raise NotImplementedError("varrt does not implement RaggedTensor.consumers")

    __array_priority__ = 100  # NumPy hands `array + rt` to RaggedTensor.__radd__


def _merge_dims(value, outer_axis, inner_axis):
    """TensorFlow's merge_dims (ragged_tensor.py), with the splits in NumPy."""
    if outer_axis == inner_axis:
        return value
    while outer_axis == 0 and isinstance(value, RaggedTensor):
        value = value.values
        inner_axis -= 1
        if inner_axis == 0:
            return value
    if not isinstance(value, RaggedTensor):
        old_shape = value.shape.as_list()
        return array_ops.reshape(value, old_shape[:outer_axis] + [-1] + old_shape[inner_axis + 1:])
    if outer_axis > 1:
        return value.with_values(_merge_dims(value.values, outer_axis - 1, inner_axis - 1))
    new_values, new_splits = value.values, value.row_splits.numpy()
    for axis in range(outer_axis, inner_axis):
        if isinstance(new_values, RaggedTensor):
            new_splits = new_values.row_splits.numpy()[new_splits]
            new_values = new_values.values
        else:
            shape_split = inner_axis - axis + 1
            old_shape = new_values.shape.as_list()
            new_values = array_ops.reshape(new_values, [-1] + old_shape[shape_split:])
            new_splits = new_splits * int(np.prod(old_shape[1:shape_split]))
            break
    return RaggedTensor._from_splits_array(new_values, new_splits, value.row_splits.dtype)


def _formatter(x):
    """TensorFlow's: NumPy elements separated by commas; an empty array as its nested list."""
    if isinstance(x, np.ndarray):
        if x.size != 0:
            return np.array2string(x, separator=", ")
        return repr(x.tolist())
    return str(x)


def is_ragged(value):
    """Whether `value` is a RaggedTensor."""
    return isinstance(value, RaggedTensor)


def match_row_splits_dtypes(*tensors):
    """The RaggedTensors of `tensors` with int64 partitions when their splits dtypes differ
    (TensorFlow's auto-cast rule is off: it raises ValueError then)."""
    splits = {t.row_splits.dtype for t in tensors if isinstance(t, RaggedTensor)}
    if len(splits) > 1:
        raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
    return tensors


def convert_to_tensor_or_ragged(value, dtype=None):
    """A RaggedTensor as it is, anything else as a Tensor."""
    if isinstance(value, RaggedTensor):
        if dtype is not None and dtypes.as_dtype(dtype) != value.dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for "
                             f"RaggedTensor with dtype {value.dtype.name}: {value!r}.")
        return value
    return convert_to_tensor(value, dtype=dtype)


RaggedTensorSpec._value_type = RaggedTensor
