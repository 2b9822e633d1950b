"""3-D pooling under TensorFlow's names: MaxPool3D, AvgPool3D and their gradients MaxPool3DGrad
and AvgPool3DGrad, on NumPy kernels that compute as TensorFlow's CPU kernels do (the maximum or
the mean over each window's elements inside the input; MaxPool3DGrad sends each output's gradient
to every element equal to its window's maximum, ties included, as TensorFlow's does), and
tf.nn.max_pool3d and avg_pool3d. TensorFlow's CPU build has these kernels for float32 and
bfloat16 only (oneDNN's: NDHWC and NCDHW).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.base import errors
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.conv_ops import _check_string, _get_sequence, _ints, _node_name
from varrt.ops.op_util import check_dtype, kernel_error, matching, operand, run, suffix

_CHANNELS_LAST = (0, 2, 3, 4, 1)
_CHANNELS_FIRST = (0, 4, 1, 2, 3)


def _geometry(op, shape, ksize, strides, padding, channels_first, name, end):
    """(window, stride, padding before, output size) per spatial dimension of an NDHWC shape,
    after the kernel's checks; ksize and strides in the op's layout."""
    order = (0, 2, 3, 4, 1) if channels_first else (0, 1, 2, 3, 4)
    k = [ksize[i] for i in order]
    s = [strides[i] for i in order]
    if k[0] != 1 or s[0] != 1:
        raise kernel_error(op, "Pooling is not yet supported on the batch dimension.", name, end=end,
                           cls=errors.UnimplementedError)
    if k[4] != 1 or s[4] != 1:
        raise kernel_error(op, "Pooling is not yet supported on the depth dimension.", name, end=end,
                           cls=errors.UnimplementedError)
    dims = []
    for i in range(1, 4):
        size, window, stride = shape[i], k[i], s[i]
        if padding == "SAME":
            out = (size + stride - 1) // stride
            before = max(0, (out - 1) * stride + window - size) // 2
        else:
            out = (size - window + stride) // stride
            before = 0
        if out < 0:
            raise kernel_error(op, f"Computed output size would be negative: {out} [input_size: {size}, "
                                   f"effective_filter_size: {window}, stride: {stride}]", name, end=end)
        dims.append((window, stride, before, out))
    return dims


def _windows(dims, shape):
    """Every output position's window inside the input (three slices of an NDHWC `shape`'s spatial
    dimensions) and its output index."""
    for od in range(dims[0][3]):
        for oh in range(dims[1][3]):
            for ow in range(dims[2][3]):
                cut = []
                for (window, stride, before, _), o, n in zip(dims, (od, oh, ow), shape[1:4]):
                    start = o * stride - before
                    cut.append(slice(max(start, 0), min(start + window, n)))
                yield tuple(cut), (od, oh, ow)


def _pool_op(op, x, ksize, strides, padding, data_format, name, reduce):
    a, dtype = operand(x)
    end = suffix(name, x)
    check_dtype(op, dtype, name, end)
    ksize, strides = _ints(op, "ksize", ksize), _ints(op, "strides", strides)
    padding = _check_string(op, "padding", padding, name, end)
    data_format = _check_string(op, "data_format", data_format, name, end)
    channels_first = data_format == "NCDHW"

    def kernel(x):
        if x.ndim != 5:
            raise kernel_error(op, "tensor_in must be 5-dimensional", name, end=end)
        v = np.transpose(x, _CHANNELS_LAST) if channels_first else x
        dims = _geometry(op, v.shape, ksize, strides, padding, channels_first, name, end)
        out = np.zeros((v.shape[0],) + tuple(d[3] for d in dims) + (v.shape[4],), np.float32)
        wide = v.astype(np.float32)
        for cut, (od, oh, ow) in _windows(dims, v.shape):
            block = wide[(slice(None),) + cut]
            out[:, od, oh, ow, :] = reduce(block)
        out = out.astype(v.dtype)
        return np.ascontiguousarray(np.transpose(out, _CHANNELS_FIRST)) if channels_first else out
    attrs = {"ksize": tuple(ksize), "strides": tuple(strides), "padding": ("SAME", "VALID").index(padding),
             "data_format": ("NDHWC", "NCDHW").index(data_format)}
    return run(op, kernel, (a,), dtype, attrs=attrs, name=name)


@op_def_lib.implements("MaxPool3D")
def max_pool3d_op(input, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:  # noqa: A002
    """The MaxPool3D op: the maximum over each window's elements inside the input."""
    return _pool_op("MaxPool3D", input, ksize, strides, padding, data_format, name,
                    lambda block: block.max(axis=(1, 2, 3)))


@op_def_lib.implements("AvgPool3D")
def avg_pool3d_op(input, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:  # noqa: A002
    """The AvgPool3D op: the mean over each window's elements inside the input."""
    return _pool_op("AvgPool3D", input, ksize, strides, padding, data_format, name,
                    lambda block: block.sum(axis=(1, 2, 3)) / np.float32(block.shape[1] * block.shape[2] *
                                                                         block.shape[3]))


@op_def_lib.implements("MaxPool3DGrad")
def max_pool3d_grad(orig_input, orig_output, grad, ksize, strides, padding, data_format="NDHWC",
                    name=None) -> Tensor:
    """MaxPool3D's gradient: each output's gradient added to every element of its window equal to
    the window's maximum."""
    op = "MaxPool3DGrad"
    (x, y), _ = matching(op, (orig_input, orig_output), name)
    g, dtype = operand(grad)
    end = suffix(name, orig_input, orig_output, grad)
    check_dtype(op, dtype, name, end)
    ksize, strides = _ints(op, "ksize", ksize), _ints(op, "strides", strides)
    padding = _check_string(op, "padding", padding, name, end)
    data_format = _check_string(op, "data_format", data_format, name, end)
    channels_first = data_format == "NCDHW"

    def kernel(x, y, g):
        if channels_first:
            x, y, g = (np.transpose(t, _CHANNELS_LAST) for t in (x, y, g))
        dims = _geometry(op, x.shape, ksize, strides, padding, channels_first, name, end)
        out = np.zeros(x.shape, np.float32)
        xs, ys, gs = x.astype(np.float32), y.astype(np.float32), g.astype(np.float32)
        for cut, (od, oh, ow) in _windows(dims, x.shape):
            where = (slice(None),) + cut
            mask = xs[where] == ys[:, od, oh, ow, None, None, None, :]
            out[where] += mask * gs[:, od, oh, ow, None, None, None, :]
        out = out.astype(dtype.as_numpy_dtype)
        return np.ascontiguousarray(np.transpose(out, _CHANNELS_FIRST)) if channels_first else out
    attrs = {"ksize": tuple(ksize), "strides": tuple(strides), "padding": ("SAME", "VALID").index(padding),
             "data_format": ("NDHWC", "NCDHW").index(data_format)}
    return run(op, kernel, (x, y, g), dtype, attrs=attrs, name=name)


@op_def_lib.implements("AvgPool3DGrad")
def avg_pool3d_grad(orig_input_shape, grad, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:
    """AvgPool3D's gradient: each output's gradient shared evenly over its window's elements."""
    op = "AvgPool3DGrad"
    sizes, _ = operand(orig_input_shape, dtypes.int32)
    g, dtype = operand(grad)
    end = suffix(name, grad)
    check_dtype(op, dtype, name, end)
    ksize, strides = _ints(op, "ksize", ksize), _ints(op, "strides", strides)
    padding = _check_string(op, "padding", padding, name, end)
    data_format = _check_string(op, "data_format", data_format, name, end)
    channels_first = data_format == "NCDHW"

    def kernel(sizes, g):
        shape = [int(v) for v in np.asarray(sizes).reshape(-1)]
        if channels_first:
            g = np.transpose(g, _CHANNELS_LAST)
            shape = [shape[i] for i in _CHANNELS_LAST]
        dims = _geometry(op, shape, ksize, strides, padding, channels_first, name, end)
        out = np.zeros(shape, np.float32)
        gs = g.astype(np.float32)
        for cut, (od, oh, ow) in _windows(dims, shape):
            where = cut
            count = np.float32((where[0].stop - where[0].start) * (where[1].stop - where[1].start) *
                               (where[2].stop - where[2].start))
            out[(slice(None),) + where] += (gs[:, od, oh, ow, :] / count)[:, None, None, None, :]
        out = out.astype(dtype.as_numpy_dtype)
        return np.ascontiguousarray(np.transpose(out, _CHANNELS_FIRST)) if channels_first else out
    attrs = {"ksize": tuple(ksize), "strides": tuple(strides), "padding": ("SAME", "VALID").index(padding),
             "data_format": ("NDHWC", "NCDHW").index(data_format)}
    return run(op, kernel, (sizes, g), dtype, attrs=attrs, name=name)


# --- tf.nn's functions (nn_ops.py) ----------------------------------------------------------

def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:  # noqa: A002
    """tf.nn.max_pool3d: the maximum over 3-D windows of a 5-D input (MaxPool3D)."""
    channel_index = 1 if data_format.startswith("NC") else 4
    ksize = _get_sequence(ksize, 3, channel_index, "ksize")
    strides = _get_sequence(strides, 3, channel_index, "strides")
    return max_pool3d_op(input, ksize, strides, padding, data_format, _node_name(name, "MaxPool3D"))


def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:  # noqa: A002
    """tf.nn.avg_pool3d: the mean over 3-D windows of a 5-D input (AvgPool3D)."""
    channel_index = 1 if data_format.startswith("NC") else 4
    ksize = _get_sequence(ksize, 3, channel_index, "ksize")
    strides = _get_sequence(strides, 3, channel_index, "strides")
    return avg_pool3d_op(input, ksize, strides, padding, data_format, _node_name(name, "AvgPool3D"))
