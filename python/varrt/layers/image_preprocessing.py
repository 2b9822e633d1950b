"""`BaseImagePreprocessingLayer` (keras/src/layers/preprocessing/image_preprocessing/
base_image_preprocessing_layer.py): what Keras 3's image preprocessing and augmentation layers
share. A call draws the layer's random transformation once (`get_random_transformation`),
then applies it to a batch [batch, height, width, channels] or to one image (made a batch of
one and back); Keras's `factor` rule; the affine matrix of a rotation, scale, shear and
translation about a centre (`compute_affine_matrix`) and Keras's TensorFlow `affine_transform`
(ImageProjectiveTransformV3, ops/image_transform_ops.py).

varrt builds image inputs only: a dict of images with labels, bounding boxes or segmentation
masks, and the "channels_first" data format, raise NotImplementedError saying so."""
import math

from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers import dynamic_shape
from varrt.layers.conv_arguments import standardize_data_format
from varrt.layers.data_layer import DataLayer
from varrt.layers.seed_generator import SeededLayer
from varrt.ops import array_ops, math_ops, reduction_ops
from varrt.ops.ensure_shape import ensure_shape
from varrt.ops.image_transform_ops import image_projective_transform_v3

AFFINE_INTERPOLATIONS = ("nearest", "bilinear")
AFFINE_FILL_MODES = ("constant", "nearest", "wrap", "mirror", "reflect")


def check_channels_last(data_format, layer):
    """The data format varrt's image layers build."""
    if data_format != "channels_last":
        raise NotImplementedError(f"varrt's {layer} does not implement data_format={data_format!r} yet (only "
                                  "'channels_last').")


def keras_mean(x, axis):
    """Keras's `ops.mean(x, axis, keepdims=True)` on TensorFlow: integers averaged as float32."""
    if not x.dtype.is_floating:
        x = math_ops.cast(x, "float32")
    return reduction_ops.reduce_mean(x, axis=axis, keepdims=True)


def affine_transform(images, transform, interpolation="bilinear", fill_mode="constant", fill_value=0):
    """Keras's TensorFlow `image.affine_transform`: images (3-D or a 4-D batch) through
    ImageProjectiveTransformV3 with one transform (8 values) or one per image."""
    if interpolation not in AFFINE_INTERPOLATIONS:
        raise ValueError("Invalid value for argument `interpolation`. Expected of one "
                         f"{AFFINE_INTERPOLATIONS}. Received: interpolation={interpolation}")
    if fill_mode not in AFFINE_FILL_MODES:
        raise ValueError(f"Invalid value for argument `fill_mode`. Expected of one {AFFINE_FILL_MODES}. "
                         f"Received: fill_mode={fill_mode}")
    if fill_mode == "mirror":
        raise NotImplementedError("varrt's affine_transform does not implement fill_mode='mirror' yet.")
    if len(images.shape) not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). Received "
                         f"input with shape: images.shape={images.shape}")
    if len(transform.shape) not in (1, 2):
        raise ValueError("Invalid transform rank: expected rank 1 (single transform) or rank 2 (batch of "
                         f"transforms). Received input with shape: transform.shape={transform.shape}")
    need_squeeze = len(images.shape) == 3
    if need_squeeze:
        images = array_ops.expand_dims(images, axis=0)
    if len(transform.shape) == 1:
        transform = array_ops.expand_dims(transform, axis=0)
    affined = image_projective_transform_v3(
        images=images, transforms=math_ops.cast(transform, "float32"), output_shape=array_ops.shape(images)[1:-1],
        fill_value=fill_value, interpolation=interpolation.upper(), fill_mode=fill_mode.upper())
    affined = ensure_shape(affined, images.shape)
    return array_ops.squeeze(affined, axis=[0]) if need_squeeze else affined


class BaseImagePreprocessingLayer(DataLayer, SeededLayer):
    """The base of Keras's image preprocessing layers (`factor`, `data_format`, the call)."""

    _USE_BASE_FACTOR = True
    _FACTOR_BOUNDS = (-1, 1)
    _keras_public_names = ()  # Keras does not export it

    def __init__(self, factor=None, bounding_box_format=None, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.bounding_box_format = bounding_box_format
        self.data_format = standardize_data_format(data_format)
        check_channels_last(self.data_format, type(self).__name__)
        if self._USE_BASE_FACTOR:
            factor = factor or 0.0
            self._set_factor(factor)
        elif factor is not None:
            raise ValueError(f"Layer {self.__class__.__name__} does not take a `factor` argument. Received: "
                             f"factor={factor}")

    def _set_factor(self, factor):
        error_msg = ("The `factor` argument should be a number (or a list of two numbers) in the range "
                     f"[{self._FACTOR_BOUNDS[0]}, {self._FACTOR_BOUNDS[1]}]. Received: factor={factor}")
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2:
                raise ValueError(error_msg)
            if factor[0] > self._FACTOR_BOUNDS[1] or factor[1] < self._FACTOR_BOUNDS[0]:
                raise ValueError(error_msg)
            lower, upper = sorted(factor)
        elif isinstance(factor, (int, float)):
            if factor < self._FACTOR_BOUNDS[0] or factor > self._FACTOR_BOUNDS[1]:
                raise ValueError(error_msg)
            factor = abs(factor)
            lower, upper = [max(-factor, self._FACTOR_BOUNDS[0]), factor]
        else:
            raise ValueError(error_msg)
        self.factor = lower, upper

    def get_random_transformation(self, data, training=True, seed=None):
        """The transformation of one call (None: the layer has none)."""
        return None

    def _transform_images(self, images, transformation, interpolation):
        raise NotImplementedError()

    def transform_images(self, images, transformation, training=True):
        """A batch of images in the compute dtype, transformed when training."""
        images = math_ops.cast(images, self.compute_dtype)
        if training:
            images = self._transform_images(images, transformation, self.interpolation)
        return images

    def transform_single_image(self, image, transformation, training=True):
        """One image, as a batch of one."""
        images = array_ops.expand_dims(image, axis=0)
        outputs = self.transform_images(images, transformation=transformation, training=training)
        return array_ops.squeeze(outputs, axis=[0])

    def _is_batched(self, maybe_image_batch):
        shape = dynamic_shape.shape(maybe_image_batch)
        if len(shape) == 3:
            return False
        if len(shape) == 4:
            return True
        raise ValueError("Expected image tensor to have rank 3 (single image) or 4 (batch of images). Received: "
                         f"data.shape={shape}")

    def call(self, data, training=True):
        if isinstance(data, dict):
            raise NotImplementedError(f"varrt's {type(self).__name__} does not implement dict inputs (labels, "
                                      "bounding boxes, segmentation masks) yet.")
        data = data if isinstance(data, Tensor) else convert_to_tensor(data)  # Keras's ops.shape reads arrays too
        transformation = self.get_random_transformation(data, training=training)
        if self._is_batched(data):
            return self.transform_images(data, transformation=transformation, training=training)
        return self.transform_single_image(data, transformation=transformation, training=training)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format})
        if self.bounding_box_format is not None:
            config.update({"bounding_box_format": self.bounding_box_format})
        return config

    def compute_affine_matrix(self, center_x, center_y, angle, translate_x, translate_y, scale, shear_x, shear_y,
                              height, width):
        """Keras's `_compute_affine_matrix`: [batch, 8] transforms (angles and shears in degrees)."""
        degree_to_radian_factor = convert_to_tensor(math.pi / 180.0, dtype="float32")
        angle = angle * degree_to_radian_factor
        shear_x = shear_x * degree_to_radian_factor
        shear_y = shear_y * degree_to_radian_factor
        batch_size = dynamic_shape.shape(angle)[0]
        dtype = angle.dtype
        width = math_ops.cast(width, dtype)
        height = math_ops.cast(height, dtype)
        cx = center_x * (width - 1)
        cy = center_y * (height - 1)
        cos_theta = math_ops.cos(angle)
        sin_theta = math_ops.sin(angle)
        shear_x = math_ops.tan(shear_x)
        shear_y = math_ops.tan(shear_y)
        a0 = scale * (cos_theta + shear_x * sin_theta)
        a1 = scale * (-sin_theta + shear_x * cos_theta)
        a2 = translate_x + cx - cx * a0 - cy * a1
        b0 = scale * (shear_y * cos_theta + sin_theta)
        b1 = scale * (shear_y * -sin_theta + cos_theta)
        b2 = translate_y + cy - cx * b0 - cy * b1
        columns = [array_ops.expand_dims(c, 1) for c in (a0, a1, a2, b0, b1, b2)]
        zeros = array_ops.zeros(dynamic_shape.pack((batch_size, 2)), dtype="float32")
        return array_ops.concat(columns + [zeros], axis=1)
