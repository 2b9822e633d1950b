"""`tf.keras.datasets.cifar10`."""
from varrt.datasets.cifar10 import load_data  # noqa: F401
