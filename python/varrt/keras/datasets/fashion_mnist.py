"""`tf.keras.datasets.fashion_mnist`."""
from varrt.datasets.fashion_mnist import load_data  # noqa: F401
