"""Operator overloading on Tensor and Variable: results, TensorFlow's operand rules for forward
and reflected operators, NumPy interop in both directions, and equality (checked against
TensorFlow 2.21).
"""
import operator

import numpy as np
import pytest

import varrt as tf
from varrt import errors

from op_checks import check


A = [[1, 2], [3, 4]]
B = [[5, 6], [7, 8]]


def test_arithmetic_operators_on_int32():
    a, b = tf.constant(A), tf.constant(B)
    check(a + 1, [[2, 3], [4, 5]], tf.int32)
    check(a ** 2, [[1, 4], [9, 16]], tf.int32)
    check(a * b, [[5, 12], [21, 32]], tf.int32)
    check(a @ b, [[19, 22], [43, 50]], tf.int32)
    check(a - b, [[-4, -4], [-4, -4]], tf.int32)
    check(-a, [[-1, -2], [-3, -4]], tf.int32)
    check(a / b, np.array(A) / np.array(B), tf.float64)
    check(b // a, [[5, 3], [2, 2]], tf.int32)
    check(b % a, [[0, 0], [1, 0]], tf.int32)
    check(abs(-a), A, tf.int32)


def test_reflected_operators():
    t = tf.constant([1, 2])
    check(1 - t, [0, -1], tf.int32)
    check(1 + t, [2, 3], tf.int32)
    check(3 * t, [3, 6], tf.int32)
    check(2 ** t, [2, 4], tf.int32)
    check(2 / t, [2.0, 1.0], tf.float64)
    check(7 // tf.constant([2, 3]), [3, 2], tf.int32)
    check(7 % tf.constant([2, 3]), [1, 1], tf.int32)
    check(2 ** tf.constant([1., 2.]), [2., 4.], tf.float32)
    check(1 / tf.constant([1., 2.]), [1.0, 0.5], tf.float32)
    check([1, 2] + t, [2, 4], tf.int32)
    check((1, 2) + t, [2, 4], tf.int32)
    check([[1., 0.]] @ tf.constant([[1.], [2.]]), [[1.]], tf.float32)
    check(3 ** tf.Variable(2), 9, tf.int32)


def test_forward_and_reflected_conversion_errors_follow_tensorflow():
    t = tf.constant([1, 2])
    with pytest.raises(errors.InvalidArgumentError) as e:
        t + 2.5
    assert str(e.value) == ("cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a "
                            "float tensor [Op:AddV2] name: ")
    with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype int32$"):
        2.5 + t
    for op in (operator.sub, operator.mul, operator.floordiv, operator.mod, operator.pow, operator.lt):
        with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype int32$"):
            op(t, 2.5)
    with pytest.raises(errors.InvalidArgumentError, match="cannot compute MatMul as input #1"):
        tf.constant([[1]]) @ 2.5
    with pytest.raises(TypeError, match=r"^`x` and `y` must have the same dtype, got tf.int32 != tf.float32.$"):
        t / 2.5
    with pytest.raises(ValueError, match=r"^Attempt to convert a value \(None\) with an unsupported type"):
        t - None
    with pytest.raises(errors.InvalidArgumentError) as e:
        t + "a"
    assert "expected to be a int32 tensor but is a string tensor [Op:AddV2]" in str(e.value)
    with pytest.raises(TypeError, match="^Cannot convert 'a' to EagerTensor of dtype int32$"):
        t - "a"
    with pytest.raises(TypeError, match="bad operand type for unary \\+"):
        +t


def test_two_tensor_dtype_mismatch_message():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.Variable([10., 20.]) + tf.constant([1, 2])
    assert str(e.value) == ("cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a "
                            "int32 tensor [Op:AddV2] name: ")
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute Mul as input #1.*int32 tensor but is a float"):
        tf.constant([1]) * tf.constant([1.])
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute LogicalAnd as input #1"):
        tf.constant([True]) & tf.constant([1])
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute BitwiseAnd as input #1"):
        tf.constant([1]) & tf.constant([True])


def test_numpy_operands_take_the_tensor_dtype():
    v = tf.Variable([10., 20.])
    check(v + np.array([1, 2]), [11., 22.], tf.float32)
    check(v + np.array([1., 2.]), [11., 22.], tf.float32)
    check(v + [1, 2], [11., 22.], tf.float32)
    check(tf.constant([1]) * np.array([1.5]), [1], tf.int32)
    check(tf.constant([1.]) + np.float64(2.5), [3.5], tf.float32)


def test_numpy_on_the_left_defers_to_tensors():
    t = tf.constant([1., 2.])
    check(np.array([1, 2]) + t, [2., 4.], tf.float32)
    check(np.array([1., 2.]) * tf.constant([1, 2]), [1, 4], tf.int32)
    check(np.array([[1., 2.]]) - t, [[0., 0.]], tf.float32)
    check(np.float64(2.5) + t, [3.5, 4.5], tf.float32)
    check(np.int64(2) + t, [3., 4.], tf.float32)
    check(np.array([1., 2.]) < tf.constant([1., 3.]), [False, True], tf.bool)
    check(np.array([1., 2.]) == t, [True, True], tf.bool)
    check(np.array([1, 2]) + tf.Variable([1., 2.]), [2., 4.], tf.float32)
    check(np.float32(1) + tf.Variable([10., 20.]), [11., 21.], tf.float32)


def test_numpy_functions_on_tensors_return_ndarrays():
    a, b = tf.constant(A), tf.constant(B)
    c = np.multiply(a, b)
    assert type(c) is np.ndarray and c.dtype == np.int32
    np.testing.assert_array_equal(c, [[5, 12], [21, 32]])
    d = np.add(tf.multiply(np.ones([3, 3]), 3), 1)
    assert type(d) is np.ndarray and d.dtype == np.float64
    np.testing.assert_array_equal(d, np.full([3, 3], 4.0))
    e = np.add(tf.Variable([1.5]), 1)
    assert type(e) is np.ndarray and e.dtype == np.float32
    assert type(np.sqrt(tf.constant([4.]))) is np.ndarray


def test_comparison_operators():
    t = tf.constant([1, 2])
    check(t < 2, [True, False], tf.bool)
    check(t <= 2, [True, True], tf.bool)
    check(t > 2, [False, False], tf.bool)
    check(t >= 2, [False, True], tf.bool)
    check(2 < t, [False, False], tf.bool)
    check(tf.Variable([1, 2]) < tf.Variable([2, 2]), [True, False], tf.bool)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of bool is not in the list"):
        tf.constant([True]) < True


def test_equality_is_elementwise_or_a_scalar_for_incompatible_shapes():
    t = tf.constant([1, 2])
    check(t == 1, [True, False], tf.bool)
    check(t != [1, 3], [False, True], tf.bool)
    check(t == [1, 2, 3], False, tf.bool)
    check(t != tf.constant([1, 2, 3]), True, tf.bool)
    check(t == np.array([1.5, 2]), [True, True], tf.bool)
    check(tf.constant([[1], [2]]) == tf.constant([1, 2, 3]), [[True, False, False], [False, True, False]], tf.bool)
    check(1 == tf.constant(1), True, tf.bool)
    v = tf.Variable([10., 20.])
    check(v == v, [True, True], tf.bool)
    check(v == [10., 0.], [True, False], tf.bool)
    check(v == [1., 2., 3.], False, tf.bool)


def test_equality_with_none_and_bad_types():
    t = tf.constant([1, 2])
    assert (t == None) is False  # noqa: E711 - the operator is under test
    assert (t != None) is True  # noqa: E711
    v = tf.Variable([1., 2.])
    with pytest.raises(ValueError, match=r"^Attempt to convert a value \(None\)"):
        v == None  # noqa: E711
    with pytest.raises(TypeError, match="^Cannot convert 1.5 to EagerTensor of dtype int32$"):
        t == 1.5
    with pytest.raises(TypeError, match="^Cannot convert 'abc' to EagerTensor of dtype float$"):
        v == "abc"
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute Equal as input #1"):
        t == tf.constant([1., 2.])


def test_boolean_and_bitwise_operators():
    t = tf.constant([True, False])
    check(t & tf.constant([True, True]), [True, False], tf.bool)
    check(t | True, [True, True], tf.bool)
    check(t ^ True, [False, True], tf.bool)
    check(~t, [False, True], tf.bool)
    check(True & t, [True, False], tf.bool)
    check(tf.constant([5, 3]) & tf.constant([3, 3]), [1, 3], tf.int32)
    check(tf.constant([5, 3]) | 8, [13, 11], tf.int32)
    check(tf.constant([5, 3]) ^ 1, [4, 2], tf.int32)
    check(~tf.constant([5, 0]), [-6, -1], tf.int32)
    check(~tf.Variable([True]), [False], tf.bool)
    check(tf.Variable([True]) & True, [True], tf.bool)
    with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype bool$"):
        t & 2.5
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of float is not in the list"):
        ~tf.constant([1.])


def test_bool_multiplication_is_logical_and():
    check(tf.constant([True]) * True, [True], tf.bool)
    check(True * tf.constant([True, False]), [True, False], tf.bool)
    check(tf.constant([True, True]) * tf.constant([1, 0]), [True, False], tf.bool)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of bool"):
        tf.constant([True]) - tf.constant([True])


def test_variable_operands_behave_like_their_value():
    v = tf.Variable([[1, 2], [3, 4]])
    w = tf.Variable([[5, 6], [7, 8]])
    for op in (operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod, operator.matmul,
               operator.lt, operator.truediv):
        expected = op(tf.constant(A), tf.constant(B))
        got = op(v, w)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got.numpy(), expected.numpy())
        got = op(v, tf.constant(B))
        np.testing.assert_array_equal(got.numpy(), expected.numpy())
    check(-tf.Variable([1, 2]), [-1, -2], tf.int32)
    check(abs(tf.Variable(-2)), 2, tf.int32)
    check(tf.Variable(2.) ** 0.5, np.float32(np.sqrt(2)), tf.float32)
    check(tf.Variable(0.0) + 1, 1.0, tf.float32)
    np.testing.assert_array_equal(v.numpy(), A)
    np.testing.assert_array_equal(w.numpy(), B)


def test_operators_do_not_change_their_operands():
    t = tf.constant([1., 2.])
    v = tf.Variable([3., 4.])
    n = np.array([5., 6.], np.float32)
    _ = t + v, v * n, n - t, -v, tf.reshape(v, [1, 2]) @ tf.constant([[1.], [1.]])
    np.testing.assert_array_equal(t.numpy(), [1., 2.])
    np.testing.assert_array_equal(v.numpy(), [3., 4.])
    np.testing.assert_array_equal(n, [5., 6.])


def test_augmented_assignment_makes_a_new_tensor_but_variables_refuse_it():
    t = tf.constant([1, 2])
    u = t
    t += 1
    check(t, [2, 3], tf.int32)
    check(u, [1, 2], tf.int32)
    v = tf.Variable([1., 2.])
    with pytest.raises(RuntimeError, match="^`variable \\+= value` with `tf.Variable`s is not supported"):
        v += 1
    with pytest.raises(RuntimeError, match="^`var \\*= value` with `tf.Variable`s is not supported"):
        v *= 2
