"""The few `tf.keras` names varrt provides (`varrt.keras.initializers`, `varrt.keras.losses`,
`varrt.keras.optimizers`); not a Keras."""
from varrt.keras import initializers, losses, optimizers  # noqa: F401
