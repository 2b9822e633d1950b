"""`tf.nn`: the neural-network ops under TensorFlow's tf.nn names."""
from varrt.ops.math_ops import sigmoid, tanh  # noqa: F401
from varrt.ops.nn_ops import (batch_normalization, bias_add, dropout, elu, gelu, l2_loss, l2_normalize, leaky_relu, log_softmax,  # noqa: F401
                              moments, relu, relu6, selu, sigmoid_cross_entropy_with_logits, silu, softmax,
                              softmax_cross_entropy_with_logits, softplus, softsign,
                              sparse_softmax_cross_entropy_with_logits, swish)
from varrt.ops.sort_ops import in_top_k, top_k  # noqa: F401,E402
from varrt import nn_experimental as experimental  # noqa: F401,E402
from varrt.ops.depthwise_conv_ops import (depthwise_conv2d, depthwise_conv2d_backprop_filter,  # noqa: F401,E402
                                          depthwise_conv2d_backprop_input, separable_conv2d)
from varrt.ops.pool3d_ops import avg_pool3d, max_pool3d  # noqa: F401,E402
from varrt.ops.conv3d_ops import conv3d  # noqa: F401,E402
from varrt.ops.conv_ops import (avg_pool, avg_pool1d, avg_pool2d, conv1d, conv1d_transpose, conv2d,  # noqa: F401,E402
                                conv2d_transpose, conv_transpose, convolution, max_pool, max_pool1d, max_pool2d)
from varrt.ops.math_composites import zero_fraction  # noqa: F401,E402
