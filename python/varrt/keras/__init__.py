"""The few `tf.keras` names varrt provides (`varrt.keras.initializers`, `varrt.keras.losses`); not a Keras."""
from varrt.keras import initializers, losses  # noqa: F401
