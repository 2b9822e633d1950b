"""`Masking` (keras/src/layers/core/masking.py): masks the time steps whose features all equal
`mask_value`, zeroes them, and attaches the mask for the layers after it."""
from varrt.framework.keras_mask import set_keras_mask
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import keras_ops
from varrt.layers.layer import Layer
from varrt.ops import array_ops, index_ops
from varrt.saving import serialization_lib


class Masking(Layer):
    """Skips the time steps equal to `mask_value` in every feature (`tf.keras.layers.Masking`).

    Args:
        mask_value: The padding value (a number).
    """

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        if isinstance(mask_value, dict) and mask_value.get("config", None):
            mask_value = serialization_lib.deserialize_keras_object(mask_value)
        self.mask_value = mask_value
        self.supports_masking = True
        self.built = True  # no weights: Keras's _build_at_init
        self._lock_state()

    def _kept(self, inputs, keepdims):
        # On a KerasTensor (a model being built) these are the NotEqual and Any operations Keras records.
        return keras_ops.keras_any(inputs != self.mask_value, axis=-1, keepdims=keepdims)

    def compute_mask(self, inputs, mask=None):
        return self._kept(inputs, keepdims=False)

    def call(self, inputs):
        boolean_mask = self._kept(inputs, keepdims=True)
        outputs = index_ops.where(boolean_mask, inputs, convert_to_tensor(0, dtype=inputs.dtype))
        set_keras_mask(outputs, array_ops.squeeze(boolean_mask, axis=-1))
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "mask_value": self.mask_value}
