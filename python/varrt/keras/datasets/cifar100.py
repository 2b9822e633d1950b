"""`tf.keras.datasets.cifar100`."""
from varrt.datasets.cifar100 import load_data  # noqa: F401
