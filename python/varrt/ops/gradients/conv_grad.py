"""Gradients of the convolution and pooling ops, as TensorFlow's nn_grad.py defines them: Conv2D's
is Conv2DBackpropInput and Conv2DBackpropFilter (and theirs Conv2D and the other backprop op),
DepthwiseConv2dNative's likewise its two backprop ops, MaxPool's MaxPoolGrad at MaxPool's
output, AvgPool's AvgPoolGrad (and AvgPoolGrad's AvgPool), and the 3-D pools' the same way.
MaxPoolGrad and MaxPool3DGrad have no gradient yet (TensorFlow's are MaxPoolGradGrad and
MaxPool3DGradGrad).
"""
from varrt.ops import array_ops, conv3d_ops, conv_ops, depthwise_conv_ops, pool3d_ops
from varrt.ops.gradients.registry import RegisterGradient


def _window(op, *names):
    """The op's window attributes as TensorFlow's ops take them (strings for padding and data_format)."""
    return {n: op.get_attr(n) for n in names + ("padding", "data_format")}


def _conv(op):
    return _window(op, "strides", "explicit_paddings", "dilations")


def _pool(op, explicit=False):
    return _window(op, "ksize", "strides", *(("explicit_paddings",) if explicit else ()))


@RegisterGradient("Conv2D")
def _conv2d_grad(op, grad):
    shape_0, shape_1 = array_ops.shape_n([op.inputs[0], op.inputs[1]])
    a = _conv(op)
    return [conv_ops.conv2d_backprop_input(shape_0, op.inputs[1], grad, **a),
            conv_ops.conv2d_backprop_filter(op.inputs[0], shape_1, grad, **a)]


@RegisterGradient("Conv2DBackpropInput")
def _conv2d_backprop_input_grad(op, grad):
    a = _conv(op)
    return [None,
            conv_ops.conv2d_backprop_filter(grad, array_ops.shape(op.inputs[1]), op.inputs[2], **a),
            conv_ops.conv2d_op(grad, op.inputs[1], **a)]


@RegisterGradient("Conv2DBackpropFilter")
def _conv2d_backprop_filter_grad(op, grad):
    a = _conv(op)
    return [conv_ops.conv2d_backprop_input(array_ops.shape(op.inputs[0]), grad, op.inputs[2], **a),
            None,
            conv_ops.conv2d_op(op.inputs[0], grad, **a)]


@RegisterGradient("DepthwiseConv2dNative")
def _depthwise_conv2d_native_grad(op, grad):
    a = _conv(op)
    return [depthwise_conv_ops.depthwise_conv2d_native_backprop_input_op(array_ops.shape(op.inputs[0]), op.inputs[1],
                                                                          grad, **a),
            depthwise_conv_ops.depthwise_conv2d_native_backprop_filter_op(op.inputs[0], array_ops.shape(op.inputs[1]),
                                                                           grad, **a)]


@RegisterGradient("DepthwiseConv2dNativeBackpropInput")
def _depthwise_conv2d_native_backprop_input_grad(op, grad):
    a = _conv(op)
    return [None,
            depthwise_conv_ops.depthwise_conv2d_native_backprop_filter_op(grad, array_ops.shape(op.inputs[1]),
                                                                           op.inputs[2], **a),
            depthwise_conv_ops.depthwise_conv2d_native_op(grad, op.inputs[1], **a)]


@RegisterGradient("DepthwiseConv2dNativeBackpropFilter")
def _depthwise_conv2d_native_backprop_filter_grad(op, grad):
    a = _conv(op)
    return [depthwise_conv_ops.depthwise_conv2d_native_backprop_input_op(array_ops.shape(op.inputs[0]), grad,
                                                                          op.inputs[2], **a),
            None,
            depthwise_conv_ops.depthwise_conv2d_native_op(op.inputs[0], grad, **a)]


@RegisterGradient("MaxPool")
def _max_pool_grad(op, grad):
    return conv_ops.max_pool_grad(op.inputs[0], op.outputs[0], grad, **_pool(op, explicit=True))


@RegisterGradient("AvgPool")
def _avg_pool_grad(op, grad):
    return conv_ops.avg_pool_grad(array_ops.shape(op.inputs[0]), grad, **_pool(op))


@RegisterGradient("AvgPoolGrad")
def _avg_pool_grad_grad(op, grad):
    return (array_ops.stop_gradient(op.inputs[0]), conv_ops.avg_pool_op(grad, **_pool(op)))


@RegisterGradient("MaxPool3D")
def _max_pool3d_grad(op, grad):
    return pool3d_ops.max_pool3d_grad(op.inputs[0], op.outputs[0], grad, **_pool(op))


@RegisterGradient("AvgPool3D")
def _avg_pool3d_grad(op, grad):
    return pool3d_ops.avg_pool3d_grad(array_ops.shape(op.inputs[0]), grad, **_pool(op))


@RegisterGradient("AvgPool3DGrad")
def _avg_pool3d_grad_grad(op, grad):
    return (array_ops.stop_gradient(op.inputs[0]), pool3d_ops.avg_pool3d_op(grad, **_pool(op)))


def _conv3d(op):
    return _window(op, "strides", "dilations")


@RegisterGradient("Conv3D")
def _conv3d_grad(op, grad):
    shape_0, shape_1 = array_ops.shape_n([op.inputs[0], op.inputs[1]])
    a = _conv3d(op)
    return [conv3d_ops.conv3d_backprop_input_v2(shape_0, op.inputs[1], grad, **a),
            conv3d_ops.conv3d_backprop_filter_v2(op.inputs[0], shape_1, grad, **a)]


@RegisterGradient("Conv3DBackpropInputV2")
def _conv3d_backprop_input_grad(op, grad):
    a = _conv3d(op)
    return [None,
            conv3d_ops.conv3d_backprop_filter_v2(grad, array_ops.shape(op.inputs[1]), op.inputs[2], **a),
            conv3d_ops.conv3d_op(grad, op.inputs[1], **a)]


@RegisterGradient("Conv3DBackpropFilterV2")
def _conv3d_backprop_filter_grad(op, grad):
    a = _conv3d(op)
    return [conv3d_ops.conv3d_backprop_input_v2(array_ops.shape(op.inputs[0]), grad, op.inputs[2], **a),
            None,
            conv3d_ops.conv3d_op(op.inputs[0], grad, **a)]
