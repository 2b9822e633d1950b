"""`Dropout` (keras/src/layers/regularization/dropout.py): in training, a `rate` fraction of the
inputs set to 0 and the rest scaled by 1 / (1 - rate), drawn with TensorFlow's stateless dropout
from the layer's `SeedGenerator` (so a seeded layer drops what Keras's drops)."""
from varrt.layers import keras_random
from varrt.layers.seed_generator import SeedGenerator, SeededLayer


def _noise_shape_error(detail):
    return ValueError(f"Invalid value received for argument `noise_shape`. {detail}")


def validate_noise_shape(noise_shape):
    """Keras's checks of `noise_shape`: a tuple of positive ints or None."""
    if noise_shape is None:
        return None
    if isinstance(noise_shape, str):
        raise _noise_shape_error(f"Expected a tuple or list of integers. Received: noise_shape={noise_shape}")
    if not isinstance(noise_shape, tuple):
        try:
            noise_shape = tuple(noise_shape)
        except TypeError:
            raise _noise_shape_error("Expected an iterable of integers (e.g., a tuple or list). "
                                     f"Received: noise_shape={noise_shape}") from None
    for i, dim in enumerate(noise_shape):
        if dim is not None:
            if not isinstance(dim, int):
                raise _noise_shape_error("Expected all elements to be integers or None. "
                                         f"Received element at index {i}: {dim} (type: {type(dim).__name__})")
            if dim <= 0:
                raise _noise_shape_error("Expected all dimensions to be positive integers or None. "
                                         f"Received negative or zero value at index {i}: {dim}")
    return noise_shape


def check_rate(rate, argument="rate"):
    """Keras's range check of a dropout rate or noise level (0 to 1)."""
    if not 0 <= rate <= 1:
        raise ValueError(f"Invalid value received for argument `{argument}`. Expected a float value between 0 and 1. "
                         f"Received: {argument}={rate}")


class Dropout(SeededLayer):
    """Randomly sets inputs to 0 in training (`tf.keras.layers.Dropout`).

    Args:
        rate: The fraction of the inputs to drop, 0 to 1.
        noise_shape: The shape of the dropout mask (None: the input's); None entries take the
            input's size, 1 shares the mask along that axis.
        seed: The seed of the layer's `SeedGenerator` (None: a random one).
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        check_rate(rate)
        self.rate = rate
        self.seed = seed
        self.noise_shape = validate_noise_shape(noise_shape)
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True
        self._lock_state()

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            return keras_random.dropout(inputs, self.rate, noise_shape=self.noise_shape, seed=self.seed_generator)
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape}
        return {**super().get_config(), **config}
