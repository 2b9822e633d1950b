"""Shape functions of the sliding-window ops: Conv2D, DepthwiseConv2dNative and their gradients,
MaxPool, AvgPool and theirs (TensorFlow's Conv2DShapeImpl, DepthwiseConv2DNativeShapeImpl,
MaxPoolShapeImpl, AvgPoolShape and
GetWindowedOutputSizeFromDimsV2 in core/framework/common_shape_fns.cc)."""
from varrt.ops.shape_fns.common import ShapeError, merge_dim, multiply, shape_from_tensor, shape_out, with_rank


def is_nchw(ctx):
    return ctx.attr("data_format", "NHWC") == "NCHW"


def _subtract(d, amount):
    if d is None:
        return None
    if d < amount:
        raise ShapeError(f"Negative dimension size caused by subtracting {amount} from {d}")
    return d - amount


def windowed_output_size(size, window, dilation, stride, padding, before=0, after=0):
    """One spatial dimension's output (GetWindowedOutputSizeFromDimsV2); None when unknown."""
    if stride <= 0:
        raise ShapeError(f"Stride must be > 0, but got {stride}")
    if dilation < 1:
        raise ShapeError(f"Dilation rate must be >= 1, but got {dilation}")
    if padding == "SAME":
        return None if size is None else (size + stride - 1) // stride
    if padding == "EXPLICIT":
        size = None if size is None else size + before + after
    if window is None:
        return None
    out = _subtract(size, (window - 1) * dilation + 1 if dilation > 1 else window)
    return None if out is None else (out + stride) // stride


def _check_padding(padding, explicit):
    """TensorFlow's CheckValidPadding for a 4-D NHWC op."""
    if padding == "EXPLICIT":
        if len(explicit) != 8:
            raise ShapeError(f"explicit_paddings attribute must contain 8 values, but got: {len(explicit)}")
        if any(p < 0 for p in explicit):
            raise ShapeError(f"All elements of explicit_paddings must be nonnegative for, but got: "
                             f"{', '.join(map(str, explicit))}")
        if explicit[0] or explicit[1] or explicit[6] or explicit[7]:
            raise ShapeError("Nonzero explicit padding in the batch or depth dimensions is not supported")
    elif explicit:
        raise ShapeError("explicit_paddings attribute must be empty if the padding attribute is not EXPLICIT")


def conv2d(ctx):
    """Conv2D: [batch, out_rows, out_cols, filter's out depth] (NHWC) or [batch, depth, rows, cols]."""
    nchw = is_nchw(ctx)
    x = with_rank(ctx.shape("input"), 4)
    w = with_rank(ctx.shape("filter"), 4)
    dilations = list(ctx.attr("dilations", [1, 1, 1, 1]))
    if len(dilations) != 4:
        raise ShapeError(f"Conv2D requires the dilation attribute to contain 4 values, but got: {len(dilations)}")
    strides = list(ctx.attr("strides"))
    if len(strides) != 4:
        raise ShapeError(f"Conv2D on data format {'NCHW' if nchw else 'NHWC'} requires the stride attribute to "
                         f"contain 4 values, but got: {len(strides)}")
    (batch, depth, rows, cols) = (x[0], x[1], x[2], x[3]) if nchw else (x[0], x[3], x[1], x[2])
    s_rows, s_cols = (strides[2], strides[3]) if nchw else (strides[1], strides[2])
    d_rows, d_cols = (dilations[2], dilations[3]) if nchw else (dilations[1], dilations[2])
    out_depth = w[3]
    if depth is not None and w[2] is not None:
        if w[2] == 0:
            raise ShapeError("Depth of filter must not be 0")
        if depth % w[2]:
            raise ShapeError(f"Depth of input ({depth}) is not a multiple of input depth of filter ({w[2]})")
        groups = depth // w[2]
        if groups != 1 and out_depth is not None and out_depth % groups:
            raise ShapeError(f"Depth of output ({out_depth}) is not a multiple of the number of groups ({groups})")
    padding = ctx.attr("padding")
    explicit = list(ctx.attr("explicit_paddings", []))
    _check_padding(padding, explicit)
    pads = explicit if padding == "EXPLICIT" else [0] * 8
    r_pad, c_pad = (pads[4:6], pads[6:8]) if nchw else (pads[2:4], pads[4:6])
    out_rows = windowed_output_size(rows, w[0], d_rows, s_rows, padding, *r_pad)
    out_cols = windowed_output_size(cols, w[1], d_cols, s_cols, padding, *c_pad)
    return shape_out([batch, out_depth, out_rows, out_cols] if nchw else [batch, out_rows, out_cols, out_depth])


def conv2d_backprop_input(ctx):
    """Conv2DBackpropInput (Conv2DBackpropInputShape): the spatial sizes and depth input_sizes holds,
    the batch out_backprop's (so a graph's unknown batch stays unknown however input_sizes was
    written); out_backprop's depth is the filter's."""
    dy = with_rank(ctx.shape("out_backprop"), 4)
    w = with_rank(ctx.shape("filter"), 4)
    merge_dim(dy[1] if is_nchw(ctx) else dy[3], w[3])
    sizes = list(with_rank(shape_from_tensor(ctx, "input_sizes"), 4))
    merge_dim(sizes[0], dy[0])
    return shape_out([dy[0]] + sizes[1:])


def conv2d_backprop_filter(ctx):
    """Conv2DBackpropFilter: the shape filter_sizes holds."""
    return shape_out(with_rank(shape_from_tensor(ctx, "filter_sizes"), 4))


def depthwise_conv2d(ctx):
    """DepthwiseConv2dNative: [batch, out_rows, out_cols, in_depth * multiplier] (NHWC) or
    [batch, depth, rows, cols] (DepthwiseConv2DNativeShapeImpl with explicit padding)."""
    x = with_rank(ctx.shape("input"), 4)
    w = with_rank(ctx.shape("filter"), 4)
    strides = list(ctx.attr("strides"))
    if len(strides) != 4:
        raise ShapeError(f"DepthwiseConv2D requires the stride attribute to contain 4 values, but got: {len(strides)}")
    dilations = list(ctx.attr("dilations", [1, 1, 1, 1]))
    if len(dilations) != 4:
        raise ShapeError(f"DepthwiseConv2D requires the dilations attribute to contain 4 values, but got: "
                         f"{len(dilations)}")
    nchw = is_nchw(ctx)
    batch, rows, cols, depth = (x[0], x[2], x[3], x[1]) if nchw else (x[0], x[1], x[2], x[3])
    s_rows, s_cols = (strides[2], strides[3]) if nchw else (strides[1], strides[2])
    d_rows, d_cols = (dilations[2], dilations[3]) if nchw else (dilations[1], dilations[2])
    in_depth = merge_dim(depth, w[2])
    out_depth = multiply(in_depth, w[3])
    padding = ctx.attr("padding")
    explicit = list(ctx.attr("explicit_paddings", []))
    _check_padding(padding, explicit)
    pads = explicit if padding == "EXPLICIT" else [0] * 8
    r_pad, c_pad = (pads[4:6], pads[6:8]) if nchw else (pads[2:4], pads[4:6])
    out_rows = windowed_output_size(rows, w[0], d_rows, s_rows, padding, *r_pad)
    out_cols = windowed_output_size(cols, w[1], d_cols, s_cols, padding, *c_pad)
    return shape_out([batch, out_depth, out_rows, out_cols] if nchw else [batch, out_rows, out_cols, out_depth])


def depthwise_conv2d_backprop_input(ctx):
    """DepthwiseConv2dNativeBackpropInput: the shape input_sizes holds, of rank 4."""
    return shape_out(with_rank(shape_from_tensor(ctx, "input_sizes"), 4))


def depthwise_conv2d_backprop_filter(ctx):
    """DepthwiseConv2dNativeBackpropFilter: the shape filter_sizes holds, of rank 4."""
    return shape_out(with_rank(shape_from_tensor(ctx, "filter_sizes"), 4))


def _pool(ctx, op, input_name):
    x = with_rank(ctx.shape(input_name), 4)
    nchw = is_nchw(ctx)
    strides = list(ctx.attr("strides"))
    if len(strides) != 4:
        raise ShapeError(f"{op} requires the stride attribute to contain 4 values, but got: {len(strides)}")
    ksize = list(ctx.attr("ksize"))
    if len(ksize) != 4:
        raise ShapeError(f"{op} requires the ksize attribute to contain 4 values, but got: {len(ksize)}")
    padding = ctx.attr("padding")
    explicit = list(ctx.attr("explicit_paddings", []))
    if op == "MaxPool":
        _check_padding(padding, explicit)
    pads = explicit if padding == "EXPLICIT" else [0] * 8
    order = (0, 1, 2, 3) if not nchw else (0, 2, 3, 1)  # batch, rows, cols, depth positions
    dims = [x[i] for i in order]
    k = [ksize[i] for i in order]
    s = [strides[i] for i in order]
    p = [pads[2 * i:2 * i + 2] for i in order]
    out = [windowed_output_size(dims[i], k[i], 1, s[i], padding, *p[i]) for i in range(1, 4)]
    batch = dims[0]
    return shape_out([batch, out[2], out[0], out[1]] if nchw else [batch] + out)


def max_pool(ctx):
    """MaxPool: each spatial dimension windowed (its depth too, by ksize[3] and strides[3])."""
    return _pool(ctx, "MaxPool", "input")


def avg_pool(ctx):
    """AvgPool: as MaxPool, without explicit padding."""
    return _pool(ctx, "AvgPool", "value")


def max_pool_grad(ctx):
    """MaxPoolGrad: orig_input's shape, of rank 4."""
    return shape_out(with_rank(ctx.shape("orig_input"), 4))


def avg_pool_grad(ctx):
    """AvgPoolGrad: the shape orig_input_shape holds, of rank 4."""
    return shape_out(with_rank(shape_from_tensor(ctx, "orig_input_shape"), 4))


def pool3d(ctx):
    """MaxPool3D, AvgPool3D (Pool3DShape): each spatial dimension windowed, of a 5-D input."""
    x = with_rank(ctx.shape("input"), 5)
    strides, ksize = list(ctx.attr("strides")), list(ctx.attr("ksize"))
    if len(strides) != 5:
        raise ShapeError(f"Pool3D ops require the stride attribute to contain 5 values, but got: {len(strides)}")
    if len(ksize) != 5:
        raise ShapeError(f"Pool3D ops require the ksize attribute to contain 5 values, but got: {len(ksize)}")
    nc = ctx.attr("data_format", "NDHWC") == "NCDHW"
    order = (0, 2, 3, 4, 1) if nc else (0, 1, 2, 3, 4)
    dims = [x[i] for i in order]
    padding = ctx.attr("padding")
    out = [windowed_output_size(dims[i], ksize[order[i]], 1, strides[order[i]], padding) for i in range(1, 4)]
    return shape_out([dims[0], dims[4]] + out if nc else [dims[0]] + out + [dims[4]])


def max_pool3d_grad(ctx):
    """MaxPool3DGrad: orig_input's shape, of rank 5."""
    return shape_out(with_rank(ctx.shape("orig_input"), 5))


def avg_pool3d_grad(ctx):
    """AvgPool3DGrad: the shape orig_input_shape holds, of rank 5."""
    return shape_out(with_rank(shape_from_tensor(ctx, "orig_input_shape"), 5))


def conv3d(ctx):
    """Conv3D (Conv3DShape): [batch, planes, rows, cols, filter's out depth] (NDHWC) or NCDHW."""
    x = with_rank(ctx.shape("input"), 5)
    w = with_rank(ctx.shape("filter"), 5)
    strides = list(ctx.attr("strides"))
    if len(strides) != 5:
        raise ShapeError(f"Conv3D requires the stride attribute to contain 5 values, but got: {len(strides)}")
    dilations = list(ctx.attr("dilations", [1, 1, 1, 1, 1]))
    if len(dilations) != 5:
        raise ShapeError(f"Conv3D requires the dilation attribute to contain 5 values, but got: {len(dilations)}")
    nc = ctx.attr("data_format", "NDHWC") == "NCDHW"
    order = (0, 2, 3, 4, 1) if nc else (0, 1, 2, 3, 4)
    dims = [x[i] for i in order]
    s = [strides[i] for i in order]
    d = [dilations[i] for i in order]
    depth, filter_depth, out_depth = dims[4], w[3], w[4]
    if depth is not None and filter_depth is not None:
        if filter_depth == 0:
            raise ShapeError("Depth of filter must not be 0")
        if depth % filter_depth:
            raise ShapeError(f"Depth of input ({depth}) is not a multiple of input depth of filter ({filter_depth})")
        groups = depth // filter_depth
        if groups != 1 and out_depth is not None and out_depth % groups:
            raise ShapeError(f"Depth of output ({out_depth}) is not a multiple of the number of groups ({groups})")
    padding = ctx.attr("padding")
    out = [windowed_output_size(dims[i + 1], w[i], d[i + 1], s[i + 1], padding) for i in range(3)]
    return shape_out([dims[0], out_depth] + out if nc else [dims[0]] + out + [out_depth])


def conv3d_backprop_input(ctx):
    """Conv3DBackpropInputV2: the shape input_sizes holds, of rank 5."""
    return shape_out(with_rank(shape_from_tensor(ctx, "input_sizes"), 5))


def conv3d_backprop_filter(ctx):
    """Conv3DBackpropFilterV2: the shape filter_sizes holds, of rank 5."""
    return shape_out(with_rank(shape_from_tensor(ctx, "filter_sizes"), 5))


class _PaddingByName:
    """A shape context whose "padding" attribute, stored by a NumPy op as its index among the
    op's allowed values (a node's attributes hold no strings), reads as the name."""

    def __init__(self, ctx, allowed):
        self._ctx, self._allowed = ctx, allowed

    def attr(self, name, default=None):
        value = self._ctx.attr(name, default)
        return self._allowed[value] if name == "padding" and isinstance(value, int) else value

    def __getattr__(self, name):
        return getattr(self._ctx, name)


def max_pool_with_argmax(ctx):
    """MaxPoolWithArgmax: MaxPool's shape for the output and the argmax (NHWC)."""
    out = _pool(_PaddingByName(ctx, ("SAME", "VALID")), "MaxPoolWithArgmax", "input")
    return [out, out]


def max_pool_grad_with_argmax(ctx):
    """MaxPoolGradWithArgmax: the 4-D input's shape."""
    return shape_out(with_rank(ctx.shape("input"), 4))


def dilation2d(ctx):
    """Dilation2D: [batch, rows, cols, depth] windows of (k - 1) * rate + 1 of a [k, k, depth] filter."""
    ctx = _PaddingByName(ctx, ("SAME", "VALID"))
    x = with_rank(ctx.shape("input"), 4)
    f = with_rank(ctx.shape("filter"), 3)
    x = [None] * 4 if x is None else x
    f = [None] * 3 if f is None else f
    depth = merge_dim(x[3], f[2])
    strides, rates, padding = list(ctx.attr("strides")), list(ctx.attr("rates")), ctx.attr("padding")
    if None in (x[1], x[2], f[0], f[1]):  # TensorFlow then knows neither spatial dimension
        return shape_out([x[0], None, None, depth])
    dims = []
    for i, k in ((1, f[0]), (2, f[1])):
        window = None if k is None else (k - 1) * rates[i] + 1
        dims.append(None if x[i] is None or window is None else
                    windowed_output_size(x[i], window, 1, strides[i], padding))
    return shape_out([x[0]] + dims + [depth])


def dilation2d_backprop_input(ctx):
    """Dilation2DBackpropInput: the input's shape."""
    return shape_out(ctx.shape("input"))


def dilation2d_backprop_filter(ctx):
    """Dilation2DBackpropFilter: the filter's shape."""
    return shape_out(ctx.shape("filter"))
