"""`tf.sparse`: `SparseTensor` and `to_dense`."""
from varrt.framework.sparse_tensor import SparseTensor, SparseTensorSpec
from varrt.ops.sparse_ops import to_dense

__all__ = ["SparseTensor", "SparseTensorSpec", "to_dense"]
