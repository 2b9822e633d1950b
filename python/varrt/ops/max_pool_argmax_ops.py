"""Max pooling that also returns where each maximum came from: MaxPoolWithArgmax
(tf.nn.max_pool_with_argmax) and its gradient MaxPoolGradWithArgmax, NHWC, in NumPy.

The argmax of an output is the flat index ((b * height + y) * width + x) * channels + c of the
first largest input of its window in row-major order (TensorFlow's kernel scans the inputs and
keeps a strictly larger one), without the batch term unless include_batch_in_index."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes, errors
from varrt.ops import op_def_lib
from varrt.ops.conv_ops import _get_sequence
from varrt.ops.op_util import check_dtype, kernel_error, matching, operand, run, run_outputs

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])
_PADDINGS = ("SAME", "VALID")  # the op's allowed values; a node keeps the padding as its index


def _geometry(size, window, stride, padding):
    """(output size, padding before) of one spatial dimension."""
    if padding == "VALID":
        return (size - window + stride) // stride, 0
    out = -(-size // stride)
    return out, max((out - 1) * stride + window - size, 0) // 2


def _pool(x, ksize, strides, padding, include_batch):
    b, h, w, c = x.shape
    oh, top = _geometry(h, ksize[1], strides[1], padding)
    ow, left = _geometry(w, ksize[2], strides[2], padding)
    out = np.full((b, oh, ow, c), -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min, dtype=x.dtype)
    arg = np.full((b, oh, ow, c), -1, np.int64)
    channel = np.arange(c)
    for i in range(oh):
        for j in range(ow):
            for y in range(max(i * strides[1] - top, 0), min(i * strides[1] - top + ksize[1], h)):
                for z in range(max(j * strides[2] - left, 0), min(j * strides[2] - left + ksize[2], w)):
                    value = x[:, y, z, :]
                    better = (value > out[:, i, j, :]) | (arg[:, i, j, :] < 0)
                    out[:, i, j, :] = np.where(better, value, out[:, i, j, :])
                    index = (y * w + z) * c + channel
                    full = index[None, :] + (np.arange(b)[:, None] * (h * w * c) if include_batch else 0)
                    arg[:, i, j, :] = np.where(better, full, arg[:, i, j, :])
    return out, arg


def _attrs(ksize, strides, padding, name):
    ksize, strides = [int(k) for k in ksize], [int(s) for s in strides]
    for what, v in (("ksize", ksize), ("strides", strides)):
        if len(v) != 4:
            raise kernel_error("MaxPoolWithArgmax", f"Sliding window {what} field must specify 4 dimensions", name)
    if ksize[0] != 1 or strides[0] != 1:
        raise kernel_error("MaxPoolWithArgmax", "Pooling is not yet supported on the batch dimension.", name)
    if ksize[3] != 1 or strides[3] != 1:
        raise kernel_error("MaxPoolWithArgmax", "MaxPooling supports exactly one of pooling across depth or "
                                                "pooling across width/height.", name, cls=errors.UnimplementedError)
    return ksize, strides


@op_def_lib.implements("MaxPoolWithArgmax")
def _raw_max_pool_with_argmax(input, ksize, strides, padding, Targmax=dtypes.int64,  # noqa: A002,N803
                              include_batch_in_index=False, name=None) -> MaxPoolWithArgmax:
    a, dtype = operand(input)
    check_dtype("MaxPoolWithArgmax", dtype, name, attr="T")
    index_type = dtypes.as_dtype(Targmax)
    check_dtype("MaxPoolWithArgmax", index_type, name, attr="Targmax")
    ksize, strides = _attrs(ksize, strides, padding, name)

    def kernel(x):
        if x.ndim != 4:
            raise kernel_error("MaxPoolWithArgmax", "input must be 4-dimensional", name)
        out, arg = _pool(x, ksize, strides, padding, include_batch_in_index)
        return out, _C.borrowed_tensor(np.ascontiguousarray(arg.astype(index_type.as_numpy_dtype)))
    return MaxPoolWithArgmax(*run_outputs(
        "MaxPoolWithArgmax", kernel, (a,), dtype, 2,
        attrs={"ksize": tuple(ksize), "strides": tuple(strides), "padding": _PADDINGS.index(padding),
               "include_batch_in_index": bool(include_batch_in_index), "Targmax": index_type._enum}))


def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC", output_dtype=dtypes.int64,  # noqa: A002
                         include_batch_in_index=False, name=None) -> MaxPoolWithArgmax:
    """(max pooled values, flat indices of the maxima) of a 4-D NHWC input."""
    if data_format != "NHWC":
        raise ValueError("`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    ksize = _get_sequence(ksize, 2, 3, "ksize")
    strides = _get_sequence(strides, 2, 3, "strides")
    return _raw_max_pool_with_argmax(input, ksize, strides, padding, output_dtype, include_batch_in_index, name)


@op_def_lib.implements("MaxPoolGradWithArgmax")
def max_pool_grad_with_argmax(input, grad, argmax, ksize, strides, padding, include_batch_in_index=False,  # noqa: A002
                              name=None) -> Tensor:
    """The gradient of MaxPoolWithArgmax: each output's gradient added at its argmax."""
    (x, g), dtype = matching("MaxPoolGradWithArgmax", (input, grad), name)
    am, _ = operand(argmax)

    def kernel(inp, gr, arg):
        out = np.zeros(inp.shape, gr.dtype)
        per_image = int(np.prod(inp.shape[1:]))
        flat = arg.reshape(arg.shape[0], -1).astype(np.int64)
        if not include_batch_in_index:
            flat = flat + (np.arange(arg.shape[0]) * per_image)[:, None]
        np.add.at(out.reshape(-1), flat.reshape(-1), gr.reshape(-1))
        return out
    padding_index = padding if isinstance(padding, int) else _PADDINGS.index(padding)
    return run("MaxPoolGradWithArgmax", kernel, (x, g, am), dtype,
               attrs={"ksize": tuple(int(k) for k in ksize), "strides": tuple(int(s) for s in strides),
                      "padding": padding_index, "include_batch_in_index": bool(include_batch_in_index)})
