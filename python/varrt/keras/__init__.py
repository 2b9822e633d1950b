"""The few `tf.keras` names varrt provides (`varrt.keras.initializers`); not a Keras."""
from varrt.keras import initializers  # noqa: F401
