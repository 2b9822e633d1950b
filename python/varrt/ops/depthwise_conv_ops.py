"""Depthwise and separable convolutions under TensorFlow's names: the DepthwiseConv2dNative,
DepthwiseConv2dNativeBackpropInput and DepthwiseConv2dNativeBackpropFilter ops, run by the
core's kernels (csrc/varrt/ops/depthwise_conv_ops.h) eagerly and as graph nodes, and tf.nn's
functions over them (depthwise_conv2d, separable_conv2d and their TensorFlow 1 forms with `rate`,
depthwise_conv2d_native, the backprop functions) with TensorFlow's argument handling
(tensorflow/python/ops/nn_impl.py, nn_ops.py).

Each dtype follows the kernel TensorFlow's CPU build runs for it: float32 and bfloat16 oneDNN's
(NCHW, unequal strides, dilations), float64 and half Eigen's (NHWC, equal strides, no dilations).
Both builds' gradient ops ignore `dilations` (so a raw dilated op has no working gradient there).

TensorFlow's depthwise_conv2d and separable_conv2d run a dilation rate above 1 as SpaceToBatchND,
the undilated op and BatchToSpaceND (with_space_to_batch, ops/space_batch_ops.py), which is also
why their gradients work; so do these.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import warnings

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.conv_ops import _ints, _lookup, _node_name, _window_op, conv2d_op, convert_padding
from varrt.ops.op_util import matching, operand, suffix
from varrt.ops.space_batch_ops import with_space_to_batch

# --- the raw ops --------------------------------------------------------------------------

@op_def_lib.implements("DepthwiseConv2dNative")
def depthwise_conv2d_native_op(input, filter, strides, padding, explicit_paddings=(),  # noqa: A002
                               data_format="NHWC", dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """The DepthwiseConv2dNative op as tf.raw_ops takes it (every attribute given in full)."""
    op = "DepthwiseConv2dNative"
    (x, w), dtype = matching(op, (input, filter), name)
    return _window_op(op, (x, w), dtype, name, suffix(name, input, filter), _ints(op, "strides", strides), padding,
                      _ints(op, "explicit_paddings", explicit_paddings), data_format,
                      _ints(op, "dilations", dilations))


@op_def_lib.implements("DepthwiseConv2dNativeBackpropInput")
def depthwise_conv2d_native_backprop_input_op(input_sizes, filter, out_backprop, strides, padding,  # noqa: A002
                                              explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1),
                                              name=None) -> Tensor:
    """The gradient of DepthwiseConv2dNative with respect to its input (of shape `input_sizes`)."""
    op = "DepthwiseConv2dNativeBackpropInput"
    sizes, _ = operand(input_sizes, dtypes.int32)
    (w, dy), dtype = matching(op, (filter, out_backprop), name, first_index=1)
    return _window_op(op, (sizes, w, dy), dtype, name, suffix(name, input_sizes, filter, out_backprop),
                      _ints(op, "strides", strides), padding, _ints(op, "explicit_paddings", explicit_paddings),
                      data_format, _ints(op, "dilations", dilations))


@op_def_lib.implements("DepthwiseConv2dNativeBackpropFilter")
def depthwise_conv2d_native_backprop_filter_op(input, filter_sizes, out_backprop, strides, padding,  # noqa: A002
                                               explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1),
                                               name=None) -> Tensor:
    """The gradient of DepthwiseConv2dNative with respect to its filter (of shape `filter_sizes`)."""
    op = "DepthwiseConv2dNativeBackpropFilter"
    sizes, _ = operand(filter_sizes, dtypes.int32)
    (x, dy), dtype = matching(op, (input, out_backprop), name)
    return _window_op(op, (x, sizes, dy), dtype, name, suffix(name, input, filter_sizes, out_backprop),
                      _ints(op, "strides", strides), padding, _ints(op, "explicit_paddings", explicit_paddings),
                      data_format, _ints(op, "dilations", dilations))


# --- tf.nn's functions (nn_ops.py) ----------------------------------------------------------

def depthwise_conv2d_native(input, filter, strides, padding, data_format="NHWC",  # noqa: A002
                            dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """tf.compat.v1.nn.depthwise_conv2d_native: DepthwiseConv2dNative with `padding` a string or
    [[before, after], ...] pairs (EXPLICIT)."""
    padding, explicit_paddings = convert_padding(padding)
    return depthwise_conv2d_native_op(input, filter, strides, padding, explicit_paddings,
                                      "NHWC" if data_format is None else data_format, dilations, name)


def depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding,  # noqa: A002
                                    data_format="NHWC", dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """tf.nn.depthwise_conv2d_backprop_input: the input's gradient of a depthwise convolution."""
    padding, explicit_paddings = convert_padding(padding)
    return depthwise_conv2d_native_backprop_input_op(input_sizes, filter, out_backprop, strides, padding,
                                                     explicit_paddings, data_format, dilations, name)


def depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,  # noqa: A002
                                     data_format="NHWC", dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """tf.nn.depthwise_conv2d_backprop_filter: the filter's gradient of a depthwise convolution."""
    padding, explicit_paddings = convert_padding(padding)
    return depthwise_conv2d_native_backprop_filter_op(input, filter_sizes, out_backprop, strides, padding,
                                                      explicit_paddings, data_format, dilations, name)


# --- nn_impl.py's functions -----------------------------------------------------------------

def _rate(rate):
    """The dilation rate after _WithSpaceToBatch's checks (None is [1, 1])."""
    rate = [1, 1] if rate is None else [int(r) for r in (rate if isinstance(rate, (list, tuple)) else [rate])]
    if any(r < 1 for r in rate):
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate={np.array(rate)}")
    return rate


def _depthwise(x, w, strides, padding, rate, data_format, name):
    """nn_impl.py's depthwise step: the op itself, or with_space_to_batch's around it for a rate above 1."""
    if all(r == 1 for r in rate):
        return depthwise_conv2d_native(x, w, strides, padding, data_format, name=name)
    padding_name, explicit_paddings = convert_padding(padding)
    return with_space_to_batch(x, w.shape.as_list(), rate, padding_name, explicit_paddings, data_format,
                               lambda converted, valid: depthwise_conv2d_native(converted, w, strides, valid,
                                                                                data_format, name=name))


def depthwise_conv2d_v1(input, filter, strides, padding, rate=None, name=None, data_format=None,  # noqa: A002
                        dilations=None) -> Tensor:
    """tf.compat.v1.nn.depthwise_conv2d: each input channel convolved with its own
    `filter[:, :, channel, :]` ([rows, cols, in_channels, multiplier]); the output has
    in_channels * multiplier channels, channel k * multiplier + q from filter[..., k, q]."""
    rate = _lookup("dilations", dilations, "rate", rate)
    x = input if isinstance(input, Tensor) else convert_to_tensor(input)
    w = filter if isinstance(filter, Tensor) else convert_to_tensor(filter)
    if rate is not None and any(r > 1 for r in rate) and any(s != 1 for s in strides):
        warnings.warn(f"When dilation rate is greater than 1, then all values of strides must be 1. Received: "
                      f"`dilation rate` {rate} and `strides` {strides}")
    return _depthwise(x, w, strides, padding, _rate(rate), data_format, _node_name(name, "depthwise"))


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None,  # noqa: A002
                     name=None) -> Tensor:
    """tf.nn.depthwise_conv2d: each input channel convolved with its own
    `filter[:, :, channel, :]` ([rows, cols, in_channels, multiplier]); `dilations` two rates."""
    return depthwise_conv2d_v1(input, filter, strides, padding, rate=dilations, name=name, data_format=data_format)


def separable_conv2d_v1(input, depthwise_filter, pointwise_filter, strides, padding, rate=None,  # noqa: A002
                        name=None, data_format=None, dilations=None) -> Tensor:
    """tf.compat.v1.nn.separable_conv2d: a depthwise convolution, then a 1x1 convolution
    (`pointwise_filter`, [1, 1, in_channels * multiplier, out_channels]) mixing its channels."""
    rate = _lookup("dilations", dilations, "rate", rate)
    x = input if isinstance(input, Tensor) else convert_to_tensor(input)
    depthwise_filter = convert_to_tensor(depthwise_filter)
    pointwise_filter = convert_to_tensor(pointwise_filter)
    pointwise_shape = pointwise_filter.shape.with_rank(4)
    for d in pointwise_shape.as_list()[:2]:  # TensorFlow's Dimension.assert_is_compatible_with(1)
        if d is not None and d != 1:
            raise ValueError(f"Dimensions {d} and 1 are not compatible")
    depthwise = _depthwise(x, depthwise_filter, strides, padding, _rate(rate), data_format,
                           _node_name(None, "depthwise"))
    return conv2d_op(depthwise, pointwise_filter, [1, 1, 1, 1], "VALID", True, (),
                     "NHWC" if data_format is None else data_format, [1, 1, 1, 1],
                     _node_name(name, "separable_conv2d"))


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None,  # noqa: A002
                     dilations=None, name=None) -> Tensor:
    """tf.nn.separable_conv2d: a depthwise convolution, then a 1x1 convolution mixing its channels."""
    return separable_conv2d_v1(input, depthwise_filter, pointwise_filter, strides, padding, rate=dilations,
                               name=name, data_format=data_format)
