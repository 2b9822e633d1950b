"""`tf.keras.datasets.mnist`."""
from varrt.datasets.mnist import load_data  # noqa: F401
