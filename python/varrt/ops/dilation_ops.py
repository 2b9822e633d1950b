"""Morphological dilation and erosion of images: Dilation2D and its gradients (NumPy kernels,
NHWC) and tf.nn.dilation2d / erosion2d (erosion by duality: -dilation2d(-value, reversed filters),
as TensorFlow writes it). Each output is the largest input + filter over its window of
(rows - 1) * rate + 1 by (cols - 1) * rate + 1; the gradients go to the first largest (in
row-major window order), as TensorFlow's kernels send them."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import manip_ops, math_ops, op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, run

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_PADDINGS = ("SAME", "VALID")  # a node keeps the padding as its index among these


def _padding_name(padding):
    return _PADDINGS[padding] if isinstance(padding, int) else padding


def _geometry(size, window, stride, padding):
    """(output size, padding before) of one spatial dimension for an effective window."""
    if padding == "VALID":
        return (size - window + stride) // stride, 0
    out = -(-size // stride)
    return out, max((out - 1) * stride + window - size, 0) // 2


def _argmax_windows(x, f, strides, rates, padding):
    """(output, the input row and column and the filter position of each output's maximum)."""
    b, h, w, c = x.shape
    fh, fw, _ = f.shape
    oh, top = _geometry(h, (fh - 1) * rates[1] + 1, strides[1], padding)
    ow, left = _geometry(w, (fw - 1) * rates[2] + 1, strides[2], padding)
    lowest = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    out = np.full((b, oh, ow, c), lowest, dtype=np.result_type(x.dtype, np.float64) if x.dtype.kind == "f" else x.dtype)
    where = np.full((4, b, oh, ow, c), -1, np.int64)  # input row, input col, filter row, filter col
    for i in range(oh):
        for j in range(ow):
            for dy in range(fh):
                y = i * strides[1] + dy * rates[1] - top
                if not 0 <= y < h:
                    continue
                for dx in range(fw):
                    z = j * strides[2] + dx * rates[2] - left
                    if not 0 <= z < w:
                        continue
                    value = x[:, y, z, :] + f[dy, dx, :]
                    better = value > out[:, i, j, :]
                    out[:, i, j, :] = np.where(better, value, out[:, i, j, :])
                    for k, v in enumerate((y, z, dy, dx)):
                        where[k, :, i, j, :] = np.where(better, v, where[k, :, i, j, :])
    return out.astype(x.dtype), where


def _check(op, x, f, strides, rates, name):
    if x.ndim != 4:
        raise kernel_error(op, f"input must be 4-dimensional: [{','.join(map(str, x.shape))}]", name)
    if f.ndim != 3:
        raise kernel_error(op, f"filter must be 3-dimensional: [{','.join(map(str, f.shape))}]", name)
    if x.shape[3] != f.shape[2]:
        raise kernel_error(op, "input and filter must have the same depth: "
                               f"{x.shape[3]} vs {f.shape[2]}", name)


def _attrs(strides, rates, padding):
    return {"strides": tuple(int(s) for s in strides), "rates": tuple(int(r) for r in rates),
            "padding": _PADDINGS.index(_padding_name(padding))}


@op_def_lib.implements("Dilation2D")
def dilation2d_op(input, filter, strides, rates, padding, name=None) -> Tensor:  # noqa: A002
    """The grayscale dilation of a 4-D NHWC `input` by a 3-D `filter`."""
    (x, f), dtype = matching("Dilation2D", (input, filter), name)
    check_dtype("Dilation2D", dtype, name)
    pad = _padding_name(padding)

    def kernel(xa, fa):
        _check("Dilation2D", xa, fa, strides, rates, name)
        return _argmax_windows(xa, fa, strides, rates, pad)[0]
    return run("Dilation2D", kernel, (x, f), dtype, attrs=_attrs(strides, rates, padding))


@op_def_lib.implements("Dilation2DBackpropInput")
def dilation2d_backprop_input(input, filter, out_backprop, strides, rates, padding, name=None) -> Tensor:  # noqa: A002
    """Each output's gradient added at the input position of its maximum."""
    (x, f, g), dtype = matching("Dilation2DBackpropInput", (input, filter, out_backprop), name)
    pad = _padding_name(padding)

    def kernel(xa, fa, ga):
        _, where = _argmax_windows(xa, fa, strides, rates, pad)
        out = np.zeros(xa.shape, ga.dtype)
        b, oh, ow, c = ga.shape
        bi, ci = np.meshgrid(np.arange(b), np.arange(c), indexing="ij")
        for i in range(oh):
            for j in range(ow):
                ok = where[0, :, i, j, :] >= 0
                np.add.at(out, (bi[ok], where[0, :, i, j, :][ok], where[1, :, i, j, :][ok], ci[ok]), ga[:, i, j, :][ok])
        return out
    return run("Dilation2DBackpropInput", kernel, (x, f, g), dtype, attrs=_attrs(strides, rates, padding))


@op_def_lib.implements("Dilation2DBackpropFilter")
def dilation2d_backprop_filter(input, filter, out_backprop, strides, rates, padding, name=None) -> Tensor:  # noqa: A002
    """Each output's gradient added at the filter position of its maximum."""
    (x, f, g), dtype = matching("Dilation2DBackpropFilter", (input, filter, out_backprop), name)
    pad = _padding_name(padding)

    def kernel(xa, fa, ga):
        _, where = _argmax_windows(xa, fa, strides, rates, pad)
        out = np.zeros(fa.shape, ga.dtype)
        b, oh, ow, c = ga.shape
        ci = np.broadcast_to(np.arange(c), (b, c))
        for i in range(oh):
            for j in range(ow):
                ok = where[2, :, i, j, :] >= 0
                np.add.at(out, (where[2, :, i, j, :][ok], where[3, :, i, j, :][ok], ci[ok]), ga[:, i, j, :][ok])
        return out
    return run("Dilation2DBackpropFilter", kernel, (x, f, g), dtype, attrs=_attrs(strides, rates, padding))


def _nhwc(data_format):
    if data_format != "NHWC":
        raise ValueError("`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")


def dilation2d(input, filters, strides, padding, data_format, dilations, name=None) -> Tensor:  # noqa: A002
    """tf.nn.dilation2d: max over each window of input + filters (NHWC; strides and dilations of 4)."""
    _nhwc(data_format)
    return dilation2d_op(input, filters, strides, dilations, padding, name)


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None) -> Tensor:
    """tf.nn.erosion2d: min over each window of value - reversed filters, by duality with dilation."""
    _nhwc(data_format)
    return math_ops.negative(dilation2d_op(math_ops.negative(value), manip_ops.reverse(filters, [0, 1]), strides,
                                           dilations, padding))
