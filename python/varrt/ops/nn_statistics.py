"""tf.nn's statistics written over other ops as TensorFlow's nn_impl.py writes them: the
sufficient statistics of a mean and variance and the moments made from them, frequency-weighted
moments, and the fraction of zeros."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None) -> tuple:
    """(count, sum, sum of squares, shift) of `x` over `axes`, each sum of `x - shift` when a
    shift is given; the count is a constant of x's dtype when the reduced dims are known."""
    axes = list(set(axes))
    x = convert_to_tensor(x)
    dims = x.shape.as_list() if x.shape.rank is not None else None
    if dims is not None and all(dims[d] is not None for d in axes):
        counts = 1
        for d in axes:
            counts *= dims[d]
        counts = convert_to_tensor(counts, x.dtype)
    else:  # known only when the graph runs: the product of the reduced dims of tf.shape(x)
        rank = array_ops.rank(x)
        positive_axes = [axis + rank if axis < 0 else axis for axis in axes]
        x_dims = index_ops.gather(math_ops.cast(array_ops.shape(x), x.dtype), positive_axes)
        counts = reduction_ops.reduce_prod(x_dims)
    if shift is not None:
        shift = convert_to_tensor(shift)
        m_ss = math_ops.subtract(x, shift)
        v_ss = math_ops.squared_difference(x, shift)
    else:
        m_ss = x
        v_ss = math_ops.square(x)
    m_ss = reduction_ops.reduce_sum(m_ss, axes, keepdims=keepdims)
    v_ss = reduction_ops.reduce_sum(v_ss, axes, keepdims=keepdims)
    return counts, m_ss, v_ss, shift


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None) -> tuple[Tensor, Tensor]:
    """(mean, variance) from sufficient statistics: sum / count (plus the shift) and
    sum of squares / count - the shifted mean squared."""
    divisor = math_ops.reciprocal(counts)
    shifted_mean = math_ops.multiply(mean_ss, divisor)
    mean = math_ops.add(shifted_mean, shift) if shift is not None else shifted_mean
    variance = math_ops.subtract(math_ops.multiply(variance_ss, divisor), math_ops.square(shifted_mean))
    return mean, variance


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None) -> tuple[Tensor, Tensor]:
    """The frequency-weighted mean and variance of `x` over `axes` (0 where the weights sum to
    0); float16 is computed in float32."""
    x = convert_to_tensor(x)
    frequency_weights = convert_to_tensor(frequency_weights)
    needs_cast = x.dtype == dtypes.float16
    if needs_cast:
        x = math_ops.cast(x, dtypes.float32)
    if frequency_weights.dtype != x.dtype:
        frequency_weights = math_ops.cast(frequency_weights, x.dtype)
    weighted_input_sum = reduction_ops.reduce_sum(frequency_weights * x, axes, keepdims=True)
    broadcasted_weights = frequency_weights + array_ops.zeros_like(x)
    sum_of_weights = reduction_ops.reduce_sum(broadcasted_weights, axes, keepdims=True)
    weighted_mean = math_ops.divide_no_nan(weighted_input_sum, sum_of_weights)
    weighted_distsq = reduction_ops.reduce_sum(frequency_weights * math_ops.squared_difference(x, weighted_mean),
                                               axes, keepdims=True)
    weighted_variance = math_ops.divide_no_nan(weighted_distsq, sum_of_weights)
    if not keepdims:
        weighted_mean = array_ops.squeeze(weighted_mean, axes)
        weighted_variance = array_ops.squeeze(weighted_variance, axes)
    if needs_cast:
        weighted_mean = math_ops.cast(weighted_mean, dtypes.float16)
        weighted_variance = math_ops.cast(weighted_variance, dtypes.float16)
    return weighted_mean, weighted_variance


def zero_fraction(value, name=None) -> Tensor:
    """The fraction of zeros in `value`, float32 (NaN when it is empty). TensorFlow counts in
    int32 below 2**31 elements and int64 above (a cond on the size, which gives the same count)."""
    value = convert_to_tensor(value)
    size = array_ops.size(value, out_type=dtypes.int64)
    num_nonzero = reduction_ops.count_nonzero(value, dtype=dtypes.int64)
    num_zero = size - num_nonzero
    fraction = math_ops.cast(num_zero, dtypes.float32) / math_ops.cast(size, dtypes.float32)
    return array_ops.identity(fraction)
