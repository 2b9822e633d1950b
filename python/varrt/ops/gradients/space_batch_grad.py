"""Gradients of SpaceToBatchND and BatchToSpaceND, as TensorFlow's array_grad.py defines them:
each is the other op with the same block shape (the paddings becoming the crops and back)."""
from varrt.ops import space_batch_ops
from varrt.ops.gradients.registry import RegisterGradient


@RegisterGradient("SpaceToBatchND")
def _space_to_batch_nd_grad(op, grad):
    return [space_batch_ops.batch_to_space_nd(grad, op.inputs[1], op.inputs[2]), None, None]


@RegisterGradient("BatchToSpaceND")
def _batch_to_space_nd_grad(op, grad):
    return [space_batch_ops.space_to_batch_nd(grad, op.inputs[1], op.inputs[2]), None, None]
