"""tf.nn's loss helpers written over other ops, as TensorFlow's Python writes them
(nn_impl.py, nn_impl_distribute.py): the weighted logistic and log-Poisson losses, and the
per-replica averaging of `compute_average_loss` and `scale_regularization_loss` (by the current
tf.distribute strategy's replica count)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import math

from varrt.base import dtypes
from varrt.framework import distribution_context
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.base import errors
from varrt.ops import array_ops, index_ops, math_ops, nn_ops, reduction_ops
from varrt.ops.op_util import host_if_known, tensor_operand

def _replicas_in_sync(function_name):
    """The current strategy's replica count; in its cross-replica context TensorFlow's RuntimeError."""
    entry = distribution_context.current()
    if entry is not None and entry[1] is None:
        raise RuntimeError(f"You are calling `{function_name}` in cross replica context, while it was expected to "
                           "be called in replica context.")
    return distribution_context.num_replicas_in_sync()


def _same_shape(first, second, what):
    """TensorFlow's assert_is_compatible_with on the static shapes, with its loss's message."""
    if not first.shape.is_compatible_with(second.shape):
        raise ValueError(f"{what} must have the same shape, received ({first.shape} vs {second.shape}).")


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None) -> Tensor:
    """The sigmoid cross-entropy with the positive term weighted by `pos_weight`:
    (1 - z) * x + (1 + (q - 1) * z) * (log1p(exp(-|x|)) + relu(-x))."""
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels)
    _same_shape(logits, labels, "`logits` and `labels`")
    log_weight = 1 + (pos_weight - 1) * labels
    return math_ops.add((1 - labels) * logits,
                        log_weight * (math_ops.log1p(math_ops.exp(-math_ops.abs(logits))) + nn_ops.relu(-logits)),
                        name=name)


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None) -> Tensor:
    """exp(c) - z * c for log_input c and targets z, plus Stirling's approximation of log(z!)
    (for z > 1) with `compute_full_loss`."""
    log_input = convert_to_tensor(log_input)
    targets = convert_to_tensor(targets)
    _same_shape(log_input, targets, "`log_input` and `targets`")
    result = math_ops.exp(log_input) - log_input * targets
    if compute_full_loss:
        point_five = convert_to_tensor(0.5, targets.dtype)
        two_pi = convert_to_tensor(2 * math.pi, targets.dtype)
        stirling_approx = (targets * math_ops.log(targets)) - targets + (point_five * math_ops.log(two_pi * targets))
        zeros = array_ops.zeros_like(targets, dtype=targets.dtype)
        ones = array_ops.ones_like(targets, dtype=targets.dtype)
        cond = math_ops.logical_and(targets >= zeros, targets <= ones)
        result += index_ops.where(cond, zeros, stirling_approx)
    return result


def _scaled_by_sample_weight(losses, sample_weight):
    """TensorFlow's scale_losses_by_sample_weight: both in float32, the weights' last dimension
    squeezed or added when their rank differs from the losses' by one."""
    losses = math_ops.cast(losses, dtypes.float32)
    sample_weight = math_ops.cast(sample_weight, dtypes.float32)
    weights_rank, losses_rank = sample_weight.shape.rank, losses.shape.rank
    if weights_rank is None or losses_rank is None:
        raise NotImplementedError("varrt's compute_average_loss needs the ranks of per_example_loss and "
                                  "sample_weight known when it is called")
    if weights_rank and weights_rank - losses_rank == 1:
        sample_weight = array_ops.squeeze(sample_weight, [-1])
    elif weights_rank and losses_rank - weights_rank == 1:
        sample_weight = array_ops.expand_dims(sample_weight, [-1])
    return math_ops.multiply(losses, sample_weight)


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None) -> Tensor:
    """The sum of the (weighted) per-example losses over the global batch size (by default the
    first dimension times the replicas in sync); 0 when that size is 0."""
    per_example_loss = convert_to_tensor(per_example_loss)
    input_dtype = per_example_loss.dtype
    if per_example_loss.shape.rank == 0:
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
                         f"Received per_example_loss={per_example_loss} with rank 0")
    if sample_weight is not None:
        per_example_loss = _scaled_by_sample_weight(per_example_loss, convert_to_tensor(sample_weight))
    per_example_loss = math_ops.cast(per_example_loss, input_dtype)
    if global_batch_size is None:
        global_batch_size = array_ops.shape(per_example_loss)[0] * _replicas_in_sync("compute_average_loss")
    _check_batch_size(convert_to_tensor(global_batch_size))
    loss = reduction_ops.reduce_sum(per_example_loss)
    return math_ops.divide_no_nan(loss, math_ops.cast(global_batch_size, input_dtype))


def _check_batch_size(size):
    """TensorFlow's assert_scalar, assert_integer and assert_non_negative of global_batch_size
    (the last on a value known now; a graph's size known only when it runs is not checked)."""
    if size.shape.rank not in (None, 0):
        raise ValueError(f"global_batch_size must be scalar..  Expected scalar shape, saw shape: {size.shape}.")
    if not size.dtype.is_integer:
        raise TypeError('global_batch_size must be an integer..  Expected "x" to be integer type.  Found: tensor of '
                        f"dtype {size.dtype}")
    value = host_if_known(tensor_operand(size)[0])
    if value is not None and int(value) < 0:
        raise errors.InvalidArgumentError(None, None, "global_batch_size must be non-negative..  \nCondition x >= 0 "
                                          f"did not hold element-wise:\nx (shape=() dtype={size.dtype.name}) = "
                                          f"\n{int(value)}")


def scale_regularization_loss(regularization_loss) -> Tensor:
    """The summed regularization loss divided by the number of replicas in sync."""
    return reduction_ops.reduce_sum(regularization_loss) / _replicas_in_sync("scale_regularization_loss")
