"""Shape functions: an op's output shapes from its inputs' static shapes (TensorFlow's
shape_inference and common_shapes). They run while a graph is built, where a dimension or a
rank may be unknown (None), and never see an argument's value: only values known while
building (constants, ShapeContext.const) may refine a result, as TensorFlow's shape refiner
evaluates constant subexpressions. A shape error raises ShapeError with TensorFlow's reason
("Dimensions must be equal, but are 3 and 4"); the graph builder adds the node's text.

One module per family: context (ShapeContext, ShapeError), common (the shape algebra and the
common rules), math, array, manip (split, slice, pad, reverse, roll), segment (unique, sorted searches, segment reductions, tensor scatters), image (resizing), diag, linalg, conv (convolutions and pooling), strided_slice, nn, parsing, random, state, strings. The records in ops/defs name
them through this package (shape=shape_fns.reshape).
"""
from varrt.ops.shape_fns.array import (broadcast_to, concat_v2, depth_to_space, expand_dims, fill, gather_nd,  # noqa: F401
                                       gather_v2, invert_permutation, space_to_depth,
                                       shape_value, size_value, tensor_array_write,
                                       identity_n, one_hot, pack, rank_or_size, reshape, scatter_nd, shape, shape_n, squeeze,
                                       strided_slice_grad, tile, transpose, unpack, where)
from varrt.ops.shape_fns.common import (SCALAR, UNKNOWN, broadcast, broadcast_dims, comparison,  # noqa: F401
                                        merge_both, no_outputs, scalar, string_join, unchanged,
                                        unchanged_at_least_rank_1, unknown)
from varrt.ops.shape_fns.context import (ShapeContext, ShapeError, is_node_shape_error,  # noqa: F401
                                         node_shape_error)
from varrt.ops.shape_fns.conv import (avg_pool, avg_pool_grad, conv2d, conv2d_backprop_filter,  # noqa: F401
                                     max_pool_with_argmax, max_pool_grad_with_argmax, dilation2d,
                                     dilation2d_backprop_input, dilation2d_backprop_filter,
                                     conv2d_backprop_input, depthwise_conv2d, depthwise_conv2d_backprop_filter,
                                     depthwise_conv2d_backprop_input, max_pool, max_pool_grad, pool3d,
                                     max_pool3d_grad, avg_pool3d_grad, conv3d, conv3d_backprop_input,
                                     conv3d_backprop_filter)
from varrt.ops.shape_fns.image import projective_transform, resize, resize_grad  # noqa: F401
from varrt.ops.shape_fns.segment import (bitcast, broadcast_args, dense_bincount, dynamic_partition, dynamic_stitch, ensure_shape,  # noqa: F401
                                         histogram_fixed_width, segment_reduction, sorted_search, tensor_scatter,
                                         unique, unravel_index)
from varrt.ops.shape_fns.diag import matrix_diag_part_v3, matrix_diag_v3, matrix_set_diag_v3  # noqa: F401
from varrt.ops.shape_fns.linalg import (banded_triangular_solve, batch_square, cross, einsum,  # noqa: F401
                                        log_matrix_determinant, lu, matrix_determinant, tridiagonal_mat_mul,
                                        tridiagonal_solve,
                                        matrix_solve, matrix_solve_ls, matrix_triangular_solve, qr,
                                        self_adjoint_eig_v2, svd, tensor_diag, tensor_diag_part)
from varrt.ops.shape_fns.manip import (batch_to_space_nd, mirror_pad_grad, pad, reverse_v2, roll,  # noqa: F401
                                       slice_, space_to_batch_nd, split, split_v)
from varrt.ops.shape_fns.math import (add_n, arg_reduction, batch_matmul, betainc, cumulative, matmul, range_,  # noqa: F401
                                      reduce_join, reduction, select, select_v2, unsorted_segment)
from varrt.ops.shape_fns.nn import (bias_add, bias_add_grad, block_lstm, block_lstm_grad, fused_batch_norm, fused_batch_norm_grad,  # noqa: F401
                                    ctc_greedy_decoder, ctc_loss, in_top_k, l2_loss, lrn, lrn_grad, softmax_cross_entropy,
                                    sparse_softmax_cross_entropy, top_k)
from varrt.ops.shape_fns.parsing import (decode_csv, decode_padded_raw, decode_raw, parse_example_v2,  # noqa: F401
                                          read_file, sparse_to_dense)
from varrt.ops.shape_fns.random import (candidate_sampler, compute_accidental_hits, key_counter, multinomial, random_shape, random_uniform_int,  # noqa: F401
                                        random_with_parameter, rng_read_and_skip, stateful, stateful_int, stateless,
                                        stateless_int,
                                        stateless_parameterized,
                                        stateless_multinomial, stateless_seeded)
from varrt.ops.shape_fns.state import (const, placeholder, read_variable, resource_gather,  # noqa: F401
                                       resource_gather_nd, restore_v2, string_format)
from varrt.ops.shape_fns.strided_slice import strided_slice  # noqa: F401
from varrt.ops.shape_fns.strings import (regex_full_match, regex_replace, substr, unicode_decode,  # noqa: F401
                                         unicode_encode, unsorted_segment_join)
