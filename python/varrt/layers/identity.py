"""`Identity` (keras/src/layers/core/identity.py): returns its input, a placeholder layer."""
from varrt.layers.layer import Layer


class Identity(Layer):
    """Returns its input unchanged (`tf.keras.layers.Identity`)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.built = True
        self._lock_state()

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape
