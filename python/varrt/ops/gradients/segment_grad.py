"""Gradients of the segment reductions, the tensor scatters, the partitions and stitches,
ReverseSequence, EnsureShape and TruncateDiv (TensorFlow's math_grad.py, array_grad.py and
data_flow_grad.py), written over the same ops as TensorFlow's."""
from varrt.base import dtypes
from varrt.ops import (array_ops, index_ops, math_ops, partition_ops, reduction_ops, reverse_sequence, scatter_ops,
                       segment_ops, sequence_ops, tensor_scatter_ops)
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


def _where(condition, x, y):
    return index_ops.where(condition, x, y)


@RegisterGradient("SegmentSum")
def _segment_sum_grad(op, grad):
    return index_ops.gather(grad_util.dense(grad), op.inputs[1]), None


@RegisterGradient("SegmentMean")
def _segment_mean_grad(op, grad):
    grad = grad_util.dense(grad)
    ids_shape = array_ops.shape(op.inputs[1])
    remaining = array_ops.ones(array_ops.expand_dims(array_ops.rank(op.inputs[0]) - 1, 0), dtype=ids_shape.dtype)
    ones = array_ops.ones(array_ops.concat([ids_shape, remaining], 0), dtype=grad.dtype)
    scaled = math_ops.divide(grad, segment_ops.segment_sum(ones, op.inputs[1]))
    return index_ops.gather(scaled, op.inputs[1]), None


def _segment_min_or_max_grad(op, grad):
    grad = grad_util.dense(grad)
    zeros = array_ops.zeros_like(op.inputs[0], dtype=op.inputs[0].dtype)
    gathered_outputs = index_ops.gather(op.outputs[0], op.inputs[1])
    is_selected = math_ops.equal(op.inputs[0], gathered_outputs)
    num_selected = segment_ops.segment_sum(math_ops.cast(is_selected, grad.dtype), op.inputs[1])
    gathered = index_ops.gather(math_ops.divide(grad, num_selected), op.inputs[1])
    return _where(is_selected, gathered, zeros), None


RegisterGradient("SegmentMin")(_segment_min_or_max_grad)
RegisterGradient("SegmentMax")(_segment_min_or_max_grad)


@RegisterGradient("SegmentProd")
def _segment_prod_grad(op, grad):
    grad = grad_util.dense(grad)
    data, ids = op.inputs[0], op.inputs[1]
    is_zero = math_ops.equal(data, 0)
    num_zeros = segment_ops.segment_sum(math_ops.cast(is_zero, dtypes.int32), ids)
    grad = _where(math_ops.greater(num_zeros, 1), array_ops.zeros_like(grad), grad)
    non_zero_data = _where(is_zero, array_ops.ones_like(data), data)
    non_zero_prod = segment_ops.segment_prod(non_zero_data, ids)
    gathered_prod = index_ops.gather(op.outputs[0], ids)
    gathered_non_zero_prod = index_ops.gather(non_zero_prod, ids)
    partial = _where(is_zero, gathered_non_zero_prod, math_ops.truediv(gathered_prod, non_zero_data))
    return math_ops.multiply(index_ops.gather(grad, ids), partial), None


def _gather_drop_negatives(params, ids, zero_clipped_indices=None, is_positive=None):
    """TensorFlow's _GatherDropNegatives: rows of `params` at the ids, zeros where an id is negative."""
    if zero_clipped_indices is None:
        zero_clipped_indices = math_ops.maximum(ids, array_ops.zeros_like(ids))
    gathered = index_ops.gather(params, zero_clipped_indices)
    if is_positive is None:
        is_positive = math_ops.greater_equal(ids, 0)
        positive_shape = array_ops.shape(is_positive)
        broadcastable = array_ops.concat(
            [positive_shape, array_ops.ones(array_ops.reshape(array_ops.rank(gathered) - array_ops.rank(is_positive),
                                                              [1]), dtype=positive_shape.dtype)], 0)
        is_positive = array_ops.reshape(is_positive, broadcastable)
        is_positive = math_ops.logical_and(is_positive, array_ops.ones_like(gathered, dtype=dtypes.bool))
    return _where(is_positive, gathered, array_ops.zeros_like(gathered)), zero_clipped_indices, is_positive


@RegisterGradient("UnsortedSegmentSum")
def _unsorted_segment_sum_grad(op, grad):
    return (_gather_drop_negatives(grad_util.dense(grad), op.inputs[1])[0], None) + (None,) * (len(op.inputs) - 2)


def _unsorted_segment_min_or_max_grad(op, grad):
    grad = grad_util.dense(grad)
    gathered_outputs, zero_clipped_indices, is_positive = _gather_drop_negatives(op.outputs[0], op.inputs[1])
    is_selected = math_ops.logical_and(math_ops.equal(op.inputs[0], gathered_outputs), is_positive)
    num_selected = scatter_ops.unsorted_segment_sum(math_ops.cast(is_selected, grad.dtype), op.inputs[1],
                                                    op.inputs[2])
    weighted = math_ops.divide(grad, num_selected)
    gathered, _, _ = _gather_drop_negatives(weighted, None, zero_clipped_indices, is_positive)
    return _where(is_selected, gathered, array_ops.zeros_like(gathered)), None, None


RegisterGradient("UnsortedSegmentMax")(_unsorted_segment_min_or_max_grad)
RegisterGradient("UnsortedSegmentMin")(_unsorted_segment_min_or_max_grad)


@RegisterGradient("UnsortedSegmentProd")
def _unsorted_segment_prod_grad(op, grad):
    grad = grad_util.dense(grad)
    data, ids, n = op.inputs[0], op.inputs[1], op.inputs[2]
    is_zero = math_ops.equal(data, 0)
    num_zeros = scatter_ops.unsorted_segment_sum(math_ops.cast(is_zero, dtypes.int32), ids, n)
    grad = _where(math_ops.greater(num_zeros, 1), array_ops.zeros_like(grad), grad)
    non_zero_data = _where(is_zero, array_ops.ones_like(data), data)
    non_zero_prod = segment_ops.unsorted_segment_prod(non_zero_data, ids, n)
    zero_clipped = math_ops.maximum(ids, array_ops.zeros_like(ids))
    gathered_prod = index_ops.gather(op.outputs[0], zero_clipped)
    gathered_non_zero_prod = index_ops.gather(non_zero_prod, zero_clipped)
    partial = _where(is_zero, gathered_non_zero_prod, math_ops.truediv(gathered_prod, data))
    gathered_grad = _gather_drop_negatives(grad, ids, zero_clipped)[0]
    return math_ops.multiply(gathered_grad, partial), None, None


@RegisterGradient("TensorScatterUpdate")
def _tensor_scatter_update_grad(op, grad):
    grad = grad_util.dense(grad)
    indices = op.inputs[1]
    updates_grad = index_ops.gather_nd(grad, indices)
    tensor_grad = tensor_scatter_ops.tensor_scatter_nd_update(
        array_ops.identity(grad), indices, array_ops.zeros_like(op.inputs[2], dtype=grad.dtype))
    return [tensor_grad, None, updates_grad]


@RegisterGradient("TensorScatterAdd")
def _tensor_scatter_add_grad(op, grad):
    grad = grad_util.dense(grad)
    return [array_ops.identity(grad), None, index_ops.gather_nd(grad, op.inputs[1])]


@RegisterGradient("TensorScatterSub")
def _tensor_scatter_sub_grad(op, grad):
    grad = grad_util.dense(grad)
    return [array_ops.identity(grad), None, math_ops.negative(index_ops.gather_nd(grad, op.inputs[1]))]


def _tensor_scatter_min_or_max_grad(op, grad):
    grad = grad_util.dense(grad)
    indices, x, y, output = op.inputs[1], op.inputs[0], op.inputs[2], op.outputs[0]
    x_indicators = math_ops.cast(math_ops.equal(x, output), grad.dtype)
    y_output = index_ops.gather_nd(output, indices)
    y_indicators = math_ops.cast(math_ops.equal(y, y_output), grad.dtype)
    ys_indicators = scatter_ops.scatter_nd(indices, y_indicators, array_ops.shape(x, out_type=indices.dtype))
    indicators = math_ops.add(x_indicators, ys_indicators)  # every element >= 1
    x_grad = math_ops.truediv(math_ops.multiply(grad, x_indicators), indicators)
    y_grad = math_ops.multiply(index_ops.gather_nd(math_ops.truediv(grad, indicators), indices), y_indicators)
    return [x_grad, None, y_grad]


RegisterGradient("TensorScatterMax")(_tensor_scatter_min_or_max_grad)
RegisterGradient("TensorScatterMin")(_tensor_scatter_min_or_max_grad)


@RegisterGradient("EnsureShape")
def _ensure_shape_grad(op, grad):
    return grad


@RegisterGradient("ReverseSequence")
def _reverse_sequence_grad(op, grad):
    return [reverse_sequence._raw_reverse_sequence(grad_util.dense(grad), op.inputs[1], op.get_attr("seq_dim"),
                                                   op.get_attr("batch_dim")), None]


@RegisterGradient("TruncateDiv")
def _truncate_div_grad(op, grad):
    return None, None


@RegisterGradient("DynamicPartition")
def _dynamic_partition_grad(op, *grads):
    data, indices = op.inputs[0], op.inputs[1]
    prefix_shape = array_ops.shape(indices)
    original = array_ops.reshape(sequence_ops.range(reduction_ops.reduce_prod(prefix_shape)), prefix_shape)
    parts = partition_ops.dynamic_partition(original, indices, int(op.get_attr("num_partitions")))
    stitched = partition_ops.dynamic_stitch(parts, [grad_util.dense(g) for g in grads])
    return [array_ops.reshape(stitched, array_ops.shape(data)), None]


@RegisterGradient("DynamicStitch")
def _dynamic_stitch_grad(op, grad):
    n = len(op.inputs) // 2
    grad = grad_util.dense(grad)
    return [None] * n + [index_ops.gather(grad, op.inputs[i]) for i in range(n)]


NotDifferentiable("Timestamp")
