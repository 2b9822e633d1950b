"""RaggedTensor elements as tf.data batches and unbatches them, eagerly on the components' host
values: the specs of a batch and of a row (TensorFlow's RaggedTensorSpec._batch and _unbatch), a
batch of elements as one RaggedTensor of one more ragged dimension (each element a RaggedTensor,
or a Tensor where the spec's ragged rank is 0), and `ragged_batch`'s dense-to-ragged rule."""
import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import array_ops
from varrt.ops.ragged.ragged_tensor import RaggedTensor
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec


def batched(spec, size):
    """The spec of a batch of `size` (None: unknown) elements of `spec`."""
    return RaggedTensorSpec(TensorShape([size]).concatenate(spec.shape), spec.dtype, spec.ragged_rank + 1,
                            spec.row_splits_dtype)


def unbatched(spec):
    """The spec of one row of a batch of `spec`."""
    if spec.shape.rank == 0:
        raise ValueError("Unbatching a tensor is only supported for rank >= 1")
    return RaggedTensorSpec(spec.shape[1:], spec.dtype, max(spec.ragged_rank - 1, 0), spec.row_splits_dtype)


def stack(column, spec):
    """The elements of `column` (of `spec`) as one RaggedTensor: its rows the elements, its
    row splits the elements' row splits one after another."""
    splits_type = spec.row_splits_dtype.as_numpy_dtype
    levels = [[] for _ in range(spec.ragged_rank)]  # each element's splits of each of its ragged dimensions
    flat, nrows = [], []
    for element in column:
        if isinstance(element, RaggedTensor):
            flat.append(element.flat_values)
            nrows.append(element._nrows_int())
            for level, splits in zip(levels, element.nested_row_splits):
                level.append(splits.numpy())
        else:
            flat.append(convert_to_tensor(element))
            nrows.append(int(element.shape[0]))
    splits = [np.concatenate([[0], np.cumsum(nrows)]).astype(splits_type)]
    for level in levels:
        offset, parts = 0, [np.zeros(1, splits_type)]
        for s in level:
            parts.append((s[1:] + offset).astype(splits_type))
            offset += int(s[-1])
        splits.append(np.concatenate(parts))
    values = array_ops.concat(flat, 0) if flat else convert_to_tensor(np.zeros((0,), spec.dtype.as_numpy_dtype))
    return RaggedTensor.from_nested_row_splits(values, [convert_to_tensor(s) for s in splits], validate=False)


def dense_as_ragged_spec(spec, row_splits_dtype):
    """`ragged_batch`'s spec of a component: a TensorSpec of a known rank with an unknown
    dimension becomes a RaggedTensorSpec ragged up to its last unknown dimension."""
    if type(spec) is not TensorSpec or spec.shape.rank is None or spec.shape.is_fully_defined():
        return spec
    ragged_rank = max(axis for axis, size in enumerate(spec.shape.as_list()) if size is None)
    return RaggedTensorSpec(spec.shape, spec.dtype, ragged_rank, row_splits_dtype)


def dense_as_ragged(value, spec):
    """A component as `ragged_batch` passes it on: a Tensor of a ragged spec of ragged rank > 0
    as a RaggedTensor of that ragged rank (TensorFlow's RaggedTensor.from_tensor)."""
    if isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0 and not isinstance(value, RaggedTensor):
        return RaggedTensor.from_tensor(value, ragged_rank=spec.ragged_rank, row_splits_dtype=spec.row_splits_dtype)
    return value
