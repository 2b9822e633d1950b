"""Keras 3's `RandomRotation`, `RandomZoom` and `RandomTranslation` (keras/src/layers/
preprocessing/image_preprocessing/): each draws its parameters from the layer's `SeedGenerator`
through TensorFlow's stateless uniform (layers/keras_random.py), builds Keras's [batch, 8]
transforms with Keras's arithmetic, and runs Keras's `affine_transform`
(ImageProjectiveTransformV3). In inference (`training=False`) the images come back unchanged, in
the compute dtype."""
from varrt.layers import dynamic_shape, keras_random
from varrt.layers.image_preprocessing import BaseImagePreprocessingLayer, affine_transform
from varrt.layers.seed_generator import SeedGenerator
from varrt.ops import array_ops, math_ops

_SUPPORTED_FILL_MODE = ("reflect", "wrap", "constant", "nearest")
_SUPPORTED_INTERPOLATION = ("nearest", "bilinear")


def _check_modes(fill_mode, interpolation):
    if fill_mode not in _SUPPORTED_FILL_MODE:
        raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Expected of one {_SUPPORTED_FILL_MODE}.")
    if interpolation not in _SUPPORTED_INTERPOLATION:
        raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Expected of one "
                                  f"{_SUPPORTED_INTERPOLATION}.")


def _columns(*columns):
    """Keras's `concatenate([...], axis=1)` of [n, 1] columns."""
    return array_ops.concat(list(columns), axis=1)


def _zeros(n, k=1):
    return array_ops.zeros(dynamic_shape.pack((n, k)), dtype="float32")


def _ones(n):
    return array_ops.ones(dynamic_shape.pack((n, 1)), dtype="float32")


class RandomRotation(BaseImagePreprocessingLayer):
    """Rotates images by a random angle about their centre in training
    (`tf.keras.layers.RandomRotation`).

    Args:
        factor: The angle's range as a fraction of a full turn: a number f ([-f, f]) or a pair.
        fill_mode: How points outside the image are filled: "reflect", "wrap", "constant", "nearest".
        interpolation: "bilinear" or "nearest".
        seed: The seed of the layer's draws.
        fill_value: The value of "constant" filling.
        data_format: "channels_last" (varrt builds only it).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    def __init__(self, factor, fill_mode="reflect", interpolation="bilinear", seed=None, fill_value=0.0,
                 data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.supports_jit = False
        _check_modes(fill_mode, interpolation)

    def _transform_images(self, images, transformation, interpolation):
        return affine_transform(images, transformation["rotation_matrix"], interpolation=interpolation,
                                fill_mode=self.fill_mode, fill_value=self.fill_value)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        shape = dynamic_shape.shape(data)
        if len(shape) == 4:
            batch_size, image_height, image_width = shape[0], shape[1], shape[2]
        else:
            batch_size, image_height, image_width = 1, shape[0], shape[1]
        seed = self.generator if seed is None else seed
        lower = self.factor[0] * 360.0
        upper = self.factor[1] * 360.0
        angle = keras_random.uniform(shape=dynamic_shape.pack((batch_size,)), minval=lower, maxval=upper, seed=seed)
        zeros = array_ops.zeros(dynamic_shape.pack([batch_size]), dtype="float32")
        ones = array_ops.ones(dynamic_shape.pack([batch_size]), dtype="float32")
        rotation_matrix = self.compute_affine_matrix(center_x=0.5, center_y=0.5, angle=angle, translate_x=zeros,
                                                     translate_y=zeros, scale=ones, shear_x=zeros, shear_y=zeros,
                                                     height=image_height, width=image_width)
        if len(shape) == 3:
            rotation_matrix = array_ops.squeeze(rotation_matrix, axis=[0])
        return {"angle": angle, "rotation_matrix": rotation_matrix, "image_height": image_height,
                "image_width": image_width, "batch_size": batch_size}

    def get_config(self):
        config = {"factor": self.factor, "data_format": self.data_format, "fill_mode": self.fill_mode,
                  "fill_value": self.fill_value, "interpolation": self.interpolation, "seed": self.seed}
        return {**super().get_config(), **config}


class _RangedAffine(BaseImagePreprocessingLayer):
    """What RandomZoom and RandomTranslation share: their factors' check and modes."""

    _USE_BASE_FACTOR = False
    _FACTOR_VALIDATION_ERROR = ""

    def _set_factor(self, factor, factor_name):
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2:
                raise ValueError(self._FACTOR_VALIDATION_ERROR + f"Received: {factor_name}={factor}")
            self._check_factor_range(factor[0])
            self._check_factor_range(factor[1])
            lower, upper = sorted(factor)
        elif isinstance(factor, (int, float)):
            self._check_factor_range(factor)
            factor = abs(factor)
            lower, upper = [-factor, factor]
        else:
            raise ValueError(self._FACTOR_VALIDATION_ERROR + f"Received: {factor_name}={factor}")
        return lower, upper

    def _check_factor_range(self, input_number):
        raise NotImplementedError

    def _affine(self, inputs, matrix_of, interpolation, transformation):
        if transformation is None:
            return inputs
        unbatched = len(inputs.shape) == 3
        if unbatched:
            inputs = array_ops.expand_dims(inputs, axis=0)
        outputs = affine_transform(inputs, matrix_of(inputs), interpolation=interpolation, fill_mode=self.fill_mode,
                                   fill_value=self.fill_value)
        return array_ops.squeeze(outputs, axis=[0]) if unbatched else outputs

    def _config(self):
        return {"height_factor": self.height_factor, "width_factor": self.width_factor, "fill_mode": self.fill_mode,
                "interpolation": self.interpolation, "seed": self.seed, "fill_value": self.fill_value,
                "data_format": self.data_format}


class RandomZoom(_RangedAffine):
    """Zooms images in or out by a random factor about their centre in training
    (`tf.keras.layers.RandomZoom`).

    Args:
        height_factor: The vertical zoom's range (a positive value zooms out): a number f
            ([-f, f]) or a pair, in (-1, 1].
        width_factor: The horizontal zoom's range; None zooms both ways by the height's.
        fill_mode: How points outside the image are filled: "reflect", "wrap", "constant", "nearest".
        interpolation: "bilinear" or "nearest".
        seed: The seed of the layer's draws.
        fill_value: The value of "constant" filling.
        data_format: "channels_last" (varrt builds only it).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _FACTOR_VALIDATION_ERROR = ("The `height_factor` and `width_factor` arguments should be a number (or a list of "
                                "two numbers) in the range (-1.0, 1.0]. ")

    def __init__(self, height_factor, width_factor=None, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height_factor = height_factor
        self.height_lower, self.height_upper = self._set_factor(height_factor, "height_factor")
        self.width_factor = width_factor
        if width_factor is not None:
            self.width_lower, self.width_upper = self._set_factor(width_factor, "width_factor")
        _check_modes(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.interpolation = interpolation
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self.supports_jit = False

    def _check_factor_range(self, input_number):
        if input_number > 1.0 or input_number <= -1.0:
            raise ValueError(self._FACTOR_VALIDATION_ERROR + f"Received: input_number={input_number}")

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        shape = dynamic_shape.shape(data)
        zoom_factor_shape = dynamic_shape.pack((shape[0], 1) if len(shape) == 4 else (1, 1))
        seed = self.generator if seed is None else seed
        height_zoom = keras_random.uniform(minval=1.0 + self.height_lower, maxval=1.0 + self.height_upper,
                                           shape=zoom_factor_shape, seed=seed)
        if self.width_factor is not None:
            width_zoom = keras_random.uniform(minval=1.0 + self.width_lower, maxval=1.0 + self.width_upper,
                                              shape=zoom_factor_shape, seed=seed)
        else:
            width_zoom = height_zoom
        return {"height_zoom": height_zoom, "width_zoom": width_zoom, "input_shape": shape}

    def _transform_images(self, images, transformation, interpolation):
        if transformation is None:
            return images
        zooms = math_ops.cast(array_ops.concat([transformation["width_zoom"], transformation["height_zoom"]], axis=1),
                              "float32")
        return self._affine(images, lambda inputs: self._get_zoom_matrix(zooms, *dynamic_shape.shape(inputs)[1:3]),
                            interpolation, transformation)

    def _get_zoom_matrix(self, zooms, image_height, image_width):
        num_zooms = dynamic_shape.shape(zooms)[0]
        x_offset = ((math_ops.cast(image_width, "float32") - 1.0) / 2.0) * (1.0 - zooms[:, 0:1])
        y_offset = ((math_ops.cast(image_height, "float32") - 1.0) / 2.0) * (1.0 - zooms[:, 1:])
        return _columns(zooms[:, 0:1], _zeros(num_zooms), x_offset, _zeros(num_zooms), zooms[:, 1:], y_offset,
                        _zeros(num_zooms, 2))

    def get_config(self):
        return {**super().get_config(), **self._config()}


class RandomTranslation(_RangedAffine):
    """Shifts images by a random fraction of their height and width in training
    (`tf.keras.layers.RandomTranslation`).

    Args:
        height_factor: The vertical shift's range as a fraction of the height: a number f
            ([-f, f]) or a pair, in [-1, 1].
        width_factor: The horizontal shift's range as a fraction of the width.
        fill_mode: How points outside the image are filled: "reflect", "wrap", "constant", "nearest".
        interpolation: "bilinear" or "nearest".
        seed: The seed of the layer's draws.
        fill_value: The value of "constant" filling.
        data_format: "channels_last" (varrt builds only it).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _FACTOR_VALIDATION_ERROR = ("The `factor` argument should be a number (or a list of two numbers) in the range "
                                "[-1.0, 1.0]. ")

    def __init__(self, height_factor, width_factor, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height_factor = height_factor
        self.height_lower, self.height_upper = self._set_factor(height_factor, "height_factor")
        self.width_factor = width_factor
        self.width_lower, self.width_upper = self._set_factor(width_factor, "width_factor")
        _check_modes(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.interpolation = interpolation
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self.supports_jit = False

    def _check_factor_range(self, input_number):
        if input_number > 1.0 or input_number < -1.0:
            raise ValueError(self._FACTOR_VALIDATION_ERROR + f"Received: input_number={input_number}")

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        shape = dynamic_shape.shape(data)
        batch_size = 1 if len(shape) == 3 else shape[0]
        height, width = shape[-3], shape[-2]
        seed = self.generator if seed is None else seed
        translate_shape = dynamic_shape.pack([batch_size, 1])
        height_translate = keras_random.uniform(minval=self.height_lower, maxval=self.height_upper,
                                                shape=translate_shape, seed=seed)
        height_translate = math_ops.multiply(height_translate, math_ops.cast(height, "float32"))
        width_translate = keras_random.uniform(minval=self.width_lower, maxval=self.width_upper,
                                               shape=translate_shape, seed=seed)
        width_translate = math_ops.multiply(width_translate, math_ops.cast(width, "float32"))
        translations = math_ops.cast(array_ops.concat([width_translate, height_translate], axis=1), "float32")
        return {"translations": translations, "input_shape": shape}

    def _transform_images(self, images, transformation, interpolation):
        if transformation is None:
            return images
        translations = transformation["translations"]

        def matrix(inputs):
            n = dynamic_shape.shape(translations)[0]
            return _columns(_ones(n), _zeros(n), -translations[:, 0:1], _zeros(n), _ones(n), -translations[:, 1:],
                            _zeros(n, 2))
        return self._affine(images, matrix, interpolation, transformation)

    def get_config(self):
        return {**super().get_config(), **self._config()}
