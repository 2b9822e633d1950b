"""`tf.keras.layers`: Keras 3's layers (varrt/layers)."""
from varrt.layers.activation import Activation  # noqa: F401
from varrt.layers.dense import Dense  # noqa: F401
from varrt.layers.input_layer import Input, InputLayer  # noqa: F401
from varrt.layers.input_spec import InputSpec  # noqa: F401
from varrt.layers.layer import Layer  # noqa: F401
from varrt.layers.conv import Conv1D, Conv2D  # noqa: F401
from varrt.layers.global_pooling import (GlobalAveragePooling1D, GlobalAveragePooling2D,  # noqa: F401
                                         GlobalMaxPooling1D, GlobalMaxPooling2D)
from varrt.layers.pooling import AveragePooling1D, AveragePooling2D, MaxPooling1D, MaxPooling2D  # noqa: F401
