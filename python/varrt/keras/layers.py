"""`tf.keras.layers`: Keras 3's layers (varrt/layers)."""
from varrt.layers.activation import Activation  # noqa: F401
from varrt.layers.dense import Dense  # noqa: F401
from varrt.layers.input_layer import Input, InputLayer  # noqa: F401
from varrt.layers.input_spec import InputSpec  # noqa: F401
from varrt.layers.layer import Layer  # noqa: F401
