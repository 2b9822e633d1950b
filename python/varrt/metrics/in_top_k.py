"""TensorFlow's `in_top_k` (the InTopKV2 kernel, core/kernels/in_topk_op.h) as Keras's top-k
accuracies call it, written over other ops: a target is in the top k when fewer than k classes
score strictly more than it (so ties at the boundary all count), and never when its row holds a
non-finite score or the target is not a class index. varrt's op table has no InTopKV2 yet;
this is the one place its rule lives."""
from varrt.base import dtypes
from varrt.ops import array_ops, index_ops, math_ops, op_util, reduction_ops


def _expected_float_error(dtype):
    return op_util.op_error("InTopKV2", f"cannot compute InTopKV2 as input #0(zero-based) was expected to be a "
                                        f"float tensor but is a {dtype.name.replace('float64', 'double')} tensor",
                            name="")


def in_top_k(targets, predictions, k):
    """A bool per row of `predictions` (float32, [batch, classes]): whether `targets` (int) is in its top `k`."""
    if predictions.dtype != dtypes.float32:
        raise _expected_float_error(predictions.dtype)
    num_classes = predictions.shape[-1]
    if num_classes is None:
        num_classes = array_ops.shape(predictions)[-1]
    targets = math_ops.cast(targets, dtypes.int32)
    in_range = math_ops.logical_and(math_ops.greater_equal(targets, 0), math_ops.less(targets, num_classes))
    safe_targets = index_ops.where(in_range, targets, array_ops.zeros_like(targets))
    target_score = index_ops.gather(predictions, safe_targets, axis=1, batch_dims=1)
    better = math_ops.greater(predictions, array_ops.expand_dims(target_score, -1))
    more_probable = reduction_ops.reduce_sum(math_ops.cast(better, dtypes.int32), axis=-1)
    finite = reduction_ops.reduce_all(math_ops.is_finite(predictions), axis=-1)
    return math_ops.logical_and(math_ops.logical_and(in_range, finite), math_ops.less(more_probable, k))
