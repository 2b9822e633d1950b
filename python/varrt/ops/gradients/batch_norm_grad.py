"""The gradient of FusedBatchNormV3, as TensorFlow's nn_grad.py (_BaseFusedBatchNormGrad)
defines it: FusedBatchNormGradV3 of the forward op's reserve spaces in training; in inference
of the population mean and variance it was given, on NHWC (an NCHW op's x and gradient are
transposed there and back). FusedBatchNormGradV3 has no gradient here (TensorFlow's is
FusedBatchNormGradGrad, a composite not yet written)."""
from varrt.ops import array_ops, fused_batch_norm_ops
from varrt.ops.gradients.registry import RegisterGradient

_TO_CHANNELS_LAST = {"NCHW": ([0, 2, 3, 1], [0, 3, 1, 2]), "NCDHW": ([0, 2, 3, 4, 1], [0, 4, 1, 2, 3])}


@RegisterGradient("FusedBatchNormV3")
def _fused_batch_norm_v3_grad(op, *grads):
    x, grad_y, scale = op.inputs[0], grads[0], op.inputs[1]
    epsilon = op.get_attr("epsilon")
    data_format = op.get_attr("data_format")
    data_format = data_format.decode() if isinstance(data_format, bytes) else data_format
    if op.get_attr("is_training"):
        dx, dscale, doffset, _, _ = fused_batch_norm_ops.fused_batch_norm_grad_v3(
            grad_y, x, scale, op.outputs[3], op.outputs[4], op.outputs[5], epsilon=epsilon, data_format=data_format,
            is_training=True)
        return dx, dscale, doffset, None, None
    to_last, to_first = _TO_CHANNELS_LAST.get(data_format, (None, None))
    if to_last is not None:
        x = array_ops.transpose(x, to_last)
        grad_y = array_ops.transpose(grad_y, to_last)
    dx, dscale, doffset, _, _ = fused_batch_norm_ops.fused_batch_norm_grad_v3(
        grad_y, x, scale, op.inputs[3], op.inputs[4], op.outputs[5], epsilon=epsilon,
        data_format="NHWC" if data_format in ("NCHW", "NHWC") else "NDHWC", is_training=False)
    if to_first is not None:
        dx = array_ops.transpose(dx, to_first)
    return dx, dscale, doffset, None, None
