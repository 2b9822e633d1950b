"""TensorFlow's sparse_grad.py for the sparse ops varrt runs as ops: SparseToDense's gradient
reaches the values (the incoming gradient at their indices) and the default value (the rest of
it). The other tf.sparse functions are written over differentiable ops (ops/sparse_math_ops.py)."""
from varrt.ops import index_ops, reduction_ops
from varrt.ops.gradients.registry import RegisterGradient


@RegisterGradient("SparseToDense")
def _sparse_to_dense_grad(op, grad):
    sparse_indices = op.inputs[0]
    values_grad = index_ops.gather_nd(grad, sparse_indices)
    default_grad = reduction_ops.reduce_sum(grad) - reduction_ops.reduce_sum(values_grad)
    return None, None, values_grad, default_grad
