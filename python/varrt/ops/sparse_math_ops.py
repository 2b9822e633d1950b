"""tf.sparse's arithmetic: add (SparseAdd, SparseTensorDenseAdd), reduce_sum and reduce_max,
sparse_dense_matmul, softmax, map_values, maximum/minimum, SparseTensor * and / a dense tensor
(SparseDenseCwiseMul/Div) and the element-wise functions TensorFlow applies to the values. The
ones TensorFlow differentiates are written over differentiable ops (scatter, gather, segment
sums; SparseAdd's merge is computed on the host, its sums as ops), so gradients reach the
values and the dense operand; maximum/minimum and reduce_max merge on the host, as TensorFlow's
CPU kernels do (TensorFlow has no working gradient for them)."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.framework import sparse_tensor
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import constant, convert_to_tensor
from varrt.ops import (array_ops, dispatch, index_ops, math_ops, reduction_ops, scatter_ops, special_math_ops,
                       tensor_scatter_ops)
from varrt.ops.constant_value import get_static_value
from varrt.ops.op_util import kernel_error, op_error, shape_text
from varrt.ops.sparse_array_ops import (check_sparse, gather_1d, host_dense_shape, host_parts, make_sparse,
                                        row_major_order)
from varrt.ops.sparse_segment_ops import gather_rows_dense


def _compare(x, y):
    return -1 if tuple(x) < tuple(y) else (1 if tuple(x) > tuple(y) else 0)


def add(a, b, threshold=0):
    """`tf.sparse.add`: sparse + sparse (SparseAdd: TensorFlow's merge of the two index lists,
    assumed in row-major order; sums below `threshold` in magnitude dropped) or sparse + dense
    (SparseTensorDenseAdd: a dense tensor)."""
    if not isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?")
    if isinstance(a, SparseTensor) and isinstance(b, SparseTensor):
        return _sparse_add(a, b, threshold)
    if isinstance(b, SparseTensor):
        a, b = b, a
    _check_type("SparseTensorDenseAdd", a.dtype)
    dense = convert_to_tensor(b, dtype=a.dtype)
    shape = host_dense_shape(a, "add")
    if len(shape) != dense.shape.rank:
        raise kernel_error("SparseTensorDenseAdd", f"Dimensions of the sparse and dense tensors do not match: "
                                                   f"{len(shape)} vs. {dense.shape.rank}")
    for d, (s, t) in enumerate(zip(shape, dense.shape.as_list())):
        if s != t:
            raise kernel_error("SparseTensorDenseAdd", f"Dimension {d} does not equal (no broadcasting is "
                                                       f"supported): sparse side {s} vs dense side {t}")
    # The dense tensor with the values added at their indices (elsewhere its own elements, -0.0 kept).
    return tensor_scatter_ops.tensor_scatter_nd_add(dense, a.indices, a.values)


def _sparse_add(a, b, threshold):
    a_idx, a_val, a_shape = host_parts(a, "add")
    b_idx, b_val, b_shape = host_parts(b, "add")
    if len(a_shape) != len(b_shape):
        raise kernel_error("SparseAdd", f"Input indices must have the same dimension, got {len(a_shape)} and "
                                        f"{len(b_shape)}")
    for d, (x, y) in enumerate(zip(a_shape, b_shape)):
        if x != y:
            raise kernel_error("SparseAdd", f"Operands' shapes do not match: got {x} and {y} for dimension {d}")
    b_val = convert_to_tensor(b_val, dtype=a.dtype).numpy()
    thresh = convert_to_tensor(threshold, dtype=a.dtype.real_dtype).numpy()
    # TensorFlow's merge; each output entry takes a's value at position ia, b's at ib (-1: none).
    indices, from_a, from_b, i, j = [], [], [], 0, 0
    while i < len(a_val) and j < len(b_val):
        c = _compare(a_idx[i], b_idx[j])
        if c < 0:
            indices.append(a_idx[i]), from_a.append(i), from_b.append(-1)
            i += 1
        elif c > 0:
            indices.append(b_idx[j]), from_a.append(-1), from_b.append(j)
            j += 1
        else:
            if thresh <= abs(a_val[i] + b_val[j]):
                indices.append(a_idx[i]), from_a.append(i), from_b.append(j)
            i += 1
            j += 1
    for k in range(i, len(a_val)):
        indices.append(a_idx[k]), from_a.append(k), from_b.append(-1)
    for k in range(j, len(b_val)):
        indices.append(b_idx[k]), from_a.append(-1), from_b.append(k)
    # The sums as ops over the values, copies where one side has none (a -0.0 stays -0.0):
    # gradients reach both operands.
    from_a, from_b = np.asarray(from_a, np.int64), np.asarray(from_b, np.int64)
    picked_a, picked_b = _pick(a.values, from_a, a.dtype), _pick(b.values, from_b, a.dtype)
    values = index_ops.where(constant(from_b < 0), picked_a,
                             index_ops.where(constant(from_a < 0), picked_b, math_ops.add(picked_a, picked_b)))
    return make_sparse(np.asarray(indices, np.int64), values, a_shape, a.dtype)


def _pick(values, positions, dtype):
    """values[positions], 0 where a position is -1 (gathered from the values with a zero appended)."""
    padded = array_ops.concat([convert_to_tensor(values, dtype=dtype), constant(np.zeros(1, dtype.as_numpy_dtype))],
                              0)
    at = positions.copy()
    at[at < 0] = padded.shape[0] - 1
    return gather_1d(padded, at)


def _reduction_axes(axis, rank, op):
    if axis is None:
        return list(range(rank))
    axes = [int(x) for x in np.reshape(axis, -1)]
    for x in axes:
        if not -rank <= x < rank:
            raise kernel_error(op, f"Invalid reduction dimension {x}, for input with {rank} dimensions.")
    return sorted({x % rank for x in axes})


# The types TensorFlow registers the sparse kernels for (TensorFlow's type names, in its order).
_NUMBER = ("float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, "
           "quint16, uint16, complex128, half, uint32, uint64")
_REAL = "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
_TF_TYPE = {"float32": "float", "float64": "double", "float16": "half"}
_REDUCE_SIGNATURE = "input_indices:int64, input_values:T, input_shape:int64, reduction_axes:int32 -> "
_SIGNATURES = {
    "SparseReduceSum": (_NUMBER, _REDUCE_SIGNATURE + "output:T", "attr=keep_dims:bool,default=false; ", ""),
    "SparseReduceSumSparse": (_NUMBER, _REDUCE_SIGNATURE + "output_indices:int64, output_values:T, "
                              "output_shape:int64", "attr=keep_dims:bool,default=false; ", ""),
    "SparseReduceMax": (_REAL, _REDUCE_SIGNATURE + "output:T", "attr=keep_dims:bool,default=false; ", ""),
    "SparseReduceMaxSparse": (_REAL, _REDUCE_SIGNATURE + "output_indices:int64, output_values:T, "
                              "output_shape:int64", "attr=keep_dims:bool,default=false; ", ""),
    "SparseTensorDenseAdd": (_NUMBER, "a_indices:Tindices, a_values:T, a_shape:Tindices, b:T -> output:T", "",
                             "; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"),
    "SparseSparseMaximum": (_REAL, "a_indices:int64, a_values:T, a_shape:int64, b_indices:int64, b_values:T, "
                            "b_shape:int64 -> output_indices:int64, output_values:T", "", ""),
    "SparseSparseMinimum": (_REAL, "a_indices:int64, a_values:T, a_shape:int64, b_indices:int64, b_values:T, "
                            "b_shape:int64 -> output_indices:int64, output_values:T", "", ""),
    "SparseSoftmax": ("half, float, double", "sp_indices:int64, sp_values:T, sp_shape:int64 -> output:T", "", ""),
    "SparseDenseCwiseMul": (_NUMBER, "sp_indices:int64, sp_values:T, sp_shape:int64, dense:T -> output:T", "", ""),
    "SparseDenseCwiseDiv": (_NUMBER, "sp_indices:int64, sp_values:T, sp_shape:int64, dense:T -> output:T", "", ""),
}


def _check_type(op, dtype):
    """TensorFlow's error for values of a type its op `op` has no kernel for (bool, string)."""
    allowed, signature, before, after = _SIGNATURES[op]
    if _TF_TYPE.get(dtype.name, dtype.name) in allowed.split(", "):
        return
    enums = ", ".join("DT_" + t.upper() for t in allowed.split(", "))
    raise errors.InvalidArgumentError(
        None, None, f"Value for attr 'T' of {dtype.name} is not in the list of allowed values: {allowed}\n\t; "
        f"NodeDef: {{{{node {op}}}}}; Op<name={op}; signature={signature}; {before}attr=T:type,allowed=[{enums}]"
        f"{after}> [Op:{op}] name: ")


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """`tf.sparse.reduce_sum` (SparseReduceSum): the dense sum over `axis` (all by default)."""
    check_sparse(sp_input)
    _check_type("SparseReduceSumSparse" if output_is_sparse else "SparseReduceSum", sp_input.dtype)
    if output_is_sparse:
        return _sparse_output(sp_input, axis, keepdims, np.add, "SparseReduceSumSparse", "reduce_sum")
    if axis is None and not keepdims and get_static_value(sp_input.dense_shape) is None:
        # The sum of everything reads no shape: a traced function's SparseTensor of a shape known
        # only when it runs (a dataset's batch) sums its values.
        return reduction_ops.reduce_sum(sp_input.values)
    shape = host_dense_shape(sp_input, "reduce_sum")
    axes = _reduction_axes(axis, len(shape), "SparseReduceSum")
    dense = scatter_ops.scatter_nd(sp_input.indices, sp_input.values, shape)
    return reduction_ops.reduce_sum(dense, axes, keepdims=bool(keepdims))


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """`tf.sparse.reduce_max` (SparseReduceMax): the maximum of the stored values over `axis`;
    0 where a reduced group holds none (as TensorFlow's kernel gives)."""
    check_sparse(sp_input)
    _check_type("SparseReduceMaxSparse" if output_is_sparse else "SparseReduceMax", sp_input.dtype)
    if output_is_sparse:
        return _sparse_output(sp_input, axis, keepdims, np.maximum, "SparseReduceMaxSparse", "reduce_max")
    indices, values, shape = host_parts(sp_input, "reduce_max")
    axes = _reduction_axes(axis, len(shape), "SparseReduceMax")
    kept = [d for d in range(len(shape)) if d not in axes]
    out_shape = tuple(int(shape[d]) for d in kept)
    if values.dtype.kind == "f":
        lowest = -np.inf
    else:
        lowest = np.iinfo(values.dtype).min
    out = np.full(out_shape, lowest, values.dtype)
    seen = np.zeros(out_shape, bool)
    position = tuple(indices[:, kept].T)
    if kept:
        np.maximum.at(out, position, values)
        seen[position] = True
    elif len(values):
        out, seen = np.asarray(values.max(), values.dtype), np.asarray(True)
    out = np.where(seen, out, np.zeros((), values.dtype))
    if keepdims:
        out = out.reshape(tuple(1 if d in axes else int(shape[d]) for d in range(len(shape))))
    return convert_to_tensor(np.asarray(out, values.dtype), dtype=sp_input.dtype)


# SparseTensorDenseMatMul's CPU kernels, in the order TensorFlow lists them.
_MATMUL_TYPES = ("bfloat16", "complex128", "complex64", "int32", "float64", "float32", "float16")


def _no_matmul_kernel(dtype, adjoint_a, adjoint_b):
    lines = "".join(f"  device='CPU'; T in [{dtypes.enum_name(dtypes.as_dtype(t))}]; Tindices in [{i}]\n"
                    for t in _MATMUL_TYPES for i in ("DT_INT32", "DT_INT64"))
    return ("Could not find device for node: {{node SparseTensorDenseMatMul}} = SparseTensorDenseMatMul["
            f"T={dtypes.enum_name(dtype)}, Tindices=DT_INT64, adjoint_a={str(bool(adjoint_a)).lower()}, "
            f"adjoint_b={str(bool(adjoint_b)).lower()}]\nAll kernels registered for op SparseTensorDenseMatMul:\n"
            f"{lines}")


def _sparse_output(sp_input, axis, keepdims, ufunc, op, function):
    """SparseReduce*Sparse: one value per output position that some stored value reduces into,
    in row-major order (no gradient, as TensorFlow's ops have none)."""
    indices, values, shape = host_parts(sp_input, function)
    axes = _reduction_axes(axis, len(shape), op)
    kept = [d for d in range(len(shape)) if d not in axes]
    keys = indices[:, kept]
    if len(values):
        groups, group_of = np.unique(keys, axis=0, return_inverse=True)
        group_of = np.reshape(group_of, -1)
        if ufunc is np.add:
            out = np.zeros(len(groups), values.dtype)
        else:  # each group's first value, so that only stored values take part
            out = values[np.unique(group_of, return_index=True)[1]].copy()
        ufunc.at(out, group_of, values)
    else:
        groups, out = np.zeros((0, len(kept)), np.int64), np.zeros(0, values.dtype)
    out_shape = shape[kept]
    if keepdims:
        full = np.zeros((len(groups), len(shape)), np.int64)
        full[:, kept] = groups
        groups, out_shape = full, np.where(np.isin(np.arange(len(shape)), axes), 1, shape)
    return make_sparse(groups, out, out_shape, sp_input.dtype)


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """`tf.sparse.sparse_dense_matmul` (SparseTensorDenseMatMul): a rank-2 SparseTensor times a
    dense matrix (or a dense matrix times a SparseTensor), as sums of the dense rows each stored
    value picks; differentiable in the values and the dense operand."""
    if isinstance(b, SparseTensor) and not isinstance(sp_a, SparseTensor):
        if adjoint_a != adjoint_b:
            return array_ops.transpose(sparse_dense_matmul(b, sp_a, adjoint_a, adjoint_b))
        return array_ops.transpose(sparse_dense_matmul(b, sp_a, not adjoint_a, not adjoint_b))
    check_sparse(sp_a)
    shape = host_dense_shape(sp_a, "sparse_dense_matmul")
    b = convert_to_tensor(b, dtype=sp_a.dtype)
    if sp_a.dtype.name not in _MATMUL_TYPES:
        raise op_error("SparseTensorDenseMatMul", _no_matmul_kernel(sp_a.dtype, adjoint_a, adjoint_b),
                       cls=errors.NotFoundError)
    if len(shape) != 2:
        raise kernel_error("SparseTensorDenseMatMul", "Tensor 'a_shape' must have 2 elements")
    if b.shape.rank != 2:
        raise kernel_error("SparseTensorDenseMatMul", "Tensor 'b' is not a matrix")
    rows, cols = sp_a.indices[:, 0], sp_a.indices[:, 1]
    values = sp_a.values
    out_rows, inner = int(shape[0]), int(shape[1])
    if adjoint_a:
        rows, cols, out_rows, inner = cols, rows, inner, out_rows
        values = math_ops.conj(values) if sp_a.dtype.is_complex else values
    if adjoint_b:
        b = array_ops.transpose(b, conjugate=sp_a.dtype.is_complex)
    if b.shape[0] != inner:
        b_dims = b.shape.as_list()[::-1] if adjoint_b else b.shape.as_list()  # as given
        raise kernel_error("SparseTensorDenseMatMul",
                           f"Cannot multiply A and B because inner dimension does not match: {inner} vs. "
                           f"{b.shape[0]}.  Did you forget a transpose?  Dimensions of A: [{shape[0]}, "
                           f"{shape[1]}).  Dimensions of B: {shape_text(b_dims)}")
    # Each stored value's row of b (the gradient for b dense, as TensorFlow's).
    picked = gather_rows_dense(b, cols, "sparse_dense_matmul") * array_ops.expand_dims(values, 1)
    return scatter_ops.unsorted_segment_sum(picked, rows, out_rows)


def map_values(op, *args, **kwargs):
    """`tf.sparse.map_values`: `op` applied to the values of the SparseTensors among the
    arguments (all with the same indices and dense shape), the result on their indices."""
    sparse = [x for x in list(args) + list(kwargs.values()) if isinstance(x, SparseTensor)]
    if not sparse:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = sparse[0]
    for other in sparse[1:]:
        same = (first.dense_shape.shape == other.dense_shape.shape
                and np.array_equal(first.dense_shape.numpy(), other.dense_shape.numpy())
                and first.indices.shape == other.indices.shape
                and np.array_equal(first.indices.numpy(), other.indices.numpy()))
        if not same:
            raise errors.InvalidArgumentError(None, None, "Mismatched shapes!")
    swap = lambda x: x.values if isinstance(x, SparseTensor) else x  # noqa: E731
    values = op(*[swap(x) for x in args], **{k: swap(v) for k, v in kwargs.items()})
    return SparseTensor(first.indices, values, first.dense_shape)


def _sparse_sparse_extremum(a, b, pick, op, function):
    _check_type(op, a.dtype)
    a_idx, a_val, a_shape = host_parts(a, function)
    b_idx, b_val, b_shape = host_parts(b, function)
    if a.dtype != b.dtype:
        raise errors.InvalidArgumentError(None, None, f"cannot compute {op} as input #4(zero-based) was expected "
                                                      f"to be a {a.dtype.name} tensor but is a {b.dtype.name} tensor "
                                                      f"[Op:{op}] name: ")
    if len(a_shape) != len(b_shape):
        raise kernel_error(op, f"Operands do not have the same ranks; got shapes: {a_shape} and {b_shape}")
    for d, (x, y) in enumerate(zip(a_shape, b_shape)):
        if x != y:
            raise kernel_error(op, f"Operands' shapes do not match: got {x} and {y} for dimension {d}")
    indices = np.concatenate([a_idx, b_idx])
    keys = {tuple(i) for i in indices.tolist()}
    out_idx = np.asarray(sorted(keys), np.int64).reshape(-1, len(a_shape))
    zero = np.zeros((), a_val.dtype)
    left = {tuple(i): v for i, v in zip(a_idx.tolist(), a_val)}
    right = {tuple(i): v for i, v in zip(b_idx.tolist(), b_val)}
    values = [pick(left.get(k, zero), right.get(k, zero)) for k in map(tuple, out_idx.tolist())]
    return make_sparse(out_idx, np.asarray(values, a_val.dtype), a_shape, a.dtype)


def maximum(sp_a, sp_b, name=None):
    """`tf.sparse.maximum` (SparseSparseMaximum): the element-wise maximum over the union of the
    indices (a missing element counting as 0), in row-major order."""
    return _sparse_sparse_extremum(sp_a, sp_b, np.maximum, "SparseSparseMaximum", "maximum")


def minimum(sp_a, sp_b, name=None):
    """`tf.sparse.minimum` (SparseSparseMinimum): the element-wise minimum, as `maximum`."""
    return _sparse_sparse_extremum(sp_a, sp_b, np.minimum, "SparseSparseMinimum", "minimum")


def _dense_cwise(sp_input, dense, op, fn):
    """Each value combined by `fn` with the dense tensor's element at its index, the dense tensor
    broadcast to the dense shape; a SparseTensor on the same indices (SparseDenseCwise*)."""
    _check_type(op, sp_input.dtype)
    dense = convert_to_tensor(dense, dtype=sp_input.dtype)
    dshape = dense.shape.as_list()
    rank = sp_input.dense_shape.shape[0]
    if dense.shape.is_fully_defined() and int(np.prod(dshape)) == 1 and rank is not None and len(dshape) <= rank \
            and op != "SparseDenseCwiseDiv":
        # One element broadcasts to every value whatever the dense shape (known, or only when a
        # traced graph runs: a dataset's map over sparse elements): no shape is read.
        return SparseTensor(sp_input.indices, fn(sp_input.values, array_ops.reshape(dense, [])), sp_input.dense_shape)
    shape = host_dense_shape(sp_input, f"SparseTensor's {op}")
    ok = len(dshape) <= len(shape) and all(d in (1, s) for d, s in zip(dshape[::-1], shape[::-1]))
    if not ok:
        raise kernel_error(op, "SparseDenseBinaryOpShared broadcasts dense to sparse only; got "
                               f"incompatible shapes: {shape_text(shape)} vs. {shape_text(dshape)}")
    if op == "SparseDenseCwiseDiv":
        # TensorFlow's kernel refuses a zero anywhere in the dense operand (checked when its value is known).
        value = get_static_value(dense)
        if value is not None and np.any(np.asarray(value) == 0):
            raise kernel_error(op, "SparseDenseCwiseDiv cannot divide by zero,but input dense tensor contains zero ")
    picked = index_ops.gather_nd(array_ops.broadcast_to(dense, shape), sp_input.indices)
    return SparseTensor(sp_input.indices, fn(sp_input.values, picked), sp_input.dense_shape)


def dense_mul(sp_input, dense):
    """SparseTensor * dense (SparseDenseCwiseMul)."""
    return _dense_cwise(sp_input, dense, "SparseDenseCwiseMul", math_ops.multiply)


def dense_truediv(sp_input, dense):
    """SparseTensor / dense (SparseDenseCwiseDiv), integers divided as floats as tf.truediv does."""
    return _dense_cwise(sp_input, dense, "SparseDenseCwiseDiv", math_ops.truediv)


sparse_tensor._DENSE_CWISE.update(mul=dense_mul, truediv=dense_truediv)  # SparseTensor's * and /


# The element-wise functions TensorFlow applies to a SparseTensor's values (those keeping zero at
# zero, and cast), returning a SparseTensor on the same indices; others refuse it, as there.
SPARSE_UNARY = {"math_ops": ("abs", "negative", "sign", "square", "sqrt", "erf", "tanh", "sin", "tan", "atan", "cast"),
                "special_math_ops": ("asin", "asinh", "atanh", "bessel_i0e", "bessel_i1e")}


def _unary(fn):
    def handler(x, *args, **kwargs):
        if not isinstance(x, SparseTensor):
            return NotImplemented
        return SparseTensor(x.indices, fn(x.values, *args, **kwargs), x.dense_shape)
    return handler


_MODULES = {"math_ops": math_ops, "special_math_ops": special_math_ops}
for _module, _names in SPARSE_UNARY.items():
    for _name in _names:
        dispatch.register(f"{_module}.{_name}", _unary(getattr(_MODULES[_module], _name)))


def softmax(sp_input, name=None):
    """`tf.sparse.softmax` (SparseSoftmax): the softmax of the values sharing all but the last
    index (consecutive runs, as TensorFlow's kernel reads indices it assumes ordered), on the same
    indices; written over ops (the runs' maxima subtracted as constants) so gradients reach the values."""
    _check_type("SparseSoftmax", sp_input.dtype)
    indices, values, shape = host_parts(sp_input, "softmax")
    if len(shape) < 2:
        raise kernel_error("SparseSoftmax", "Input should have rank >= 2, but received shape: "
                                            + " ".join(str(d) for d in shape))
    if np.any(row_major_order(indices) != np.arange(len(indices))):
        raise NotImplementedError("varrt does not implement tf.sparse.softmax on indices out of row-major order "
                                  "(TensorFlow's kernel assumes them ordered; tf.sparse.reorder them first)")
    lead = indices[:, :-1]
    starts = np.ones(len(values), bool)
    starts[1:] = np.any(lead[1:] != lead[:-1], axis=1)
    group = np.cumsum(starts) - 1
    groups = int(group[-1]) + 1 if len(group) else 0
    peak = np.full(groups, -np.inf, values.dtype) if len(values) else np.zeros(0, values.dtype)
    np.maximum.at(peak, group, values)
    group_t = constant(group.astype(np.int64), dtypes.int64)
    shifted = math_ops.exp(math_ops.subtract(sp_input.values, constant(peak[group], sp_input.dtype)))
    sums = scatter_ops.unsorted_segment_sum(shifted, group_t, groups)
    return SparseTensor(sp_input.indices, math_ops.truediv(shifted, gather_1d(sums, group)), sp_input.dense_shape)
