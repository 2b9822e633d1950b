"""tf.image's measures of images written over other ops as TensorFlow writes them
(python/ops/image_ops_impl.py): per_image_standardization, total_variation, image_gradients,
sobel_edges and psnr."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, manip_ops, math_ops, reduction_ops
from varrt.ops.depthwise_conv_ops import depthwise_conv2d
from varrt.ops.ensure_shape import ensure_shape
from varrt.ops.image_color_ops import convert_image_dtype
from varrt.ops.image_geometry_ops import as_image, check_at_least_3d


def per_image_standardization(image) -> Tensor:
    """Each image scaled to mean 0 and variance 1 over its pixels and channels (its standard
    deviation at least 1 / sqrt(number of elements)); float32."""
    image = as_image(image)
    check_at_least_3d(image)
    image = math_ops.cast(image, dtype=dtypes.float32)
    num_pixels = reduction_ops.reduce_prod(array_ops.shape(image)[-3:])
    image_mean = reduction_ops.reduce_mean(image, axis=[-1, -2, -3], keepdims=True)
    stddev = reduction_ops.reduce_std(image, axis=[-1, -2, -3], keepdims=True)
    min_stddev = math_ops.rsqrt(math_ops.cast(num_pixels, dtypes.float32))
    adjusted_stddev = math_ops.maximum(stddev, min_stddev)
    image -= image_mean
    return math_ops.divide(image, adjusted_stddev)


def total_variation(images, name=None) -> Tensor:
    """The sum of absolute differences of neighbouring pixels (per image of a 4-D batch)."""
    images = as_image(images, "images")
    ndims = images.shape.rank
    if ndims == 3:
        pixel_dif1 = images[1:, :, :] - images[:-1, :, :]
        pixel_dif2 = images[:, 1:, :] - images[:, :-1, :]
        sum_axis = None
    elif ndims == 4:
        pixel_dif1 = images[:, 1:, :, :] - images[:, :-1, :, :]
        pixel_dif2 = images[:, :, 1:, :] - images[:, :, :-1, :]
        sum_axis = [1, 2, 3]
    else:
        raise ValueError("'images' must be either 3 or 4-dimensional.")
    return (reduction_ops.reduce_sum(math_ops.abs(pixel_dif1), axis=sum_axis) +
            reduction_ops.reduce_sum(math_ops.abs(pixel_dif2), axis=sum_axis))


def image_gradients(image) -> tuple[Tensor, Tensor]:
    """(dy, dx): each pixel's difference to the next row's and the next column's, 0 in the last
    row and column; for [batch, height, width, channels] images."""
    image = as_image(image)
    if image.shape.rank != 4:
        raise ValueError(f"image_gradients expects a 4D tensor [batch_size, h, w, d], not {image.shape}.")
    image_shape = array_ops.shape(image)
    batch_size, height, width, depth = (image_shape[i] for i in range(4))
    dy = image[:, 1:, :, :] - image[:, :-1, :, :]
    dx = image[:, :, 1:, :] - image[:, :, :-1, :]
    shape = array_ops.stack([batch_size, 1, width, depth])
    dy = array_ops.concat([dy, array_ops.zeros(shape, image.dtype)], 1)
    dy = array_ops.reshape(dy, image_shape)
    shape = array_ops.stack([batch_size, height, 1, depth])
    dx = array_ops.concat([dx, array_ops.zeros(shape, image.dtype)], 2)
    dx = array_ops.reshape(dx, image_shape)
    return dy, dx


def sobel_edges(image) -> Tensor:
    """Each channel's Sobel responses, vertical then horizontal, in a last dimension of 2
    (the image reflected by one pixel at its borders); for [batch, height, width, channels]."""
    image = as_image(image)
    static_image_shape = image.shape
    image_shape = array_ops.shape(image)
    kernels = [[[-1, -2, -1], [0, 0, 0], [1, 2, 1]], [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]]
    num_kernels = len(kernels)
    kernels = np.expand_dims(np.transpose(np.asarray(kernels), (1, 2, 0)), -2)
    kernels_tf = convert_to_tensor(kernels, dtype=image.dtype)
    kernels_tf = array_ops.tile(kernels_tf, array_ops.stack([1, 1, image_shape[-1], 1]))
    padded = manip_ops.pad(image, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
    output = depthwise_conv2d(padded, kernels_tf, [1, 1, 1, 1], "VALID")
    shape = array_ops.concat([image_shape, [num_kernels]], 0)
    output = array_ops.reshape(output, shape=shape)
    return ensure_shape(output, static_image_shape.concatenate([num_kernels])) if static_image_shape.rank else output


def verify_compatible_image_shapes(img1, img2):
    """TensorFlow's static checks of two images compared: rank 3 or more, the same last three
    sizes, batch sizes that broadcast."""
    shape1, shape2 = img1.shape, img2.shape
    for shape in (shape1, shape2):
        if shape.rank is not None and shape.rank < 3:
            raise ValueError(f"Shape {shape} must have rank at least 3")
    shape1[-3:].assert_is_compatible_with(shape2[-3:])
    if shape1.rank is not None and shape2.rank is not None:
        for dim1, dim2 in zip(reversed(shape1.as_list()[:-3]), reversed(shape2.as_list()[:-3])):
            if not (dim1 == 1 or dim2 == 1 or dim1 is None or dim2 is None or dim1 == dim2):
                raise ValueError(f"Two images are not compatible: {shape1} and {shape2}")


def psnr(a, b, max_val, name=None) -> Tensor:
    """The peak signal-to-noise ratio of two images (or batches) whose values span max_val, in dB."""
    a, b = as_image(a, "a"), as_image(b, "b")
    max_val = math_ops.cast(max_val, a.dtype)
    max_val = convert_image_dtype(max_val, dtypes.float32)
    a = convert_image_dtype(a, dtypes.float32)
    b = convert_image_dtype(b, dtypes.float32)
    mse = reduction_ops.reduce_mean(math_ops.squared_difference(a, b), [-3, -2, -1])
    psnr_val = math_ops.subtract(20 * math_ops.log(max_val) / math_ops.log(10.0),
                                 np.float32(10 / np.log(10)) * math_ops.log(mse), name=name or "psnr")
    verify_compatible_image_shapes(a, b)
    return psnr_val
