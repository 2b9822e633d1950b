"""The `tf.keras` names varrt provides so far (Keras 3's, as TensorFlow 2.21 ships it):
`layers` (Layer, Dense, Activation), `activations`, `regularizers`, `constraints`, `initializers`,
`losses`, `optimizers`,
`Layer`, `Variable` (Keras's variable), `InputSpec`, `DTypePolicy`."""
from varrt.keras import activations, constraints, initializers, layers, losses, optimizers, regularizers  # noqa: F401
from varrt.layers.dtype_policy import DTypePolicy  # noqa: F401
from varrt.layers.input_spec import InputSpec  # noqa: F401
from varrt.layers.keras_variable import KerasVariable as Variable  # noqa: F401
from varrt.layers.layer import Layer  # noqa: F401
