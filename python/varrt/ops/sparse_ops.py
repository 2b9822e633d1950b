"""The sparse ops: `tf.sparse.to_dense` (SparseToDense)."""
import numpy as np

from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import kernel_error, run, shape_text


def _sparse_to_dense_kernel(indices, output_shape, values, default_value):
    shape = tuple(int(d) for d in np.reshape(output_shape, -1))
    out = np.full(shape, default_value, dtype=values.dtype if values.dtype != object else object)
    index = np.reshape(indices, (-1, len(shape))) if len(shape) else np.zeros((0, 0), np.int64)
    for i, row in enumerate(index):
        if any(r < 0 or r >= d for r, d in zip(row, shape)):
            raise kernel_error("SparseToDense", f"indices[{i}] = {shape_text(row.tolist())} is out of bounds: "
                                                f"need 0 <= index < {shape_text(shape)}")
    values = np.broadcast_to(values, (len(index),))
    if len(index):
        out[tuple(index.T)] = values
    return out


@op_def_lib.implements("SparseToDense")
def sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0, validate_indices=True,
                    name=None) -> Tensor:
    """A dense tensor of `output_shape` holding `sparse_values` at `sparse_indices`, `default_value`
    elsewhere."""
    values = convert_to_tensor(sparse_values)
    default = convert_to_tensor(default_value, dtype=values.dtype)
    indices = convert_to_tensor(sparse_indices)
    shape = convert_to_tensor(output_shape, dtype=indices.dtype)
    return run("SparseToDense", _sparse_to_dense_kernel, (indices, shape, values, default), values.dtype,
               attrs={"validate_indices": bool(validate_indices)}, name=name)


def to_dense(sp_input, default_value=None, validate_indices=True, name=None) -> Tensor:
    """`tf.sparse.to_dense`: the SparseTensor's dense form, `default_value` (zero, or b"" for
    strings) where it holds nothing."""
    if not isinstance(sp_input, SparseTensor):
        raise TypeError(f"Input must be a SparseTensor. Received: {sp_input}")
    if default_value is None:
        default_value = {"string": b"", "bool": False}.get(sp_input.dtype.name, 0)
    return sparse_to_dense(sp_input.indices, sp_input.dense_shape, sp_input.values, default_value,
                           validate_indices, name)
