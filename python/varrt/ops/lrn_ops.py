"""Local response normalization: LRN and its gradient LRNGrad (tf.nn.local_response_normalization,
tf.nn.lrn), over the last dimension of a 4-D input:
    sqr_sum[..., d] = sum(input[..., d - r : d + r + 1] ** 2)
    output = input / (bias + alpha * sqr_sum) ** beta
computed in float32 for half and bfloat16 (the kernel's accumulation type), with the kernel's
special powers (beta 1: a reciprocal, beta 0.5: a reciprocal square root)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, operand, run

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _window_sums(values, radius):
    """For each depth d, the sum of values[..., d - radius : d + radius + 1] (clipped)."""
    depth = values.shape[-1]
    padded = np.concatenate([np.zeros(values.shape[:-1] + (1,), values.dtype), np.cumsum(values, axis=-1)], axis=-1)
    hi = np.minimum(np.arange(depth) + radius + 1, depth)
    lo = np.maximum(np.arange(depth) - radius, 0)
    return padded[..., hi] - padded[..., lo]


def _norm(x, radius, bias, alpha):
    return bias + alpha * _window_sums(x * x, radius)


def _power(norm, beta):
    if beta == 1:
        return 1 / norm
    if beta == 0.5:
        return 1 / np.sqrt(norm)
    return np.exp(np.log(norm) * -beta)


def _check(op, depth_radius, name, end):
    if depth_radius < 0 or depth_radius > np.iinfo(np.int32).max:
        raise kernel_error(op, f"depth_radius = {depth_radius} larger than int max", name, end=end)


@op_def_lib.implements("LRN")
def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None) -> Tensor:  # noqa: A002
    """Each value divided by (bias + alpha * the sum of squares of its 2r + 1 depth neighbours) ** beta."""
    a, dtype = operand(input)
    end = ""  # TensorFlow's LRN errors name no node
    check_dtype("LRN", dtype, name, end)
    radius, bias, alpha, beta = int(depth_radius), float(bias), float(alpha), float(beta)

    def kernel(x):
        if x.ndim != 4:
            raise kernel_error("LRN", "in must be 4-dimensional", name, end=end)
        _check("LRN", radius, name, end)
        f = x.astype(np.float32)
        return (f * _power(_norm(f, radius, np.float32(bias), np.float32(alpha)), np.float32(beta))).astype(x.dtype)
    return run("LRN", kernel, (a,), dtype, attrs={"depth_radius": radius, "bias": bias, "alpha": alpha, "beta": beta})


@op_def_lib.implements("LRNGrad")
def lrn_grad(input_grads, input_image, output_image, depth_radius=5, bias=1, alpha=1, beta=0.5,
             name=None) -> Tensor:
    """The gradient of LRN: g * N^-beta - 2 alpha beta x * (window sum of g * out / N)."""
    (g, x, y), dtype = matching("LRNGrad", (input_grads, input_image, output_image), name)
    end = ""
    check_dtype("LRNGrad", dtype, name, end)
    radius, bias, alpha, beta = int(depth_radius), float(bias), float(alpha), float(beta)

    def kernel(grads, image, out):
        if not (grads.ndim == image.ndim == out.ndim == 4):
            raise kernel_error("LRNGrad", "inputs must be 4-dimensional", name, end=end)
        if not (grads.shape == image.shape == out.shape):
            raise kernel_error("LRNGrad", "input_grads, input_image, and out_image should have the same shape",
                               name, end=end)
        g32, x32, y32 = (t.astype(np.float32) for t in (grads, image, out))
        norm = _norm(x32, radius, np.float32(bias), np.float32(alpha))
        result = g32 * norm ** np.float32(-beta) - np.float32(2 * alpha * beta) * x32 * _window_sums(
            g32 * y32 / norm, radius)
        return result.astype(grads.dtype)
    return run("LRNGrad", kernel, (g, x, y), dtype,
               attrs={"depth_radius": radius, "bias": bias, "alpha": alpha, "beta": beta})
