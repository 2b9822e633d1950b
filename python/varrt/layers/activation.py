"""`Activation`: applies an activation function (keras/src/layers/activations/activation.py)."""
from varrt.layers import activations
from varrt.layers.layer import Layer


class Activation(Layer):
    """Applies `activation` (a name or callable) to its input (`tf.keras.layers.Activation`)."""

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)
        self.built = True
        self._lock_state()

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"activation": activations.serialize(self.activation)}
        return {**super().get_config(), **config}
