"""A SparseTensor element's rows as tf.data slices, unbatches and batches them, on the host in
NumPy (TensorFlow's iterator runs no op per element either): row i of a SparseTensor is the
values whose first index is i, their other indices, and the dense shape without its first
dimension; a batch puts each element's indices behind its position and takes the largest dense
shape in each dimension."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import convert_to_tensor


def _values(values, dtype):
    """A values array as a tensor of `dtype` (strings pass as an object array of bytes)."""
    return convert_to_tensor(values.astype(object) if dtype == dtypes.string else values, dtype=dtype)


def row(sp, i):
    """Row `i` of `sp`: a SparseTensor of one rank less."""
    idx = sp.indices.numpy()
    keep = idx[:, 0] == i
    return SparseTensor(idx[keep][:, 1:].reshape(-1, idx.shape[1] - 1), _values(sp.values.numpy()[keep], sp.dtype),
                        sp.dense_shape.numpy()[1:])


def rows(sp, start, stop):
    """Rows [start, stop) of `sp` (stop clipped to its first dimension), as one SparseTensor."""
    idx, shape = sp.indices.numpy(), sp.dense_shape.numpy()
    stop = min(stop, int(shape[0]))
    keep = (idx[:, 0] >= start) & (idx[:, 0] < stop)
    part = idx[keep].copy()
    part[:, 0] -= start
    return SparseTensor(part, _values(sp.values.numpy()[keep], sp.dtype),
                        np.concatenate([[stop - start], shape[1:]]).astype(np.int64))


def stack(column):
    """A batch of SparseTensors as one of rank + 1: each one's indices behind its position, the
    dense shape the largest in each dimension (TensorFlow's batching of sparse elements)."""
    indices, values, shapes = [], [], []
    for i, sp in enumerate(column):
        idx = sp.indices.numpy()
        indices.append(np.concatenate([np.full((idx.shape[0], 1), i, np.int64), idx], axis=1))
        values.append(sp.values.numpy())
        shapes.append(sp.dense_shape.numpy())
    dense_shape = np.concatenate([[len(column)], np.max(np.stack(shapes), axis=0)]).astype(np.int64)
    return SparseTensor(np.concatenate(indices), _values(np.concatenate(values), column[0].dtype), dense_shape)


def dense_array(sp):
    """The dense NumPy array of `sp` (its default value zero, or b"" for strings)."""
    shape = tuple(int(d) for d in sp.dense_shape.numpy())
    values = sp.values.numpy()
    out = np.zeros(shape, dtype=object if sp.dtype == dtypes.string else values.dtype)
    if sp.dtype == dtypes.string:
        out[...] = b""
    out[tuple(sp.indices.numpy().T)] = values
    return out
