"""`tf.keras.preprocessing`: Keras 3's legacy preprocessing modules, as far as varrt has them
(`sequence.pad_sequences`); the other names of Keras's say varrt does not implement them yet."""
from varrt.keras.preprocessing import image, sequence, text  # noqa: F401
