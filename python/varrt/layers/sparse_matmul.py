"""Keras 3's TensorFlow-backend `matmul` of a rank-2 SparseTensor and a dense matrix
(keras/src/backend/tensorflow/numpy.py: `embedding_lookup_sparse` with combiner "sum" over the
rows, after `fill_empty_rows`), what Dense computes for a sparse input: each stored value times
the kernel row its column picks, summed per row; a row without values is zeros. Written over
gather and unsorted_segment_sum with the row count a tensor, so it runs in a traced step whose
batch size is known only when it runs, and differentiates in the kernel and the values."""
from varrt.base import dtypes
from varrt.ops import array_ops, index_ops, math_ops, scatter_ops


def _float_result_type(a, b):
    """Keras's `result_type(a, b, float)` for the dtypes Dense meets: a float operand's dtype
    (the wider of two floats), else float32."""
    floats = [d for d in (a, b) if d.is_floating]
    if not floats:
        return dtypes.float32
    return max(floats, key=lambda d: d.size)


def sparse_dense_matmul(sp, dense):
    """`sp` (a rank-2 SparseTensor) @ `dense` (a rank-2 tensor), in Keras's float compute dtype."""
    if sp.shape.rank != 2:
        raise NotImplementedError("varrt's Keras matmul of a SparseTensor implements rank-2 SparseTensors only "
                                  f"(received rank {sp.shape.rank}).")
    dtype = _float_result_type(sp.dtype, dense.dtype)
    values = math_ops.cast(sp.values, dtype)
    dense = math_ops.cast(dense, dtype)
    rows, cols = sp.indices[:, 0], sp.indices[:, 1]
    picked = index_ops.gather(dense, cols) * array_ops.expand_dims(values, 1)
    out = scatter_ops.unsorted_segment_sum(picked, rows, sp.dense_shape[0])
    return out
