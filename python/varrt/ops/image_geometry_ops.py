"""tf.image's geometric functions written over other ops as TensorFlow writes them
(python/ops/image_ops_impl.py): flips (plain, seeded and stateless random), rot90, transpose,
central_crop, crop_to_bounding_box, pad_to_bounding_box, resize_with_crop_or_pad and
resize_with_pad, on 3-D images [height, width, channels] and 4-D batches, with TensorFlow's
shape checks and texts. Sizes are read from static shapes, as TensorFlow reads them when they
are known; an image whose height or width is unknown while a graph is built raises
NotImplementedError (varrt does not build TensorFlow's run-time assertions)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, manip_ops, math_ops, random_ops
from varrt.ops.constant_value import get_static_value
from varrt.ops.image_ops import resize
from varrt.ops.index_ops import where


def as_image(image, name="image"):
    """`image` as a tensor (ops.convert_to_tensor(image, name='image'))."""
    return image if isinstance(image, Tensor) else convert_to_tensor(image, name=name)


def _static(value, what):
    """A size TensorFlow would compare in Python: an int, or a tensor known while building."""
    if isinstance(value, Tensor):
        known = get_static_value(value)
        if known is None:
            raise NotImplementedError(f"varrt's tf.image does not implement a {what} known only when the graph "
                                      f"runs yet.")
        return int(known)
    return value


def check_at_least_3d(image):
    """_CheckAtLeast3DImage(require_static=False): rank 3 or more, inner dims not 0."""
    shape = image.shape
    if shape.rank is None or shape.rank < 3:
        raise ValueError(f"'image' (shape {shape}) must be at least three-dimensional.")
    if any(d == 0 for d in shape.as_list()[-3:]):
        raise ValueError(f"inner 3 dims of 'image.shape' must be > 0: {shape}")


def _check_rank_3_or_4(image, text="'image' (shape {}) must have either 3 or 4 dimensions."):
    if image.shape.rank not in (3, 4):
        raise ValueError(text.format(image.shape))


def _flip(image, flip_index, missing_space=False):
    image = as_image(image)
    check_at_least_3d(image)
    _check_rank_3_or_4(image, "'image' (shape {})" + ("" if missing_space else " ") + "must have either 3 or 4 "
                                                                                      "dimensions.")
    return manip_ops.reverse(image, [flip_index + (image.shape.rank == 4)])


def flip_left_right(image) -> Tensor:
    """The image mirrored left to right (its width axis reversed); 3-D or a 4-D batch."""
    return _flip(image, 1, missing_space=True)


def flip_up_down(image) -> Tensor:
    """The image mirrored top to bottom (its height axis reversed); 3-D or a 4-D batch."""
    return _flip(image, 0, missing_space=True)


def _random_flip(image, flip_index, random_func):
    """_random_flip: one draw for a 3-D image (flip when < 0.5), one per image of a batch
    (flip where it rounds to 1, mixed in by multiplication as TensorFlow does)."""
    image = as_image(image)
    check_at_least_3d(image)
    _check_rank_3_or_4(image)
    if image.shape.rank == 3:
        uniform_random = random_func(shape=[], minval=0, maxval=1.0)
        mirror_cond = math_ops.less(uniform_random, 0.5)
        return where(mirror_cond, manip_ops.reverse(image, [flip_index]), image)
    batch_size = array_ops.shape(image)[0]
    uniform_random = random_func(shape=[batch_size], minval=0, maxval=1.0)
    flips = math_ops.round(array_ops.reshape(uniform_random, [batch_size, 1, 1, 1]))
    flips = math_ops.cast(flips, image.dtype)
    flipped_input = manip_ops.reverse(image, [flip_index + 1])
    return flips * flipped_input + (1 - flips) * image


def random_flip_up_down(image, seed=None) -> Tensor:
    """The image flipped top to bottom with probability 1/2 (each of a batch on its own), drawn
    by tf.random.uniform with `seed`."""
    return _random_flip(image, 0, lambda **kw: random_ops.random_uniform(seed=seed, **kw))


def random_flip_left_right(image, seed=None) -> Tensor:
    """The image flipped left to right with probability 1/2 (each of a batch on its own), drawn
    by tf.random.uniform with `seed`."""
    return _random_flip(image, 1, lambda **kw: random_ops.random_uniform(seed=seed, **kw))


def stateless_random_flip_left_right(image, seed) -> Tensor:
    """random_flip_left_right drawn by tf.random.stateless_uniform with `seed` (a pair)."""
    return _random_flip(image, 1, lambda **kw: random_ops.stateless_uniform(seed=seed, **kw))


def stateless_random_flip_up_down(image, seed) -> Tensor:
    """random_flip_up_down drawn by tf.random.stateless_uniform with `seed` (a pair)."""
    return _random_flip(image, 0, lambda **kw: random_ops.stateless_uniform(seed=seed, **kw))


def rot90(image, k=1, name=None) -> Tensor:
    """The image rotated counter-clockwise by k quarter turns; 3-D or a 4-D batch."""
    image = as_image(image)
    check_at_least_3d(image)
    k_tensor = convert_to_tensor(k, dtype=dtypes.int32, name="k")
    k_tensor.shape.assert_has_rank(0)
    _check_rank_3_or_4(image)
    k = _static(k_tensor, "rot90 k") % 4
    if image.shape.rank == 3:
        h, w = 0, 1
        perm = [1, 0, 2]
    else:
        h, w = 1, 2
        perm = [0, 2, 1, 3]
    if k == 1:
        return array_ops.transpose(manip_ops.reverse(image, [w]), perm, name=name)
    if k == 2:
        return manip_ops.reverse(image, [h, w], name=name)
    if k == 3:
        return manip_ops.reverse(array_ops.transpose(image, perm), [w], name=name)
    return array_ops.identity(image, name=name)


def transpose(image, name=None) -> Tensor:
    """The image with height and width swapped; 3-D or a 4-D batch."""
    image = as_image(image)
    check_at_least_3d(image)
    _check_rank_3_or_4(image)
    perm = [1, 0, 2] if image.shape.rank == 3 else [0, 2, 1, 3]
    return array_ops.transpose(image, perm, name=name)


def _dims(image):
    """_ImageDimensions(image, 4): its static sizes (an unknown height or width is refused)."""
    dims = image.shape.as_list()
    if dims[1] is None or dims[2] is None:
        raise NotImplementedError("varrt's tf.image does not implement images whose height or width is known "
                                  "only when the graph runs yet.")
    return dims


def _as_batch(image):
    image = as_image(image)
    if image.shape.rank is None:
        raise NotImplementedError("varrt's tf.image does not implement images of unknown rank yet.")
    if image.shape.rank == 3:
        return array_ops.expand_dims(image, 0), False
    if image.shape.rank != 4:
        raise ValueError(f"'image' (shape {image.shape}) must have either 3 or 4 dimensions.")
    return image, True


def _unbatch(image, is_batch):
    return image if is_batch else array_ops.squeeze(image, axis=[0])


def central_crop(image, central_fraction) -> Tensor:
    """The central `central_fraction` (in (0, 1]) of the image's height and width."""
    image = as_image(image)
    fraction = _static(central_fraction, "central_fraction") if isinstance(central_fraction, Tensor) \
        else central_fraction
    if fraction <= 0.0 or fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if fraction == 1.0:
        return image
    check_at_least_3d(image)
    rank = image.shape.rank
    if rank != 3 and rank != 4:
        raise ValueError(f"`image` should either be a Tensor with rank = 3 or rank = 4. Had rank = {rank}.")
    h_axis = 0 if rank == 3 else 1
    img_h, img_w = image.shape[h_axis], image.shape[h_axis + 1]
    if img_h is None or img_w is None:
        raise NotImplementedError("varrt's tf.image.central_crop does not implement images whose height or "
                                  "width is known only when the graph runs yet.")
    bbox_h_start = int((float(img_h) - float(img_h) * fraction) / 2)
    bbox_w_start = int((float(img_w) - float(img_w) * fraction) / 2)
    bbox_h_size = img_h - bbox_h_start * 2
    bbox_w_size = img_w - bbox_w_start * 2
    if rank == 3:
        return manip_ops.slice(image, [bbox_h_start, bbox_w_start, 0], [bbox_h_size, bbox_w_size, -1])
    return manip_ops.slice(image, [0, bbox_h_start, bbox_w_start, 0], [-1, bbox_h_size, bbox_w_size, -1])


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width) -> Tensor:
    """The image placed at (offset_height, offset_width) on zeros of target_height x target_width."""
    return _pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width)


def _pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    image, is_batch = _as_batch(image)
    offset_height, offset_width = _static(offset_height, "offset"), _static(offset_width, "offset")
    target_height, target_width = _static(target_height, "target size"), _static(target_width, "target size")
    _, height, width, _ = _dims(image)
    after_padding_width = target_width - offset_width - width
    after_padding_height = target_height - offset_height - height
    check_at_least_3d(image)
    if not offset_height >= 0:
        raise ValueError("offset_height must be >= 0")
    if not offset_width >= 0:
        raise ValueError("offset_width must be >= 0")
    if not after_padding_width >= 0:
        raise ValueError("width must be <= target - offset")
    if not after_padding_height >= 0:
        raise ValueError("height must be <= target - offset")
    paddings = [[0, 0], [offset_height, after_padding_height], [offset_width, after_padding_width], [0, 0]]
    return _unbatch(manip_ops.pad(image, paddings), is_batch)


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width) -> Tensor:
    """The target_height x target_width part of the image at (offset_height, offset_width)."""
    image, is_batch = _as_batch(image)
    check_at_least_3d(image)
    offset_height, offset_width = _static(offset_height, "offset"), _static(offset_width, "offset")
    target_height, target_width = _static(target_height, "target size"), _static(target_width, "target size")
    _, height, width, _ = _dims(image)
    for ok, text in ((offset_width >= 0, "offset_width must be >= 0."),
                     (offset_height >= 0, "offset_height must be >= 0."),
                     (target_width > 0, "target_width must be > 0."),
                     (target_height > 0, "target_height must be > 0."),
                     (width >= (target_width + offset_width), "width must be >= target + offset."),
                     (height >= (target_height + offset_height), "height must be >= target + offset.")):
        if not ok:
            raise ValueError(text)
    cropped = manip_ops.slice(image, [0, offset_height, offset_width, 0], [-1, target_height, target_width, -1])
    return _unbatch(cropped, is_batch)


def resize_with_crop_or_pad(image, target_height, target_width) -> Tensor:
    """The image cropped or zero-padded, evenly on both sides, to target_height x target_width."""
    image, is_batch = _as_batch(image)
    check_at_least_3d(image)
    target_height, target_width = _static(target_height, "target size"), _static(target_width, "target size")
    if not target_width > 0:
        raise ValueError("target_width must be > 0.")
    if not target_height > 0:
        raise ValueError("target_height must be > 0.")
    _, height, width, _ = _dims(image)
    width_diff = target_width - width
    offset_crop_width = max(-width_diff // 2, 0)
    offset_pad_width = max(width_diff // 2, 0)
    height_diff = target_height - height
    offset_crop_height = max(-height_diff // 2, 0)
    offset_pad_height = max(height_diff // 2, 0)
    cropped = crop_to_bounding_box(image, offset_crop_height, offset_crop_width, min(target_height, height),
                                   min(target_width, width))
    resized = pad_to_bounding_box(cropped, offset_pad_height, offset_pad_width, target_height, target_width)
    return _unbatch(resized, is_batch)


def resize_with_pad(image, target_height, target_width, method="bilinear", antialias=False) -> Tensor:
    """The image resized, keeping its aspect ratio, to fit target_height x target_width, then
    zero-padded evenly to that size (tf.image.resize_with_pad)."""
    image, is_batch = _as_batch(image)
    check_at_least_3d(image)
    target_height, target_width = _static(target_height, "target size"), _static(target_width, "target size")
    if not target_width > 0:
        raise ValueError("target_width must be > 0.")
    if not target_height > 0:
        raise ValueError("target_height must be > 0.")
    _, height, width, _ = _dims(image)
    # TensorFlow's float32 ops on sizes it knows: the same arithmetic in NumPy's float32.
    f_height, f_width = np.float32(height), np.float32(width)
    f_target_height, f_target_width = np.float32(target_height), np.float32(target_width)
    ratio = max(f_width / f_target_width, f_height / f_target_height)
    resized_height_float = f_height / ratio
    resized_width_float = f_width / ratio
    resized_height = int(np.floor(resized_height_float))
    resized_width = int(np.floor(resized_width_float))
    padding_height = (f_target_height - resized_height_float) / np.float32(2)
    padding_width = (f_target_width - resized_width_float) / np.float32(2)
    p_height = max(0, int(np.floor(padding_height)))
    p_width = max(0, int(np.floor(padding_width)))
    resized = resize(image, [resized_height, resized_width], method, antialias=antialias)
    padded = pad_to_bounding_box(resized, p_height, p_width, target_height, target_width)
    return _unbatch(padded, is_batch)

