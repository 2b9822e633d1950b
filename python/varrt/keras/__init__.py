"""The few `tf.keras` names varrt provides (`varrt.keras.initializers`, `varrt.keras.optimizers`); not a Keras."""
from varrt.keras import initializers, optimizers  # noqa: F401
