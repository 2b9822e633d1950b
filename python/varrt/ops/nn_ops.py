"""The neural-network ops under TensorFlow's names and op names (tensorflow/python/ops/nn_ops.py,
nn_impl.py): activations (Relu, Elu, Softplus, ...), Softmax/LogSoftmax, the cross-entropy ops,
BiasAdd, L2Loss, and TensorFlow's composites of them (gelu, dropout, moments, ...).

Relu, ReluGrad, Relu6, LeakyRelu, Softmax, LogSoftmax, BiasAdd, BiasAddGrad and the cross-entropy
ops run the core's kernels (csrc/varrt/ops/nn_ops.h), eagerly and as graph nodes, and the core
owns their kernel errors. The NumPy kernels of the others compute in float64 for the narrow
floats and round once (TensorFlow's results to float32 rounding), with TensorFlow's thresholds
where its kernels have them; results below the narrow type's normal range flush to 0 as
TensorFlow's CPU threads do (math_ops._wide).
Composites run TensorFlow's ops in TensorFlow's order, so the placement log matches.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
import math
import numbers

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops
from varrt.ops.math_ops import _wide
from varrt.ops.op_util import check_dtype, error_name, matching, operand, quiet, run, run_core, suffix
from varrt.ops import op_def_lib


def _activation(op, kernel, features, name=None, attrs=None):
    """`op` of one tensor, same dtype and shape (Relu, Elu, Softplus, ...)."""
    a, dtype = operand(features)
    check_dtype(op, dtype, name, suffix(name, features))
    with quiet(all="ignore"):
        return run(op, kernel, (a,), dtype, attrs=attrs)


# --- activations --------------------------------------------------------------------------

@op_def_lib.implements("Relu")
def relu(features, name=None) -> Tensor:
    """max(features, 0) (Relu); integers too. The core's kernel."""
    a, dtype = operand(features)
    check_dtype("Relu", dtype, name, suffix(name, features))
    return run_core(_C.relu, name, a)


@op_def_lib.implements("ReluGrad")
def relu_grad(gradients, features, name=None) -> Tensor:
    """gradients where features > 0, else 0 (ReluGrad, the gradient of Relu at its output
    `features`). The core's kernel."""
    (g, f), dtype = matching("ReluGrad", (gradients, features), name)
    end = suffix(name, gradients, features)
    check_dtype("ReluGrad", dtype, name, end)
    return run_core(_C.relu_grad, name, g, f, error_name(name, end))


def _activation_grad(op, first, second, name):
    """SigmoidGrad, TanhGrad or the ReluGrad family's *Grad of its two inputs, in the op's order."""
    (a, b), dtype = matching(op, (first, second), name)
    end = suffix(name, first, second)
    check_dtype(op, dtype, name, end)
    return run_core(_C.activation_grad, name, op, a, b, error_name(name, end))


@op_def_lib.implements("SigmoidGrad")
def sigmoid_grad(y, dy, name=None) -> Tensor:
    """dy * y * (1 - y): the gradient of Sigmoid at its output `y` (SigmoidGrad). The core's kernel."""
    return _activation_grad("SigmoidGrad", y, dy, name)


@op_def_lib.implements("TanhGrad")
def tanh_grad(y, dy, name=None) -> Tensor:
    """dy * (1 - y * y): the gradient of Tanh at its output `y` (TanhGrad). The core's kernel."""
    return _activation_grad("TanhGrad", y, dy, name)


@op_def_lib.implements("Relu6")
def relu6(features, name=None) -> Tensor:
    """min(max(features, 0), 6) element-wise (tf.nn.relu6). The core's kernel."""
    a, dtype = operand(features)
    check_dtype("Relu6", dtype, name, suffix(name, features))
    return run_core(_C.relu6, name, a)


@op_def_lib.implements("LeakyRelu")
def leaky_relu(features, alpha=0.2, name=None) -> Tensor:
    """features where positive, else alpha * features (LeakyRelu); integers are cast to float32
    first, as TensorFlow does."""
    t = features if isinstance(features, Tensor) else convert_to_tensor(features)
    if t.dtype.is_integer:
        t = math_ops.cast(t, dtypes.float32)
    a, dtype = operand(t)
    check_dtype("LeakyRelu", dtype, name, suffix(name, t))
    return run_core(_C.leaky_relu, name, a, float(alpha))


def _core_activation(op, features, name):
    """Elu, Selu, Softplus or Softsign of one tensor: the core's kernel (TensorFlow's arithmetic)."""
    a, dtype = operand(features)
    check_dtype(op, dtype, name, suffix(name, features))
    return run_core(_C.activation, name, op, a)


@op_def_lib.implements("Elu")
def elu(features, name=None) -> Tensor:
    """features if > 0, else exp(features) - 1, element-wise (tf.nn.elu)."""
    return _core_activation("Elu", features, name)


@op_def_lib.implements("EluGrad")
def elu_grad(gradients, outputs, name=None) -> Tensor:
    """gradients * (outputs + 1) where outputs < 0, else gradients: the gradient of Elu at its
    output (EluGrad). The core's kernel."""
    return _activation_grad("EluGrad", gradients, outputs, name)


@op_def_lib.implements("Selu")
def selu(features, name=None) -> Tensor:
    """Scaled ELU: scale * (features if > 0 else alpha * (exp(features) - 1)) (tf.nn.selu)."""
    return _core_activation("Selu", features, name)


@op_def_lib.implements("SeluGrad")
def selu_grad(gradients, outputs, name=None) -> Tensor:
    """The gradient of Selu at its output (SeluGrad). The core's kernel."""
    return _activation_grad("SeluGrad", gradients, outputs, name)


@op_def_lib.implements("Softplus")
def softplus(features, name=None) -> Tensor:
    """log(exp(features) + 1) (Softplus)."""
    return _core_activation("Softplus", features, name)


@op_def_lib.implements("SoftplusGrad")
def softplus_grad(gradients, features, name=None) -> Tensor:
    """gradients / (exp(-features) + 1): the gradient of Softplus (SoftplusGrad). The core's kernel."""
    return _activation_grad("SoftplusGrad", gradients, features, name)


@op_def_lib.implements("Softsign")
def softsign(features, name=None) -> Tensor:
    """features / (abs(features) + 1) element-wise (tf.nn.softsign)."""
    return _core_activation("Softsign", features, name)


@op_def_lib.implements("SoftsignGrad")
def softsign_grad(gradients, features, name=None) -> Tensor:
    """gradients / (abs(features) + 1) ** 2: the gradient of Softsign (SoftsignGrad). The core's kernel."""
    return _activation_grad("SoftsignGrad", gradients, features, name)


# --- softmax ------------------------------------------------------------------------------

def _softmax_op(op, logits, axis, name):
    t = _as_tensor(logits)
    dtype = t.dtype
    check_dtype(op, dtype, name)
    rank = len(t.shape)
    if axis is None:
        axis = -1
    axis = int(axis)
    if not -rank <= axis < rank and rank:
        raise errors.InvalidArgumentError(
            None, None, f"`dim` must be in the range [{-rank}, {rank}) where {rank} is the number of dimensions in "
                        f"the input. Received: dim={axis}")

    log = op == "LogSoftmax"
    if axis % max(rank, 1) == rank - 1 or rank == 0:
        return run_core(_C.softmax, name, t, log, name or "")
    # TensorFlow swaps `axis` with the last one, runs the op and swaps them back.
    perm = list(range(rank))
    perm[axis % rank], perm[-1] = perm[-1], perm[axis % rank]
    out = run_core(_C.softmax, name, array_ops.transpose(t, perm), log, name or "")
    return array_ops.transpose(out, perm)


@op_def_lib.implements("Softmax")
def softmax(logits, axis=None, name=None) -> Tensor:
    """exp(logits) / sum(exp(logits)) along `axis` (default the last) (Softmax)."""
    return _softmax_op("Softmax", logits, axis, name)


@op_def_lib.implements("LogSoftmax")
def log_softmax(logits, axis=None, name=None) -> Tensor:
    """logits - log(sum(exp(logits))) along `axis` (LogSoftmax)."""
    return _softmax_op("LogSoftmax", logits, axis, name)


# --- cross-entropies ----------------------------------------------------------------------

def _as_tensor(x, dtype=None):
    if isinstance(x, Tensor):
        return x
    if hasattr(x, "_as_tensor"):
        return x._as_tensor()
    return convert_to_tensor(x, dtype=dtype)


def _move_axis_last(t, axis):
    rank = len(t.shape)
    perm = list(range(rank))
    perm.append(perm.pop(axis % rank))
    return array_ops.transpose(t, perm)


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None) -> Tensor:
    """-sum(labels * log_softmax(logits)) along `axis` (SoftmaxCrossEntropyWithLogits on the
    logits flattened to 2-D); labels are cast to the logits' dtype."""
    logits = _as_tensor(logits)
    labels = _as_tensor(labels, logits.dtype if not hasattr(labels, "dtype") else None)
    check_dtype("SoftmaxCrossEntropyWithLogits", logits.dtype, name)
    if labels.dtype is not logits.dtype:
        labels = math_ops.cast(labels, logits.dtype)
    shape = tuple(logits.shape)
    if axis != -1 and axis % max(len(shape), 1) != len(shape) - 1:
        logits = _move_axis_last(logits, axis)
        labels = _move_axis_last(labels, axis)
        shape = tuple(logits.shape)
    flat_logits = array_ops.reshape(logits, _rows(logits))
    flat_labels = array_ops.reshape(labels, _rows(labels))
    cost, _ = _C.softmax_cross_entropy_with_logits(flat_logits, flat_labels, name or "")
    if None not in shape:
        return array_ops.reshape(cost, shape[:-1])
    # Inside a graph with sizes known only when it runs: the outer dims from the logits' Shape
    # then, and the static shape known now (TensorFlow's set_shape).
    cost = array_ops.reshape(cost, array_ops.shape(logits)[:-1])
    cost.set_shape(shape[:-1])
    return cost


def _rows(t):
    """The shape flattening `t` to rows of its last dimension (TensorFlow's _flatten_outer_dims)."""
    shape = tuple(t.shape)
    if not shape:
        return (1, 1)
    if shape[-1] is None:
        return array_ops.concat([[-1], array_ops.shape(t)[-1:]], 0)
    return (-1, shape[-1])


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None) -> Tensor:
    """-log_softmax(logits)[labels] (SparseSoftmaxCrossEntropyWithLogits on the logits flattened
    to 2-D); a label outside [0, classes) is TensorFlow's InvalidArgumentError."""
    logits = _as_tensor(logits)
    labels = _as_tensor(labels)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", logits.dtype, name)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", labels.dtype, name, attr="Tlabels")
    lshape, shape = tuple(labels.shape), tuple(logits.shape)
    compatible = len(lshape) == len(shape) - 1 and all(
        a is None or b is None or a == b for a, b in zip(lshape, shape[:-1]))
    if len(shape) == 0 or not compatible:
        if len(shape) == 0:
            raise ValueError(f"Logits cannot be scalars - received shape {shape}.")
        raise ValueError("`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
                         f"labels.shape={lshape} and logits.shape={shape}")
    if len(shape) == 2:
        array_ops.shape(labels)  # TensorFlow reads the labels' shape through a Shape op
    flat_logits = logits if len(shape) == 2 else array_ops.reshape(logits, _rows(logits))
    flat_labels = labels if len(shape) == 2 else array_ops.reshape(labels, (-1,))
    cost, _ = _C.sparse_softmax_cross_entropy_with_logits(flat_logits, flat_labels, name or "")
    if len(shape) == 2:
        return cost
    # Known label dimensions give a constant shape; unknown ones (a traced function's) are read when it runs.
    return array_ops.reshape(cost, lshape if None not in lshape else array_ops.shape(labels))


@op_def_lib.implements("SoftmaxCrossEntropyWithLogits")
def _raw_softmax_cross_entropy_with_logits(features, labels, name=None):
    """(loss, backprop) of logits and labels broadcast to one 2-D shape: the op itself."""
    (f, y), dtype = matching("SoftmaxCrossEntropyWithLogits", (features, labels), name)
    end = suffix(name, features, labels)
    check_dtype("SoftmaxCrossEntropyWithLogits", dtype, name, end)
    return _XentOutput(*run_core(_C.softmax_cross_entropy_with_logits, name, f, y, error_name(name, end)))


_XentOutput = collections.namedtuple("SoftmaxCrossEntropyWithLogits", ["loss", "backprop"])


@op_def_lib.implements("SparseSoftmaxCrossEntropyWithLogits")
def _raw_sparse_softmax_cross_entropy_with_logits(features, labels, name=None):
    """(loss, backprop) of 2-D logits and 1-D labels: the op itself, whose kernel checks the shapes."""
    f, dtype = operand(features)
    y, label_dtype = operand(labels)
    end = suffix(name, features, labels)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", dtype, name, end)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", label_dtype, name, end, attr="Tlabels")
    return _SparseXentOutput(*run_core(_C.sparse_softmax_cross_entropy_with_logits, name, f, y, error_name(name, end)))


# TensorFlow's generated wrapper returns its outputs as a namedtuple named after the op.
_SparseXentOutput = collections.namedtuple("SparseSoftmaxCrossEntropyWithLogits", ["loss", "backprop"])


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None) -> Tensor:
    """max(x, 0) - x * z + log(1 + exp(-|x|)) for logits x and labels z, TensorFlow's composite
    (ZerosLike, GreaterEqual, Select, Neg, Select, Mul, Sub, Exp, Log1p, AddV2)."""
    if labels is None or logits is None:
        raise ValueError("Both `labels` and `logits` must be provided for sigmoid_cross_entropy_with_logits"
                         f"Received: labels={labels} and logits={logits}")
    logits = _as_tensor(logits)
    labels = _as_tensor(labels, logits.dtype if not hasattr(labels, "dtype") else None)
    if tuple(logits.shape) != tuple(labels.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received ({tuple(logits.shape)} vs "
                         f"{tuple(labels.shape)}).")
    zeros = array_ops.zeros_like(logits, dtype=logits.dtype)
    cond = math_ops.greater_equal(logits, zeros)
    relu_logits = select(cond, logits, zeros)
    neg_abs_logits = select(cond, math_ops.negative(logits), logits)
    return math_ops.add(math_ops.subtract(relu_logits, math_ops.multiply(logits, labels)),
                        math_ops.log1p(math_ops.exp(neg_abs_logits)), name=name)


@op_def_lib.implements("Select")
def select(condition, x, y, name=None) -> Tensor:
    """TensorFlow 1's where (Select): x where condition else y, all of one shape (or a vector
    condition choosing rows)."""
    c, _ = operand(condition, dtypes.bool)
    xa, dtype = operand(x)
    ya, _ = operand(y, dtype)
    if _C.select_supported(dtype._enum):
        return run_core(_C.select, name, False, c, xa, ya, name or "")

    def kernel(c, a, b):
        if c.ndim == 1 and a.ndim > 1:
            c = c.reshape((-1,) + (1,) * (a.ndim - 1))
        return np.where(c, a, b)
    return run("Select", kernel, (c, xa, ya), dtype)


# --- BiasAdd, L2Loss ----------------------------------------------------------------------

def _data_format(data_format):
    if data_format is None:
        return "NHWC"
    if data_format.startswith("NC"):
        return "NCHW"
    if data_format.startswith("N") and data_format.endswith("C"):
        return "NHWC"
    raise ValueError(f"`data_format` must be of the form `N...C` or `NC...`. Received: data_format={data_format}")


def channel_axis(data_format, rank):
    """Where BiasAdd's bias goes: dimension 1 for NCHW inputs of rank > 2, else the last."""
    return 1 if data_format == "NCHW" and rank > 2 else rank - 1


@op_def_lib.implements("BiasAdd")
def bias_add(value, bias, data_format=None, name=None) -> Tensor:
    """value + bias along the channel dimension (BiasAdd; the last one, or 1 for NC...)."""
    data_format = _data_format(data_format)
    va, dtype = operand(value)
    ba, bdtype = operand(bias, dtype)
    check_dtype("BiasAdd", dtype, name)

    return run_core(_C.bias_add, name, va, ba, data_format == "NCHW", error_name(name, suffix(name, value, bias)))


def bias_add_grad(out_backprop, data_format="NHWC") -> Tensor:
    """The gradient of BiasAdd's bias: out_backprop summed over all but the channel dimension (BiasAddGrad)."""
    g, _ = operand(out_backprop)
    # TensorFlow's string attr data_format is the core op's bool attribute `nchw` (attributes hold no strings).
    return _C.bias_add_grad(g, data_format == "NCHW")


@op_def_lib.implements("BiasAddGrad")
def _raw_bias_add_grad(out_backprop, data_format="NHWC", name=None):
    g, dtype = operand(out_backprop)
    check_dtype("BiasAddGrad", dtype, name, suffix(name, out_backprop))
    return run_core(_C.bias_add_grad, name, g, _data_format(data_format) == "NCHW")


@op_def_lib.implements("L2Loss")
def l2_loss(t, name=None) -> Tensor:
    """sum(t ** 2) / 2 (L2Loss)."""
    a, dtype = operand(t)
    check_dtype("L2Loss", dtype, name, end="")

    def kernel(x):
        w = x.astype(np.float64)
        return np.asarray(np.sum(w * w) / 2, x.dtype)
    return run("L2Loss", kernel, (a,), dtype)


# --- composites ---------------------------------------------------------------------------

def _erfc(a):
    return np.vectorize(math.erfc, otypes=[np.float64])(a.astype(np.float64))


@op_def_lib.implements("Erfc")
def erfc(x, name=None) -> Tensor:
    """The complementary error function (Erfc)."""
    a, dtype = operand(x)
    check_dtype("Erfc", dtype, name)
    return run("Erfc", _wide(_erfc), (a,), dtype)


def gelu(features, approximate=False, name=None) -> Tensor:
    """x * P(X <= x) for X ~ N(0, 1), TensorFlow's composite of Erfc (or of Tanh with `approximate`)."""
    features = _as_tensor(features)
    if not features.dtype.is_floating:
        raise ValueError(f"`features.dtype` must be a floating point tensor.Received:features.dtype={features.dtype}")
    # TensorFlow's expressions, operators included (they convert the Python numbers to features' dtype).
    if approximate:
        coeff = convert_to_tensor(0.044715, dtype=features.dtype)
        return 0.5 * features * (1.0 + math_ops.tanh(0.7978845608028654 * (features + coeff *
                                                                          math_ops.pow(features, 3))))
    return 0.5 * features * erfc(-features * convert_to_tensor(0.7071067811865476, dtype=features.dtype))


def log_sigmoid(x, name=None) -> Tensor:
    """log(sigmoid(x)) = -softplus(-x) (Neg, Softplus, Neg)."""
    return math_ops.negative(softplus(math_ops.negative(x)), name=name)


def silu(features, beta=1.0, name=None) -> Tensor:
    """features * sigmoid(beta * features) (Mul, Sigmoid, Mul, Identity)."""
    features = _as_tensor(features)
    beta = convert_to_tensor(beta, dtype=features.dtype) if not isinstance(beta, Tensor) else beta
    return array_ops.identity(math_ops.multiply(features, math_ops.sigmoid(math_ops.multiply(beta, features))))


swish = silu


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None) -> Tensor:
    """x / sqrt(max(sum(x ** 2), epsilon)) along `axis` (Square, Sum, Maximum, Rsqrt, Mul)."""
    axis = dim if axis is None else axis
    x = _as_tensor(x)
    square_sum = reduction_ops.reduce_sum(math_ops.square(x), axis, keepdims=True)
    x_inv_norm = math_ops.rsqrt(math_ops.maximum(square_sum, epsilon))
    return math_ops.multiply(x, x_inv_norm, name=name)


def moments(x, axes, shift=None, keepdims=False, name=None) -> tuple[Tensor, Tensor]:
    """(mean, variance) of `x` over `axes` (Mean, StopGradient, SquaredDifference, Mean[, Squeeze]);
    float16 is computed in float32."""
    x = _as_tensor(x)
    y = math_ops.cast(x, dtypes.float32) if x.dtype is dtypes.float16 else x
    mean = reduction_ops.reduce_mean(y, axes, keepdims=True)
    variance = reduction_ops.reduce_mean(math_ops.squared_difference(y, array_ops.stop_gradient(mean)), axes,
                                         keepdims=True)
    if not keepdims:
        mean = array_ops.squeeze(mean, axes)
        variance = array_ops.squeeze(variance, axes)
    if x.dtype is dtypes.float16:
        return math_ops.cast(mean, dtypes.float16), math_ops.cast(variance, dtypes.float16)
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None) -> Tensor:
    """(x - mean) * scale / sqrt(variance + epsilon) + offset, composed as TensorFlow composes it
    (Rsqrt, Mul, Sub; the order of its ops fixes its rounding)."""
    x = _as_tensor(x)
    inv = math_ops.rsqrt(math_ops.add(_as_tensor(variance), variance_epsilon))
    if scale is not None:
        inv = math_ops.multiply(inv, scale)
    shift = math_ops.subtract(offset, math_ops.multiply(mean, inv)) if offset is not None else \
        math_ops.negative(math_ops.multiply(mean, inv))
    return math_ops.add(math_ops.multiply(x, math_ops.cast(inv, x.dtype)), math_ops.cast(shift, x.dtype), name=name)


def _rate_error(rate):
    return ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}")


def dropout(x, rate, noise_shape=None, seed=None, name=None) -> Tensor:
    """x / (1 - rate) where a uniform sample is >= rate, else 0 (Mul, Shape, RandomUniform,
    GreaterEqual, SelectV2, as TensorFlow composes it)."""
    from varrt.ops import random_ops as random  # the random ops import the dispatch this module is part of

    return _dropout(x, rate, noise_shape, lambda shape, dtype: random.uniform(shape, dtype=dtype, seed=seed), seed)


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None) -> Tensor:
    """`dropout` whose mask depends only on `seed` (two integers): the uniform sample is
    StatelessRandomUniformV2's (tf.nn.experimental.stateless_dropout)."""
    from varrt.ops import random_ops as random  # the random ops import the dispatch this module is part of

    alg = "auto_select" if rng_alg is None else rng_alg
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: random.stateless_uniform(shape, seed, dtype=dtype, alg=alg), None)


def _dropout(x, rate, noise_shape, uniform_sampler, seed):
    """TensorFlow's nn_ops._dropout, shared by the stateful and the stateless dropout."""
    from varrt.ops import random_ops as random  # the random ops import the dispatch this module is part of

    is_rate_number = isinstance(rate, numbers.Real) and not isinstance(rate, bool)
    if is_rate_number and not 0 <= rate < 1:
        raise _rate_error(rate)
    x = _as_tensor(x)
    if not x.dtype.is_floating:
        raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. Received: "
                         f"x_dtype={x.dtype}")
    if is_rate_number and rate == 0:
        random.get_seed(seed)  # TensorFlow's dummy_rng_step: the op seed is taken all the same
        return x
    if isinstance(rate, Tensor):
        if rate.shape.rank != 0:
            raise ValueError(f"Shape {rate.shape} must have rank 0")
        if rate.dtype is not x.dtype:
            rate = math_ops.cast(rate, x.dtype)
        ret = math_ops.realdiv(x, math_ops.subtract(math_ops.cast(1, x.dtype), rate))
    elif is_rate_number:
        ret = math_ops.multiply(x, convert_to_tensor(1 / (1 - rate), dtype=x.dtype))
    else:
        raise _rate_error(rate)
    random_tensor = uniform_sampler(_noise_shape(x, noise_shape), x.dtype)
    keep_mask = math_ops.greater_equal(random_tensor, rate)
    return index_ops.where(keep_mask, ret, convert_to_tensor(0, dtype=x.dtype))


def _noise_shape(x, noise_shape):
    """TensorFlow's _get_noise_shape: the input's shape (read by a Shape op, so a graph's
    unknown sizes come when it runs), or `noise_shape` with None filled from the input's
    static shape; a tensor `noise_shape` as it is."""
    if noise_shape is None:
        shape = array_ops.shape(x)
        return tuple(x.shape) if x.shape.is_fully_defined() else shape
    if isinstance(noise_shape, Tensor):
        return noise_shape
    dims = list(noise_shape)
    if any(isinstance(d, Tensor) for d in dims):
        return array_ops.stack([math_ops.cast(d, dtypes.int32) for d in dims])
    if x.shape.rank is not None and len(dims) == x.shape.rank:
        dims = [x.shape[i] if d is None and x.shape[i] is not None else d for i, d in enumerate(dims)]
    return tuple(_int_list(dims))


def _int_list(values):
    if isinstance(values, Tensor):
        return [int(v) for v in values.numpy().reshape(-1)]
    return list(values)


def crelu(features, axis=-1, name=None) -> Tensor:
    """Concatenated ReLU: relu(concat([features, -features], axis)), twice the depth (ConcatV2, Neg, Relu)."""
    features = convert_to_tensor(features)
    return relu(array_ops.concat([features, math_ops.negative(features)], axis))


def batch_norm_with_global_normalization(input, mean, variance, beta, gamma, variance_epsilon,  # noqa: A002
                                         scale_after_normalization, name=None) -> Tensor:
    """batch_normalization with offset beta and, if scale_after_normalization, scale gamma
    (TensorFlow's composite)."""
    return batch_normalization(input, mean, variance, beta, gamma if scale_after_normalization else None,
                               variance_epsilon, name)


# Ragged operands reach their handler (ops/ragged/ragged_dispatch.py) through these.
UNARY_ELEMENTWISE = ("relu", "relu6", "leaky_relu", "elu", "selu", "softplus", "softsign", "erfc", "gelu", "log_sigmoid",
                     "silu")
from varrt.ops import dispatch  # noqa: E402
dispatch.install(globals(), "nn_ops", UNARY_ELEMENTWISE)
