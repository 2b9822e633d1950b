"""The ImageProjectiveTransformV3 op (Keras's `affine_transform` on TensorFlow, behind
RandomRotation, RandomZoom and RandomTranslation) on a NumPy kernel ported from TensorFlow's
ProjectiveGenerator (core/kernels/image/image_ops.h): each output pixel's source point by the
image's 8 transform parameters in float32, mapped into the image by the fill mode as scipy's
ndimage does (reflect, wrap, constant, nearest), then read by nearest or bilinear interpolation,
points outside the image reading `fill_value`. Vectorized over all output pixels; every step
keeps the kernel's float32 and integer conversions."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import sys

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, quiet, run, suffix

_F32 = np.float32
_INTERPOLATIONS = ("NEAREST", "BILINEAR")
_FILL_MODES = ("REFLECT", "WRAP", "CONSTANT", "NEAREST")


def _trunc(a):
    """C++'s static_cast<int64> of a float: towards zero."""
    return np.trunc(a).astype(np.int64)


def _reflect(c, n):
    """MapCoordinate<FILL_REFLECT>: [abcd] read as [dcba|abcd|dcba]."""
    if n <= 1:
        return np.where((c < 0) | (c > n - 1), _F32(0), c).astype(_F32)
    sz2 = 2 * n
    low = c < 0
    lo = np.where(c < sz2, (sz2 * _trunc(-c / _F32(sz2))).astype(_F32) + c, c).astype(_F32)
    lo = np.where(lo < -n, lo + _F32(sz2), -lo - _F32(1)).astype(_F32)
    high = c > n - 1
    hi = (c - (sz2 * _trunc(c / _F32(sz2))).astype(_F32)).astype(_F32)
    hi = np.where(hi >= n, _F32(sz2) - hi - _F32(1), hi).astype(_F32)
    out = np.where(low, lo, np.where(high, hi, c))
    return np.clip(out, _F32(0), _F32(n - 1)).astype(_F32)


def _wrap(c, n):
    """MapCoordinate<FILL_WRAP>: [abcd] read as [abcd|abcd|abcd]."""
    if n <= 1:
        return np.where((c < 0) | (c > n - 1), _F32(0), c).astype(_F32)
    sz = n - 1
    lo = (c + (n * (_trunc(-c / _F32(sz)) + 1)).astype(_F32)).astype(_F32)
    hi = (c - (n * _trunc(c / _F32(sz))).astype(_F32)).astype(_F32)
    out = np.where(c < 0, lo, np.where(c > n - 1, hi, c))
    return np.clip(out, _F32(0), _F32(n - 1)).astype(_F32)


def _map(mode, c, n):
    if mode == "REFLECT":
        return _reflect(c, n)
    if mode == "WRAP":
        return _wrap(c, n)
    if mode == "NEAREST":
        return np.clip(c, _F32(0), _F32(n - 1)).astype(_F32)
    return c  # CONSTANT


def _transform(images, transforms, out_height, out_width, fill_value, interpolation, fill_mode):
    batch, height, width, channels = images.shape
    ys, xs = np.meshgrid(np.arange(out_height, dtype=_F32), np.arange(out_width, dtype=_F32), indexing="ij")
    t = transforms.astype(_F32)
    t = np.broadcast_to(t, (batch, 8)) if t.shape[0] == 1 else t
    t = t[:, :, None, None]
    with quiet(all="ignore"):
        projection = (t[:, 6] * xs + t[:, 7] * ys) + _F32(1)
        input_x = ((t[:, 0] * xs + t[:, 1] * ys) + t[:, 2]) / projection
        input_y = ((t[:, 3] * xs + t[:, 4] * ys) + t[:, 5]) / projection
    x = _map(fill_mode, input_x.astype(_F32), width)
    y = _map(fill_mode, input_y.astype(_F32), height)
    # TensorFlow 2.21's generator has no bounds check of its own: a point off the image (only
    # the constant mode leaves any) reads the fill value where its pixels are off the image.
    outside = projection == 0
    fill = images.dtype.type(fill_value) if images.dtype.kind == "f" else _cast_fill(fill_value, images.dtype)
    b = np.arange(batch)[:, None, None]
    flat = images.reshape(batch, height * width, channels)

    def read(yi, xi):
        """read_with_fill_value: the pixel, or the fill value off the image."""
        inside = (yi >= 0) & (yi < height) & (xi >= 0) & (xi < width) & ~outside
        index = np.where(inside, np.clip(yi, 0, height - 1) * width + np.clip(xi, 0, width - 1), 0)
        values = flat[np.broadcast_to(b, index.shape), index]
        return np.where(inside[..., None], values, fill)

    if interpolation == "NEAREST":
        out = read(_index(_round(y)), _index(_round(x)))
    else:
        y_floor, x_floor = np.floor(y), np.floor(x)
        y_ceil, x_ceil = y_floor + _F32(1), x_floor + _F32(1)
        yf, yc, xf, xc = _index(y_floor), _index(y_ceil), _index(x_floor), _index(x_ceil)
        wx0, wx1 = (x_ceil - x)[..., None], (x - x_floor)[..., None]
        wy0, wy1 = (y_ceil - y)[..., None], (y - y_floor)[..., None]
        with quiet(all="ignore"):
            top = wx0 * read(yf, xf).astype(_F32) + wx1 * read(yf, xc).astype(_F32)
            bottom = wx0 * read(yc, xf).astype(_F32) + wx1 * read(yc, xc).astype(_F32)
            out = (wy0 * top + wy1 * bottom).astype(_F32)
        out = out.astype(images.dtype) if images.dtype.kind == "f" else _to_integer(out, images.dtype)
    return np.where(outside[..., None], fill, out).astype(images.dtype)


def _round(a):
    """std::round: halves away from zero, exactly."""
    whole = np.trunc(a)
    return np.where(np.abs(a - whole) >= _F32(0.5), whole + np.sign(a), whole).astype(_F32)


def _index(a):
    """DenseIndex(a) of a float coordinate; infinite, NaN or huge ones (off any image) as -1."""
    finite = np.isfinite(a) & (np.abs(a) < _F32(2 ** 40))
    return np.where(finite, np.trunc(np.where(finite, a, 0)), -1).astype(np.int64)


def _cast_fill(value, dtype):
    """T(fill_value) of an integer T: C++'s float-to-integer conversion (towards zero)."""
    return _to_integer(np.asarray(value, _F32), dtype)


def _to_integer(a, dtype):
    with quiet(all="ignore"):
        return np.trunc(a).astype(dtype)


@op_def_lib.implements("ImageProjectiveTransformV3")
def image_projective_transform_v3(images, transforms, output_shape, fill_value, interpolation,
                                  fill_mode="CONSTANT", name=None) -> Tensor:
    """The ImageProjectiveTransformV3 op: [batch, height, width, channels] images, each output
    pixel (x, y) read at ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1,
    for each image's transform [a0, a1, a2, b0, b1, b2, c0, c1] (or one for all)."""
    op = "ImageProjectiveTransformV3"
    a, dtype = operand(images)
    end = suffix(name, images, transforms, output_shape, fill_value)
    check_dtype(op, dtype, name, end, attr="dtype")
    t, _ = operand(transforms, dtypes.float32)
    s, _ = operand(output_shape, dtypes.int32)
    f, _ = operand(fill_value, dtypes.float32)
    interpolation = interpolation.decode() if isinstance(interpolation, bytes) else str(interpolation)
    fill_mode = fill_mode.decode() if isinstance(fill_mode, bytes) else str(fill_mode)
    # TensorFlow's kernel only logs an unknown interpolation or mode (and then reads nothing: its
    # generator's "unreachable" branch gives the fill value, an unknown mode leaves the output
    # unwritten); varrt logs the same line and gives the fill value everywhere for either.
    if interpolation not in _INTERPOLATIONS:
        print(f"Invalid interpolation {interpolation}. Supported types: NEAREST, BILINEAR", file=sys.stderr)
    if fill_mode not in _FILL_MODES:
        print(f"Invalid mode {fill_mode}. Supported types: REFLECT, WRAP, CONSTANT, NEAREST", file=sys.stderr)

    def kernel(x, transforms, size, fill):
        if x.ndim != 4:
            raise kernel_error(op, "Input images must have rank 4", name, end=end)
        if not (transforms.ndim == 2 and transforms.shape[0] in (x.shape[0], 1) and transforms.shape[1] == 8):
            raise kernel_error(op, "Input transform should be num_images x 8 or 1 x 8", name, end=end)
        size = np.asarray(size)
        if size.ndim != 1 or size.shape[0] != 2:
            raise kernel_error(op, "output shape must be 1-dimensional", name, end=end)
        height, width = int(size[0]), int(size[1])
        if height <= 0 or width <= 0:
            raise kernel_error(op, "output dimensions must be positive", name, end=end)
        if x.size == 0:
            return np.zeros((x.shape[0], height, width, x.shape[3]), x.dtype)
        if interpolation not in _INTERPOLATIONS or fill_mode not in _FILL_MODES:
            fill = x.dtype.type(fill) if x.dtype.kind == "f" else _cast_fill(fill, x.dtype)
            return np.full((x.shape[0], height, width, x.shape[3]), fill, x.dtype)
        return _transform(x, transforms, height, width, float(fill), interpolation, fill_mode)
    # The string attributes stay out of `attrs` (a core op's attributes hold no strings, and
    # TensorFlow's record lists no allowed values to index); no gradient or graph reads them.
    return run(op, kernel, (a, t, s, f), dtype, name=name)
