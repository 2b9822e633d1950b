"""tf.sparse's structural functions (from_dense, reorder, concat, slice, transpose, reshape,
retain, fill_empty_rows, expand_dims, reset_shape, eye, to_indicator, mask, split): each reads the
SparseTensor's indices and dense shape on the host, as TensorFlow's CPU kernels do, keeps
TensorFlow's canonical row-major index order where its op reorders, and takes the values with
gathers so that gradients reach them as TensorFlow's do (concat's values are copies: TensorFlow
has no gradient for SparseConcat). A SparseTensor known only when a traced graph runs raises
NotImplementedError (`host_parts`)."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, tensor_scatter_ops
from varrt.ops.constant_value import get_static_value
from varrt.ops.op_util import kernel_error


def check_sparse(sp_input, text="Input must be a SparseTensor."):
    if not isinstance(sp_input, SparseTensor):
        raise TypeError(text)


def host_parts(sp_input, function):
    """(indices [N, rank], values [N], dense_shape [rank]) as NumPy arrays; NotImplementedError for
    components a traced graph knows only when it runs."""
    check_sparse(sp_input)
    parts = [get_static_value(p) for p in (sp_input.indices, sp_input.values, sp_input.dense_shape)]
    if any(p is None for p in parts):
        raise NotImplementedError(f"varrt does not implement tf.sparse.{function} in a tf.function on a "
                                  "SparseTensor known only when the graph runs (it runs eagerly)")
    shape = np.asarray(parts[2], np.int64).reshape(-1)
    values = np.asarray(parts[1])
    return np.asarray(parts[0], np.int64).reshape(len(values), len(shape)), values, shape


def host_dense_shape(sp_input, function):
    """The dense shape as a host array, for the ops that read only it on the host (their values
    and indices may be known only when a graph runs)."""
    check_sparse(sp_input)
    shape = get_static_value(sp_input.dense_shape)
    if shape is None:
        raise NotImplementedError(f"varrt does not implement tf.sparse.{function} in a tf.function on a "
                                  "SparseTensor whose dense shape is known only when the graph runs")
    return np.asarray(shape, np.int64).reshape(-1)


def make_sparse(indices, values, shape, dtype):
    """A SparseTensor of int64 indices and shape (host arrays) and `dtype` values (a host array, or
    a tensor that keeps the gradient's path to the input values)."""
    shape = np.asarray(shape, np.int64).reshape(-1)
    indices = np.asarray(indices, np.int64)
    if indices.ndim != 2:  # a list of index rows, possibly empty
        indices = indices.reshape(-1, len(shape))
    if not isinstance(values, Tensor):
        values = convert_to_tensor(np.asarray(values), dtype=dtype)
    return SparseTensor(constant(indices, dtypes.int64), values, constant(shape, dtypes.int64))


def take_values(sp_input, positions):
    """The SparseTensor's values at host `positions`, gathered so that gradients reach them (as
    TensorFlow's gradients of SparseReorder, SparseSlice, ... do)."""
    return gather_1d(sp_input.values, positions)


def gather_1d(values, positions):
    """values[positions] of a vector, as a gather_nd of [position, 0] from its [N, 1] column:
    its gradient is a dense vector (ScatterNd's), as TensorFlow's sparse gradients are, not
    gather's IndexedSlices."""
    at = np.zeros((len(positions), 2), np.int64)
    at[:, 0] = np.asarray(positions, np.int64).reshape(-1)
    return index_ops.gather_nd(array_ops.reshape(values, [-1, 1]), constant(at, dtypes.int64))


def row_major_order(indices):
    """The stable permutation sorting `indices` rows lexicographically (TensorFlow's canonical order)."""
    if indices.shape[1] == 0:
        return np.arange(len(indices))
    return np.lexsort(indices.T[::-1])


def from_dense(tensor, name=None):
    """`tf.sparse.from_dense`: the non-zero elements of a dense tensor (non-empty strings, True)."""
    tensor = convert_to_tensor(tensor)
    indices = index_ops.where(math_ops.not_equal(tensor, array_ops.zeros_like(tensor)))
    return SparseTensor(indices, index_ops.gather_nd(tensor, indices),
                        array_ops.shape(tensor, out_type=dtypes.int64))


def reorder(sp_input, name=None):
    """`tf.sparse.reorder`: the same SparseTensor with its indices in row-major order."""
    indices, values, shape = host_parts(sp_input, "reorder")
    order = row_major_order(indices)
    return make_sparse(indices[order], take_values(sp_input, order), shape, sp_input.dtype)


def concat(axis, sp_inputs, expand_nonconcat_dims=False, concat_dim=None, name=None):
    """`tf.sparse.concat`: SparseConcat along `axis` (the other dimensions equal, or each the
    largest of them with `expand_nonconcat_dims`), indices in row-major order."""
    if concat_dim is not None:
        axis = concat_dim
    parts = [host_parts(s, "concat") for s in sp_inputs]
    rank = len(parts[0][2])
    op = f"SparseConcat_N_{len(parts)}"
    if not -rank <= axis < rank:
        raise kernel_error("SparseConcat", f"Concat dimension must be in range [{-rank}, {rank}), got {axis}",
                           node=op)
    axis %= rank
    for i, (_, _, shape) in enumerate(parts):
        if len(shape) != rank:
            raise kernel_error("SparseConcat", f"Ranks of all input tensors must match: expected {rank} but "
                                               f"got {len(shape)} at position {i}", node=op)
    if expand_nonconcat_dims:
        out_shape = np.max([p[2] for p in parts], axis=0)
    else:
        out_shape = parts[0][2].copy()
        for i, (_, _, shape) in enumerate(parts[1:], 1):
            for d in range(rank):
                if d != axis and shape[d] != out_shape[d]:
                    raise kernel_error("SparseConcat", f"Input shapes must match: expected {out_shape[d]} for "
                                                       f"dimension {d} but got {shape[d]} at position {i}", node=op)
    offset, all_indices, all_values = 0, [], []
    for indices, values, shape in parts:
        shifted = indices.copy()
        shifted[:, axis] += offset
        offset += shape[axis]
        all_indices.append(shifted)
        all_values.append(values)
    out_shape[axis] = offset
    indices, values = np.concatenate(all_indices), np.concatenate(all_values)
    order = row_major_order(indices)
    return make_sparse(indices[order], values[order], out_shape, sp_inputs[0].dtype)


def sparse_slice(sp_input, start, size, name=None):
    """`tf.sparse.slice`: the elements in [start, start + size), clipped to the dense shape."""
    indices, values, shape = host_parts(sp_input, "slice")
    start = np.asarray(convert_to_tensor(start, dtypes.int64).numpy()).reshape(-1)
    size = np.asarray(convert_to_tensor(size, dtypes.int64).numpy()).reshape(-1)
    for what, vec in (("start", start), ("size", size)):
        if len(vec) != len(shape):
            raise kernel_error("SparseSlice", f"Expected {what} to be a vector of length {len(shape)} but got "
                                              f"length {len(vec)}")
    for what, vec in (("start", start), ("size", size)):
        for d in vec:
            if d < 0:
                raise kernel_error("SparseSlice", f"Expected a non-negative {what}, got {d}")
    end = np.minimum(start + size, shape)
    out_shape = np.maximum(end - start, 0)
    keep = np.all((indices >= start) & (indices < end), axis=1) if len(indices) else np.zeros(0, bool)
    return make_sparse(indices[keep] - start, take_values(sp_input, np.nonzero(keep)[0]), out_shape, sp_input.dtype)


def transpose(sp_input, perm=None, name=None):
    """`tf.sparse.transpose`: the dimensions permuted (reversed by default), then reordered."""
    indices, values, shape = host_parts(sp_input, "transpose")
    perm = list(range(len(shape)))[::-1] if perm is None else [int(p) for p in np.reshape(perm, -1)]
    if len(perm) != len(shape):
        raise ValueError(f"Dimensions {len(perm)} and {len(shape)} are not compatible")
    indices, shape = indices[:, perm], shape[perm]
    order = row_major_order(indices)
    return make_sparse(indices[order], take_values(sp_input, order), shape, sp_input.dtype)


def reshape(sp_input, shape, name=None):
    """`tf.sparse.reshape` (SparseReshape): the elements at their row-major positions in `shape`
    (one -1 inferred)."""
    indices, values, in_shape = host_parts(sp_input, "reshape")
    target = [int(d) for d in np.reshape(convert_to_tensor(shape, dtypes.int64).numpy(), -1)]
    dense_size = int(np.prod(in_shape))
    unknown = [i for i, d in enumerate(target) if d == -1]
    if len(unknown) > 1:
        raise kernel_error("SparseReshape", f"only one output dimension may be -1, not both {unknown[0]} and "
                                            f"{unknown[1]}")
    known = int(np.prod([d for d in target if d != -1]))
    if unknown:
        if known == 0 or dense_size % known:
            raise kernel_error("SparseReshape", f"Input to reshape is a tensor with {dense_size} dense values, but "
                                                f"the requested shape requires a multiple of {known}. "
                                                f"input_shape={_list(in_shape)} output_shape={_list(target)}")
        target[unknown[0]] = dense_size // known
    elif known != dense_size:
        raise kernel_error("SparseReshape", f"Input to reshape is a tensor with {dense_size} dense values, but the "
                                            f"requested shape has {known}. input_shape={_list(in_shape)} "
                                            f"output_shape={_list(target)}")
    flat = np.ravel_multi_index(indices.T, in_shape) if len(indices) and len(in_shape) else np.zeros(len(indices),
                                                                                                      np.int64)
    out = np.stack(np.unravel_index(flat, target), axis=1) if target else np.zeros((len(indices), 0), np.int64)
    return make_sparse(out, sp_input.values, target, sp_input.dtype)


def _list(shape):
    return "[" + ",".join(str(int(d)) for d in shape) + "]"


def retain(sp_input, to_retain):
    """`tf.sparse.retain`: the elements where the [N] bool `to_retain` is True, in their order."""
    indices, values, shape = host_parts(sp_input, "retain")
    keep = np.asarray(convert_to_tensor(to_retain, dtypes.bool).numpy()).reshape(-1)
    if len(keep) != len(values):
        raise ValueError(f"Dimensions {len(values)} and {len(keep)} are not compatible")
    # A gather, as TensorFlow's retain: its gradient is IndexedSlices there too.
    kept = index_ops.gather(sp_input.values, constant(np.nonzero(keep)[0].astype(np.int64), dtypes.int64))
    return make_sparse(indices[keep], kept, shape, sp_input.dtype)


def fill_empty_rows(sp_input, default_value, name=None):
    """`tf.sparse.fill_empty_rows`: `default_value` at [row, 0, ...] of each row without elements,
    in row-major order; and the [rows] bool indicator of those rows."""
    indices, values, shape = host_parts(sp_input, "fill_empty_rows")
    default = convert_to_tensor(default_value, dtype=sp_input.dtype).numpy()
    rows = int(shape[0]) if len(shape) else 0
    empty = np.ones(rows, bool)
    empty[indices[:, 0]] = False
    fill = np.zeros((int(empty.sum()), len(shape)), np.int64)
    fill[:, 0] = np.nonzero(empty)[0]
    all_indices = np.concatenate([indices, fill])
    order = row_major_order(all_indices)
    # The stored values where the order takes one, the default elsewhere: gradients reach the values.
    stored = order < len(values)
    at = constant(np.nonzero(stored)[0].reshape(-1, 1).astype(np.int64), dtypes.int64)
    defaults = convert_to_tensor(np.full(len(order), default, dtype=values.dtype), dtype=sp_input.dtype)
    out_values = tensor_scatter_ops.tensor_scatter_nd_update(defaults, at, take_values(sp_input, order[stored]))
    return (make_sparse(all_indices[order], out_values, shape, sp_input.dtype),
            constant(empty, dtypes.bool))


def expand_dims(sp_input, axis=None, name=None):
    """`tf.sparse.expand_dims`: a dimension of size 1 inserted at `axis` (-1: last)."""
    indices, values, shape = host_parts(sp_input, "expand_dims")
    axis = -1 if axis is None else int(axis)
    rank = len(shape)
    # TensorFlow slices the indices' columns at the axis: its Slice's errors for one out of range.
    if axis < 0:
        axis += rank + 1
    if axis < 0:
        raise kernel_error("Slice", f"Expected begin[1] in [0, {rank}], but got {axis}", end="")
    if axis > rank:
        raise kernel_error("Slice", f"Expected size[1] in [0, {rank}], but got {axis}", end="")
    return make_sparse(np.insert(indices, axis, 0, axis=1), sp_input.values, np.insert(shape, axis, 1),
                       sp_input.dtype)


def reset_shape(sp_input, new_shape=None):
    """`tf.sparse.reset_shape`: the dense shape replaced by `new_shape` (no smaller in any
    dimension), or by the tight bounding box of the indices."""
    indices, values, shape = host_parts(sp_input, "reset_shape")
    if new_shape is None:
        out = indices.max(axis=0) + 1 if len(indices) else np.zeros(len(shape), np.int64)
    else:
        out = np.asarray(convert_to_tensor(new_shape, dtypes.int64).numpy()).reshape(-1)
        if len(out) != len(shape):
            raise ValueError(f"Dimensions {len(out)} and {len(shape)} are not compatible")
        if np.any(out < shape):
            raise ValueError("Requested new_shape should have dimension sizes >= sp_input.shape.  Found new_shape "
                             f"({shape}), sp_input.shape ({out}).")
    return make_sparse(indices, sp_input.values, out, sp_input.dtype)


def eye(num_rows, num_columns=None, dtype=dtypes.float32, name=None):
    """`tf.sparse.eye`: ones on the diagonal of a [num_rows, num_columns] SparseTensor."""
    rows = int(num_rows)
    cols = rows if num_columns is None else int(num_columns)
    diag = np.arange(min(rows, cols), dtype=np.int64)
    dtype = dtypes.as_dtype(dtype)
    return make_sparse(np.stack([diag, diag], axis=1), np.ones(len(diag), dtype.as_numpy_dtype), [rows, cols],
                       dtype)


def to_indicator(sp_input, vocab_size, name=None):
    """`tf.sparse.to_indicator`: a bool tensor of the dense shape's first rank-1 dimensions and
    `vocab_size`, True at [..., value] for each value of each row."""
    indices, values, shape = host_parts(sp_input, "to_indicator")
    out = np.zeros(tuple(int(d) for d in shape[:-1]) + (int(vocab_size),), bool)
    if len(values):
        out[tuple(indices[:, :-1].T) + (np.asarray(values, np.int64),)] = True
    return constant(out, dtypes.bool)


def mask(a, mask_indices, name=None):
    """`tf.sparse.mask`: the rows of IndexedSlices `a` whose index is not in `mask_indices`, in
    their order (ListDiff, then a gather of the values)."""
    indices = np.asarray(a.indices.numpy())
    keep = ~np.isin(indices, np.asarray(convert_to_tensor(mask_indices, dtype=a.indices.dtype).numpy()))
    to_gather = constant(np.nonzero(keep)[0].astype(np.int32), dtypes.int32)
    return IndexedSlices(index_ops.gather(a.values, to_gather), constant(indices[keep], a.indices.dtype),
                         a.dense_shape)


def split(sp_input=None, num_split=None, axis=None, name=None):
    """`tf.sparse.split` (SparseSplit): `num_split` SparseTensors along `axis`, the first
    size % num_split of them one longer; each keeps its elements in the input's order."""
    if sp_input is None:
        raise ValueError("sp_input is required")
    if num_split is None:
        raise ValueError("num_split is required")
    if axis is None:
        raise ValueError("axis is required")
    indices, values, shape = host_parts(sp_input, "split")
    rank, num_split, axis = len(shape), int(num_split), int(axis)
    if num_split < 1:
        raise errors.InvalidArgumentError(
            None, None, f"Value for attr 'num_split' of {num_split} must be at least minimum 1\n\t; NodeDef: "
            "{{node SparseSplit}}; Op<name=SparseSplit; signature=split_dim:int64, indices:int64, values:T, "
            "shape:int64 -> output_indices:num_split*int64, output_values:num_split*T, output_shape:num_split*int64; "
            "attr=num_split:int,min=1; attr=T:type> [Op:SparseSplit] name: ")
    node = f"SparseSplit_num_split_{num_split}"
    if not -rank <= axis < rank:
        raise kernel_error("SparseSplit", f"Input axis should be in range [{-rank}, {rank}), got {axis}", node=node)
    axis %= rank
    if num_split > shape[axis]:
        raise kernel_error("SparseSplit", f"Input num_split should be between 1 and the splitting dimension size "
                                          f"({shape[axis]}), got {num_split}", node=node)
    size, extra = divmod(int(shape[axis]), num_split)
    starts = [i * size + min(i, extra) for i in range(num_split + 1)]
    pieces = []
    for lo, hi in zip(starts, starts[1:]):
        keep = np.nonzero((indices[:, axis] >= lo) & (indices[:, axis] < hi))[0]
        piece_indices = indices[keep].copy()
        piece_indices[:, axis] -= lo
        piece_shape = shape.copy()
        piece_shape[axis] = hi - lo
        pieces.append(make_sparse(piece_indices, take_values(sp_input, keep), piece_shape, sp_input.dtype))
    return pieces
