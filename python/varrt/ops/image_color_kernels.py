"""The colour ops of tf.image on NumPy kernels that compute as TensorFlow's CPU kernels do
(core/kernels/image/): AdjustContrastv2 (adjust_contrast_op.cc: the per-channel mean by
halving sums, then `mean + factor * (x - mean)`), AdjustSaturation and AdjustHue (their .cc
files: a pixel at a time through HSV or hue-and-value-range in float32), RGBToHSV and HSVToRGB
(colorspace_op.h's Eigen expressions). Every step is float32 as TensorFlow's, and the few
constants C++ writes as doubles (`2.0 / 6.0` in AdjustSaturation's hue) are added in float64
and rounded once, as C++ does."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes, errors
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, quiet, run, shape_text, suffix

_F32 = np.float32


def _three_channels(op, x, scalar, what, name, end):
    """The checks AdjustHue and AdjustSaturation make: rank >= 3, a scalar `what`, 3 channels."""
    if x.ndim < 3:
        raise kernel_error(op, f"input must be at least 3-D, got shape{shape_text(x.shape)}", name, end=end)
    if np.ndim(scalar) != 0:
        raise kernel_error(op, f"{what} must be scalar: {shape_text(np.shape(scalar))}", name, end=end)
    if x.shape[-1] != 3:
        raise kernel_error(op, f"input must have 3 channels but instead has {x.shape[-1]} channels.", name, end=end)


def _pixels(x):
    """The image as float32 rows of (r, g, b)."""
    return x.astype(_F32).reshape(-1, 3)


@op_def_lib.implements("AdjustContrastv2")
def adjust_contrastv2(images, contrast_factor, name=None) -> Tensor:
    """The AdjustContrastv2 op: each channel of each image moved towards (factor < 1) or away
    from its mean over height and width."""
    op = "AdjustContrastv2"
    a, dtype = operand(images)
    end = suffix(name, images, contrast_factor)
    check_dtype(op, dtype, name, end)
    f, _ = operand(contrast_factor, dtypes.float32)

    def kernel(x, factor):
        if x.ndim < 3:
            raise kernel_error(op, f"input must be at least 3-D, got shape{shape_text(x.shape)}", name, end=end)
        if np.ndim(factor) != 0:
            raise kernel_error(op, f"contrast_factor must be scalar: {shape_text(np.shape(factor))}", name,
                               end=end)
        if x.size == 0:
            return np.zeros(x.shape, x.dtype)
        height, width, channels = x.shape[-3:]
        planes = x.astype(_F32).reshape(-1, height * width, channels)
        # ReduceMeanAcrossImage: the second half added onto the first until one row is left.
        sums, remaining, first = planes, height * width, True
        while True:
            right = remaining // 2
            left = remaining - right
            head = sums[:, :right] + sums[:, left:left + right]
            sums = np.concatenate([head, sums[:, right:left]], axis=1) if left > right else head
            remaining, first = left, False
            if remaining <= 1:
                break
        mean = sums[:, :1] * (_F32(1) / _F32(height * width))
        out = mean + _F32(factor) * (planes - mean)
        return out.reshape(x.shape).astype(x.dtype)
    return run(op, kernel, (a, f), dtype, name=name)


def _rgb_to_hsv_saturation_kernel(r, g, b):
    """AdjustSaturation's rgb_to_hsv (not RGBToHSV's: its hue offsets are doubles)."""
    v = np.maximum(r, np.maximum(g, b))
    rng = v - np.minimum(r, np.minimum(g, b))
    with quiet(all="ignore"):
        s = np.where(v > 0, rng / v, _F32(0)).astype(_F32)
        norm = _F32(1) / (_F32(6) * rng)
        h = np.where(r == v, norm * (g - b),
                     np.where(g == v, ((norm * (b - r)).astype(np.float64) + 2.0 / 6.0).astype(_F32),
                              ((norm * (r - g)).astype(np.float64) + 4.0 / 6.0).astype(_F32))).astype(_F32)
    h = np.where(rng <= 0, _F32(0), h)
    h = np.where(h < 0, h + _F32(1), h).astype(_F32)
    return h, s, v


def _hsv_to_rgb_saturation_kernel(h, s, v):
    """AdjustSaturation's hsv_to_rgb (Wikipedia's sectors)."""
    c = s * v
    m = v - c
    dh = h * _F32(6)
    category = dh.astype(np.int32)  # static_cast<int>: towards zero
    fmodu = dh.copy()
    while True:  # the kernel's loops: into (0, 2)
        low = fmodu <= 0
        if not low.any():
            break
        fmodu = np.where(low, fmodu + _F32(2), fmodu)
    while True:
        high = fmodu >= _F32(2)
        if not high.any():
            break
        fmodu = np.where(high, fmodu - _F32(2), fmodu)
    x = c * (_F32(1) - np.abs(fmodu - _F32(1)))
    zero = np.zeros_like(c)
    table = {0: (c, x, zero), 1: (x, c, zero), 2: (zero, c, x), 3: (zero, x, c), 4: (x, zero, c), 5: (c, zero, x)}
    rgb = []
    for channel in range(3):
        out = zero
        for k, values in table.items():
            out = np.where(category == k, values[channel], out)
        rgb.append((out + m).astype(_F32))
    return rgb


@op_def_lib.implements("AdjustSaturation")
def adjust_saturation_op(images, scale, name=None) -> Tensor:
    """The AdjustSaturation op: each RGB pixel's HSV saturation multiplied by `scale`, clipped to [0, 1]."""
    op = "AdjustSaturation"
    a, dtype = operand(images)
    end = suffix(name, images, scale)
    check_dtype(op, dtype, name, end)
    f, _ = operand(scale, dtypes.float32)

    def kernel(x, scale):
        _three_channels(op, x, scale, "scale", name, end)
        p = _pixels(x)
        h, s, v = _rgb_to_hsv_saturation_kernel(p[:, 0], p[:, 1], p[:, 2])
        s = np.minimum(_F32(1), np.maximum(_F32(0), s * _F32(scale)))
        r, g, b = _hsv_to_rgb_saturation_kernel(h, s, v)
        return np.stack([r, g, b], axis=-1).reshape(x.shape).astype(x.dtype)
    return run(op, kernel, (a, f), dtype, name=name)


def _rgb_to_hv_range(r, g, b):
    """AdjustHue's rgb_to_hv_range: the hue in [0, 6), the smallest and largest channel."""
    r_lt_g = r < g
    cases = [  # (condition, v_max, v_mid, v_min, category)
        (r_lt_g & (b < r), g, r, b, 1),
        (r_lt_g & ~(b < r) & (b > g), b, g, r, 3),
        (r_lt_g & ~(b < r) & ~(b > g), g, b, r, 2),
        (~r_lt_g & (b < g), r, g, b, 0),
        (~r_lt_g & ~(b < g) & (b > r), b, r, g, 4),
        (~r_lt_g & ~(b < g) & ~(b > r), r, b, g, 5),
    ]
    v_max, v_mid, v_min = np.zeros_like(r), np.zeros_like(r), np.zeros_like(r)
    category = np.zeros(r.shape, np.int32)
    for cond, hi, mid, lo, k in cases:
        v_max, v_mid, v_min = np.where(cond, hi, v_max), np.where(cond, mid, v_mid), np.where(cond, lo, v_min)
        category = np.where(cond, k, category)
    with quiet(all="ignore"):
        ratio = ((v_mid - v_min) / (v_max - v_min)).astype(_F32)
    increase = (category & 1) == 0
    h = (category.astype(_F32) + np.where(increase, ratio, _F32(1) - ratio)).astype(_F32)
    h = np.where(v_max == v_min, _F32(0), h)
    return h, v_min, v_max


def _hv_range_to_rgb(h, v_min, v_max):
    category = h.astype(np.int32)
    ratio = h - category.astype(_F32)
    ratio = np.where((category & 1) == 0, ratio, _F32(1) - ratio)
    v_mid = v_min + ratio * (v_max - v_min)
    table = {0: (v_max, v_mid, v_min), 1: (v_mid, v_max, v_min), 2: (v_min, v_max, v_mid),
             3: (v_min, v_mid, v_max), 4: (v_mid, v_min, v_max)}
    rgb = []
    for channel in range(3):
        out = (v_max, v_min, v_mid)[channel]  # case 5 and the default
        for k, values in table.items():
            out = np.where(category == k, values[channel], out)
        rgb.append(out.astype(_F32))
    return rgb


@op_def_lib.implements("AdjustHue")
def adjust_hue_op(images, delta, name=None) -> Tensor:
    """The AdjustHue op: each RGB pixel's hue rotated by `delta` (a fraction of the circle)."""
    op = "AdjustHue"
    a, dtype = operand(images)
    end = suffix(name, images, delta)
    check_dtype(op, dtype, name, end)
    d, _ = operand(delta, dtypes.float32)

    def kernel(x, delta):
        _three_channels(op, x, delta, "delta", name, end)
        p = _pixels(x)
        h, v_min, v_max = _rgb_to_hv_range(p[:, 0], p[:, 1], p[:, 2])
        h = (h + _F32(delta) * _F32(6)).astype(_F32)
        while (h < 0).any():  # the kernel's loops back into [0, 6)
            h = np.where(h < 0, h + _F32(6), h)
        while (h >= 6).any():
            h = np.where(h >= 6, h - _F32(6), h)
        r, g, b = _hv_range_to_rgb(h, v_min, v_max)
        return np.stack([r, g, b], axis=-1).reshape(x.shape).astype(x.dtype)
    return run(op, kernel, (a, d), dtype, name=name)


def _colorspace_checks(op, x, name, end):
    if x.ndim < 1:
        raise kernel_error(op, f"input must be at least 1D{shape_text(x.shape)}", name, end=end)
    if x.shape[-1] != 3:
        raise kernel_error(op, f"input must have 3 channels but input only has {x.shape[-1]} channels.", name,
                           end=end, cls=errors.FailedPreconditionError)


@op_def_lib.implements("RGBToHSV")
def rgb_to_hsv(images, name=None) -> Tensor:
    """RGB images (the last dimension) as HSV, every component in [0, 1] (tf.image.rgb_to_hsv)."""
    op = "RGBToHSV"
    a, dtype = operand(images)
    end = suffix(name, images)
    check_dtype(op, dtype, name, end)

    def kernel(x):
        _colorspace_checks(op, x, name, end)
        t = x.dtype.type
        p = x.reshape(-1, 3)
        r, g, b = p[:, 0], p[:, 1], p[:, 2]
        v = p.max(axis=1)
        rng = (v - p.min(axis=1)).astype(x.dtype)
        with quiet(all="ignore"):
            s = np.where(v > 0, rng / v, t(0)).astype(x.dtype)
            norm = ((t(1) / rng) * (t(1) / t(6))).astype(x.dtype)
            h = np.where(r == v, norm * (g - b),
                         np.where(g == v, norm * (b - r) + t(2) / t(6), norm * (r - g) + t(4) / t(6)))
        h = np.where(rng > 0, h, t(0)).astype(x.dtype)
        h = np.where(h < 0, h + t(1), h).astype(x.dtype)
        return np.stack([h, s, v], axis=-1).reshape(x.shape)
    return run(op, kernel, (a,), dtype, name=name)


@op_def_lib.implements("HSVToRGB")
def hsv_to_rgb(images, name=None) -> Tensor:
    """HSV images (the last dimension, components in [0, 1]) as RGB (tf.image.hsv_to_rgb)."""
    op = "HSVToRGB"
    a, dtype = operand(images)
    end = suffix(name, images)
    check_dtype(op, dtype, name, end)

    def kernel(x):
        _colorspace_checks(op, x, name, end)
        t = x.dtype.type
        p = x.reshape(-1, 3)
        h, s, v = p[:, 0], p[:, 1], p[:, 2]
        dh = h * t(6)
        dr = np.clip(np.abs(dh - t(3)) - t(1), t(0), t(1))
        dg = np.clip(-np.abs(dh - t(2)) + t(2), t(0), t(1))
        db = np.clip(-np.abs(dh - t(4)) + t(2), t(0), t(1))
        one_s = -s + t(1)
        out = [(one_s + s * d) * v for d in (dr, dg, db)]
        return np.stack(out, axis=-1).astype(x.dtype).reshape(x.shape)
    return run(op, kernel, (a,), dtype, name=name)

