"""tf.image's colour functions written over other ops as TensorFlow writes them
(python/ops/image_ops_impl.py): convert_image_dtype (its scaling rule per pair of dtypes,
saturating or not), brightness, contrast, gamma, saturation and hue adjustments (images other
than float16/float32 go through float32 and back), their seeded (`random_*`, drawn by
tf.random.uniform) and stateless (`stateless_random_*`) forms, the grayscale conversions and the
YIQ and YUV colour spaces.
The colour kernels are ops/image_color_kernels.py's."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, math_ops, random_ops
from varrt.ops.array_composites import tensordot
from varrt.ops.constant_value import get_static_value
from varrt.ops.image_color_kernels import adjust_contrastv2, adjust_hue_op, adjust_saturation_op
from varrt.ops.image_geometry_ops import as_image
from varrt.ops.saturate_cast import saturate_cast

_DIRECT = (dtypes.float16, dtypes.float32)  # the dtypes the adjustments take as they are


def convert_image_dtype(image, dtype, saturate=False, name=None) -> Tensor:
    """The image in `dtype`, rescaled: floats span [0, 1), integers their whole positive range
    (an integer to a float divides by its maximum; a float to an integer multiplies by the
    maximum + 0.5 and truncates; integers shift by the ratio of their ranges)."""
    image = as_image(image)
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating and not dtype.is_integer:
        raise AttributeError("dtype must be either floating point or integer")
    if not image.dtype.is_floating and not image.dtype.is_integer:
        raise AttributeError("image dtype must be either floating point or integer")
    if dtype == image.dtype:
        return array_ops.identity(image, name=name)
    if image.dtype.is_integer and dtype.is_integer:
        scale_in, scale_out = image.dtype.max, dtype.max
        if scale_in > scale_out:
            scale = (scale_in + 1) // (scale_out + 1)
            scaled = math_ops.floordiv(image, scale)
            return saturate_cast(scaled, dtype, name=name) if saturate else math_ops.cast(scaled, dtype, name=name)
        cast = saturate_cast(image, dtype) if saturate else math_ops.cast(image, dtype)
        scale = (scale_out + 1) // (scale_in + 1)
        return math_ops.multiply(cast, scale, name=name)
    if image.dtype.is_floating and dtype.is_floating:
        return math_ops.cast(image, dtype, name=name)
    if image.dtype.is_integer:
        cast = math_ops.cast(image, dtype)
        scale = 1. / image.dtype.max
        return math_ops.multiply(cast, scale, name=name)
    scale = dtype.max + 0.5  # avoid rounding problems in the cast
    scaled = math_ops.multiply(image, scale)
    return saturate_cast(scaled, dtype, name=name) if saturate else math_ops.cast(scaled, dtype, name=name)


def _as_float(image):
    return image if image.dtype in _DIRECT else convert_image_dtype(image, dtypes.float32)


def adjust_brightness(image, delta) -> Tensor:
    """`delta` added to every pixel (in [0, 1) units for integer images), saturating back."""
    image = as_image(image)
    orig_dtype = image.dtype
    flt_image = _as_float(image)
    adjusted = math_ops.add(flt_image, math_ops.cast(delta, flt_image.dtype))
    return convert_image_dtype(adjusted, orig_dtype, saturate=True)


def adjust_contrast(images, contrast_factor) -> Tensor:
    """Each channel's distance from its mean over the image scaled by `contrast_factor`."""
    images = as_image(images, "images")
    orig_dtype = images.dtype
    adjusted = adjust_contrastv2(_as_float(images), contrast_factor=contrast_factor)
    return convert_image_dtype(adjusted, orig_dtype, saturate=True)


def adjust_gamma(image, gamma=1, gain=1) -> Tensor:
    """`gain * image ** gamma` (gamma >= 0), in [0, 1) units for integer images."""
    image = as_image(image)
    orig_dtype = image.dtype
    flt_image = _as_float(image)
    if isinstance(gamma, Tensor):
        known = get_static_value(gamma)
        if known is not None and not known >= 0:
            raise ValueError("Gamma should be a non-negative real number.")
    elif not gamma >= 0:
        raise ValueError("Gamma should be a non-negative real number.")
    adjusted_img = gain * flt_image ** gamma
    return convert_image_dtype(adjusted_img, orig_dtype, saturate=True)


def adjust_saturation(image, saturation_factor, name=None) -> Tensor:
    """RGB images with their HSV saturation multiplied by `saturation_factor` (clipped to [0, 1])."""
    image = as_image(image)
    orig_dtype = image.dtype
    adjusted = adjust_saturation_op(_as_float(image), saturation_factor)
    return convert_image_dtype(adjusted, orig_dtype, name=name)


def adjust_hue(image, delta, name=None) -> Tensor:
    """RGB images with their hue rotated by `delta` (in [-1, 1], a fraction of the circle)."""
    if not graph_building.building() and (delta < -1 or delta > 1):
        raise ValueError("delta must be in the interval [-1, 1]")
    image = as_image(image)
    orig_dtype = image.dtype
    rgb_altered = adjust_hue_op(_as_float(image), delta)
    return convert_image_dtype(rgb_altered, orig_dtype, name=name)


def rgb_to_grayscale(images, name=None) -> Tensor:
    """RGB images (last dimension 3) as one channel: 0.2989 R + 0.5870 G + 0.1140 B."""
    images = as_image(images, "images")
    orig_dtype = images.dtype
    flt_image = convert_image_dtype(images, dtypes.float32)
    rgb_weights = [0.2989, 0.5870, 0.1140]
    gray_float = tensordot(flt_image, rgb_weights, [-1, -1])
    gray_float = array_ops.expand_dims(gray_float, -1)
    return convert_image_dtype(gray_float, orig_dtype, name=name)


def grayscale_to_rgb(images, name=None) -> Tensor:
    """One-channel images with that channel repeated three times."""
    images = as_image(images, "images")
    shape = images.shape
    if shape.rank is None or shape.rank < 2:
        raise ValueError(f"A grayscale image (shape {shape}) must be at least two-dimensional.")
    if shape.is_fully_defined() and shape[-1] != 1:
        raise ValueError("Last dimension of a grayscale image should be size 1.")
    multiples = [1] * (shape.rank - 1) + [3]
    return array_ops.tile(images, multiples, name=name)


# --- YIQ and YUV: a 3x3 matrix over the last dimension ------------------------------------------

_RGB_TO_YIQ = [[0.299, 0.59590059, 0.2115], [0.587, -0.27455667, -0.52273617], [0.114, -0.32134392, 0.31119955]]
_YIQ_TO_RGB = [[1, 1, 1], [0.95598634, -0.27201283, -1.10674021], [0.6208248, -0.64720424, 1.70423049]]
_RGB_TO_YUV = [[0.299, -0.14714119, 0.61497538], [0.587, -0.28886916, -0.51496512], [0.114, 0.43601035, -0.10001026]]
_YUV_TO_RGB = [[1, 1, 1], [0, -0.394642334, 2.03206185], [1.13988303, -0.58062185, 0]]


def _last_axis_product(images, kernel):
    images = as_image(images, "images")
    kernel = convert_to_tensor(kernel, dtype=images.dtype, name="kernel")
    ndims = images.shape.rank
    return tensordot(images, kernel, axes=[[ndims - 1], [0]])


def rgb_to_yiq(images) -> Tensor:
    """RGB images (floats, the last dimension) in the YIQ colour space."""
    return _last_axis_product(images, _RGB_TO_YIQ)


def yiq_to_rgb(images) -> Tensor:
    """YIQ images (the last dimension) in RGB."""
    return _last_axis_product(images, _YIQ_TO_RGB)


def rgb_to_yuv(images) -> Tensor:
    """RGB images (floats, the last dimension) in the YUV colour space."""
    return _last_axis_product(images, _RGB_TO_YUV)


def yuv_to_rgb(images) -> Tensor:
    """YUV images (the last dimension) in RGB."""
    return _last_axis_product(images, _YUV_TO_RGB)


# --- random adjustments: one draw per call, as TensorFlow's ------------------------------------

def _check_delta(max_delta):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")


def _check_range(lower, upper):
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")


def _check_hue(max_delta):
    if max_delta > 0.5:
        raise ValueError("max_delta must be <= 0.5.")
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")


def random_brightness(image, max_delta, seed=None) -> Tensor:
    """adjust_brightness by a delta drawn uniformly from [-max_delta, max_delta)."""
    _check_delta(max_delta)
    delta = random_ops.random_uniform([], -max_delta, max_delta, seed=seed)
    return adjust_brightness(image, delta)


def stateless_random_brightness(image, max_delta, seed) -> Tensor:
    """random_brightness drawn by tf.random.stateless_uniform with `seed` (a pair)."""
    _check_delta(max_delta)
    delta = random_ops.stateless_uniform(shape=[], minval=-max_delta, maxval=max_delta, seed=seed)
    return adjust_brightness(image, delta)


def random_contrast(image, lower, upper, seed=None) -> Tensor:
    """adjust_contrast by a factor drawn uniformly from [lower, upper)."""
    _check_range(lower, upper)
    contrast_factor = random_ops.random_uniform([], lower, upper, seed=seed)
    return adjust_contrast(image, contrast_factor)


def stateless_random_contrast(image, lower, upper, seed) -> Tensor:
    """random_contrast drawn by tf.random.stateless_uniform with `seed` (a pair)."""
    _check_range(lower, upper)
    contrast_factor = random_ops.stateless_uniform(shape=[], minval=lower, maxval=upper, seed=seed)
    return adjust_contrast(image, contrast_factor)


def random_saturation(image, lower, upper, seed=None) -> Tensor:
    """adjust_saturation by a factor drawn uniformly from [lower, upper)."""
    _check_range(lower, upper)
    saturation_factor = random_ops.random_uniform([], lower, upper, seed=seed)
    return adjust_saturation(image, saturation_factor)


def stateless_random_saturation(image, lower, upper, seed=None) -> Tensor:
    """random_saturation drawn by tf.random.stateless_uniform with `seed` (a pair)."""
    _check_range(lower, upper)
    saturation_factor = random_ops.stateless_uniform(shape=[], minval=lower, maxval=upper, seed=seed)
    return adjust_saturation(image, saturation_factor)


def random_hue(image, max_delta, seed=None) -> Tensor:
    """adjust_hue by a delta drawn uniformly from [-max_delta, max_delta) (max_delta <= 0.5)."""
    _check_hue(max_delta)
    delta = random_ops.random_uniform([], -max_delta, max_delta, seed=seed)
    return adjust_hue(image, delta)


def stateless_random_hue(image, max_delta, seed) -> Tensor:
    """random_hue drawn by tf.random.stateless_uniform with `seed` (a pair)."""
    _check_hue(max_delta)
    delta = random_ops.stateless_uniform(shape=[], minval=-max_delta, maxval=max_delta, seed=seed)
    return adjust_hue(image, delta)
