"""`tf.keras.layers`: Keras 3's layers (varrt/layers)."""
from varrt.layers.activation import Activation  # noqa: F401
from varrt.layers.batch_normalization import BatchNormalization  # noqa: F401
from varrt.layers.dense import Dense  # noqa: F401
from varrt.layers.gru import GRU, GRUCell  # noqa: F401
from varrt.layers.input_layer import Input, InputLayer  # noqa: F401
from varrt.layers.input_spec import InputSpec  # noqa: F401
from varrt.layers.layer import Layer  # noqa: F401
from varrt.layers.layer_normalization import LayerNormalization  # noqa: F401
from varrt.layers.lstm import LSTM, LSTMCell  # noqa: F401
from varrt.layers.recurrent import RNN  # noqa: F401
from varrt.layers.simple_rnn import SimpleRNN, SimpleRNNCell  # noqa: F401
