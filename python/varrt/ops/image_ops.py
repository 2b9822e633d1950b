"""Resizing under TensorFlow's names: the ResizeBilinear and ResizeBilinearGrad ops on NumPy
kernels that compute as TensorFlow's CPU kernels do (core/kernels/image/resize_bilinear_op.cc:
each output's source position and weights in float32, the two lerps in float32), the
ResizeNearestNeighbor op (resize_nearest_neighbor_op.cc: each output's source index from its
float32 position), and tf.image.resize with methods "bilinear" and "nearest" (image_ops_impl.py's
resize_images_v2, with preserve_aspect_ratio), the op Keras's UpSampling2D and Resizing run.
tf.image.resize's other methods and antialiasing raise NotImplementedError saying so.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, op_def_lib
from varrt.ops.op_util import (check_dtype, host_if_known, kernel_error, operand, run, shape_text, suffix,
                               tensor_operand)


def _interpolation(out_size, in_size, align_corners, half_pixel_centers):
    """TensorFlow's compute_interpolation_weights: (lower, upper, lerp) per output index."""
    if align_corners and out_size > 1:
        scale = np.float32((in_size - 1) / np.float32(out_size - 1))
    else:
        scale = np.float32(in_size / np.float32(out_size)) if out_size else np.float32(0)
    i = np.arange(out_size, dtype=np.float32)
    src = (i + np.float32(0.5)) * scale - np.float32(0.5) if half_pixel_centers else i * scale
    floor = np.floor(src)
    lower = np.maximum(floor.astype(np.int64), 0)
    upper = np.minimum(np.ceil(src).astype(np.int64), in_size - 1)
    return lower, upper, (src - floor).astype(np.float32)


def _check_attrs(op, align_corners, half_pixel_centers, name, end):
    if align_corners and half_pixel_centers:
        raise kernel_error(op, "If half_pixel_centers is True, align_corners must be False.", name, end=end)


@op_def_lib.implements("ResizeBilinear")
def resize_bilinear(images, size, align_corners=False, half_pixel_centers=False, name=None) -> Tensor:
    """The ResizeBilinear op: [batch, height, width, channels] images resized to `size` (float32)."""
    op = "ResizeBilinear"
    a, dtype = operand(images)
    end = suffix(name, images, size)
    check_dtype(op, dtype, name, end)
    s, _ = operand(size, dtypes.int32)
    align_corners, half_pixel_centers = bool(align_corners), bool(half_pixel_centers)

    def kernel(x, size):
        _check_attrs(op, align_corners, half_pixel_centers, name, end)
        if x.ndim != 4:
            raise kernel_error(op, f"input must be 4-dimensional{shape_text(x.shape)}", name, end=end)
        size = np.asarray(size)
        if size.shape != (2,):
            raise kernel_error(op, f"shape_t must be 1-dimensional and have 2 elements but is shape "
                                   f"{shape_text(size.shape)}", name, end=end)
        height, width = int(size[0]), int(size[1])
        if height <= 0 or width <= 0:
            raise kernel_error(op, "output dimensions must be positive", name, end=end)
        x = x.astype(np.float32)
        top, bottom, y_lerp = _interpolation(height, x.shape[1], align_corners, half_pixel_centers)
        left, right, x_lerp = _interpolation(width, x.shape[2], align_corners, half_pixel_centers)
        y_lerp, x_lerp = y_lerp[None, :, None, None], x_lerp[None, None, :, None]
        top_left, top_right = x[:, top][:, :, left], x[:, top][:, :, right]
        bottom_left, bottom_right = x[:, bottom][:, :, left], x[:, bottom][:, :, right]
        upper = top_left + (top_right - top_left) * x_lerp
        lower = bottom_left + (bottom_right - bottom_left) * x_lerp
        return (upper + (lower - upper) * y_lerp).astype(np.float32)
    return run(op, kernel, (a, s), dtypes.float32, attrs={"align_corners": align_corners,
                                                         "half_pixel_centers": half_pixel_centers}, name=name)


def _size_checks(op, x, size, name, end):
    """ImageResizerState's checks: a 4-D input and a size of 2 positive elements."""
    if x.ndim != 4:
        raise kernel_error(op, f"input must be 4-dimensional{shape_text(x.shape)}", name, end=end)
    size = np.asarray(size)
    if size.shape != (2,):
        raise kernel_error(op, f"shape_t must be 1-dimensional and have 2 elements but is shape "
                               f"{shape_text(size.shape)}", name, end=end)
    height, width = int(size[0]), int(size[1])
    if height <= 0 or width <= 0:
        raise kernel_error(op, "output dimensions must be positive", name, end=end)
    return height, width


def _nearest_indices(out_size, in_size, align_corners, half_pixel_centers):
    """Each output index's source index (the scaler in float32, floorf or roundf, clamped)."""
    if align_corners and out_size > 1:
        scale = np.float32((in_size - 1) / np.float32(out_size - 1))
    else:
        scale = np.float32(in_size / np.float32(out_size))
    i = np.arange(out_size, dtype=np.float32)
    position = (i + np.float32(0.5)) * scale if half_pixel_centers else i * scale
    whole = np.floor(position)
    # roundf rounds halves away from zero (the positions are >= 0); floorf otherwise.
    index = whole + (position - whole >= np.float32(0.5)) if align_corners else whole
    index = np.minimum(index.astype(np.int64), in_size - 1)
    return np.maximum(index, 0) if half_pixel_centers else index


@op_def_lib.implements("ResizeNearestNeighbor")
def resize_nearest_neighbor(images, size, align_corners=False, half_pixel_centers=False, name=None) -> Tensor:
    """The ResizeNearestNeighbor op: [batch, height, width, channels] images resized to `size`,
    each output pixel the input pixel its position falls in (the images' dtype)."""
    op = "ResizeNearestNeighbor"
    a, dtype = operand(images)
    end = suffix(name, images, size)
    check_dtype(op, dtype, name, end)
    s, _ = operand(size, dtypes.int32)
    align_corners, half_pixel_centers = bool(align_corners), bool(half_pixel_centers)

    def kernel(x, size):
        _check_attrs(op, align_corners, half_pixel_centers, name, end)
        height, width = _size_checks(op, x, size, name, end)
        rows = _nearest_indices(height, x.shape[1], align_corners, half_pixel_centers)
        cols = _nearest_indices(width, x.shape[2], align_corners, half_pixel_centers)
        return np.ascontiguousarray(x[:, rows][:, :, cols])
    return run(op, kernel, (a, s), dtype, attrs={"align_corners": align_corners,
                                                 "half_pixel_centers": half_pixel_centers}, name=name)


@op_def_lib.implements("ResizeNearestNeighborGrad")
def resize_nearest_neighbor_grad(grads, size, align_corners=False, half_pixel_centers=False, name=None) -> Tensor:
    """The gradient of ResizeNearestNeighbor: each output's gradient added to the input pixel it
    was read from (row by row, as TensorFlow's kernel adds them), in an image of `size`."""
    op = "ResizeNearestNeighborGrad"
    g, dtype = operand(grads)
    end = suffix(name, grads, size)
    check_dtype(op, dtype, name, end)
    s, _ = operand(size, dtypes.int32)
    align_corners, half_pixel_centers = bool(align_corners), bool(half_pixel_centers)

    def kernel(x, size):
        _check_attrs(op, align_corners, half_pixel_centers, name, end)
        height, width = _size_checks(op, x, size, name, end)
        rows = _nearest_indices(x.shape[1], height, align_corners, half_pixel_centers)
        cols = _nearest_indices(x.shape[2], width, align_corners, half_pixel_centers)
        out = np.zeros((x.shape[0], height, width, x.shape[3]), x.dtype)
        for y in range(x.shape[1]):
            for xi in range(x.shape[2]):
                out[:, rows[y], cols[xi], :] += x[:, y, xi, :]
        return out
    return run(op, kernel, (g, s), dtype, attrs={"align_corners": align_corners,
                                                 "half_pixel_centers": half_pixel_centers}, name=name)


@op_def_lib.implements("ResizeBilinearGrad")
def resize_bilinear_grad(grads, original_image, align_corners=False, half_pixel_centers=False,
                         name=None) -> Tensor:
    """The gradient of ResizeBilinear: each output's gradient shared among its four sources by
    their weights, in original_image's shape and dtype."""
    op = "ResizeBilinearGrad"
    g, _ = operand(grads, dtypes.float32)
    x, dtype = operand(original_image)
    end = suffix(name, grads, original_image)
    check_dtype(op, dtype, name, end)
    align_corners, half_pixel_centers = bool(align_corners), bool(half_pixel_centers)

    def kernel(grads, original):
        _check_attrs(op, align_corners, half_pixel_centers, name, end)
        if grads.ndim != 4:
            raise kernel_error(op, f"input_grad must be 4-dimensional{shape_text(grads.shape)}", name, end=end)
        if original.ndim != 4:
            raise kernel_error(op, f"original_image must be 4-dimensional{shape_text(original.shape)}", name,
                               end=end)
        batch, height, width, channels = original.shape
        top, bottom, y_lerp = _interpolation(grads.shape[1], height, align_corners, half_pixel_centers)
        left, right, x_lerp = _interpolation(grads.shape[2], width, align_corners, half_pixel_centers)
        out = np.zeros((batch, height, width, channels), np.float32)
        one = np.float32(1)
        g = grads.astype(np.float32)
        for y in range(grads.shape[1]):  # in TensorFlow's order: row by row, column by column
            for xi in range(grads.shape[2]):
                d = g[:, y, xi, :]
                ty, by, lx, rx = top[y], bottom[y], left[xi], right[xi]
                out[:, ty, lx, :] += d * ((one - y_lerp[y]) * (one - x_lerp[xi]))
                out[:, ty, rx, :] += d * ((one - y_lerp[y]) * x_lerp[xi])
                out[:, by, lx, :] += d * (y_lerp[y] * (one - x_lerp[xi]))
                out[:, by, rx, :] += d * (y_lerp[y] * x_lerp[xi])
        return out.astype(dtype.as_numpy_dtype)
    return run(op, kernel, (g, x), dtype, attrs={"align_corners": align_corners,
                                                  "half_pixel_centers": half_pixel_centers}, name=name)


# tf.image.ResizeMethod's values.
_METHODS = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic")


def resize(images, size, method="bilinear", preserve_aspect_ratio=False, antialias=False, name=None) -> Tensor:
    """tf.image.resize: [batch,] height, width, channels images resized to `size` (new_height,
    new_width); method "bilinear" (ResizeBilinear with half-pixel centers, float32 results) or
    "nearest" (ResizeNearestNeighbor with half-pixel centers, the images' dtype); with
    preserve_aspect_ratio, the largest size within `size` of the images' aspect ratio."""
    images = images if isinstance(images, Tensor) else convert_to_tensor(images)
    if images.shape.rank is None:
        raise ValueError("'images' contains no shape.")
    if images.shape.rank not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    is_batch = images.shape.rank == 4
    if not is_batch:
        images = array_ops.expand_dims(images, 0)
    size = size if isinstance(size, Tensor) else convert_to_tensor(size, dtypes.int32)
    if size.shape.rank != 1 or size.shape[0] != 2:
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    if size.dtype is not dtypes.int32:
        raise TypeError("'size' must be a 1-D int32 Tensor")
    if preserve_aspect_ratio:
        size = _aspect_preserving_size(images, size)
    if method not in _METHODS:  # resize_fn's check (TensorFlow's methods are lower-case strings)
        raise ValueError(f"Resize method is not implemented: {method}")
    if method not in ("bilinear", "nearest"):
        raise NotImplementedError(f"varrt's tf.image.resize does not implement method={method!r} yet (only "
                                  f"'bilinear' and 'nearest').")
    if antialias and method == "bilinear":
        raise NotImplementedError("varrt's tf.image.resize does not implement antialias yet.")
    if method == "nearest":
        resized = resize_nearest_neighbor(images, size, half_pixel_centers=True, name=name)
    else:
        resized = resize_bilinear(images, size, half_pixel_centers=True, name=name)
    return resized if is_batch else array_ops.squeeze(resized, [0])


def _aspect_preserving_size(images, size):
    """_resize_images_common's preserve_aspect_ratio: both sides scaled by the smaller of the
    two ratios, in float32, rounded half to even."""
    height, width = images.shape[1], images.shape[2]
    known = host_if_known(tensor_operand(size)[0])
    if height is None or width is None or known is None:
        raise NotImplementedError("varrt's tf.image.resize does not implement preserve_aspect_ratio for sizes "
                                  "known only when the graph runs yet.")
    f32 = np.float32
    scale = min(f32(known[0]) / f32(height), f32(known[1]) / f32(width))
    return convert_to_tensor([int(np.round(scale * f32(height))), int(np.round(scale * f32(width)))], dtypes.int32)
