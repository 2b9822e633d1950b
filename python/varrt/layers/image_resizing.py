"""Keras 3's `Resizing` and `CenterCrop` (keras/src/layers/preprocessing/image_preprocessing/
resizing.py, center_crop.py) on tf.image's bilinear resize, as Keras's TensorFlow backend runs
them: Resizing keeps an integer image's dtype (rounded and saturated back), CenterCrop slices the
centre, or crops the largest centred region of the target's aspect ratio and resizes it
(Keras's `smart_resize`) when the image is smaller than the target."""
import numpy as np

from varrt.layers import dynamic_shape
from varrt.layers.image_preprocessing import BaseImagePreprocessingLayer
from varrt.ops import array_ops, math_ops
from varrt.ops.image_ops import resize
from varrt.ops.saturate_cast import saturate_cast

# Keras's TensorFlow backend's resize interpolations (backend/tensorflow/image.py).
RESIZE_INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5", "bicubic", "area")


def _crop_box(height, width, target_height, target_width):
    """The largest centred box of the target's aspect ratio: (top, left, height, width), in
    float32 as Keras's TensorFlow resize computes it (equal to smart_resize's float64 here)."""
    f32 = np.float32
    crop_height = int(f32(width * target_height) / f32(target_width))
    crop_height = max(min(height, crop_height), 1)
    crop_width = int(f32(height * target_width) / f32(target_height))
    crop_width = max(min(width, crop_width), 1)
    return int(f32(height - crop_height) / f32(2)), int(f32(width - crop_width) / f32(2)), crop_height, crop_width


def _crop(images, box):
    top, left, height, width = box
    if len(images.shape) == 4:
        return images[:, top:top + height, left:left + width, :]
    return images[top:top + height, left:left + width, :]


def keras_resize(images, size, interpolation="bilinear", antialias=False, crop_to_aspect_ratio=False,
                 pad_to_aspect_ratio=False, fill_mode="constant", fill_value=0.0):
    """Keras's TensorFlow `image.resize` (channels_last): tf.image.resize, after a centred crop
    or pad to the target's aspect ratio when asked."""
    if interpolation not in RESIZE_INTERPOLATIONS:
        raise ValueError("Invalid value for argument `interpolation`. Expected of one "
                         f"{RESIZE_INTERPOLATIONS}. Received: interpolation={interpolation}")
    if fill_mode != "constant":
        raise ValueError(f"Invalid value for argument `fill_mode`. Only `'constant'` is supported. Received: "
                         f"fill_mode={fill_mode}")
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.")
    if not len(size) == 2:
        raise ValueError(f"Argument `size` must be a tuple of two elements (height, width). Received: size={size}")
    size = tuple(size)
    if len(images.shape) not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). Received "
                         f"input with shape: images.shape={images.shape}")
    if crop_to_aspect_ratio or pad_to_aspect_ratio:
        shape = dynamic_shape.shape(images)
        height, width = shape[-3], shape[-2]
        if not isinstance(height, int) or not isinstance(width, int):
            raise NotImplementedError("varrt's Resizing does not implement crop_to_aspect_ratio or "
                                      "pad_to_aspect_ratio for images whose size is known only when the graph "
                                      "runs yet.")
        if crop_to_aspect_ratio:
            images = _crop(images, _crop_box(height, width, *size))
        else:
            images = _pad(images, height, width, size, fill_value)
    return resize(images, size, method=interpolation, antialias=antialias)


def _pad(images, height, width, size, fill_value):
    """Keras's pad to the target's aspect ratio: `fill_value` rows above and below, or columns
    left and right (float32 arithmetic on the sizes, as Keras's TensorFlow resize)."""
    f32 = np.float32
    target_height, target_width = size
    pad_height = max(height, int(f32(width * target_height) / f32(target_width)))
    pad_width = max(width, int(f32(height * target_width) / f32(target_height)))
    img_box_hstart = int(f32(pad_height - height) / f32(2))
    img_box_wstart = int(f32(pad_width - width) / f32(2))
    shape = dynamic_shape.shape(images)
    lead, channels = shape[:-3], shape[-1]
    axis = len(lead)
    if img_box_hstart > 0:
        band = array_ops.ones(dynamic_shape.pack(lead + (img_box_hstart, width, channels)), dtype=images.dtype)
        band = band * fill_value
        images = array_ops.concat([band, images, band], axis=axis)
    if img_box_wstart > 0:
        band = array_ops.ones(dynamic_shape.pack(lead + (height, img_box_wstart, channels)), dtype=images.dtype)
        band = band * fill_value
        images = array_ops.concat([band, images, band], axis=axis + 1)
    return images


class Resizing(BaseImagePreprocessingLayer):
    """Resizes images to `height` x `width` (`tf.keras.layers.Resizing`).

    Args:
        height: The output height.
        width: The output width.
        interpolation: "bilinear" or "nearest" (varrt builds only these).
        crop_to_aspect_ratio: Crop the largest centred region of the output's aspect ratio first.
        pad_to_aspect_ratio: Pad to the output's aspect ratio first (with `fill_value`).
        fill_mode: "constant", the padding's mode.
        fill_value: The padding's value.
        antialias: Antialiasing while downsampling (varrt does not build it).
        data_format: "channels_last" (varrt builds only it).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height, width, interpolation="bilinear", crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
                 fill_mode="constant", fill_value=0.0, antialias=False, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height = height
        self.width = width
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self.pad_to_aspect_ratio = pad_to_aspect_ratio
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.antialias = bool(antialias)

    def _transform_images(self, images, transformation, interpolation):
        resized = keras_resize(images, (self.height, self.width), interpolation=interpolation,
                               antialias=self.antialias, crop_to_aspect_ratio=self.crop_to_aspect_ratio,
                               pad_to_aspect_ratio=self.pad_to_aspect_ratio, fill_mode=self.fill_mode,
                               fill_value=self.fill_value)
        if resized.dtype == images.dtype:
            return resized
        if images.dtype.is_integer:
            resized = math_ops.round(resized)
        return saturate_cast(resized, images.dtype)

    def transform_images(self, images, transformation=None, training=True):
        """The images resized (in any mode), in their own dtype."""
        return self._transform_images(images, transformation, self.interpolation)

    def compute_output_shape(self, input_shape):
        input_shape = list(input_shape)
        if len(input_shape) == 4:
            input_shape[1], input_shape[2] = self.height, self.width
        else:
            input_shape[0], input_shape[1] = self.height, self.width
        return tuple(input_shape)

    def get_config(self):
        base_config = super().get_config()
        config = {"height": self.height, "width": self.width, "interpolation": self.interpolation,
                  "crop_to_aspect_ratio": self.crop_to_aspect_ratio, "pad_to_aspect_ratio": self.pad_to_aspect_ratio,
                  "fill_mode": self.fill_mode, "fill_value": self.fill_value, "antialias": self.antialias,
                  "data_format": self.data_format}
        return {**base_config, **config}


class CenterCrop(BaseImagePreprocessingLayer):
    """Crops the centre `height` x `width` of images (`tf.keras.layers.CenterCrop`); an image
    smaller than that is cropped to the target's aspect ratio and resized.

    Args:
        height: The output height.
        width: The output width.
        data_format: "channels_last" (varrt builds only it).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height, width, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height = height
        self.width = width

    def get_random_transformation(self, data, training=True, seed=None):
        return {"input_shape": dynamic_shape.shape(data)}

    def transform_images(self, images, transformation=None, training=True):
        """The centre of the images (in any mode), in the compute dtype."""
        inputs = math_ops.cast(images, self.compute_dtype)
        shape = dynamic_shape.shape(inputs)
        init_height, init_width = shape[-3], shape[-2]
        h_diff = init_height - self.height
        w_diff = init_width - self.width
        h_start = h_diff // 2
        w_start = w_diff // 2
        if (not isinstance(h_diff, int) or h_diff >= 0) and (not isinstance(w_diff, int) or w_diff >= 0):
            return _crop(inputs, (h_start, w_start, self.height, self.width))
        if not isinstance(init_height, int) or not isinstance(init_width, int):
            raise NotImplementedError("varrt's CenterCrop does not implement images whose size is known only when "
                                      "the graph runs yet.")
        inputs = _crop(inputs, _crop_box(init_height, init_width, self.height, self.width))
        return resize(inputs, (self.height, self.width))

    def compute_output_shape(self, input_shape):
        input_shape = list(input_shape)
        if isinstance(input_shape[0], (list, tuple)) or len(input_shape) not in (3, 4):
            raise ValueError("`input_shape` must be a non-nested tuple or list of rank-1 with size 3 (unbatched) or 4 "
                             "(batched). ")
        if len(input_shape) == 4:
            input_shape[1], input_shape[2] = self.height, self.width
        else:
            input_shape[0], input_shape[1] = self.height, self.width
        return tuple(input_shape)

    def get_config(self):
        base_config = super().get_config()
        config = {"height": self.height, "width": self.width, "data_format": self.data_format}
        return {**base_config, **config}
