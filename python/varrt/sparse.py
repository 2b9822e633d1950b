"""`tf.sparse`: `SparseTensor`, its conversions, structural functions and arithmetic."""
from varrt.framework.sparse_tensor import SparseTensor, SparseTensorSpec
from varrt.ops.sparse_array_ops import (concat, expand_dims, eye, fill_empty_rows, from_dense, mask, reorder,
                                        reset_shape, reshape, retain, sparse_slice as slice, split, to_indicator,
                                        transpose)
from varrt.ops.sparse_math_ops import (add, map_values, maximum, minimum, reduce_max, reduce_sum, softmax,
                                       sparse_dense_matmul)
from varrt.ops.sparse_ops import to_dense
from varrt.ops.sparse_segment_ops import segment_mean, segment_sqrt_n, segment_sum

__all__ = ["SparseTensor", "SparseTensorSpec", "add", "concat", "expand_dims", "eye", "fill_empty_rows",
           "from_dense", "map_values", "mask", "maximum", "minimum", "reduce_max", "reduce_sum", "reorder",
           "reset_shape", "reshape", "retain", "segment_mean", "segment_sqrt_n", "segment_sum", "slice", "softmax",
           "split", "sparse_dense_matmul", "to_dense", "to_indicator", "transpose"]
