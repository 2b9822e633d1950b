"""tf.image's structural similarity written over other ops as TensorFlow writes it
(python/ops/image_ops_impl.py): `ssim` (a Gaussian window by depthwise convolution, luminance
and contrast-structure terms, their mean) and `ssim_multiscale` (the same at five scales,
halved by average pooling after a symmetric pad to even sizes). Sizes are read from static
shapes; images whose size is known only when a graph runs raise NotImplementedError."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes, errors
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, manip_ops, math_ops, nn_ops, reduction_ops, sequence_ops
from varrt.ops.conv_ops import avg_pool
from varrt.ops.depthwise_conv_ops import depthwise_conv2d
from varrt.ops.image_color_ops import convert_image_dtype
from varrt.ops.image_statistics_ops import verify_compatible_image_shapes

_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def _ssim_helper(x, y, reducer, max_val, compensation=1.0, k1=0.01, k2=0.03):
    """(luminance, contrast-structure): SSIM's two terms, each window's by `reducer`."""
    c1 = (k1 * max_val) ** 2
    c2 = (k2 * max_val) ** 2
    mean0 = reducer(x)
    mean1 = reducer(y)
    num0 = mean0 * mean1 * 2.0
    den0 = math_ops.square(mean0) + math_ops.square(mean1)
    luminance = (num0 + c1) / (den0 + c1)
    num1 = reducer(x * y) * 2.0
    den1 = reducer(math_ops.square(x) + math_ops.square(y))
    c2 *= compensation
    cs = (num1 - num0 + c2) / (den1 - den0 + c2)
    return luminance, cs


def _fspecial_gauss(size, sigma):
    """A size x size Gaussian window of `sigma` (summing to 1, by a softmax), [size, size, 1, 1]."""
    size = convert_to_tensor(size, dtypes.int32)
    sigma = convert_to_tensor(sigma)
    coords = math_ops.cast(sequence_ops.range(size), sigma.dtype)
    coords -= math_ops.cast(size - 1, sigma.dtype) / 2.0
    g = math_ops.square(coords)
    g *= -0.5 / math_ops.square(sigma)
    g = array_ops.reshape(g, shape=[1, -1]) + array_ops.reshape(g, shape=[-1, 1])
    g = array_ops.reshape(g, shape=[1, -1])  # For tf.nn.softmax().
    g = nn_ops.softmax(g)
    return array_ops.reshape(g, shape=[size, size, 1, 1])


def _check_window(shape, filter_size):
    """TensorFlow's eager Assert that height and width are at least the window."""
    if shape[-3] < filter_size or shape[-2] < filter_size:
        raise errors.InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                          f"Summarized data: {', '.join(map(str, shape))}\n{filter_size}")


def _ssim_per_channel(img1, img2, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03,
                      return_index_map=False):
    """SSIM and its contrast-structure term per channel (or per window with return_index_map)."""
    shape1, shape2 = img1.shape.as_list(), img2.shape.as_list()
    if None in shape1[-3:] or None in shape2[-3:]:
        raise NotImplementedError("varrt's tf.image.ssim does not implement images whose size is known only when "
                                  "the graph runs yet.")
    _check_window(shape1, filter_size)
    _check_window(shape2, filter_size)
    filter_sigma = convert_to_tensor(filter_sigma, dtype=img1.dtype)
    kernel = _fspecial_gauss(filter_size, filter_sigma)
    kernel = array_ops.tile(kernel, multiples=[1, 1, shape1[-1], 1])
    compensation = 1.0

    def reducer(x):
        shape = array_ops.shape(x)
        x = array_ops.reshape(x, shape=array_ops.concat([[-1], shape[-3:]], 0))
        y = depthwise_conv2d(x, kernel, strides=[1, 1, 1, 1], padding="VALID")
        return array_ops.reshape(y, array_ops.concat([shape[:-3], array_ops.shape(y)[1:]], 0))

    luminance, cs = _ssim_helper(img1, img2, reducer, max_val, compensation, k1, k2)
    if return_index_map:
        ssim_val = luminance * cs
    else:
        axes = [-3, -2]
        ssim_val = reduction_ops.reduce_mean(luminance * cs, axes)
        cs = reduction_ops.reduce_mean(cs, axes)
    return ssim_val, cs


def _as_floats(img1, img2, max_val):
    img1 = img1 if isinstance(img1, Tensor) else convert_to_tensor(img1, name="img1")
    img2 = img2 if isinstance(img2, Tensor) else convert_to_tensor(img2, name="img2")
    verify_compatible_image_shapes(img1, img2)
    max_val = math_ops.cast(max_val, img1.dtype)
    max_val = convert_image_dtype(max_val, dtypes.float32)
    return convert_image_dtype(img1, dtypes.float32), convert_image_dtype(img2, dtypes.float32), max_val


def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, return_index_map=False) -> Tensor:
    """The structural similarity of two images (or batches) whose values span max_val: the mean
    over channels of each channel's SSIM in Gaussian windows of filter_size and filter_sigma."""
    img1, img2, max_val = _as_floats(img1, img2, max_val)
    ssim_per_channel, _ = _ssim_per_channel(img1, img2, max_val, filter_size, filter_sigma, k1, k2, return_index_map)
    return reduction_ops.reduce_mean(ssim_per_channel, [-1])


def ssim_multiscale(img1, img2, max_val, power_factors=_MSSSIM_WEIGHTS, filter_size=11, filter_sigma=1.5, k1=0.01,
                    k2=0.03) -> Tensor:
    """The multi-scale structural similarity of two images (or batches): the contrast-structure
    terms of each scale but the last and the last scale's SSIM, raised to `power_factors` and
    multiplied, averaged over channels."""
    img1, img2, max_val = _as_floats(img1, img2, max_val)
    imgs = [img1, img2]
    heads = [list(x.shape.as_list()[:-3]) for x in imgs]
    if any(None in x.shape.as_list() for x in imgs):
        raise NotImplementedError("varrt's tf.image.ssim_multiscale does not implement images whose shape is known "
                                  "only when the graph runs yet.")
    divisor = [1, 2, 2, 1]
    mcs = []
    ssim_per_channel = None
    for k in range(len(power_factors)):
        if k > 0:
            tails = [x.shape.as_list()[-3:] for x in imgs]
            flat_imgs = [array_ops.reshape(x, [-1] + t) for x, t in zip(imgs, tails)]
            remainder = [t % d for t, d in zip(tails[0], divisor[1:])]
            if any(remainder):
                padding = [[0, 0]] + [[0, r] for r in remainder]
                flat_imgs = [manip_ops.pad(x, padding, mode="SYMMETRIC") for x in flat_imgs]
            downscaled = [avg_pool(x, ksize=divisor, strides=divisor, padding="VALID") for x in flat_imgs]
            imgs = [array_ops.reshape(x, h + x.shape.as_list()[1:]) for x, h in zip(downscaled, heads)]
        ssim_per_channel, cs = _ssim_per_channel(*imgs, max_val=max_val, filter_size=filter_size,
                                                 filter_sigma=filter_sigma, k1=k1, k2=k2)
        mcs.append(nn_ops.relu(cs))
    mcs.pop()  # Remove the cs score for the last scale.
    mcs_and_ssim = array_ops.stack(mcs + [nn_ops.relu(ssim_per_channel)], axis=-1)
    ms_ssim = reduction_ops.reduce_prod(math_ops.pow(mcs_and_ssim, power_factors), [-1])
    return reduction_ops.reduce_mean(ms_ssim, [-1])  # Avg over color channels.
