"""Gradients of the ops that cut, pad and move elements (ops/manip_ops.py), as TensorFlow's
array_grad.py and manip_grad.py write them: each moves the gradient back where the op took
its elements from, computing positions from the tensors' shapes when the graph runs."""
from varrt.ops import array_ops, manip_ops, math_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient


@RegisterGradient("Split")
def _split_grad(op, *grads):
    """The outputs' gradients joined along the split dimension."""
    return None, array_ops.concat([grad_util.dense(g) for g in grads], op.inputs[0])


@RegisterGradient("SplitV")
def _split_v_grad(op, *grads):
    return array_ops.concat([grad_util.dense(g) for g in grads], op.inputs[2]), None, None


@RegisterGradient("Slice")
def _slice_grad(op, grad):
    """The gradient padded back to the input's shape: `begin` before, the rest after."""
    x, begin = op.inputs[0], op.inputs[1]
    rank = len(x.shape)
    index_dtype = begin.dtype
    before = array_ops.reshape(begin, [rank, 1])
    after = math_ops.subtract(math_ops.subtract(array_ops.shape(x, out_type=index_dtype),
                                                array_ops.shape(op.outputs[0], out_type=index_dtype)), begin)
    paddings = array_ops.concat([before, array_ops.reshape(after, [rank, 1])], 1)
    return manip_ops.pad(grad_util.dense(grad), paddings), None, None


def _unpadded(op, grad):
    """Pad's gradient: the block of the gradient where the input's elements went."""
    x, paddings = op.inputs[0], op.inputs[1]
    rank = len(x.shape)
    before = array_ops.reshape(manip_ops.slice(paddings, [0, 0], [rank, 1]), [-1])
    return manip_ops.slice(grad_util.dense(grad), before, array_ops.shape(x, out_type=paddings.dtype))


@RegisterGradient("Pad")
def _pad_grad(op, grad):
    return _unpadded(op, grad), None


@RegisterGradient("PadV2")
def _pad_v2_grad(op, grad):
    return _unpadded(op, grad), None, None


@RegisterGradient("MirrorPad")
def _mirror_pad_grad(op, grad):
    mode = manip_ops.mirror_mode(op.get_attr("mode"))
    return manip_ops.mirror_pad_grad(grad_util.dense(grad), op.inputs[1], mode=mode), None


@RegisterGradient("MirrorPadGrad")
def _mirror_pad_grad_grad(op, grad):
    return manip_ops.pad(grad_util.dense(grad), op.inputs[1], mode=manip_ops.mirror_mode(op.get_attr("mode"))), None


@RegisterGradient("ReverseV2")
def _reverse_v2_grad(op, grad):
    return manip_ops.reverse(grad_util.dense(grad), op.inputs[1]), None


@RegisterGradient("Roll")
def _roll_grad(op, grad):
    """Rolled back by the same shift."""
    return manip_ops.roll(grad_util.dense(grad), math_ops.negative(op.inputs[1]), op.inputs[2]), None, None
