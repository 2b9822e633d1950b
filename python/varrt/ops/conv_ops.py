"""Convolution and pooling under TensorFlow's names (tensorflow/python/ops/nn_ops.py): Conv2D,
Conv2DBackpropInput, Conv2DBackpropFilter, MaxPool, MaxPoolGrad, AvgPool and AvgPoolGrad, run by
the core's kernels (csrc/varrt/ops/conv_ops.h, pooling_ops.h) eagerly and as graph nodes, and
tf.nn's functions over them (conv2d, convolution, conv1d, conv2d_transpose, conv1d_transpose,
conv_transpose, max_pool*, avg_pool*) with TensorFlow's
argument handling and texts.

The core's kernels take float32 and float64, and half and bfloat16 computed in float32 and
rounded once (another dtype TensorFlow allows raises UnimplementedError saying so); NHWC, and
NCHW where TensorFlow's CPU build takes it (float32 and bfloat16, through oneDNN there;
TensorFlow's own error otherwise).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections.abc

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, op_def_lib, raw_op
from varrt.ops.space_batch_ops import batch_to_space_nd, space_to_batch_nd
from varrt.ops.op_util import (attr_value_error, check_dtype, error_name, is_tensor_like, matching, mismatch, operand,
                               run_core, suffix, tensor_operand)

# A string attribute reaches the core as its index in the record's allowed list
# (csrc/varrt/ops/window_geometry.h; OpDef.decode_attrs reads it back).
_KERNEL_DTYPES = (dtypes.float32, dtypes.float64, dtypes.float16, dtypes.bfloat16)


def _check_string(op, attr, value, name, end):
    """TensorFlow's error for a string attribute outside the op's allowed values (its record)."""
    allowed = op_def_lib.get(op).attrs[attr].allowed
    if not isinstance(value, (str, bytes)):
        raise TypeError(f"Expected string for argument '{attr}' not {value!r}.")
    value = value.decode() if isinstance(value, bytes) else value
    if allowed is not None and value not in allowed:
        raise attr_value_error(op, f'"{value}"', name, end, attr=attr)
    return value


def _ints(op, attr, value):
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"Expected list for '{attr}' argument to '{raw_op.python_function_name(op)}' Op, not "
                        f"{value!r}.")
    return [int(v) for v in value]


def _node_name(name, default):
    """The name TensorFlow's function gives its node in a graph (its name scope's, e.g. "MaxPool2d");
    eagerly only a name the caller gave."""
    return (name or default) if graph_building.building() else name


def _window_op(op, inputs, dtype, name, end, strides, padding, explicit_paddings=(), data_format="NHWC",
               dilations=(), ksize=()):
    check_dtype(op, dtype, name, end)
    padding = _check_string(op, "padding", padding, name, end)
    data_format = _check_string(op, "data_format", data_format, name, end)
    if dtype not in _KERNEL_DTYPES:
        raise errors.UnimplementedError(None, None, f"varrt's {op} has no {dtype.name} kernel yet (float32, "
                                                    f"float64, float16 and bfloat16 only)")
    padding_code = op_def_lib.get(op).attrs["padding"].allowed.index(padding)
    return run_core(_C.window_op, name, op, inputs, list(ksize), list(strides), list(dilations),
                    list(explicit_paddings), padding_code, data_format == "NCHW", error_name(name, end))


# --- the raw ops --------------------------------------------------------------------------

@op_def_lib.implements("Conv2D")
def conv2d_op(input, filter, strides, padding, use_cudnn_on_gpu=True, explicit_paddings=(),  # noqa: A002
                data_format="NHWC", dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """The Conv2D op as tf.raw_ops takes it (every attribute given in full)."""
    if is_tensor_like(input) and is_tensor_like(filter):
        xd, wd = tensor_operand(input)[1], tensor_operand(filter)[1]
        if xd is dtypes.float32 and wd is not xd:  # TensorFlow's float32 convolution is oneDNN's op
            raise mismatch("Conv2D", 1, xd, wd, name, node="_MklNativeConv2D")
    (x, w), dtype = matching("Conv2D", (input, filter), name)
    end = suffix(name, input, filter)
    return _window_op("Conv2D", (x, w), dtype, name, end, _ints("Conv2D", "strides", strides), padding,
                      _ints("Conv2D", "explicit_paddings", explicit_paddings), data_format,
                      _ints("Conv2D", "dilations", dilations))


@op_def_lib.implements("Conv2DBackpropInput")
def conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding, use_cudnn_on_gpu=True,  # noqa: A002
                          explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """The gradient of Conv2D with respect to its input (of shape `input_sizes`)."""
    sizes, _ = operand(input_sizes, dtypes.int32)
    (w, dy), dtype = matching("Conv2DBackpropInput", (filter, out_backprop), name, first_index=1)
    end = suffix(name, input_sizes, filter, out_backprop)  # a Python list of sizes takes TensorFlow's slow path
    op = "Conv2DBackpropInput"
    return _window_op(op, (sizes, w, dy), dtype, name, end, _ints(op, "strides", strides), padding,
                      _ints(op, "explicit_paddings", explicit_paddings), data_format, _ints(op, "dilations", dilations))


@op_def_lib.implements("Conv2DBackpropFilter")
def conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, use_cudnn_on_gpu=True,  # noqa: A002
                           explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1), name=None) -> Tensor:
    """The gradient of Conv2D with respect to its filter (of shape `filter_sizes`)."""
    sizes, _ = operand(filter_sizes, dtypes.int32)
    (x, dy), dtype = matching("Conv2DBackpropFilter", (input, out_backprop), name)
    end = suffix(name, input, filter_sizes, out_backprop)
    op = "Conv2DBackpropFilter"
    return _window_op(op, (x, sizes, dy), dtype, name, end, _ints(op, "strides", strides), padding,
                      _ints(op, "explicit_paddings", explicit_paddings), data_format, _ints(op, "dilations", dilations))


@op_def_lib.implements("MaxPool")
def max_pool_op(input, ksize, strides, padding, explicit_paddings=(), data_format="NHWC",  # noqa: A002
                name=None) -> Tensor:
    """The MaxPool op as tf.raw_ops takes it."""
    x, dtype = operand(input)
    return _window_op("MaxPool", (x,), dtype, name, suffix(name, input), _ints("MaxPool", "strides", strides),
                      padding, _ints("MaxPool", "explicit_paddings", explicit_paddings), data_format,
                      ksize=_ints("MaxPool", "ksize", ksize))


@op_def_lib.implements("MaxPoolGrad")
def max_pool_grad(orig_input, orig_output, grad, ksize, strides, padding, explicit_paddings=(),
                  data_format="NHWC", name=None) -> Tensor:
    """The gradient of MaxPool: `grad` sent to each window's (first) maximum of `orig_input`."""
    (x, y, dy), dtype = matching("MaxPoolGrad", (orig_input, orig_output, grad), name)
    op = "MaxPoolGrad"
    return _window_op(op, (x, y, dy), dtype, name, suffix(name, orig_input, orig_output, grad),
                      _ints(op, "strides", strides), padding, _ints(op, "explicit_paddings", explicit_paddings),
                      data_format, ksize=_ints(op, "ksize", ksize))


@op_def_lib.implements("AvgPool")
def avg_pool_op(value, ksize, strides, padding, data_format="NHWC", name=None) -> Tensor:
    """The AvgPool op as tf.raw_ops takes it."""
    x, dtype = operand(value)
    return _window_op("AvgPool", (x,), dtype, name, suffix(name, value), _ints("AvgPool", "strides", strides),
                      padding, (), data_format, ksize=_ints("AvgPool", "ksize", ksize))


@op_def_lib.implements("AvgPoolGrad")
def avg_pool_grad(orig_input_shape, grad, ksize, strides, padding, data_format="NHWC", name=None) -> Tensor:
    """The gradient of AvgPool: each output's gradient shared evenly over its window."""
    sizes, _ = operand(orig_input_shape, dtypes.int32)
    dy, dtype = operand(grad)
    op = "AvgPoolGrad"
    return _window_op(op, (sizes, dy), dtype, name, suffix(name, grad), _ints(op, "strides", strides), padding, (),
                      data_format, ksize=_ints(op, "ksize", ksize))


# --- tf.nn's argument handling (nn_ops.py) ------------------------------------------------

def _get_sequence(value, n, channel_index, name):
    """TensorFlow's _get_sequence: a stride, dilation or window size for every dimension."""
    if value is None:
        return [1] * (n + 2)
    if isinstance(value, list):
        pass
    elif isinstance(value, tuple):
        value = list(value)
    elif isinstance(value, int):
        value = [value]
    elif not isinstance(value, collections.abc.Sized):
        value = [value]
    else:
        value = list(value)
    len_value = len(value)
    if len_value == n + 2:
        return value
    if len_value == 1:
        value = value * n
    elif len_value != n:
        raise ValueError(f"{name} should be of length 1, {n} or {n + 2}. Received: {name}={value} of length "
                         f"{len_value}")
    return [1, 1] + value if channel_index == 1 else [1] + value + [1]


def convert_padding(padding, expected_length=4):
    """TensorFlow's convert_padding: a padding string, or a list of [before, after] pairs (EXPLICIT)."""
    explicit_paddings = []
    if padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    if isinstance(padding, (list, tuple)):
        for i, dim_paddings in enumerate(padding):
            if not isinstance(dim_paddings, (list, tuple)):
                raise ValueError("When `padding` is a list, each element of `padding` must be a list/tuple of size 2. "
                                 f"Received: padding={padding} with element at index {i} of type "
                                 f"{type(dim_paddings)}")
            if len(dim_paddings) != 2:
                raise ValueError("When `padding` is a list, each element of `padding` must be a list/tuple of size 2. "
                                 f"Received: padding={padding} with element at index {i} of size "
                                 f"{len(dim_paddings)}")
            explicit_paddings.extend(dim_paddings)
        if len(padding) != expected_length:
            raise ValueError(f"When padding is a list, it must be of size {expected_length}. Received: "
                             f"padding={padding} of size {len(padding)}")
        padding = "EXPLICIT"
    return padding, explicit_paddings


def _rank_of(x):
    shape = x.shape  # TensorFlow reads input.shape too (a Python list has none: AttributeError)
    ndims = getattr(shape, "ndims", -1)
    return len(shape) if ndims == -1 else ndims


def _squeeze_batch_dims(inp, op, inner_rank):
    """TensorFlow's squeeze_batch_dims: `op` on the input with its outer dimensions folded into one
    (from the static shape where it is known, else from tf.shape, which a graph computes when it runs)."""
    inp = convert_to_tensor(inp)
    shape = inp.shape
    inner, batch = shape[-inner_rank:], shape[:-inner_rank]
    if inner.is_fully_defined():
        reshaped = array_ops.reshape(inp, [-1] + inner.as_list())
    else:
        reshaped = array_ops.reshape(inp, array_ops.concat(([-1], array_ops.shape(inp)[-inner_rank:]), axis=0))
    out = op(reshaped)
    out_inner = out.shape[-inner_rank:]
    if batch.is_fully_defined() and out_inner.is_fully_defined():
        return array_ops.reshape(out, batch.as_list() + out_inner.as_list())
    return array_ops.reshape(out, array_ops.concat((array_ops.shape(inp)[:-inner_rank],
                                                    array_ops.shape(out)[-inner_rank:]), axis=0))


def conv2d_v1(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True,  # noqa: A002
              data_format="NHWC", dilations=(1, 1, 1, 1), name=None, filters=None) -> Tensor:
    """tf.compat.v1.nn.conv2d: a 2-D convolution of NHWC `input` with an HWIO filter (Conv2D)."""
    if filter is not None and filters is not None:
        raise ValueError("Cannot specify both 'filters' and 'filter'")
    filter = filters if filter is None else filter  # noqa: A001
    padding, explicit_paddings = convert_padding(padding)
    if data_format is None:
        data_format = "NHWC"
    channel_index = 1 if data_format.startswith("NC") else 3
    strides = _get_sequence(strides, 2, channel_index, "strides")
    dilations = _get_sequence(list(dilations) if isinstance(dilations, tuple) else dilations, 2, channel_index,
                              "dilations")
    ndims = _rank_of(input)
    if ndims in (4, 3, 2, 1, 0, None):
        return conv2d_op(input, filter, strides, padding, use_cudnn_on_gpu, explicit_paddings, data_format,
                           dilations, name)
    return _squeeze_batch_dims(input, lambda x: conv2d_op(x, filter, strides, padding, use_cudnn_on_gpu,
                                                            explicit_paddings, data_format, dilations, name), 3)


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None) -> Tensor:  # noqa: A002
    """tf.nn.conv2d: a 2-D convolution of NHWC `input` ([batch, rows, cols, in]) with `filters`
    ([rows, cols, in, out]); `padding` "SAME", "VALID" or [[0, 0], [top, bottom], [left, right], [0, 0]]."""
    return conv2d_v1(input, filters, strides, padding, True, data_format,
                     dilations if dilations is not None else [1, 1, 1, 1], name)


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None) -> Tensor:  # noqa: A002
    """tf.nn.conv1d: a 1-D convolution, TensorFlow's Conv2D of the input and filter with a row
    dimension of 1 added (ExpandDims, Conv2D, Squeeze)."""
    if data_format is None or data_format in ("NHWC", "NWC"):
        data_format, spatial_start_dim, channel_index = "NHWC", -3, 2
    elif data_format in ("NCHW", "NCW"):
        data_format, spatial_start_dim, channel_index = "NCHW", -2, 1
    else:
        raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")
    strides = [1] + _get_sequence(stride, 1, channel_index, "stride")
    dilations = [1] + _get_sequence(dilations, 1, channel_index, "dilations")
    name = _node_name(name, "conv1d")
    value = array_ops.expand_dims(input, spatial_start_dim)
    filters = array_ops.expand_dims(filters, 0)
    if value.shape.ndims in (4, 3, 2, 1, 0, None):
        result = conv2d_op(value, filters, strides, padding, True, (), data_format, dilations, name)
    else:
        result = _squeeze_batch_dims(value, lambda x: conv2d_op(x, filters, strides, padding, True, (), data_format,
                                                                  dilations, name), 3)
    return array_ops.squeeze(result, [spatial_start_dim])


def convolution(input, filters, strides=None, padding="VALID", data_format=None, dilations=None,  # noqa: A002
                name=None) -> Tensor:
    """tf.nn.convolution: an N-D convolution; 1-D and 2-D here (Conv2D), 3-D says it is not implemented."""
    filters = convert_to_tensor(filters) if not isinstance(filters, Tensor) else filters
    rank = filters.shape.rank
    if rank is None:
        raise ValueError("Rank of `filters` must be known")
    n = rank - 2
    if n < 1 or n > 3:
        raise ValueError(f"`filters.shape.rank` must be at least 3 and at most 5. Received: filters.shape={filters.shape} "
                         f"of rank {rank}")
    if n == 3:
        raise errors.UnimplementedError(None, None, "varrt's tf.nn.convolution does not run 3-D convolutions yet "
                                                    "(tf.nn.conv3d does)")
    if data_format is None or not data_format.startswith("NC"):
        channel_index = n + 1
    else:
        channel_index = 1
    strides = _get_sequence(strides, n, channel_index, "strides")
    dilations = _get_sequence(dilations, n, channel_index, "dilations")
    if any(s > 1 for s in strides) and any(d > 1 for d in dilations):
        raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
                         f"strides={strides[1:-1] if channel_index != 1 else strides[2:]} and "
                         f"dilation_rate={dilations[1:-1] if channel_index != 1 else dilations[2:]}")
    name = _node_name(name, "convolution")
    if n == 1:
        sp = slice(1, 2) if channel_index != 1 else slice(2, 3)
        return conv1d(input, filters, strides[sp], padding, "NCW" if channel_index == 1 else "NWC", dilations[sp],
                      name)
    return conv2d(input, filters, strides, padding, "NCHW" if channel_index == 1 else "NHWC", dilations, name)


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NHWC",  # noqa: A002
                     dilations=None, name=None) -> Tensor:
    """tf.nn.conv2d_transpose: the gradient of conv2d with respect to its input, taken as an op
    (Conv2DBackpropInput): `input` ([batch, rows, cols, in]) spread through `filters`
    ([rows, cols, out, in]) into a tensor of `output_shape`."""
    if data_format is None:
        data_format = "NHWC"
    channel_index = 1 if data_format.startswith("NC") else 3
    strides = _get_sequence(strides, 2, channel_index, "strides")
    dilations = _get_sequence(dilations, 2, channel_index, "dilations")
    padding, explicit_paddings = convert_padding(padding)
    return conv2d_backprop_input(output_shape, filters, input, strides, padding, True, explicit_paddings,
                                 data_format, dilations, _node_name(name, "conv2d_transpose"))


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC",  # noqa: A002
                     dilations=None, name=None) -> Tensor:
    """tf.nn.conv1d_transpose: conv2d_transpose of the input and filters with a row dimension of 1
    added (ExpandDims, Conv2DBackpropInput, Squeeze), as TensorFlow writes it."""
    if data_format is None or data_format == "NWC":
        data_format, spatial_start_dim, channel_index = "NHWC", 1, 2
    elif data_format == "NCW":
        data_format, spatial_start_dim, channel_index = "NCHW", 2, 1
    else:
        raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")
    strides = [1] + _get_sequence(strides, 1, channel_index, "stride")
    dilations = [1] + _get_sequence(dilations, 1, channel_index, "dilations")
    name = _node_name(name, "conv1d_transpose")
    value = array_ops.expand_dims(input, spatial_start_dim)
    filters = array_ops.expand_dims(filters, 0)
    output_shape = output_shape if isinstance(output_shape, Tensor) else list(output_shape)
    output_shape = array_ops.concat([output_shape[:spatial_start_dim], [1], output_shape[spatial_start_dim:]], 0)
    result = conv2d_backprop_input(output_shape, filters, value, strides, padding, True, (), data_format, dilations,
                                   name)
    return array_ops.squeeze(result, spatial_start_dim)


def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None,  # noqa: A002
                   dilations=None, name=None) -> Tensor:
    """tf.nn.conv_transpose: conv1d_transpose or conv2d_transpose by the length of `output_shape`
    (3-D says it is not implemented)."""
    if isinstance(output_shape, Tensor):
        n = output_shape.shape[0] - 2
    elif isinstance(output_shape, collections.abc.Sized):
        n = len(output_shape) - 2
    else:
        raise ValueError(f"`output_shape` must be a tensor or sized collection. Received: output_shape={output_shape}")
    if not 1 <= n <= 3:
        raise ValueError(f"`output_shape` must be of length 3, 4 or 5. Received: output_shape={output_shape} of "
                         f"length {n + 2}.")
    if n == 3:
        raise errors.UnimplementedError(None, None, "varrt's tf.nn.conv_transpose does not implement 3-D transposed "
                                                    "convolutions (Conv3DBackpropInputV2) yet")
    op = conv1d_transpose if n == 1 else conv2d_transpose
    return op(input, filters, output_shape, strides, padding=padding, data_format=data_format, dilations=dilations,
              name=_node_name(name, "conv_transpose"))


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None) -> Tensor:  # noqa: A002
    """tf.nn.max_pool2d: the maximum over each window (MaxPool)."""
    if isinstance(padding, (list, tuple)) and data_format == "NCHW_VECT_C":
        raise ValueError("`data_format='NCHW_VECT_C'` is not supported with explicit padding. Received: "
                         f"padding={padding}")
    padding, explicit_paddings = convert_padding(padding)
    channel_index = 1 if data_format.startswith("NC") else 3
    ksize = _get_sequence(ksize, 2, channel_index, "ksize")
    strides = _get_sequence(strides, 2, channel_index, "strides")
    return max_pool_op(input, ksize, strides, padding, explicit_paddings, data_format,
                       _node_name(name, "MaxPool2d"))


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None) -> Tensor:  # noqa: A002
    """tf.nn.avg_pool2d: the mean over each window's elements inside the input (AvgPool)."""
    channel_index = 1 if data_format.startswith("NC") else 3
    ksize = _get_sequence(ksize, 2, channel_index, "ksize")
    strides = _get_sequence(strides, 2, channel_index, "strides")
    return avg_pool_op(input, ksize, strides, padding, data_format, _node_name(name, "AvgPool2D"))


def _pool_1d(pool, input, ksize, strides, padding, data_format, name):  # noqa: A002
    """TensorFlow's max_pool1d/avg_pool1d: the 2-D pool of the input with a row dimension of 1."""
    if data_format == "NWC":
        data_format, expanding_dim = "NHWC", 1
    else:
        data_format, expanding_dim = "NCHW", 2
    ksize = [1] + _get_sequence(ksize, 1, 2, "ksize")
    strides = [1] + _get_sequence(strides, 1, 2, "strides")
    expanded = array_ops.expand_dims(input, expanding_dim)
    result = pool(expanded, ksize, strides, padding, data_format, name)
    return array_ops.squeeze(result, expanding_dim)


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None) -> Tensor:  # noqa: A002
    """tf.nn.max_pool1d: MaxPool of the input with a row dimension added."""
    if isinstance(padding, (list, tuple)) and data_format == "NCHW_VECT_C":
        raise ValueError("`data_format='NCHW_VECT_C'` is not supported with explicit padding. Received: "
                         f"padding={padding}")
    padding, explicit_paddings = convert_padding(padding, 3)
    if padding == "EXPLICIT":
        explicit_paddings = [0, 0] + explicit_paddings

    def pool(x, k, s, p, f, n):
        return max_pool_op(x, k, s, p, explicit_paddings, f, n)
    return _pool_1d(pool, input, ksize, strides, padding, data_format, _node_name(name, "MaxPool1d"))


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None) -> Tensor:  # noqa: A002
    """tf.nn.avg_pool1d: AvgPool of the input with a row dimension added."""
    return _pool_1d(avg_pool_op, input, ksize, strides, padding, data_format, _node_name(name, "AvgPool1D"))


def _pool_nd(one_d, two_d, what, input, ksize, strides, padding, data_format, name):  # noqa: A002
    """TensorFlow's max_pool_v2/avg_pool_v2: the 1-D or 2-D pool by the input's rank."""
    x = input if isinstance(input, Tensor) else convert_to_tensor(input)
    if x.shape.ndims is not None:
        n = x.shape.ndims - 2
    elif data_format is not None:
        n = len(data_format) - 2
    else:
        raise ValueError(f"`input` must have a static shape or a data format. Received: input={input} of "
                         f"shape {x.shape} and data_format={data_format}")
    if not 1 <= n <= 3:
        raise ValueError(f"`input.shape.rank` must be 3, 4 or 5. Received: input.shape={x.shape} of rank {n + 2}.")
    if n == 3:
        raise errors.UnimplementedError(None, None, f"varrt's tf.nn.{what} does not implement 3-D pooling yet")
    if n == 1:
        return one_d(x, ksize, strides, padding, data_format or "NWC", name)
    return two_d(x, ksize, strides, padding, data_format or "NHWC", name)


def max_pool(input, ksize, strides, padding, data_format=None, name=None) -> Tensor:  # noqa: A002
    """tf.nn.max_pool: MaxPool of a 3-D (NWC) or 4-D (NHWC) input."""
    return _pool_nd(max_pool1d, max_pool2d, "max_pool", input, ksize, strides, padding, data_format, name)


def avg_pool(input, ksize, strides, padding, data_format=None, name=None) -> Tensor:  # noqa: A002
    """tf.nn.avg_pool: AvgPool of a 3-D (NWC) or 4-D (NHWC) input."""
    return _pool_nd(avg_pool1d, avg_pool2d, "avg_pool", input, ksize, strides, padding, data_format, name)


# --- TensorFlow 1's signatures (tf.compat.v1.nn) ----------------------------------------------

def _lookup(new_name, new_value, old_name, old_value):
    """TensorFlow's deprecated_argument_lookup: the argument under its new or its old name."""
    if new_value is not None:
        if old_value is not None:
            raise ValueError(f"Cannot specify both '{old_name}' and '{new_name}'")
        return new_value
    return old_value


def max_pool_v1(value, ksize, strides, padding, data_format="NHWC", name=None, input=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.nn.max_pool: MaxPool of a 4-D `value` (or `input`)."""
    return max_pool2d(_lookup("input", input, "value", value), ksize, strides, padding,
                      "NHWC" if data_format is None else data_format, _node_name(name, "MaxPool"))


def avg_pool_v1(value, ksize, strides, padding, data_format="NHWC", name=None, input=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.nn.avg_pool: AvgPool of a 4-D `value` (or `input`)."""
    return avg_pool2d(_lookup("input", input, "value", value), ksize, strides, padding,
                      "NHWC" if data_format is None else data_format, _node_name(name, "AvgPool"))


def conv1d_v1(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,
              name=None, input=None, dilations=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.nn.conv1d: conv1d with TensorFlow 1's argument order (`value`, `use_cudnn_on_gpu`)."""
    return conv1d(_lookup("input", input, "value", value), filters, stride, padding, data_format, dilations, name)


def conv2d_transpose_v1(value=None, filter=None, output_shape=None, strides=None, padding="SAME",  # noqa: A002
                        data_format="NHWC", name=None, input=None,  # noqa: A002
                        filters=None, dilations=None) -> Tensor:
    """tf.compat.v1.nn.conv2d_transpose: conv2d_transpose with TensorFlow 1's names (`value`, `filter`)."""
    value = _lookup("input", input, "value", value)
    filter = _lookup("filters", filters, "filter", filter)  # noqa: A001
    return conv2d_transpose(value, filter, output_shape, strides, padding, data_format, dilations,
                            _node_name(name, "conv2d_transpose"))


def convolution_v1(input, filter=None, padding=None, strides=None, dilation_rate=None, name=None,  # noqa: A002
                   data_format=None, filters=None, dilations=None) -> Tensor:
    """tf.compat.v1.nn.convolution: convolution with TensorFlow 1's argument names."""
    filters = _lookup("filters", filters, "filter", filter)
    dilations = _lookup("dilations", dilations, "dilation_rate", dilation_rate)
    return convolution(input, filters, strides, padding, data_format, dilations, name)


def atrous_conv2d(value, filters, rate, padding, name=None) -> Tensor:
    """A 2-D convolution of NHWC `value` with `filters` dilated by `rate` (stride 1): convolution
    with dilations [rate, rate], as TensorFlow writes it."""
    rates = [int(rate)] * 2 if not hasattr(rate, "__len__") else [int(r) for r in rate]  # np.broadcast_to(rate, (2,))
    return convolution(value, filters, padding=padding, dilations=rates, name=name)


def _compatible(a, b):
    """Two dimensions that may be equal (either unknown, or the same)."""
    return a is None or b is None or int(a) == int(b)


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None) -> Tensor:
    """The transpose of atrous_conv2d (its gradient with respect to `value`), of `output_shape`:
    TensorFlow's composition of SpaceToBatchND, Conv2DBackpropInput and BatchToSpaceND."""
    value = convert_to_tensor(value)
    filters = convert_to_tensor(filters)
    if not _compatible(value.shape[3], filters.shape[3]):
        raise ValueError("`value` channel count must be compatible with `filters` input channel count. Received: "
                         f"value.shape={value.shape} with channel count {value.shape[3]} and "
                         f"filters.shape={filters.shape} with input channel count {filters.shape[3]}.")
    if rate < 1:
        raise ValueError(f"`rate` cannot be less than one. Received: rate={rate}")
    if rate == 1:
        return conv2d_transpose(value, filters, output_shape, strides=[1, 1, 1, 1], padding=padding,
                                data_format="NHWC")
    output_shape = [int(d) for d in (output_shape.numpy() if hasattr(output_shape, "numpy") else output_shape)]
    if len(output_shape) != 4:
        raise ValueError(f"`output_shape` must have shape (4,). Received: output_shape={output_shape}")
    if not _compatible(filters.shape[2], output_shape[3]):
        raise ValueError("`output_shape` channel count must be compatible with `filters` output channel count. "
                         f"Received: output_shape={output_shape} with channel count {output_shape[3]} and "
                         f"filters.shape={filters.shape} with output channel count {filters.shape[3]}.")
    if padding == "SAME":
        filter_height, filter_width = filters.shape.as_list()[:2]
        pad_height = filter_height + (filter_height - 1) * (rate - 1) - 1
        pad_width = filter_width + (filter_width - 1) * (rate - 1) - 1
        pad_top, pad_left = pad_height // 2, pad_width // 2
        pad_bottom, pad_right = pad_height - pad_top, pad_width - pad_left
    elif padding == "VALID":
        pad_top = pad_bottom = pad_left = pad_right = 0
    else:
        raise ValueError(f"`padding` must be either 'VALID' or 'SAME'. Received: padding={padding}")
    in_height = output_shape[1] + pad_top + pad_bottom
    in_width = output_shape[2] + pad_left + pad_right
    pad_bottom_extra = (rate - in_height % rate) % rate
    pad_right_extra = (rate - in_width % rate) % rate
    value = space_to_batch_nd(value, [rate, rate], [[0, pad_bottom_extra], [0, pad_right_extra]])
    input_sizes = [rate * rate * output_shape[0], (in_height + pad_bottom_extra) // rate,
                   (in_width + pad_right_extra) // rate, output_shape[3]]
    value = conv2d_backprop_input(input_sizes, filters, value, strides=[1, 1, 1, 1], padding="VALID",
                                  data_format="NHWC")
    return batch_to_space_nd(value, [rate, rate], [[pad_top, pad_bottom + pad_bottom_extra],
                                                   [pad_left, pad_right + pad_right_extra]])
