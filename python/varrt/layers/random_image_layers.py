"""Keras 3's `RandomFlip`, `RandomCrop`, `RandomContrast` and `RandomBrightness`
(keras/src/layers/preprocessing/image_preprocessing/), their draws from the layer's
`SeedGenerator` through TensorFlow's stateless uniform (layers/keras_random.py), so a seeded
layer gives Keras's outputs on TensorFlow. In inference (`training=False`) RandomFlip returns the
images in the compute dtype, RandomCrop the images as they are (Keras crops only in training),
RandomContrast and RandomBrightness the images as they are."""

from varrt.layers import dynamic_shape, keras_random
from varrt.layers.image_preprocessing import BaseImagePreprocessingLayer, keras_mean
from varrt.layers.image_resizing import _crop_box
from varrt.layers.seed_generator import SeedGenerator, make_default_seed
from varrt.ops import array_ops, manip_ops, math_ops
from varrt.ops.image_ops import resize
from varrt.ops.index_ops import where

HORIZONTAL = "horizontal"
VERTICAL = "vertical"
HORIZONTAL_AND_VERTICAL = "horizontal_and_vertical"


class RandomFlip(BaseImagePreprocessingLayer):
    """Flips images at random in training (`tf.keras.layers.RandomFlip`): each image of a batch
    with probability 1/2, horizontally, vertically or both (one draw for both).

    Args:
        mode: "horizontal", "vertical" or "horizontal_and_vertical".
        seed: The seed of the layer's draws.
        data_format: "channels_last" (varrt builds only it).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _USE_BASE_FACTOR = False
    _convert_input_args = False
    _allow_non_tensor_positional_args = True

    def __init__(self, mode=HORIZONTAL_AND_VERTICAL, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self.mode = mode

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        shape = dynamic_shape.shape(data)
        flips_shape = (1, 1, 1) if len(shape) == 3 else (shape[0], 1, 1, 1)
        seed = self.generator if seed is None else seed
        flips = math_ops.less_equal(keras_random.uniform(shape=dynamic_shape.pack(flips_shape), seed=seed), 0.5)
        return {"flips": flips, "input_shape": shape}

    def transform_images(self, images, transformation, training=True):
        images = math_ops.cast(images, self.compute_dtype)
        if training:
            return self._flip_inputs(images, transformation)
        return images

    def _flip_inputs(self, inputs, transformation):
        if transformation is None:
            return inputs
        flips = transformation["flips"]
        flipped = inputs
        if self.mode == HORIZONTAL or self.mode == HORIZONTAL_AND_VERTICAL:
            flipped = where(flips, manip_ops.reverse(flipped, [-2]), flipped)
        if self.mode == VERTICAL or self.mode == HORIZONTAL_AND_VERTICAL:
            flipped = where(flips, manip_ops.reverse(flipped, [-3]), flipped)
        return flipped

    def get_config(self):
        config = super().get_config()
        config.update({"seed": self.seed, "mode": self.mode, "data_format": self.data_format})
        return config


class RandomCrop(BaseImagePreprocessingLayer):
    """Crops a `height` x `width` region at random in training (`tf.keras.layers.RandomCrop`);
    an image not larger than that in both sizes is cropped to the target's aspect ratio at its
    centre and resized. Keras returns the images unchanged in inference.

    Args:
        height: The output height.
        width: The output width.
        seed: The seed of the layer's draws (None: Keras draws one).
        data_format: "channels_last" (varrt builds only it).
        name: The layer's name.
        **kwargs: `Layer`'s arguments (`dtype`, ...).
    """

    _USE_BASE_FACTOR = False
    _convert_input_args = False
    _allow_non_tensor_positional_args = True

    def __init__(self, height, width, seed=None, data_format=None, name=None, **kwargs):
        super().__init__(name=name, data_format=data_format, **kwargs)
        self.height = height
        self.width = width
        self.seed = seed if seed is not None else make_default_seed()
        self.generator = SeedGenerator(seed)
        self.supports_masking = False

    def get_random_transformation(self, data, training=True, seed=None):
        seed = self.generator if seed is None else seed
        shape = dynamic_shape.shape(data)
        input_height, input_width = shape[-3], shape[-2]
        if not isinstance(input_height, int) or not isinstance(input_width, int):
            raise ValueError("RandomCrop requires the input to have a fully defined height and width. Received: "
                             f"images.shape={shape}")
        if training and input_height > self.height and input_width > self.width:
            h_start = math_ops.cast(keras_random.uniform((), 0, maxval=float(input_height - self.height + 1),
                                                         seed=seed), "int32")
            w_start = math_ops.cast(keras_random.uniform((), 0, maxval=float(input_width - self.width + 1),
                                                         seed=seed), "int32")
            return h_start, w_start
        h_start, w_start, _, _ = _crop_box(input_height, input_width, self.height, self.width)
        return h_start, w_start

    def transform_images(self, images, transformation, training=True):
        if not training:
            return images
        images = math_ops.cast(images, self.compute_dtype)
        h_start, w_start = transformation
        if isinstance(h_start, int):  # the centre: a slice clipped to the image, as Python's
            if len(images.shape) == 4:
                images = images[:, h_start:h_start + self.height, w_start:w_start + self.width, :]
            else:
                images = images[h_start:h_start + self.height, w_start:w_start + self.width, :]
        else:
            # Keras slices with the drawn starts (always inside the image); varrt's [...] takes
            # no tensor bounds in a graph, its Slice op does (the same elements).
            begin = array_ops.stack([0, h_start, w_start, 0] if len(images.shape) == 4 else [h_start, w_start, 0])
            size = [-1, self.height, self.width, -1] if len(images.shape) == 4 else [self.height, self.width, -1]
            images = manip_ops.slice(images, begin, size)
        shape = dynamic_shape.shape(images)
        if shape[-3] != self.height or shape[-2] != self.width:
            images = math_ops.cast(resize(images, (self.height, self.width)), self.compute_dtype)
        return images

    def compute_output_shape(self, input_shape, *args, **kwargs):
        input_shape = list(input_shape)
        input_shape[-3], input_shape[-2] = self.height, self.width
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"height": self.height, "width": self.width, "seed": self.seed, "data_format": self.data_format})
        return config


def _factor_shape(data):
    shape = dynamic_shape.shape(data)
    if len(shape) == 3:
        return (1, 1, 1)
    if len(shape) == 4:
        return (shape[0], 1, 1, 1)
    raise ValueError(f"Expected the input image to be rank 3 or 4. Received inputs.shape={shape}")


class RandomContrast(BaseImagePreprocessingLayer):
    """Scales each image's distance from its per-channel mean by a random factor in training,
    clipped to `value_range` (`tf.keras.layers.RandomContrast`).

    Args:
        factor: A pair (lower, upper) in [0, 1]: factors are drawn from [1 - lower, 1 + upper];
            a number f is the pair (0, f) (Keras's bounds make its lower end 0).
        value_range: The images' value range, [low, high].
        seed: The seed of the layer's draws.
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(**kwargs)
        self._set_factor(factor)
        self.value_range = value_range
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        factor_shape = _factor_shape(data)
        if not training:
            return None
        seed = self.generator if seed is None else seed
        factor = keras_random.uniform(shape=dynamic_shape.pack(factor_shape), minval=1.0 - self.factor[0],
                                      maxval=1.0 + self.factor[1], seed=seed, dtype=self.compute_dtype)
        return {"contrast_factor": factor}

    def transform_images(self, images, transformation, training=True):
        if not training:
            return images
        inp_mean = keras_mean(keras_mean(images, -3), -2)
        outputs = (images - inp_mean) * transformation["contrast_factor"] + inp_mean
        return math_ops.clip_by_value(outputs, self.value_range[0], self.value_range[1])

    def get_config(self):
        config = {"factor": self.factor, "value_range": self.value_range, "seed": self.seed}
        return {**super().get_config(), **config}


class RandomBrightness(BaseImagePreprocessingLayer):
    """Adds a random brightness delta (a fraction of `value_range`) to each image in training,
    clipped to `value_range` (`tf.keras.layers.RandomBrightness`).

    Args:
        factor: The delta's range, as a fraction of the value range: a number f ([-f, f]) or a pair.
        value_range: The images' value range, [low, high].
        seed: The seed of the layer's draws.
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    _VALUE_RANGE_VALIDATION_ERROR = "The `value_range` argument should be a list of two numbers. "

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, **kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            raise ValueError(self._VALUE_RANGE_VALIDATION_ERROR + f"Received: value_range={value_range}")
        self.value_range = sorted(value_range)

    def get_random_transformation(self, data, training=True, seed=None):
        delta_shape = _factor_shape(data)
        if not training:
            return None
        seed = self.generator if seed is None else seed
        rgb_delta = keras_random.uniform(minval=self.factor[0], maxval=self.factor[1],
                                         shape=dynamic_shape.pack(delta_shape), seed=seed)
        return {"rgb_delta": rgb_delta * (self.value_range[1] - self.value_range[0])}

    def transform_images(self, images, transformation, training=True):
        if not training:
            return images
        images = images + math_ops.cast(transformation["rgb_delta"], images.dtype)
        return math_ops.clip_by_value(images, self.value_range[0], self.value_range[1])

    def get_config(self):
        config = {"factor": self.factor, "value_range": self.value_range, "seed": self.seed}
        return {**super().get_config(), **config}


