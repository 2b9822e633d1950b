"""Gradients of the tf.nn ops (TensorFlow's tensorflow/python/ops/nn_grad.py, and math_grad.py
for Sigmoid, Tanh and Erfc).

They compute with varrt ops, so a tape around a gradient computation records it (second
derivatives) and a graph records them (a gradient inside tf.function). Where TensorFlow runs a
*Grad kernel whose mask has no gradient (EluGrad, ...), the mask is a comparison cast to the
dtype: the same values, and nothing for an outer tape to differentiate through
(comparisons have no gradient). relu'(0) = 0, as TensorFlow's ReluGrad.
"""
import math

from varrt.base import dtypes
from varrt.ops import array_ops, index_ops, math_ops, nn_ops, reduction_ops
from varrt.ops import dilation_ops, lrn_ops, max_pool_argmax_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


def _mask(t, predicate):
    """predicate(t) (a bool tensor made with ops) as t's dtype: 1 where true, 0 elsewhere."""
    return math_ops.cast(predicate(t), t.dtype)


@RegisterGradient("Relu")
def _relu_grad(op, grad):
    return nn_ops.relu_grad(grad, op.outputs[0])  # TensorFlow's ReluGrad node, at Relu's output


@RegisterGradient("ReluGrad")
def _relu_grad_grad(op, grad):
    x = op.inputs[1]
    return nn_ops.relu_grad(grad, x), array_ops.zeros_like(x)


@RegisterGradient("Relu6")
def _relu6_grad(op, grad):
    return math_ops.multiply(grad, _mask(op.inputs[0], lambda x: math_ops.logical_and(math_ops.greater(x, 0),
                                                                                  math_ops.less(x, 6))))


@RegisterGradient("LeakyRelu")
def _leaky_relu_grad(op, grad):
    alpha = op.get_attr("alpha")
    x = op.inputs[0]
    positive = _mask(x, lambda x: math_ops.greater(x, 0))
    # 1 where x > 0, else alpha: alpha + (1 - alpha) * positive
    return math_ops.multiply(grad, math_ops.add(math_ops.multiply(positive, 1.0 - alpha), alpha))


@RegisterGradient("Elu")
def _elu_grad(op, grad):
    return nn_ops.elu_grad(grad, op.outputs[0])  # TensorFlow's EluGrad node, at Elu's output


@RegisterGradient("EluGrad")
def _elu_grad_grad(op, grad):
    """TensorFlow's: (EluGrad(grad, y), grad * gradients where y < 0, else 0)."""
    y = op.inputs[1]
    return (nn_ops.elu_grad(grad, y),
            index_ops.where(math_ops.less(y, 0), math_ops.multiply(grad, op.inputs[0]), array_ops.zeros_like(y)))


@RegisterGradient("Selu")
def _selu_grad(op, grad):
    return nn_ops.selu_grad(grad, op.outputs[0])  # TensorFlow's SeluGrad node, at Selu's output


@RegisterGradient("SeluGrad")
def _selu_grad_grad(op, grad):
    """TensorFlow's: (SeluGrad(grad, y), grad * gradients where y < 0, else 0)."""
    y = op.inputs[1]
    return (nn_ops.selu_grad(grad, y),
            index_ops.where(math_ops.less(y, 0.0), math_ops.multiply(grad, op.inputs[0]), array_ops.zeros_like(y)))


@RegisterGradient("Softplus")
def _softplus_grad(op, grad):
    return math_ops.multiply(grad, math_ops.sigmoid(op.inputs[0]))  # TensorFlow 2.21's: not SoftplusGrad


@RegisterGradient("SoftplusGrad")
def _softplus_grad_grad(op, grad):
    """TensorFlow's: (SoftplusGrad(grad, x), grad * dy / (exp(-x) + 2 + exp(x)))."""
    dy, x = op.inputs
    ddy = nn_ops.softplus_grad(grad, x)
    denominator = math_ops.add(math_ops.add(math_ops.exp(math_ops.negative(x)), 2.0), math_ops.exp(x))
    return ddy, math_ops.truediv(math_ops.multiply(grad, dy), denominator)


@RegisterGradient("Softsign")
def _softsign_grad(op, grad):
    return nn_ops.softsign_grad(grad, op.inputs[0])  # TensorFlow's SoftsignGrad node (which has no gradient)


@RegisterGradient("Sigmoid")
def _sigmoid_grad(op, grad):
    return nn_ops.sigmoid_grad(grad_util.conj(op.outputs[0]), grad)  # TensorFlow's SigmoidGrad node


@RegisterGradient("Tanh")
def _tanh_grad(op, grad):
    return nn_ops.tanh_grad(grad_util.conj(op.outputs[0]), grad)  # TensorFlow's TanhGrad node


@RegisterGradient("SigmoidGrad")
def _sigmoid_grad_grad(op, grad):
    """TensorFlow's: (grad * dy - 2 * grad * dy * y, SigmoidGrad(y, grad))."""
    y, dy = grad_util.conj(op.inputs[0]), grad_util.conj(op.inputs[1])
    gb = math_ops.multiply(grad, dy)
    return (math_ops.subtract(gb, math_ops.multiply(math_ops.multiply(2.0, gb), y)), nn_ops.sigmoid_grad(y, grad))


@RegisterGradient("TanhGrad")
def _tanh_grad_grad(op, grad):
    """TensorFlow's: (grad * -2 * dy * y, TanhGrad(y, grad))."""
    y, dy = grad_util.conj(op.inputs[0]), grad_util.conj(op.inputs[1])
    return (math_ops.multiply(math_ops.multiply(math_ops.multiply(grad, -2.0), dy), y), nn_ops.tanh_grad(y, grad))


@RegisterGradient("Softmax")
def _softmax_grad(op, grad):
    """(grad - sum(grad * softmax)) * softmax, along the last axis."""
    y = op.outputs[0]
    dot = reduction_ops.reduce_sum(math_ops.multiply(grad, y), -1, keepdims=True)
    return math_ops.multiply(math_ops.subtract(grad, dot), y)


@RegisterGradient("LogSoftmax")
def _log_softmax_grad(op, grad):
    """grad - sum(grad) * softmax, along the last axis."""
    softmax = math_ops.exp(op.outputs[0])
    return math_ops.subtract(grad, math_ops.multiply(reduction_ops.reduce_sum(grad, -1, keepdims=True), softmax))


def _broadcast_mul(vec, mat):
    """vec[:, None] * mat: a per-row loss gradient times the per-class backprop."""
    return math_ops.multiply(array_ops.reshape(vec, (-1, 1)), mat)


def _xent_logits_grad(op, grad_loss, grad_grad):
    """The logits' gradient of both cross-entropy ops: the op's backprop output (softmax - labels)
    scaled by the loss gradient, plus, when something used that backprop output (a gradient
    being differentiated again), its own derivative through the softmax."""
    grad = _broadcast_mul(grad_loss, op.outputs[1])
    if grad_util.is_zeros(grad_grad):
        return grad  # the backprop output unused: the usual first derivative (TensorFlow skips too)
    logits = op.inputs[0]
    softmax = nn_ops.softmax(logits)
    dot = reduction_ops.reduce_sum(math_ops.multiply(grad_grad, softmax), -1, keepdims=True)
    return math_ops.add(grad, math_ops.multiply(math_ops.subtract(grad_grad, dot), softmax))


@RegisterGradient("SoftmaxCrossEntropyWithLogits")
def _softmax_xent_grad(op, grad_loss, grad_grad):
    logits = op.inputs[0]
    return (_xent_logits_grad(op, grad_loss, grad_grad),
            _broadcast_mul(grad_loss, math_ops.negative(nn_ops.log_softmax(logits))))


@RegisterGradient("SparseSoftmaxCrossEntropyWithLogits")
def _sparse_softmax_xent_grad(op, grad_loss, grad_grad):
    # TensorFlow refuses a second derivative here (PreventGradient); varrt gives the dense one's.
    return _xent_logits_grad(op, grad_loss, grad_grad), None


@RegisterGradient("CTCLoss")
@RegisterGradient("CTCLossV2")
def _ctc_loss_grad(op, grad_loss, grad_gradient):
    """The op's own gradient output scaled by each entry's loss gradient (TensorFlow's
    _CTCLossGrad). A gradient reaching that output is a second derivative, which TensorFlow's
    PreventGradient refuses with this LookupError."""
    if grad_gradient is not None and not grad_util.is_zeros(grad_gradient):
        raise LookupError("Gradient explicitly disabled. Reason: b\"Currently there is no way to take the second  "
                          "derivative of ctc_loss due to the fused implementation's interaction  with "
                          "tf.gradients()\"")
    return _broadcast_mul(grad_loss, op.outputs[1]), None, None, None


@RegisterGradient("L2Loss")
def _l2_loss_grad(op, grad):
    return math_ops.multiply(op.inputs[0], grad)


@RegisterGradient("BiasAdd")
def _bias_add_grad(op, grad):
    return grad, nn_ops.bias_add_grad(grad, _data_format(op))


@RegisterGradient("BiasAddGrad")
def _bias_add_grad_grad(op, grad):
    """The bias gradient broadcast back over the input's shape (TensorFlow's _BiasAddGradGrad),
    as a BiasAdd onto zeros."""
    x = op.inputs[0]
    return nn_ops.bias_add(array_ops.zeros_like(x), grad, _data_format(op))


def _data_format(op):
    return "NCHW" if op.get_attr("nchw") else "NHWC"


@RegisterGradient("Erfc")
def _erfc_grad(op, grad):
    x = op.inputs[0]
    return math_ops.multiply(grad, math_ops.multiply(-2 / math.sqrt(math.pi),
                                                     math_ops.exp(math_ops.negative(math_ops.square(x)))))


@RegisterGradient("Select")
def _select_grad(op, grad):
    c = op.inputs[0]
    zeros = array_ops.zeros_like(grad)
    return None, nn_ops.select(c, grad, zeros), nn_ops.select(c, zeros, grad)


@RegisterGradient("TopKV2")
def _top_k_grad(op, grad, _indices_grad):
    """Each value's gradient at the position it was taken from, zeros elsewhere: TensorFlow
    scatters it there (ScatterNd); a one-hot of the indices along the input's last dimension,
    times the gradient and summed over k, puts it in the same places."""
    x, indices = op.inputs[0], op.outputs[1]
    depth = grad_util.dims(x)[-1]
    if indices.dtype not in (dtypes.int32, dtypes.int64):
        indices = math_ops.cast(indices, dtypes.int32)
    positions = index_ops.one_hot(indices, depth, dtype=grad.dtype)
    scattered = reduction_ops.reduce_sum(math_ops.multiply(positions, array_ops.expand_dims(grad_util.dense(grad), -1)),
                                         -2)
    return grad_util.set_static_shape(scattered, x.shape), None


# Whether a target is in the top k has no gradient (TensorFlow's nn_grad.py).
NotDifferentiable("InTopKV2")


@RegisterGradient("LRN")
def _lrn_grad(op, grad):
    """LRNGrad of the gradient, the input and the output, with the op's attributes."""
    return lrn_ops.lrn_grad(grad, op.inputs[0], op.outputs[0], op.get_attr("depth_radius"), op.get_attr("bias"),
                            op.get_attr("alpha"), op.get_attr("beta"))


@RegisterGradient("MaxPoolWithArgmax")
def _max_pool_with_argmax_grad(op, grad, unused_argmax_grad):
    """The output's gradient scattered to the argmax positions (MaxPoolGradWithArgmax)."""
    return max_pool_argmax_ops.max_pool_grad_with_argmax(
        op.inputs[0], grad, op.outputs[1], op.get_attr("ksize"), op.get_attr("strides"), op.get_attr("padding"),
        include_batch_in_index=op.get_attr("include_batch_in_index"))

NotDifferentiable("CTCGreedyDecoder")  # TensorFlow's ctc_ops.py: ops.NotDifferentiable("CTCGreedyDecoder")


@RegisterGradient("Dilation2D")
def _dilation2d_grad(op, grad):
    """Dilation2DBackpropInput and Dilation2DBackpropFilter of the gradient."""
    x, f = op.inputs
    attrs = [op.get_attr(a) for a in ("strides", "rates", "padding")]
    return (dilation_ops.dilation2d_backprop_input(x, f, grad, *attrs),
            dilation_ops.dilation2d_backprop_filter(x, f, grad, *attrs))
