"""`tf.ragged.constant`: a RaggedTensor from a nested Python list, with TensorFlow's inference of
the dtype, the ragged rank and the inner (uniform) shape (ragged_factory_ops.py's
_constant_value, ported)."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import constant as dense_constant
from varrt.ops.ragged.ragged_tensor import RaggedTensor


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=dtypes.int64):
    """A RaggedTensor of `pylist`'s nesting (a Tensor when it has no ragged dimension): rows as
    its lists; `ragged_rank` ragged dimensions (default: all but the scalars' depth less
    `inner_shape`), `inner_shape` the uniform shape of each flat value."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if row_splits_dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("row_splits must have dtype int32 or int64")

    def ragged_factory(values, row_splits):
        splits = dense_constant(np.asarray(row_splits, row_splits_dtype.as_numpy_dtype))
        return RaggedTensor(values, splits, internal=True)

    def inner_factory(pylist, dtype, shape, name=None):
        return dense_constant(pylist, dtype=dtype, shape=shape)

    return _constant_value(ragged_factory, inner_factory, pylist, dtype, ragged_rank, inner_shape)


def _constant_value(ragged_factory, inner_factory, pylist, dtype, ragged_rank, inner_shape):
    if isinstance(pylist, RaggedTensor):
        raise TypeError("pylist may not be a RaggedTensor or RaggedTensorValue.")
    if not isinstance(pylist, (list, tuple)) and np.ndim(pylist) == 0:
        if ragged_rank is not None and ragged_rank != 0:
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d" % (pylist, ragged_rank))
        if inner_shape is not None and inner_shape:
            raise ValueError("Invalid pylist=%r: incompatible with dim(inner_shape)=%d" % (pylist, len(inner_shape)))
        return inner_factory(pylist, dtype, ())
    if ragged_rank is not None and ragged_rank < 0:
        raise ValueError("Invalid ragged_rank=%r: must be nonnegative" % ragged_rank)
    scalar_depth, max_depth = _find_scalar_and_max_depth(pylist)
    if scalar_depth is not None:
        if max_depth > scalar_depth:
            raise ValueError("Invalid pylist=%r: empty list nesting is greater than scalar value nesting" % pylist)
        if ragged_rank is not None and max_depth < ragged_rank:
            raise ValueError(f"Invalid pylist={pylist}, max depth smaller than ragged_rank={ragged_rank}")
    if inner_shape is not None and ragged_rank is not None:
        expected_depth = ragged_rank + len(inner_shape) + 1
        if ((scalar_depth is not None and expected_depth != scalar_depth)
                or (scalar_depth is None and expected_depth < max_depth)):
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d and dim(inner_shape)=%d"
                             % (pylist, ragged_rank, len(inner_shape)))
    if (ragged_rank == 0 or (ragged_rank is None and ((max_depth < 2) or (
            inner_shape is not None and max_depth - len(inner_shape) < 2)))):
        return inner_factory(pylist, dtype, inner_shape)
    if inner_shape is None:
        inner_shape = () if ragged_rank is None else _default_inner_shape_for_pylist(pylist, ragged_rank)
    if ragged_rank is None:
        ragged_rank = max(1, max_depth - 1) if scalar_depth is None else max(1, scalar_depth - 1 - len(inner_shape))
    nested_splits = []
    values = pylist
    for dim in range(ragged_rank):
        nested_splits.append([0])
        concatenated_values = []
        for row in values:
            nested_splits[dim].append(nested_splits[dim][-1] + len(row))
            concatenated_values.extend(row)
        values = concatenated_values
    values = inner_factory(values, dtype=dtype, shape=(len(values),) + tuple(inner_shape), name="values")
    for row_splits in reversed(nested_splits):
        values = ragged_factory(values, row_splits)
    return values


def _find_scalar_and_max_depth(pylist):
    """(the depth of the scalars, None when there are none; the depth of the deepest list)."""
    if isinstance(pylist, (list, tuple)) or np.ndim(pylist) != 0:
        scalar_depth = None
        max_depth = 1
        for child in pylist:
            child_scalar_depth, child_max_depth = _find_scalar_and_max_depth(child)
            if child_scalar_depth is not None:
                if scalar_depth is not None and scalar_depth != child_scalar_depth + 1:
                    raise ValueError("all scalar values must have the same nesting depth")
                scalar_depth = child_scalar_depth + 1
            max_depth = max(max_depth, child_max_depth + 1)
        return (scalar_depth, max_depth)
    return (0, 0)


def _default_inner_shape_for_pylist(pylist, ragged_rank):
    """The inner shape of the values below `ragged_rank` ragged dimensions (from the leftmost
    values; the others must agree)."""
    def get_inner_shape(item):
        if not isinstance(item, (list, tuple)) and np.ndim(item) == 0:
            return ()
        elif len(item) > 0:
            return (len(item),) + get_inner_shape(item[0])
        return (0,)

    def check_inner_shape(item, shape):
        is_nested = isinstance(item, (list, tuple)) or np.ndim(item) != 0
        if is_nested != bool(shape):
            raise ValueError("inner values have inconsistent shape")
        if is_nested:
            if shape[0] != len(item):
                raise ValueError("inner values have inconsistent shape")
            for child in item:
                check_inner_shape(child, shape[1:])

    flat_values = pylist
    for dim in range(ragged_rank):
        if not all(isinstance(v, (list, tuple)) or np.ndim(v) != 0 for v in flat_values):
            raise ValueError("pylist has scalar values depth %d, but ragged_rank=%d "
                             "requires scalar value depth greater than %d" % (dim + 1, ragged_rank, ragged_rank))
        flat_values = sum((list(v) for v in flat_values), [])
    inner_shape = get_inner_shape(flat_values)
    check_inner_shape(flat_values, inner_shape)
    return inner_shape[1:]
