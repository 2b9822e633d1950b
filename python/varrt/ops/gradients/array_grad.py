"""Gradients of the array ops (TensorFlow's tensorflow/python/ops/array_grad.py)."""
from varrt.ops import array_ops
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


@RegisterGradient("Identity")
def _identity_grad(op, grad):
    return grad


@RegisterGradient("Reshape")
def _reshape_grad(op, grad):
    return (array_ops.reshape(grad, op.inputs[0].shape),) + (None,) * (len(op.inputs) - 1)


for _op in ("StopGradient", "ZerosLike", "OnesLike", "Shape", "Size", "Rank"):
    NotDifferentiable(_op)
