"""RaggedTensor to and from dense and sparse tensors (TensorFlow's from_tensor, to_tensor,
to_sparse, from_sparse), in NumPy over the components' values."""
import numpy as np

from varrt.base import dtypes
from varrt.base import errors
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import index_ops, scatter_ops
from varrt.ops.ragged import ragged_checks


def _rows_to_tensor(cls, array, lengths, dtype, values_dtype):
    """The ragged_rank-1 RaggedTensor of the dense rows of `array` cut to `lengths`."""
    lengths = np.asarray(lengths, dtype=dtype.as_numpy_dtype)
    mask = np.arange(array.shape[1])[None, :] < lengths[:, None]
    splits = np.concatenate([np.zeros(1, lengths.dtype), np.cumsum(lengths, dtype=lengths.dtype)])
    return cls._from_splits_array(constant(array[mask], dtype=values_dtype), splits, dtype)


def from_tensor(cls, tensor, lengths, padding, ragged_rank, row_splits_dtype):
    """RaggedTensor.from_tensor."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if lengths is not None and padding is not None:
        raise ValueError("Specify argument `lengths` or `padding`, but not both.")
    if not isinstance(ragged_rank, int):
        raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
    if ragged_rank <= 0:
        raise ValueError(f"Argument `ragged_rank` must be greater than 0. Received {ragged_rank}.")
    tensor = convert_to_tensor(tensor)
    if tensor.shape.rank < 2:
        raise ValueError(f"The rank of a RaggedTensor must be greater than 1, i.e., a list of scalars won't have "
                         f"ragged dimensions. Received argument `tensor` with rank {tensor.shape.rank}.")
    if tensor.shape.rank < ragged_rank + 1:
        raise ValueError(f"Shape {tensor.shape} must have rank at least {ragged_rank + 1}")
    array = ragged_checks.eager_numpy(tensor, "tensor")
    if (lengths is not None and isinstance(lengths, (list, tuple)) and len(lengths)
            and not isinstance(lengths[0], (int, float))):
        if ragged_rank not in (1, len(lengths)):
            raise ValueError(f"If Argument `lengths` is a tuple of row_lengths, argument `ragged_rank` must be "
                             f"len(lengths): {len(lengths)}. Received ragged_rank: {ragged_rank}.")
        # Each level's lengths cut the rows of the dense level below (a ragged mask of the dense shape).
        mask = cls.from_nested_row_lengths(np.ones(int(np.sum(_array(lengths[-1]))), bool), lengths, validate=False)
        dense_mask = mask.to_tensor(default_value=False).numpy()
        dense_mask = np.pad(dense_mask, [(0, max(0, a - m)) for a, m in zip(array.shape, dense_mask.shape)])
        dense_mask = dense_mask[tuple(slice(0, a) for a in array.shape[:dense_mask.ndim])]
        return cls.from_nested_row_lengths(constant(array[dense_mask], dtype=tensor.dtype), lengths, validate=False)
    if ragged_rank > 1:
        shape = list(array.shape)
        flattened = array.reshape([int(np.prod(shape[:ragged_rank]))] + shape[ragged_rank:])
        result = from_tensor(cls, constant(flattened), lengths, padding, 1, row_splits_dtype)
        for axis in range(ragged_rank - 1, 0, -1):
            result = cls.from_uniform_row_length(result, constant(np.array(shape[axis], row_splits_dtype.as_numpy_dtype)),
                                                 nrows=int(np.prod(shape[:axis])), validate=False)
        return result
    nrows, ncols = array.shape[:2]
    if padding is not None:
        pad = np.asarray(convert_to_tensor(padding, dtype=tensor.dtype).numpy(), dtype=array.dtype)
        if not TensorShape(pad.shape).is_compatible_with(tensor.shape[2:]):
            raise ValueError(f"Shapes {TensorShape(pad.shape)} and {tensor.shape[2:]} are incompatible")
        has_default = array == pad
        if array.ndim > 2:
            has_default = has_default.all(axis=tuple(range(2, array.ndim)))
        # A row's length is one past its last value that is not padding.
        positions = np.where(~has_default, np.arange(1, ncols + 1)[None, :], 0)
        row_lengths = positions.max(axis=1) if ncols else np.zeros(nrows, np.int64)
        return _rows_to_tensor(cls, array, row_lengths, row_splits_dtype, tensor.dtype)
    if lengths is not None:
        row_lengths = np.minimum(_array(lengths).astype(np.int64), ncols)
        return _rows_to_tensor(cls, array, row_lengths, row_splits_dtype, tensor.dtype)
    splits = np.arange(nrows + 1, dtype=row_splits_dtype.as_numpy_dtype) * ncols
    values = constant(array.reshape((nrows * ncols,) + array.shape[2:]), dtype=tensor.dtype)
    return cls(values, constant(splits), internal=True, uniform_row_length=ncols)  # a uniform dimension, as TensorFlow's


def _array(value):
    return value.numpy() if isinstance(value, Tensor) else np.asarray(value)


def _default_value(rt, default_value):
    dtype = rt.dtype
    if default_value is None:
        return np.array(b"" if dtype == dtypes.string else 0, dtype=object if dtype == dtypes.string
                        else dtype.as_numpy_dtype)
    return convert_to_tensor(default_value, dtype=dtype).numpy()


def _nested(rt):
    """(flat values array, [splits arrays, outermost first])."""
    return rt.flat_values.numpy(), [s.numpy() for s in rt.nested_row_splits]


def _positions(splits_list, n_flat):
    """The dense index (one column per ragged dimension, outermost first) of each flat value."""
    index = np.arange(n_flat)
    columns = []
    for splits in reversed(splits_list):
        rowids = np.repeat(np.arange(len(splits) - 1), np.diff(splits))[index]
        columns.insert(0, index - splits[rowids])
        index = rowids
    columns.insert(0, index)
    return columns


def bounding_shape_list(rt):
    """The bounding shape as a list of Python ints."""
    flat, splits_list = _nested(rt)
    shape = [len(splits_list[0]) - 1]
    for splits in splits_list:
        lengths = np.diff(splits)
        shape.append(int(lengths.max()) if lengths.size else 0)
    return shape + list(flat.shape[1:])


def to_tensor(rt, default_value, shape):
    """RaggedTensor.to_tensor."""
    flat, splits_list = _nested(rt)
    bounding = bounding_shape_list(rt)
    if shape is not None:
        wanted = TensorShape([None if d < 0 else d for d in shape.numpy().tolist()] if isinstance(shape, Tensor)
                             else shape)
        if wanted.rank is not None:
            if wanted.rank != len(bounding):
                raise ValueError(f"Shape {wanted} must have rank {len(bounding)}")
            bounding = [b if w is None else w for b, w in zip(bounding, wanted.as_list())]
    fill = _default_value(rt, default_value)
    inner = flat.shape[1:]
    ragged_dims = len(splits_list) + 1
    out_inner = tuple(bounding[ragged_dims:])
    result = np.empty(bounding, dtype=flat.dtype)
    result[...] = fill
    columns = _positions(splits_list, flat.shape[0])
    keep = np.ones(flat.shape[0], bool)
    for col, size in zip(columns, bounding[:ragged_dims]):
        keep &= col < size
    cut = tuple(slice(0, min(a, b)) for a, b in zip(inner, out_inner))
    if (rt.dtype.is_floating or rt.dtype.is_complex) and tuple(inner) == out_inner:
        return _scattered(rt, columns, keep, bounding, result, ragged_dims)
    src = flat[keep]
    src = src[(slice(None),) + cut]
    target = tuple(c[keep] for c in columns) + cut
    if src.size or src.shape[0]:
        result[target] = src
    return constant(result, dtype=rt.dtype)


def _scattered(rt, columns, keep, bounding, filled, ragged_dims):
    """to_tensor of floating values by varrt's ops (gathered, scattered into the bounding shape,
    the default where no value lands), so gradients reach the flat values as TensorFlow's
    RaggedTensorToTensor gradient does; `filled` is the default value everywhere."""
    index = np.stack([c[keep] for c in columns], axis=1).astype(np.int64).reshape(-1, ragged_dims)
    values = index_ops.gather(rt.flat_values, constant(np.nonzero(keep)[0].astype(np.int64)))
    scattered = scatter_ops.scatter_nd(constant(index), values, constant(np.asarray(bounding, np.int64)))
    if not filled.any() and not np.signbit(filled).any():  # a +0 default: scatter_nd's zeros are it
        return scattered
    landed = np.zeros(bounding[:ragged_dims], bool)
    landed[tuple(index.T)] = True
    landed = np.broadcast_to(landed.reshape(landed.shape + (1,) * (len(bounding) - ragged_dims)), bounding)
    return index_ops.where(constant(np.ascontiguousarray(landed)), scattered, constant(filled, dtype=rt.dtype))


def to_sparse(rt):
    """RaggedTensor.to_sparse: every value's index, the flat values' inner dimensions included."""
    flat, splits_list = _nested(rt)
    columns = _positions(splits_list, flat.shape[0])
    inner = flat.shape[1:]
    outer = np.stack(columns, axis=1).astype(np.int64) if columns else np.zeros((0, 0), np.int64)
    inner_index = np.stack(np.meshgrid(*[np.arange(d) for d in inner], indexing="ij"), -1).reshape(-1, len(inner)) \
        if inner else np.zeros((1, 0), np.int64)
    indices = np.concatenate([np.repeat(outer, len(inner_index), axis=0),
                              np.tile(inner_index, (outer.shape[0], 1))], axis=1).astype(np.int64)
    values = flat.reshape(-1)
    return SparseTensor(constant(indices), constant(values, dtype=rt.dtype),
                        constant(np.array(bounding_shape_list(rt), np.int64)))


def from_sparse(cls, st_input, row_splits_dtype):
    """RaggedTensor.from_sparse of a 2-D SparseTensor with ragged-right indices."""
    if not isinstance(st_input, SparseTensor):
        raise TypeError(f"Argument `st_input` must be of type SparseTensor, but is {type(st_input).__name__}")
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    indices = ragged_checks.eager_numpy(st_input.indices, "st_input.indices")
    if indices.shape[1] != 2:
        raise ValueError(f"rank(st_input) must be 2. Received: {indices.shape[1]}")
    dense_shape = st_input.dense_shape.numpy()
    rows, cols = indices[:, 0], indices[:, 1]
    # Ragged-right: each value is the next column of its row, rows in order.
    expected = np.zeros_like(cols)
    if len(cols) > 1:
        same = rows[1:] == rows[:-1]
        expected[1:] = np.where(same, cols[:-1] + 1, 0)
    if (cols != expected).any() or (np.diff(rows) < 0).any():
        raise errors.InvalidArgumentError(None, None, "SparseTensor is not right-ragged")
    splits = np.searchsorted(rows, np.arange(int(dense_shape[0]) + 1), side="left")
    return cls._from_splits_array(st_input.values, splits, row_splits_dtype)
