"""`tf.keras.layers`: Keras 3's layers (varrt/layers)."""
from varrt.layers.activation import Activation  # noqa: F401
from varrt.layers.activation_layers import ELU, LeakyReLU, PReLU, ReLU, Softmax  # noqa: F401
from varrt.layers.attention import AdditiveAttention, Attention  # noqa: F401
from varrt.layers.batch_normalization import BatchNormalization  # noqa: F401
from varrt.layers.bidirectional import Bidirectional  # noqa: F401
from varrt.layers.category_encoding import CategoryEncoding  # noqa: F401
from varrt.layers.conv import Conv1D, Conv1DTranspose, Conv2D, Conv2DTranspose, Conv3D  # noqa: F401
from varrt.layers.depthwise_conv import DepthwiseConv1D, DepthwiseConv2D  # noqa: F401
from varrt.layers.cropping import Cropping1D, Cropping2D  # noqa: F401
from varrt.layers.dense import Dense  # noqa: F401
from varrt.layers.discretization import Discretization  # noqa: F401
from varrt.layers.dot import Dot, dot  # noqa: F401
from varrt.layers.dropout import Dropout  # noqa: F401
from varrt.layers.einsum_dense import EinsumDense  # noqa: F401
from varrt.layers.embedding import Embedding  # noqa: F401
from varrt.layers.global_pooling import (GlobalAveragePooling1D, GlobalAveragePooling2D,  # noqa: F401
                                         GlobalMaxPooling1D, GlobalMaxPooling2D)
from varrt.layers.gru import GRU, GRUCell  # noqa: F401
from varrt.layers.hashing import Hashing  # noqa: F401
from varrt.layers.identity import Identity  # noqa: F401
from varrt.layers.input_layer import Input, InputLayer  # noqa: F401
from varrt.layers.input_spec import InputSpec  # noqa: F401
from varrt.layers.lambda_layer import Lambda  # noqa: F401
from varrt.layers.integer_lookup import IntegerLookup  # noqa: F401
from varrt.layers.layer import Layer  # noqa: F401
from varrt.layers.layer_normalization import LayerNormalization  # noqa: F401
from varrt.layers.lstm import LSTM, LSTMCell  # noqa: F401
from varrt.layers.masking import Masking  # noqa: F401
from varrt.layers.multi_head_attention import MultiHeadAttention  # noqa: F401
from varrt.layers.merging import (Add, Average, Concatenate, Maximum, Minimum, Multiply, Subtract, add,  # noqa: F401
                                  average, concatenate, maximum, minimum, multiply, subtract)
from varrt.layers.normalization import Normalization  # noqa: F401
from varrt.layers.noise import (GaussianDropout, GaussianNoise, SpatialDropout1D, SpatialDropout2D,  # noqa: F401
                                SpatialDropout3D)
from varrt.layers.pooling import (AveragePooling1D, AveragePooling2D, AveragePooling3D, MaxPooling1D,  # noqa: F401
                                  MaxPooling2D, MaxPooling3D)
from varrt.layers.recurrent import RNN  # noqa: F401
from varrt.layers.image_resizing import CenterCrop, Resizing  # noqa: F401
from varrt.layers.random_affine_layers import RandomRotation, RandomTranslation, RandomZoom  # noqa: F401
from varrt.layers.random_image_layers import RandomBrightness, RandomContrast, RandomCrop, RandomFlip  # noqa: F401
from varrt.layers.rescaling import Rescaling  # noqa: F401
from varrt.layers.reshaping import Flatten, Permute, RepeatVector, Reshape  # noqa: F401
from varrt.layers.separable_conv import SeparableConv1D, SeparableConv2D  # noqa: F401
from varrt.layers.separable_conv import SeparableConv1D as SeparableConvolution1D  # noqa: F401
from varrt.layers.separable_conv import SeparableConv2D as SeparableConvolution2D  # noqa: F401
from varrt.layers.simple_rnn import SimpleRNN, SimpleRNNCell  # noqa: F401
from varrt.layers.string_lookup import StringLookup  # noqa: F401
from varrt.layers.text_vectorization import TextVectorization  # noqa: F401
from varrt.layers.stacked_rnn_cells import StackedRNNCells  # noqa: F401
from varrt.layers.time_distributed import TimeDistributed, Wrapper  # noqa: F401
from varrt.layers.up_sampling import UpSampling1D, UpSampling2D  # noqa: F401
from varrt.layers.zero_padding import ZeroPadding1D, ZeroPadding2D  # noqa: F401
