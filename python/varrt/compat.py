"""`compat.v1`: TensorFlow 1 names, with TensorFlow 1 graphs and sessions.

    import varrt.compat.v1 as tf
    tf.disable_eager_execution()
    x = tf.placeholder(tf.float32, [None, 3])
    w = tf.get_variable("w", [3, 1], initializer=tf.ones_initializer())
    y = tf.matmul(x, w)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(sess.run(y, feed_dict={x: [[1, 2, 3]]}))   # [[6.]]

Inside `with tf.Graph().as_default():`, or anywhere after `disable_eager_execution()` /
`disable_v2_behavior()` (for the whole program, as in TensorFlow), ops build a graph
(graph/graph.py) that a `Session` runs. Otherwise varrt executes eagerly, as TensorFlow 2
does: the initializer functions return None, the variable lists are empty, and `Session.run`
evaluates eager values. Every other attribute of `compat.v1` is varrt's own (`v1.constant`, ...).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import sys
import types

from varrt import compat_v1_aliases as _aliases
from varrt.base import missing_names
from varrt import random as _random
from varrt.data import tf1_iterators as _tf1_iterators
from varrt.client.session import InteractiveSession, Session, get_default_session  # noqa: F401
from varrt.framework import variable_enums as _variable_enums
from varrt.ops import conv_ops as _conv_ops
from varrt.ops import cross_ops as _cross_ops
from varrt.ops import decompositions as _decompositions
from varrt.ops import linalg_composites as _linalg_composites
from varrt.ops import linalg_solvers as _linalg_solvers
from varrt.ops import conv3d_ops as _conv3d_ops
from varrt.ops import depthwise_conv_ops as _depthwise_conv_ops
from varrt.ops import fused_batch_norm_ops as _fused_batch_norm_ops
from varrt.ops import init_ops_v1 as _init_ops_v1
from varrt.ops import tf1_math_ops as _tf1_math_ops
from varrt.ops import tf1_nn_ops as _tf1_nn_ops
from varrt.ops import tf1_string_ops as _tf1_strings
from varrt.ops.decode_raw_ops import decode_raw_v1 as _decode_raw_v1
from varrt.ops import ctc_loss_ops as _ctc_loss_ops
from varrt.graph import ctc_loss_dense as _ctc_loss_dense
from varrt.ops import embedding_ops as _embedding_ops
from varrt.ops import sampled_losses as _sampled_losses
from varrt.ops import tf1_state_ops as _tf1_state_ops
from varrt.framework import dimension as _dimension
from varrt.framework.dimension import dimension_at_index, dimension_value  # noqa: F401 (tf.compat's)
from varrt.graph import tf1_collections as _tf1_collections
from varrt.graph import tf1_variable_checks as _tf1_variable_checks
from varrt.ops import sort_ops as _sort_ops
from varrt.ops import tensor_diag_ops as _tensor_diag_ops
from varrt.framework import tensor_equality as _tensor_equality
from varrt.framework import variables as _variables
from varrt.data import tfrecord as _tfrecord
from varrt.framework.device_functions import device_v1 as _device_v1
from varrt.graph.graph import Graph, GraphKeys, get_default_graph, reset_default_graph  # noqa: F401
from varrt.graph.tf1 import (  # noqa: F401
    add_to_collection, disable_eager_execution, disable_v2_behavior, enable_eager_execution, enable_v2_behavior,
    executing_eagerly, get_collection, global_variables, global_variables_initializer, gradients, gradients_v2,
    initialize_all_variables, local_variables_initializer, placeholder, trainable_variables, variables_initializer,
)
from varrt.graph.tf1_placeholders import placeholder_with_default  # noqa: F401
from varrt.graph.variable_scope import (AUTO_REUSE, get_local_variable, get_variable, get_variable_scope,  # noqa: F401
                                       no_regularizer,
                                       variable_scope)
from varrt.graph.tf1 import executing_eagerly_outside_functions, initialize_all_tables, tables_initializer  # noqa
from varrt.ops import random_ops as _random_ops
from varrt.ops.random_ops import get_seed  # noqa: F401
from varrt.base.tf2 import (disable_resource_variables, enable_resource_variables,  # noqa: F401
                            resource_variables_enabled)
from varrt.losses import v1_collections as _v1_loss_collections
from varrt.losses import v1_losses as _v1_losses
from varrt.losses import v1_reduction as _v1_loss_reduction
from varrt.tf1_layers import base as _tf1_layers_base
from varrt.tf1_layers import convolutional as _tf1_conv_layers
from varrt.tf1_layers import core as _tf1_core_layers
from varrt.tf1_layers import normalization as _tf1_normalization_layers
from varrt.tf1_layers import pooling as _tf1_pooling_layers


class _LazyNamespace(types.ModuleType):
    """A module whose missing attributes come from another module, imported on first use (so
    `compat.v1.train.Saver` works without importing `varrt.train` until it is needed)."""

    def __init__(self, name, target, doc=None, hidden=(), aliases=None):
        super().__init__(name, doc)
        self._target = target
        self._hidden = frozenset(hidden)  # the target's names this namespace does not have
        self._aliases = aliases or {}  # name -> its path under varrt (compat_v1_aliases.py)

    def _alias(self, name):
        """The object the alias table names for `name`, or None while varrt lacks it."""
        import importlib  # reason: the namespace's targets load on first use
        value = importlib.import_module("varrt")
        for part in self._aliases[name].split("."):
            value = getattr(value, part, None)
            if value is None:
                return None
        return value

    def _missing(self, name):
        # `_tf_paths`: TensorFlow's paths of this namespace, set by missing_names.install.
        return missing_names.missing_attribute(vars(self).get("_tf_paths", ()), self.__name__, name)

    def __getattr__(self, name):
        if name.startswith("__") or name in self._hidden:
            raise self._missing(name)
        if name in self._aliases:
            value = self._alias(name)
            if value is not None:
                return value
        import importlib
        try:
            module = importlib.import_module(self._target)
        except ModuleNotFoundError as e:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r} ({self._target} is not "
                                 f"available: {e})") from None
        try:
            return getattr(module, name)
        except AttributeError:
            raise self._missing(name) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.__dict__))


def _module(name, doc, *sources):
    """A namespace module holding `names` of each (module, names) in `sources`."""
    module = types.ModuleType(name, doc)
    for source, names in sources:
        for attribute in names:
            setattr(module, attribute, getattr(source, attribute))
    return module


def _public_names(module):
    """The public classes and functions `module` defines (not those it imports)."""
    return [n for n, value in vars(module).items() if not n.startswith("_") and callable(value)
            and getattr(value, "__module__", None) == module.__name__]


def _make_v1():
    # TensorFlow 1 has no tf.autodiff or tf.optimizers, and its tf.losses, tf.layers, tf.metrics and
    # tf.summary are other functions.
    v1 = _LazyNamespace(__name__ + ".v1", "varrt", "TensorFlow 1 names over varrt (see varrt.compat).",
                        hidden=("autodiff", "layers", "losses", "metrics", "models", "optimizers", "summary"),
                        aliases=_aliases.TOP_LEVEL)
    for name in ("global_variables_initializer", "initialize_all_variables", "local_variables_initializer",
                 "variables_initializer", "global_variables", "trainable_variables", "placeholder",
                 "disable_eager_execution", "enable_eager_execution", "disable_v2_behavior", "enable_v2_behavior",
                 "executing_eagerly", "Session", "InteractiveSession", "get_default_session", "Graph", "GraphKeys",
                 "get_default_graph", "reset_default_graph", "add_to_collection", "get_collection", "variable_scope",
                 "get_variable_scope", "get_variable", "AUTO_REUSE", "gradients", "placeholder_with_default", "no_regularizer", "executing_eagerly_outside_functions",
                 "get_seed", "disable_resource_variables", "enable_resource_variables",
                 "resource_variables_enabled", "tables_initializer", "initialize_all_tables", "get_local_variable"):
        setattr(v1, name, globals()[name])
    v1.device = _device_v1
    v1.enable_tensor_equality = _tensor_equality.enable_tensor_equality
    v1.disable_tensor_equality = _tensor_equality.disable_tensor_equality
    v1.Variable = _variables.Variable
    v1.VariableAggregation = _variable_enums.VariableAggregation  # TensorFlow 1's enum (ONLY_FIRST_TOWER)
    v1.random_normal = _random.normal
    v1.random_uniform = _random.uniform
    v1.truncated_normal = _random.truncated_normal
    v1.set_random_seed = _random.set_seed
    v1.multinomial = _random_ops.multinomial
    # TensorFlow 1's tf.random: tf.random's names and its seed setter and multinomial
    v1.random = _LazyNamespace(v1.__name__ + ".random", "varrt.random", "TensorFlow 1's tf.random over varrt.random.")
    v1.random.set_random_seed = _random.set_seed
    v1.random.multinomial = _random_ops.multinomial
    v1.train = _LazyNamespace(v1.__name__ + ".train", "varrt.train.compat_v1",
                                "TensorFlow 1's tf.train: varrt.train and the v1 optimizers.", aliases=_aliases.TRAIN)
    # TensorFlow 1's tf.nn: tf.nn's functions, those with other arguments in TensorFlow 1 replaced.
    v1.nn = _LazyNamespace(v1.__name__ + ".nn", "varrt.nn", "TensorFlow 1's tf.nn over varrt.nn.",
                           aliases=_aliases.NN)
    for name in ("conv2d", "conv1d", "convolution", "max_pool", "avg_pool", "conv2d_transpose"):
        setattr(v1.nn, name, getattr(_conv_ops, name + "_v1"))
    v1.nn.in_top_k = _sort_ops.in_top_k_v1
    for name in _public_names(_tf1_nn_ops):  # TensorFlow 1's arguments (keep_prob, dim, keep_dims)
        setattr(v1.nn, name, getattr(_tf1_nn_ops, name))
    # TensorFlow 1's tf.data: tf.data's names and the graph iterators.
    v1.data = _LazyNamespace(v1.__name__ + ".data", "varrt.data", "TensorFlow 1's tf.data over varrt.data.")
    v1.data.make_one_shot_iterator = _tf1_iterators.make_one_shot_iterator
    v1.data.make_initializable_iterator = _tf1_iterators.make_initializable_iterator
    sys.modules[v1.data.__name__] = v1.data
    # TensorFlow 1's tf.io: tf.io and the record iterator.
    v1.io = _LazyNamespace(v1.__name__ + ".io", "varrt.io", "TensorFlow 1's tf.io over varrt.io.")
    v1.io.tf_record_iterator = _tfrecord.tf_record_iterator
    v1.io.TFRecordCompressionType = _tfrecord.TFRecordCompressionType
    v1.io.decode_raw = v1.decode_raw = _decode_raw_v1  # TensorFlow 1's arguments (`bytes`, no fixed_length)
    # TensorFlow 1's tf.strings: tf.strings' names, those with other arguments in TensorFlow 1
    # replaced, and their top-level names.
    v1.strings = _LazyNamespace(v1.__name__ + ".strings", "varrt.strings",
                                "TensorFlow 1's tf.strings over varrt.strings.")
    for name in _public_names(_tf1_strings):
        setattr(v1.strings, name, getattr(_tf1_strings, name))
    v1.substr = _tf1_strings.substr
    v1.reduce_join = _tf1_strings.reduce_join
    v1.string_to_number = _tf1_strings.to_number
    v1.string_to_hash_bucket = _tf1_strings.to_hash_bucket
    sys.modules[v1.strings.__name__] = v1.strings
    # TensorFlow 1's top-level linear algebra (TensorFlow 2 keeps them in tf.linalg only).
    for module, names in ((_linalg_solvers, ("cholesky", "matrix_determinant", "matrix_inverse", "matrix_solve",
                                             "matrix_triangular_solve")),
                          (_decompositions, ("qr", "self_adjoint_eig", "self_adjoint_eigvals", "svd")),
                          (_linalg_composites, ("cholesky_solve", "norm", "trace"))):
        for name in names:
            setattr(v1, name, getattr(module, name))
    v1.matrix_solve_ls = _linalg_composites.lstsq
    v1.log_matrix_determinant = _linalg_solvers.log_matrix_determinant
    v1.cross = _cross_ops.cross
    v1.diag = _tensor_diag_ops.tensor_diag
    v1.diag_part = _tensor_diag_ops.tensor_diag_part
    v1.nn.depthwise_conv2d = _depthwise_conv_ops.depthwise_conv2d_v1
    v1.nn.separable_conv2d = _depthwise_conv_ops.separable_conv2d_v1
    v1.nn.depthwise_conv2d_native = _depthwise_conv_ops.depthwise_conv2d_native
    v1.nn.depthwise_conv2d_native_backprop_input = _depthwise_conv_ops.depthwise_conv2d_backprop_input
    v1.nn.depthwise_conv2d_native_backprop_filter = _depthwise_conv_ops.depthwise_conv2d_backprop_filter
    v1.nn.fused_batch_norm = _fused_batch_norm_ops.fused_batch_norm
    v1.nn.conv3d = _conv3d_ops.conv3d_v1
    v1.nn.ctc_loss = _ctc_loss_ops.ctc_loss
    v1.nn.ctc_loss_v2 = _ctc_loss_dense.ctc_loss_v2
    v1.nn.nce_loss = _sampled_losses.nce_loss
    v1.nn.sampled_softmax_loss = _sampled_losses.sampled_softmax_loss
    v1.nn.embedding_lookup = _embedding_ops.embedding_lookup_v1
    v1.losses = _module(v1.__name__ + ".losses", "TensorFlow 1's tf.losses (losses_impl.py and util.py).",
                        (_v1_losses, ("absolute_difference", "cosine_distance", "hinge_loss", "huber_loss", "log_loss",
                                      "mean_pairwise_squared_error", "mean_squared_error", "sigmoid_cross_entropy",
                                      "softmax_cross_entropy", "sparse_softmax_cross_entropy")),
                        (_v1_loss_reduction, ("Reduction", "compute_weighted_loss")),
                        (_v1_loss_collections, ("add_loss", "get_losses", "get_regularization_loss",
                                                "get_regularization_losses", "get_total_loss")))
    # TensorFlow 1's initializers (init_ops.py: other defaults than TensorFlow 2's, stateful seeded draws)
    for name in ("glorot_normal_initializer", "glorot_uniform_initializer", "orthogonal_initializer",
                 "random_normal_initializer", "random_uniform_initializer", "truncated_normal_initializer",
                 "uniform_unit_scaling_initializer", "variance_scaling_initializer"):
        setattr(v1, name, getattr(_init_ops_v1, name))
    # TensorFlow 1's signatures (keep_dims, reduction_indices, dimension), state functions and collections
    for module in (_tf1_math_ops, _tf1_state_ops, _tf1_collections, _dimension, _tf1_variable_checks):
        for name in _public_names(module):
            setattr(v1, name, getattr(module, name))
    v1.math = _LazyNamespace(v1.__name__ + ".math", "varrt.math", "TensorFlow 1's tf.math over varrt.math.")
    for name in _public_names(_tf1_math_ops):
        if name.startswith(("reduce_", "arg", "count_")) and not name.startswith("arg_"):  # not to_*, div, arg_max
            setattr(v1.math, name, getattr(_tf1_math_ops, name))
    v1.layers = _module(v1.__name__ + ".layers", "TensorFlow 1's tf.layers (tf_keras's legacy_tf_layers).",
                        *((m, _public_names(m)) for m in (_tf1_layers_base, _tf1_core_layers, _tf1_conv_layers,
                                                          _tf1_pooling_layers, _tf1_normalization_layers)))
    sys.modules[v1.__name__] = v1
    sys.modules[v1.layers.__name__] = v1.layers
    sys.modules[v1.math.__name__] = v1.math
    sys.modules[v1.random.__name__] = v1.random
    sys.modules[v1.losses.__name__] = v1.losses
    sys.modules[v1.io.__name__] = v1.io
    sys.modules[v1.nn.__name__] = v1.nn
    sys.modules[v1.train.__name__] = v1.train
    return v1


v1 = _make_v1()
