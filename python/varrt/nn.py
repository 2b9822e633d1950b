"""`tf.nn`: the neural-network ops under TensorFlow's tf.nn names."""
from varrt.ops.math_ops import sigmoid, tanh  # noqa: F401
from varrt.ops.nn_ops import (batch_normalization, bias_add, dropout, elu, gelu, l2_loss, l2_normalize, leaky_relu, log_softmax,  # noqa: F401
                              moments, relu, relu6, selu, sigmoid_cross_entropy_with_logits, silu, softmax,
                              softmax_cross_entropy_with_logits, softplus, softsign,
                              sparse_softmax_cross_entropy_with_logits, swish, crelu,
                              batch_norm_with_global_normalization)
from varrt.ops.sort_ops import in_top_k, top_k  # noqa: F401,E402
from varrt import nn_experimental as experimental  # noqa: F401,E402
from varrt.ops.depthwise_conv_ops import (depthwise_conv2d, depthwise_conv2d_backprop_filter,  # noqa: F401,E402
                                          depthwise_conv2d_backprop_input, separable_conv2d)
from varrt.ops.pool3d_ops import avg_pool3d, max_pool3d  # noqa: F401,E402
from varrt.ops.conv3d_ops import conv3d, conv3d_transpose  # noqa: F401,E402
from varrt.ops.conv_ops import (atrous_conv2d, atrous_conv2d_transpose, avg_pool, avg_pool1d, avg_pool2d, conv1d, conv1d_transpose, conv2d,  # noqa: F401,E402
                                conv2d_transpose, conv_transpose, convolution, max_pool, max_pool1d, max_pool2d)
from varrt.ops.nn_losses import (compute_average_loss, log_poisson_loss, scale_regularization_loss,  # noqa: F401,E402
                                 weighted_cross_entropy_with_logits)
from varrt.ops.nn_statistics import (normalize_moments, sufficient_statistics, weighted_moments,  # noqa: F401,E402
                                     zero_fraction)
from varrt.ops.embedding_ops import embedding_lookup, embedding_lookup_sparse  # noqa: F401,E402
from varrt.ops.depth_space_ops import depth_to_space, space_to_depth  # noqa: F401,E402
from varrt.ops.lrn_ops import local_response_normalization, local_response_normalization as lrn  # noqa: F401,E402
from varrt.ops.max_pool_argmax_ops import max_pool_with_argmax  # noqa: F401,E402
from varrt.ops.pool_ops import pool  # noqa: F401,E402
from varrt.ops.ctc_ops import collapse_repeated, ctc_greedy_decoder  # noqa: F401,E402
from varrt.ops.dilation_ops import dilation2d, erosion2d  # noqa: F401,E402
from varrt.ops.space_batch_ops import nn_with_space_to_batch as with_space_to_batch  # noqa: F401,E402
from varrt.ops.candidate_sampling_ops import compute_accidental_hits  # noqa: F401,E402
from varrt.graph.ctc_loss_dense import ctc_loss_v3 as ctc_loss, ctc_unique_labels  # noqa: F401,E402
from varrt.ops.sampled_losses import nce_loss_v2 as nce_loss, sampled_softmax_loss_v2 as sampled_softmax_loss  # noqa: F401,E402,E501
