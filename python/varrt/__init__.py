"""varrt: TensorFlow's resource variables in a small C++ core, with TensorFlow's Python API.

    import varrt as tf
    v = tf.Variable([1.0, 2.0])
    v.assign_add([1.0, 1.0])

The package's layers, bottom to top. A module imports only from its own layer and the layers
below it, at module level and inside functions alike, and no imports form a circle
(tests/test_import_layers.py checks both; this table is the one statement of the order):

    native        _C
    base          base/
    core types    framework/
    ops           ops/
    autodiff      autodiff/
    graphs        graph/ autograph/
    state         trackable/ checkpoint/ optimizers/ losses/ saving/ layers/ tf1_layers/ metrics/ data/ models/
                  keras_utils/ datasets/ saved_model/ graph_def/ summary/
    client        client/ distribute/
    public names  __init__ bitwise compat compat_v1_aliases config/ debugging dlpack dtypes errors experimental/
                  image initializers io keras/ linalg math math_special nn nn_experimental ragged random
                  random_experimental profiler/ raw_ops sparse strings test train/ types/ version
    tools         tools/ benchmarks/ tour __main__
"""
import sys as _sys
from importlib import metadata as _metadata

from varrt import _C  # noqa: F401  (loads the core)
# Before any op module: tensor.py binds Tensor's operators from the op modules, which import it back.
from varrt.framework.tensor import Tensor, constant, convert_to_tensor, is_tensor
from varrt import config, debugging, dtypes, errors, experimental
from varrt.framework.device_scope import DeviceSpec, device
from varrt.ops.array_ops import (concat, expand_dims, fill, identity, ones, ones_like, rank, reshape, shape, shape_n,
                                 size, squeeze, stack, tile, transpose, unstack, zeros, zeros_like)
from varrt.base.dtypes import (DType, as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32,
                          float64, half, int8, int16, int32, int64, qint8, qint16, qint32, quint8, quint16, resource,
                          string, uint8, uint16, uint32, uint64, variant)
from varrt.ops.index_ops import gather, gather_nd, one_hot, where
from varrt.ops.manip_ops import pad, reverse, roll, slice, split
from varrt.ops.array_composites import meshgrid, tensordot
from varrt.ops.einsum_ops import einsum
from varrt.ops.repeat_ops import repeat, sequence_mask
from varrt.ops.search_ops import searchsorted
from varrt.ops.tensor_scatter_ops import (tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
                                          tensor_scatter_nd_sub, tensor_scatter_nd_update)
from varrt.ops.unique_ops import unique, unique_with_counts
from varrt.ops.boolean_mask import boolean_mask
from varrt.ops.sort_ops import argsort, sort
from varrt.ops.diag_ops import eye
from varrt.ops.scatter_ops import scatter_nd
from varrt.ops.math_ops import (abs, add, add_n, atan, atan2, cast, clip_by_value, cos, divide, equal, exp, floor, greater,
                                greater_equal, less, less_equal, logical_and, logical_not, logical_or,
                                maximum, minimum, multiply, negative, not_equal, pow, realdiv, round, scalar_mul,
                                sigmoid, sign, sin, sqrt, square, subtract, tan, tanh, truediv)
from varrt.ops.reduction_ops import (argmax, argmin, cumsum, reduce_all, reduce_any, reduce_logsumexp, reduce_max,
                                     reduce_mean, reduce_min, reduce_prod, reduce_sum)
from varrt.ops.linalg_ops import matmul
from varrt.ops.special_math_ops import acos, acosh, asin, asinh, atanh, cosh, sinh
from varrt.ops.linalg_composites import norm_v2 as norm
from varrt.ops.eig_ops import eig, eigvals  # noqa: E402
from varrt.ops.sequence_ops import linspace, range
from varrt.framework.dlpack import from_dlpack
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.variables import Variable
from varrt.framework.variable_enums import VariableAggregationV2 as VariableAggregation, VariableSynchronization
# Module, name scopes, random, initializers, function, TF1 names.
from varrt import compat, initializers, keras, random
compat.v2 = _sys.modules[__name__]  # tf.compat.v2 is tf itself
from varrt.graph.tf1 import gradients_v2 as gradients  # noqa: E402
from varrt.graph.function import function
from varrt.ops.script_ops import py_function  # noqa: E402
from varrt.graph.control_flow_ops import (Assert, case, cond, control_dependencies, group, no_op,  # noqa: E402
                                       switch_case, while_loop)
from varrt import autograph  # noqa: E402
from varrt.ops.tensor_array_ops import TensorArray  # noqa: E402
from varrt.graph.graph import Graph  # noqa: E402
from varrt.framework.operation import Operation  # noqa: E402
from varrt.framework.graph_building import executing_eagerly, init_scope  # noqa: E402
from varrt.ops.init_ops import (constant_initializer, ones_initializer, random_normal_initializer,
                                random_uniform_initializer, zeros_initializer)
from varrt.trackable.module import Module
from varrt.framework.name_scopes import name_scope
from varrt.ops.random_ops import normal as random_normal  # TensorFlow 1's name
from varrt.framework.tensor_spec import TensorSpec
from varrt import bitwise, image, io, linalg, math, nn, sparse, strings
from varrt.sparse import SparseTensor, SparseTensorSpec
from varrt.framework.indexed_slices import IndexedSlices  # what the Variable scatter methods take
from varrt import ragged  # noqa: E402  (tf.ragged; registers the ragged dispatch of the ops)
from varrt.ops.ragged.ragged_tensor import RaggedTensor  # noqa: E402
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec  # noqa: E402
newaxis = None

from varrt import train  # noqa: E402  (needs Variable)
from varrt import data  # noqa: E402,F401  (tf.data)
from varrt import saved_model  # noqa: E402,F401  (tf.saved_model)
from varrt import summary  # noqa: E402,F401  (tf.summary)
from varrt import types  # noqa: E402,F401  (tf.types)
from varrt import profiler  # noqa: E402,F401  (tf.profiler)
from varrt import graph_def  # noqa: E402,F401  (FuncGraph.as_graph_def's writer)
from varrt import distribute  # noqa: E402  (tf.distribute; imports Ray only when a cluster starts)
# Training: the tape, the gradient registry (importing it registers every gradient function).
from varrt.autodiff.backprop import GradientTape, UnconnectedGradients  # noqa: E402
from varrt.ops import gradients as _gradients  # noqa: E402,F401
from varrt.ops.gradients.registry import RegisterGradient, no_gradient  # noqa: E402
from varrt.autodiff.custom_gradient import custom_gradient  # noqa: E402
from varrt.graph import custom_gradient_node as _custom_gradient_node  # noqa: E402,F401  (registers itself)
from varrt.ops.array_ops import broadcast_to, stop_gradient  # noqa: E402
from varrt.base.tf_logging import get_logger  # noqa: E402
from varrt.base import nest  # noqa: E402
from varrt import raw_ops  # noqa: E402
from varrt import test  # noqa: E402,F401  (tf.test)
from varrt.ops.clip_ops import clip_by_global_norm, clip_by_norm  # noqa: E402
from varrt.ops.logging_ops import print_v2 as print  # noqa: E402,A001  (TensorFlow's tf.print)
from varrt.graph.check_ops import (assert_equal, assert_greater, assert_less, assert_rank)  # noqa: E402
from varrt.ops.constant_value import get_static_value  # noqa: E402
from varrt.graph.functional_ops import foldl, foldr, map_fn, parallel_stack, scan, vectorized_map  # noqa: E402
from varrt.graph.control_flow_ops import tensor_tuple as tuple  # noqa: E402,A001  (TensorFlow's tf.tuple)
from varrt.graph.hessians import hessians  # noqa: E402
from varrt.framework.graph_building import inside_function  # noqa: E402
from varrt.framework.name_scopes import get_current_name_scope  # noqa: E402
from varrt.framework.symbolic import is_symbolic as is_symbolic_tensor  # noqa: E402
from varrt.autodiff.aggregation_method import AggregationMethod  # noqa: E402
from varrt.autodiff.gradient_wrappers import grad_pass_through, recompute_grad  # noqa: E402
from varrt.ops.array_ops import identity_n  # noqa: E402
from varrt.ops.broadcast_shapes import broadcast_dynamic_shape, broadcast_static_shape  # noqa: E402
from varrt.ops.ensure_shape import ensure_shape  # noqa: E402
from varrt.ops.histogram_ops import histogram_fixed_width, histogram_fixed_width_bins  # noqa: E402
from varrt.ops.partition_ops import dynamic_partition, dynamic_stitch  # noqa: E402
from varrt.ops.reverse_sequence import reverse_sequence  # noqa: E402
from varrt.ops.saturate_cast import saturate_cast  # noqa: E402
from varrt.ops.script_ops import numpy_function  # noqa: E402
from varrt.ops.slicing import strided_slice  # noqa: E402
from varrt.ops.space_batch_ops import batch_to_space, space_to_batch, space_to_batch_nd  # noqa: E402
from varrt.ops.timestamp_ops import timestamp  # noqa: E402
from varrt.ops.truncated_division import truncatediv, truncatemod  # noqa: E402
from varrt.ops.unravel_index import unravel_index  # noqa: E402
from varrt.ops.bitcast_ops import bitcast  # noqa: E402
from varrt.framework.type_spec import TypeSpec  # noqa: E402
from varrt.framework.sparse_tensor import type_spec_from_value  # noqa: E402
from varrt import version  # noqa: E402
from varrt.ops.math_ops import complex_from_parts as complex  # noqa: E402,A001  (TensorFlow's name)
from varrt.ops.as_string_ops import as_string  # noqa: E402

# A TensorFlow name varrt lacks says so (AttributeError: "... varrt does not implement tf.lookup
# yet"), in every namespace standing for one of TensorFlow's modules.
from varrt.base import missing_names as _missing_names  # noqa: E402
_missing_names.install(_sys.modules[__name__])

try:
    __version__ = _metadata.version("varrt")
except _metadata.PackageNotFoundError:  # running from a source tree
    __version__ = "0.0.0"
from varrt.saved_model.tensor_proto import make_ndarray, make_tensor_proto  # noqa: E402
