"""Reductions: values against NumPy, axis forms (int, list, negative, tensor, None), keepdims,
TensorFlow's integer and empty-input semantics, argmax/argmin, cumulative ops, and errors
(checked against TensorFlow 2.21).
"""
import numpy as np
import pytest

import varrt as tf
from varrt import errors

from op_checks import check, wrapped

M = [[1, 2], [3, 4]]


@pytest.mark.parametrize("fn,np_fn", [(tf.reduce_sum, np.sum), (tf.reduce_max, np.max), (tf.reduce_min, np.min),
                                      (tf.reduce_prod, np.prod), (tf.reduce_mean, np.mean)])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, [0, 1], [1, 0], (0,), []])
@pytest.mark.parametrize("keepdims", [False, True])
def test_float_reductions_match_numpy(fn, np_fn, axis, keepdims):
    x = np.array([[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]])
    np_axis = tuple(axis) if isinstance(axis, (list, tuple)) else axis
    check(fn(tf.constant(x), axis=axis, keepdims=keepdims), np_fn(x, axis=np_axis, keepdims=keepdims), tf.float64)


def test_reduce_sum_forms():
    t = tf.constant(M)
    check(tf.reduce_sum(t), 10, tf.int32)
    check(tf.reduce_sum(t, 0), [4, 6], tf.int32)
    check(tf.reduce_sum(t, axis=-1), [3, 7], tf.int32)
    check(tf.reduce_sum(t, axis=tf.constant(1)), [3, 7], tf.int32)
    check(tf.reduce_sum(t, axis=tf.constant(1, tf.int64)), [3, 7], tf.int32)
    check(tf.reduce_sum(t, axis=np.int64(0)), [4, 6], tf.int32)
    check(tf.reduce_sum(t, axis=[[0]]), [4, 6], tf.int32)
    check(tf.reduce_sum(t, keepdims=True), [[10]], tf.int32)
    check(tf.reduce_sum(t, 1, keepdims=True), [[3], [7]], tf.int32)
    check(tf.reduce_sum(t, axis=[]), M, tf.int32)
    check(tf.reduce_sum(tf.constant(5)), 5, tf.int32)
    check(tf.reduce_sum([1., 2.]), 3.0, tf.float32)
    check(tf.reduce_sum(tf.Variable([1., 2.])), 3.0, tf.float32)
    check(tf.math.reduce_sum(tf.constant([1, 2])), 3, tf.int32)


def test_integer_sums_wrap_and_float_sums_round_well():
    check(tf.reduce_sum(tf.constant([2 ** 31 - 1, 1])), -2 ** 31, tf.int32)
    check(tf.reduce_sum(tf.constant([200, 100], tf.uint8)), 44, tf.uint8)
    check(tf.reduce_sum(tf.constant([[1, 2], [3, 4]], tf.int8), 0), [4, 6], tf.int8)
    check(tf.reduce_sum(tf.constant([0.1] * 10)), 1.0, tf.float32)
    check(tf.reduce_sum(tf.constant([1.5, 2.5], tf.bfloat16)), 4.0, tf.bfloat16)
    check(tf.reduce_prod(tf.constant([2 ** 20, 2 ** 20])), 0, tf.int32)


def test_integer_mean_truncates_without_overflow():
    check(tf.reduce_mean(tf.constant([1, 2])), 1, tf.int32)
    check(tf.reduce_mean(tf.constant([-1, -2])), -1, tf.int32)
    check(tf.reduce_mean(tf.constant([[1, 2], [3, 5]]), 1), [1, 4], tf.int32)
    check(tf.reduce_mean(tf.constant([200, 100], tf.uint8)), 150, tf.uint8)
    check(tf.reduce_mean(tf.constant([2 ** 31 - 1, 2 ** 31 - 1])), 2 ** 31 - 1, tf.int32)
    check(tf.reduce_mean(tf.constant([1.5, 2.5], tf.float16)), 2.0, tf.float16)


def test_empty_reductions():
    check(tf.reduce_sum(tf.constant([], tf.float32)), 0.0, tf.float32)
    check(tf.reduce_mean(tf.constant([], tf.float32)), np.nan, tf.float32)
    check(tf.reduce_mean(tf.constant([], tf.int32)), 0, tf.int32)
    check(tf.reduce_max(tf.constant([], tf.float32)), -np.inf, tf.float32)
    check(tf.reduce_max(tf.constant([], tf.int32)), -2 ** 31, tf.int32)
    check(tf.reduce_min(tf.constant([], tf.float32)), np.inf, tf.float32)
    check(tf.reduce_min(tf.constant([], tf.int32)), 2 ** 31 - 1, tf.int32)
    check(tf.reduce_min(tf.constant([], tf.uint8)), 255, tf.uint8)
    check(tf.reduce_prod(tf.constant([], tf.float32)), 1.0, tf.float32)
    check(tf.reduce_all(tf.constant([], tf.bool)), True, tf.bool)
    check(tf.reduce_any(tf.constant([], tf.bool)), False, tf.bool)
    check(tf.reduce_mean(tf.zeros([2, 0]), axis=0), np.zeros([0], np.float32), tf.float32)
    check(tf.reduce_mean(tf.zeros([2, 0]), axis=1), [np.nan, np.nan], tf.float32)
    check(tf.reduce_min(tf.zeros([0, 2]), axis=0), [np.inf, np.inf], tf.float32)


def test_max_min_propagate_nan():
    check(tf.reduce_max(tf.constant([1., np.nan, 3.])), np.nan, tf.float32)
    check(tf.reduce_min(tf.constant([1., np.nan, 3.])), np.nan, tf.float32)
    check(tf.reduce_max(tf.constant([[1, 5], [3, 4]]), axis=[0, 1], keepdims=True), [[5]], tf.int32)


def test_any_all():
    check(tf.reduce_any(tf.constant([True, False])), True, tf.bool)
    check(tf.reduce_any(tf.constant([[False, False], [True, False]]), 1), [False, True], tf.bool)
    check(tf.reduce_all(tf.constant([[False, True], [True, True]]), 1), [False, True], tf.bool)
    check(tf.reduce_any([True, False], keepdims=True), [True], tf.bool)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reduce_any(tf.constant([1, 0]))
    assert str(e.value) == ("cannot compute Any as input #0(zero-based) was expected to be a bool tensor but is a "
                            "int32 tensor [Op:Any] name: ")
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute All as input #0.*float tensor"):
        tf.reduce_all(tf.constant([1., 0.]))


def test_axis_errors():
    t = tf.constant(M)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reduce_sum(t, axis=2)
    assert str(e.value) == wrapped("Sum", "Invalid reduction dimension (2 for input with 2 dimension(s)")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reduce_sum(t, axis=[0, 5])
    assert str(e.value) == wrapped("Sum", "Invalid reduction dimension (5 for input with 2 dimension(s)", name="")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reduce_sum(t, axis=[-1, 1])
    assert str(e.value) == wrapped("Sum", "Invalid reduction arguments: Axes contains duplicate dimension: 1", name="")
    with pytest.raises(errors.InvalidArgumentError, match="Invalid reduction dimension \\(0 for input with 0"):
        tf.reduce_sum(tf.constant(5), axis=0)
    with pytest.raises(errors.InvalidArgumentError, match="Invalid reduction dimension \\(-3 for input with 2"):
        tf.reduce_max(t, axis=-3)
    with pytest.raises(TypeError, match="^Cannot convert 1.0 to EagerTensor of dtype int32$"):
        tf.reduce_sum(t, axis=1.0)


def test_reduction_dtype_errors():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reduce_sum(tf.constant([True, True]))
    assert str(e.value).startswith("Value for attr 'T' of bool is not in the list of allowed values: float, double, "
                                   "int32, uint8, int16, int8, complex64, int64, qint8")
    assert "; NodeDef: {{node Sum}}; Op<name=Sum; signature=input:T, reduction_indices:Tidx -> output:T; " \
           "attr=keep_dims:bool,default=false;" in str(e.value)
    assert str(e.value).endswith("[Op:Sum] name: ")
    for fn in (tf.reduce_mean, tf.reduce_max, tf.reduce_prod):
        with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of bool"):
            fn(tf.constant([True]))
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of complex128"):
        tf.reduce_max(tf.constant([1 + 1j]))


def test_argmax_argmin():
    t = tf.constant([[1, 5], [3, 4]])
    check(tf.argmax(t), [1, 0], tf.int64)
    check(tf.argmax(t, 1), [1, 1], tf.int64)
    check(tf.argmax(t, -1), [1, 1], tf.int64)
    check(tf.argmax(t, axis=tf.constant(1)), [1, 1], tf.int64)
    check(tf.argmin(t, 0), [0, 1], tf.int64)
    check(tf.argmax(tf.constant([1, 5]), output_type=tf.int32), 1, tf.int32)
    check(tf.argmax(tf.constant([3, 3, 1])), 0, tf.int64)
    check(tf.argmax(tf.constant([True, False])), 0, tf.int64)
    check(tf.math.argmax(tf.constant([1, 5])), 1, tf.int64)


def test_arg_reductions_skip_nan():
    check(tf.argmax(tf.constant([1., np.nan, 3.])), 2, tf.int64)
    check(tf.argmin(tf.constant([1., np.nan, 3.])), 0, tf.int64)
    check(tf.argmax(tf.constant([np.nan, 1.])), 1, tf.int64)
    check(tf.argmin(tf.constant([np.nan, 1.])), 1, tf.int64)
    check(tf.argmax(tf.constant([np.nan, np.nan])), 0, tf.int64)


def test_argmax_errors():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.argmax(tf.constant([1, 5]), 1)
    assert str(e.value) == wrapped("ArgMax", "Expected dimension in the range [-1, 1), but got 1")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.argmax(tf.constant(1))
    assert str(e.value) == wrapped("ArgMax", "Expected dimension in the range [0, 0), but got 0")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.argmax(tf.constant([]))
    assert str(e.value) == wrapped("ArgMax", "Reduction axis 0 is empty in shape [0]")
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of string"):
        tf.argmax(tf.constant(["a"]))


def test_cumulative():
    check(tf.cumsum(tf.constant([1, 2, 3])), [1, 3, 6], tf.int32)
    check(tf.math.cumsum(tf.constant([[1, 2], [3, 4]]), axis=1, exclusive=True, reverse=True), [[2, 0], [4, 0]],
          tf.int32)
    check(tf.math.cumprod(tf.constant([1, 2, 3])), [1, 2, 6], tf.int32)
    check(tf.math.cumprod(tf.constant([[1, 2, 3], [4, 5, 6]]), axis=1, exclusive=True), [[1, 1, 2], [1, 4, 20]],
          tf.int32)
    check(tf.math.cumsum(tf.constant([1., 2., 3.]), reverse=True), [6., 5., 3.], tf.float32)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.cumsum(tf.constant([1, 2]), axis=1)
    assert str(e.value) == wrapped("Cumsum", "ScanOp: Expected scan axis in the range [-1, 1), but got 1")


def test_composite_reductions():
    check(tf.math.reduce_variance(tf.constant([[1., 2.], [3., 5.]]), axis=1), [0.25, 1.0], tf.float32)
    check(tf.math.reduce_std(tf.constant([1., 2.])), 0.5, tf.float32)
    check(tf.math.reduce_std(tf.constant([[1., 2.], [3., 5.]])), np.float32(np.std([1., 2., 3., 5.])), tf.float32)
    check(tf.math.reduce_logsumexp(tf.constant([1000., 1000.])), np.float32(1000.6931762695312), tf.float32)
    check(tf.math.reduce_logsumexp(tf.constant([[1., 2.], [3., 5.]]), axis=1, keepdims=True),
          np.log(np.exp([[1., 2.], [3., 5.]]).sum(1, keepdims=True)).astype(np.float32), tf.float32)
    check(tf.math.reduce_euclidean_norm(tf.constant([[3, 4], [5, 12]]), 1), [5, 13], tf.int32)
    check(tf.math.count_nonzero(tf.constant([[1, 0], [2, 2]]), axis=1), [1, 2], tf.int64)
    with pytest.raises(TypeError, match="^Input must be either real or complex. Received integer type "
                                        "<dtype: 'int32'>.$"):
        tf.math.reduce_std(tf.constant([1, 2]))


def test_reductions_do_not_change_inputs():
    v = tf.Variable([[1., 2.], [3., 4.]])
    check(tf.reduce_mean(v, axis=0), [2., 3.], tf.float32)
    check(tf.reduce_max(v), 4., tf.float32)
    np.testing.assert_array_equal(v.numpy(), [[1., 2.], [3., 4.]])
