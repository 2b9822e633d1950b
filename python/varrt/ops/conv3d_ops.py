"""3-D convolutions under TensorFlow's names: Conv3D, Conv3DBackpropInputV2 and
Conv3DBackpropFilterV2 on NumPy kernels (one matrix product per filter tap over the padded input's
strided view), tf.nn.conv3d and tf.compat.v1.nn.conv3d. Each dtype follows TensorFlow's CPU kernel
for it: float32 and bfloat16 oneDNN's (NCDHW and dilations taken), float64 and half Eigen's (NDHWC
only, dilation rates of 1); half and bfloat16 are computed in float32 and rounded once.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.conv_ops import _check_string, _get_sequence, _ints, _lookup, _node_name
from varrt.ops.op_util import check_dtype, kernel_error, matching, operand, run, shape_text, suffix

_CHANNELS_LAST = (0, 2, 3, 4, 1)
_CHANNELS_FIRST = (0, 4, 1, 2, 3)
_ONEDNN = (dtypes.float32, dtypes.bfloat16)


class _Conv3D:
    """One call's attributes and TensorFlow's checks of them, for the three ops."""

    def __init__(self, op, dtype, strides, padding, data_format, dilations, name, end):
        self.op, self.dtype, self.name, self.end = op, dtype, name, end
        self.strides, self.dilations = _ints(op, "strides", strides), _ints(op, "dilations", dilations)
        self.padding = _check_string(op, "padding", padding, name, end)
        self.data_format = _check_string(op, "data_format", data_format, name, end)
        self.channels_first = self.data_format == "NCDHW"
        self.onednn = dtype in _ONEDNN
        self.node = {"Conv3D": "__MklNativeConv3D", "Conv3DBackpropInputV2": "__MklNativeConv3DBackpropInputV2",
                     "Conv3DBackpropFilterV2": "__MklNativeConv3DBackpropFilterV2"}[op] if self.onednn else None

    def fail(self, message):
        return kernel_error(self.op, message, self.name, node=self.node, end=self.end)

    def order(self, v):
        return [v[i] for i in _CHANNELS_LAST] if self.channels_first else list(v)

    def geometry(self, x_shape, w_shape):
        """Per spatial dimension (window, stride, dilation, padding before, output) of an NDHWC input."""
        if not self.onednn:
            if self.channels_first:
                raise self.fail("CPU implementation of Conv3D currently only supports the NHWC tensor format.")
            if any(d != 1 for d in self.dilations):
                raise self.fail("CPU implementation of Conv3D currently only supports dilated rates of 1.")
        if len(x_shape) != 5:
            raise self.fail(f"input must be 5-dimensional{shape_text(x_shape)}")
        if len(w_shape) != 5:
            raise self.fail(f"filter must be 5-dimensional{shape_text(w_shape)}")
        if x_shape[4] != w_shape[3]:
            text = ("input and filter must have the same depth: " if self.onednn
                    else "Input depth must be evenly divisible by filter depth: ")
            raise self.fail(f"{text}{x_shape[4]} vs {w_shape[3]}")
        strides, dilations = self.order(self.strides), self.order(self.dilations)
        dims = []
        for i in range(3):
            size, window, stride, dilation = x_shape[i + 1], w_shape[i], strides[i + 1], dilations[i + 1]
            effective = (window - 1) * dilation + 1
            if self.padding == "SAME":
                out = (size + stride - 1) // stride
                before = max(0, (out - 1) * stride + effective - size) // 2
            else:
                out = (size - effective + stride) // stride
                before = 0
            if out < 0:
                raise self.fail(f"Computed output size would be negative: {out} [input_size: {size}, "
                                f"effective_filter_size: {effective}, stride: {stride}]")
            dims.append((window, stride, dilation, before, out))
        return dims

    def attrs(self):
        return {"strides": tuple(self.strides), "dilations": tuple(self.dilations),
                "padding": ("SAME", "VALID").index(self.padding),
                "data_format": ("NDHWC", "NCDHW").index(self.data_format)}


def _padded_shape(x_shape, dims):
    return [x_shape[0]] + [max(x_shape[i + 1], (d[4] - 1) * d[1] + (d[0] - 1) * d[2] + 1 - d[3]) + d[3]
                           for i, d in enumerate(dims)] + [x_shape[4]]


def _taps(dims):
    """Every filter tap and the strided slices of the padded input its products read."""
    for a in range(dims[0][0]):
        for b in range(dims[1][0]):
            for c in range(dims[2][0]):
                cut = tuple(slice(t * d[2], t * d[2] + (d[4] - 1) * d[1] + 1, d[1]) for t, d in zip((a, b, c), dims))
                yield (a, b, c), (slice(None),) + cut


def _compute_dtype(dtype):
    return np.float64 if dtype is dtypes.float64 else np.float32


@op_def_lib.implements("Conv3D")
def conv3d_op(input, filter, strides, padding, data_format="NDHWC", dilations=(1, 1, 1, 1, 1),  # noqa: A002
              name=None) -> Tensor:
    """The Conv3D op: an NDHWC (or NCDHW) input convolved with a [planes, rows, cols, in, out] filter."""
    op = "Conv3D"
    (x, w), dtype = matching(op, (input, filter), name)
    end = suffix(name, input, filter)
    check_dtype(op, dtype, name, end)
    c = _Conv3D(op, dtype, strides, padding, data_format, dilations, name, end)

    def kernel(x, w):
        ct = _compute_dtype(dtype)
        v = np.transpose(x, _CHANNELS_LAST) if c.channels_first and x.ndim == 5 else x
        dims = c.geometry(v.shape, w.shape)
        padded = np.zeros(_padded_shape(v.shape, dims), ct)
        padded[(slice(None),) + tuple(slice(d[3], d[3] + n) for d, n in zip(dims, v.shape[1:4]))] = v
        out = np.zeros((v.shape[0],) + tuple(d[4] for d in dims) + (w.shape[4],), ct)
        wc = w.astype(ct)
        for tap, cut in _taps(dims):
            out += np.tensordot(padded[cut], wc[tap], axes=([4], [0]))
        out = out.astype(dtype.as_numpy_dtype)
        return np.ascontiguousarray(np.transpose(out, _CHANNELS_FIRST)) if c.channels_first else out
    return run(op, kernel, (x, w), dtype, attrs=c.attrs(), name=name)


@op_def_lib.implements("Conv3DBackpropInputV2")
def conv3d_backprop_input_v2(input_sizes, filter, out_backprop, strides, padding, data_format="NDHWC",  # noqa: A002
                             dilations=(1, 1, 1, 1, 1), name=None) -> Tensor:
    """Conv3D's gradient with respect to its input (of shape `input_sizes`)."""
    op = "Conv3DBackpropInputV2"
    sizes, _ = operand(input_sizes, dtypes.int32)
    (w, dy), dtype = matching(op, (filter, out_backprop), name, first_index=1)
    end = suffix(name, input_sizes, filter, out_backprop)
    check_dtype(op, dtype, name, end)
    c = _Conv3D(op, dtype, strides, padding, data_format, dilations, name, end)

    def kernel(sizes, w, dy):
        ct = _compute_dtype(dtype)
        shape = [int(v) for v in np.asarray(sizes).reshape(-1)]
        if c.channels_first:
            shape = [shape[i] for i in _CHANNELS_LAST]
            dy = np.transpose(dy, _CHANNELS_LAST)
        dims = c.geometry(shape, w.shape)
        if tuple(dy.shape) != (shape[0],) + tuple(d[4] for d in dims) + (w.shape[4],):
            raise c.fail(f"{op}: Size of out_backprop doesn't match computed: actual = {shape_text(dy.shape)}")
        padded = np.zeros(_padded_shape(shape, dims), ct)
        wc, g = w.astype(ct), dy.astype(ct)
        for tap, cut in _taps(dims):
            padded[cut] += np.tensordot(g, wc[tap], axes=([4], [1]))
        dx = padded[(slice(None),) + tuple(slice(d[3], d[3] + n) for d, n in zip(dims, shape[1:4]))]
        dx = dx.astype(dtype.as_numpy_dtype)
        return np.ascontiguousarray(np.transpose(dx, _CHANNELS_FIRST)) if c.channels_first else np.ascontiguousarray(dx)
    return run(op, kernel, (sizes, w, dy), dtype, attrs=c.attrs(), name=name)


@op_def_lib.implements("Conv3DBackpropFilterV2")
def conv3d_backprop_filter_v2(input, filter_sizes, out_backprop, strides, padding, data_format="NDHWC",  # noqa: A002
                              dilations=(1, 1, 1, 1, 1), name=None) -> Tensor:
    """Conv3D's gradient with respect to its filter (of shape `filter_sizes`)."""
    op = "Conv3DBackpropFilterV2"
    sizes, _ = operand(filter_sizes, dtypes.int32)
    (x, dy), dtype = matching(op, (input, out_backprop), name)
    end = suffix(name, input, filter_sizes, out_backprop)
    check_dtype(op, dtype, name, end)
    c = _Conv3D(op, dtype, strides, padding, data_format, dilations, name, end)

    def kernel(x, sizes, dy):
        ct = _compute_dtype(dtype)
        w_shape = [int(v) for v in np.asarray(sizes).reshape(-1)]
        if c.channels_first:
            x, dy = np.transpose(x, _CHANNELS_LAST), np.transpose(dy, _CHANNELS_LAST)
        dims = c.geometry(x.shape, w_shape)
        if tuple(dy.shape) != (x.shape[0],) + tuple(d[4] for d in dims) + (w_shape[4],):
            raise c.fail(f"{op}: Size of out_backprop doesn't match computed: actual = {shape_text(dy.shape)}")
        padded = np.zeros(_padded_shape(x.shape, dims), ct)
        padded[(slice(None),) + tuple(slice(d[3], d[3] + n) for d, n in zip(dims, x.shape[1:4]))] = x
        dw = np.zeros(w_shape, ct)
        g = dy.astype(ct)
        for tap, cut in _taps(dims):
            dw[tap] = np.tensordot(padded[cut], g, axes=([0, 1, 2, 3], [0, 1, 2, 3]))
        return dw.astype(dtype.as_numpy_dtype)
    return run(op, kernel, (x, sizes, dy), dtype, attrs=c.attrs(), name=name)


# --- tf.nn's functions (nn_ops.py) ----------------------------------------------------------

def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None, name=None) -> Tensor:  # noqa: A002
    """tf.nn.conv3d: an NDHWC input ([batch, planes, rows, cols, in]) convolved with `filters`
    ([planes, rows, cols, in, out]); `strides` and `dilations` five values."""
    return conv3d_op(input, filters, strides, padding, data_format,
                     [1, 1, 1, 1, 1] if dilations is None else dilations, _node_name(name, "Conv3D"))


def conv3d_v1(input, filter=None, strides=None, padding=None, data_format="NDHWC",  # noqa: A002
              dilations=(1, 1, 1, 1, 1), name=None, filters=None) -> Tensor:
    """tf.compat.v1.nn.conv3d: conv3d with TensorFlow 1's `filter` name."""
    filter = _lookup("filters", filters, "filter", filter)  # noqa: A001
    return conv3d_op(input, filter, strides, padding, data_format, dilations, _node_name(name, "Conv3D"))


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NDHWC",  # noqa: A002
                     dilations=None, name=None) -> Tensor:
    """tf.nn.conv3d_transpose: the gradient of conv3d with respect to its input, of `output_shape`
    (Conv3DBackpropInputV2), `strides` and `dilations` as one, three or five values."""
    data_format = "NDHWC" if data_format is None else data_format
    channel_index = 1 if data_format.startswith("NC") else 4
    strides = _get_sequence(strides, 3, channel_index, "strides")
    dilations = _get_sequence(dilations, 3, channel_index, "dilations")
    return conv3d_backprop_input_v2(output_shape, filters, input, strides, padding, data_format, dilations,
                                    _node_name(name, "conv3d_transpose"))
