"""`Rescaling` (keras/src/layers/preprocessing/rescaling.py): `inputs * scale + offset` in the
compute dtype, for inputs of any numeric dtype (an integer image becomes floats)."""
from varrt.layers.data_layer import DataLayer, to_dtype
from varrt.saving import serialization_lib


class Rescaling(DataLayer):
    """Rescales the inputs to a new range (`tf.keras.layers.Rescaling`).

    Args:
        scale: The factor the inputs are multiplied by (a float, or one per channel).
        offset: What is added after scaling (a float, or one per channel).
        **kwargs: `Layer`'s arguments (`name`, `dtype`, ...).
    """

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.supports_masking = True

    def call(self, inputs):
        dtype = self.compute_dtype
        # Keras reshapes a per-channel scale for channels_first images; varrt's image data
        # format is always channels_last, where the scale broadcasts as given.
        return to_dtype(inputs, dtype) * to_dtype(self.scale, dtype) + to_dtype(self.offset, dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"scale": serialization_lib.serialize_keras_object(self.scale),
                       "offset": serialization_lib.serialize_keras_object(self.offset)})
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["scale"] = serialization_lib.deserialize_keras_object(config["scale"], custom_objects=custom_objects)
        config["offset"] = serialization_lib.deserialize_keras_object(config["offset"], custom_objects=custom_objects)
        return cls(**config)
