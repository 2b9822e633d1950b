"""`tf.keras.datasets.boston_housing`."""
from varrt.datasets.boston_housing import load_data  # noqa: F401
