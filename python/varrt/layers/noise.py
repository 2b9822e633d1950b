"""The noise layers (keras/src/layers/regularization/): `SpatialDropout1D/2D/3D` (whole
feature maps dropped), `GaussianNoise` (additive N(0, stddev)) and `GaussianDropout`
(multiplicative N(1, rate / (1 - rate))), active in training only and drawn, like `Dropout`,
from the layer's `SeedGenerator` with TensorFlow's stateless ops."""
import math

from varrt.layers import dynamic_shape, keras_random
from varrt.layers.conv_arguments import standardize_data_format
from varrt.layers.dropout import Dropout, check_rate
from varrt.layers.input_spec import InputSpec
from varrt.layers.seed_generator import SeedGenerator, SeededLayer
from varrt.ops import array_ops


class BaseSpatialDropout(Dropout):
    """Dropout with one decision per sample and channel (`_get_noise_shape` says which axes)."""

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            return keras_random.dropout(inputs, self.rate, noise_shape=self._get_noise_shape(inputs),
                                        seed=self.seed_generator)
        return inputs

    def get_config(self):
        return {"rate": self.rate, "seed": self.seed, "name": self.name, "dtype": self.dtype}


class SpatialDropout1D(BaseSpatialDropout):
    """Drops whole channels of `(batch, steps, channels)` inputs (`tf.keras.layers.SpatialDropout1D`)."""

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.input_spec = InputSpec(ndim=3)

    def _get_noise_shape(self, inputs):
        input_shape = dynamic_shape.shape(inputs)
        return (input_shape[0], 1, input_shape[2])


class SpatialDropout2D(BaseSpatialDropout):
    """Drops whole feature maps of 4-d inputs (`tf.keras.layers.SpatialDropout2D`)."""

    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=4)

    def _get_noise_shape(self, inputs):
        input_shape = dynamic_shape.shape(inputs)
        if self.data_format == "channels_first":
            return (input_shape[0], input_shape[1], 1, 1)
        return (input_shape[0], 1, 1, input_shape[3])

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}


class SpatialDropout3D(BaseSpatialDropout):
    """Drops whole feature volumes of 5-d inputs (`tf.keras.layers.SpatialDropout3D`)."""

    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=5)

    def _get_noise_shape(self, inputs):
        input_shape = dynamic_shape.shape(inputs)
        if self.data_format == "channels_first":
            return (input_shape[0], input_shape[1], 1, 1, 1)
        return (input_shape[0], 1, 1, 1, input_shape[4])

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}


class GaussianNoise(SeededLayer):
    """Adds N(0, stddev) noise in training (`tf.keras.layers.GaussianNoise`)."""

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(**kwargs)
        check_rate(stddev, "stddev")
        self.stddev = stddev
        self.seed = seed
        if stddev > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True
        self._lock_state()

    def call(self, inputs, training=False):
        if training and self.stddev > 0:
            return inputs + keras_random.normal(shape=array_ops.shape(inputs), mean=0.0, stddev=self.stddev,
                                                dtype=self.compute_dtype, seed=self.seed_generator)
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "stddev": self.stddev, "seed": self.seed}


class GaussianDropout(SeededLayer):
    """Multiplies by N(1, sqrt(rate / (1 - rate))) noise in training (`tf.keras.layers.GaussianDropout`)."""

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(**kwargs)
        check_rate(rate)
        self.rate = rate
        self.seed = seed
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True
        self._lock_state()

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            stddev = math.sqrt(self.rate / (1.0 - self.rate))
            return inputs * keras_random.normal(shape=array_ops.shape(inputs), mean=1.0, stddev=stddev,
                                                dtype=self.compute_dtype, seed=self.seed_generator)
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "rate": self.rate, "seed": self.seed}
