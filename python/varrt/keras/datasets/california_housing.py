"""`tf.keras.datasets.california_housing`."""
from varrt.datasets.california_housing import load_data  # noqa: F401
