"""`tf.keras.activations`: Keras 3's activation functions (varrt/layers/activations.py)."""
from varrt.layers.activations import (deserialize, elu, exponential, gelu, get, leaky_relu, linear, relu,  # noqa: F401
                                      relu6, selu, serialize, sigmoid, silu, softmax, softplus, swish, tanh)
