"""tf.sparse's segment reductions (SparseSegmentSum, SparseSegmentMean, SparseSegmentSqrtN and
their WithNumSegments forms): rows of dense data picked by `indices`, summed per sorted
`segment_ids`, the mean and sqrt_n divided by each segment's count. The ids are checked on the
host as TensorFlow's kernel checks them; the sums are ops whose gradient reaches the data as a
dense tensor, as TensorFlow's does."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.framework.tensor import constant, convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, scatter_ops
from varrt.ops.constant_value import get_static_value
from varrt.ops.op_util import kernel_error

_FLOATS = ("bfloat16", "float16", "float32", "float64")
_TYPE_TEXT = {"bfloat16": "bfloat16", "float16": "half", "float32": "float", "float64": "double"}


def gather_rows_dense(data, rows, function):
    """data[rows] (an int64 tensor of positions along the first dimension) picked element by
    element with gather_nd ([N, K, 2] indices over the [rows, K] data), so that the gradient for
    `data` is dense (ScatterNd's), as TensorFlow's sparse gradients are, not gather's IndexedSlices."""
    shape = data.shape.as_list()
    if None in shape[1:]:
        raise NotImplementedError(f"varrt does not implement tf.sparse.{function} in a tf.function on dense data "
                                  "whose trailing dimensions are known only when the graph runs")
    width = int(np.prod(shape[1:], dtype=np.int64))
    grid = array_ops.stack([array_ops.shape(rows, out_type=dtypes.int64)[0], constant(width, dtypes.int64)])
    at = array_ops.stack([array_ops.broadcast_to(array_ops.expand_dims(rows, 1), grid),
                          array_ops.broadcast_to(constant(np.arange(width, dtype=np.int64)[None, :]), grid)], axis=2)
    picked = index_ops.gather_nd(array_ops.reshape(data, [-1, width]), at)
    return picked if len(shape) == 2 else array_ops.reshape(
        picked, array_ops.concat([array_ops.shape(rows, out_type=dtypes.int64), constant(shape[1:], dtypes.int64)],
                                 0))


def _attr_error(op, dtype):
    allowed = ", ".join(_TYPE_TEXT[t] for t in _FLOATS)
    enum = ", ".join(f"DT_{_TYPE_TEXT[t].upper()}" for t in _FLOATS)
    return errors.InvalidArgumentError(
        None, None, f"Value for attr 'T' of {dtype.name} is not in the list of allowed values: {allowed}\n\t; "
        f"NodeDef: {{{{node {op}}}}}; Op<name={op}; signature=data:T, indices:Tidx, segment_ids:Tsegmentids -> "
        f"output:T; attr=T:type,allowed=[{enum}]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        "attr=Tsegmentids:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        f"attr=sparse_gradient:bool,default=false> [Op:{op}] name: ")


def _reduce(kind, data, indices, segment_ids, num_segments, function, sparse_gradient):
    if sparse_gradient:
        raise NotImplementedError(f"varrt does not implement tf.sparse.{function}'s sparse_gradient=True yet (its "
                                  "gradient is dense)")
    op = {"sum": "SparseSegmentSum", "mean": "SparseSegmentMean", "sqrt_n": "SparseSegmentSqrtN"}[kind]
    if num_segments is not None:
        op += "WithNumSegments"
    data = convert_to_tensor(data)
    if kind != "sum" and data.dtype.name not in _FLOATS:
        raise _attr_error(op, data.dtype)
    rows, ids = get_static_value(convert_to_tensor(indices)), get_static_value(convert_to_tensor(segment_ids))
    if rows is None or ids is None:
        raise NotImplementedError(f"varrt does not implement tf.sparse.{function} in a tf.function with indices or "
                                  "segment ids known only when the graph runs")
    rows, ids = np.asarray(rows, np.int64).reshape(-1), np.asarray(ids, np.int64).reshape(-1)
    if len(rows) != len(ids):
        raise kernel_error(op, "segment_ids and indices should have same size.")
    n_rows = data.shape[0]
    for i, r in enumerate(rows):
        if not 0 <= r < n_rows:
            raise kernel_error(op, f"Bad: indices[{i}] == {r} out of range [0, {n_rows})")
    if np.any(np.diff(ids) < 0):
        raise kernel_error(op, "segment ids are not increasing")
    count = int(get_static_value(convert_to_tensor(num_segments))) if num_segments is not None else (
        int(ids[-1]) + 1 if len(ids) else 0)
    if len(ids) and ids[-1] >= count:
        raise kernel_error(op, "segment ids must be < num_segments")
    out = scatter_ops.unsorted_segment_sum(gather_rows_dense(data, constant(rows, dtypes.int64), function),
                                           constant(ids, dtypes.int64), count)
    if kind == "sum":
        return out
    # TensorFlow's kernel multiplies each sum by the reciprocal (1 / count, 1 / sqrt(count)) in T.
    counts = np.maximum(np.bincount(ids, minlength=count), 1).astype(data.dtype.as_numpy_dtype)
    if kind == "sqrt_n":
        counts = np.sqrt(counts)
    scale = (np.ones((), counts.dtype) / counts).reshape([count] + [1] * (data.shape.rank - 1))
    return math_ops.multiply(out, constant(scale, data.dtype))


def segment_sum(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """`tf.sparse.segment_sum`: the sums of data[indices] per (sorted) segment id."""
    return _reduce("sum", data, indices, segment_ids, num_segments, "segment_sum", sparse_gradient)


def segment_mean(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """`tf.sparse.segment_mean`: the means of data[indices] per (sorted) segment id (0 for none)."""
    return _reduce("mean", data, indices, segment_ids, num_segments, "segment_mean", sparse_gradient)


def segment_sqrt_n(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """`tf.sparse.segment_sqrt_n`: the sums of data[indices] per segment divided by the square root
    of their count."""
    return _reduce("sqrt_n", data, indices, segment_ids, num_segments, "segment_sqrt_n", sparse_gradient)
