"""`tf.keras.preprocessing.sequence`: `pad_sequences`."""
from varrt.keras_utils.sequence_padding import pad_sequences  # noqa: F401
