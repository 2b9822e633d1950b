"""tf.math's functions beside the element-wise table (python/varrt/ops/math_composites.py,
index_ops.invert_permutation, reduction_ops.cumulative_logsumexp, special_math_ops.betainc): their
argument checks, edge values and errors, each as TensorFlow 2.21 printed it (the values on random
inputs, traced and in sessions, are tests/op_db.py's entries)."""
import numpy as np
import pytest

import varrt as tf

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def _kernel(op, message, name=True):
    return f"{{{{function_node __wrapped__{op}_device_{_DEVICE}}}}} {message} [Op:{op}]" + (" name: " if name else "")


def test_polyval_takes_a_list_and_is_zeros_without_coefficients():
    with pytest.raises(ValueError) as e:
        tf.math.polyval((1.0, 2.0), 3.0)
    assert str(e.value) == "Argument coeffs must be list type. Received type <class 'tuple'>."
    out = tf.math.polyval([], tf.constant([1.0, 2.0]))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [0.0, 0.0]
    np.testing.assert_array_equal(tf.math.polyval([2.0, -1.0, 3.0], tf.constant([0.0, 1.5, -2.0])).numpy(),
                                  np.float32([3.0, 6.0, 13.0]))


def test_multiply_no_nan_gives_zero_where_y_is_zero_and_converts_y_to_xs_dtype():
    np.testing.assert_array_equal(tf.math.multiply_no_nan([np.inf, np.nan, 2.0], [0.0, 0.0, 3.0]).numpy(),
                                  np.float32([0.0, 0.0, 6.0]))
    with pytest.raises(ValueError) as e:
        tf.math.multiply_no_nan(tf.constant([1.0, 2.0]), tf.constant([1, 2]))
    assert str(e.value).startswith("y: Tensor conversion requested dtype float32 for Tensor with dtype int32")


def test_accumulate_n_checks_its_inputs():
    message = "inputs must be a list of at least one Tensor with the same dtype and shape"
    for bad in ([], [tf.constant([1.0]), tf.constant([1], tf.int32)]):
        with pytest.raises(ValueError, match=f"^{message}$"):
            tf.math.accumulate_n(bad)
    with pytest.raises(TypeError) as e:
        tf.math.accumulate_n([tf.constant([1.0])], tensor_dtype=tf.int32)
    assert str(e.value) == ("The `tensor_dtype` argument is <dtype: 'int32'>, but `input` is of type <dtype: "
                            "'float32'>. These must be equal. Try casting the input to the desired type.")


def test_invert_permutation_errors_are_tensorflows():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.invert_permutation([[0, 1]])
    assert str(e.value) == _kernel("InvertPermutation", "invert_permutation expects a 1D vector.", name=False)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.invert_permutation(tf.constant([0, 3, 1]))
    assert str(e.value) == _kernel("InvertPermutation", "3 is not between 0 and 3")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.invert_permutation([0, 1, 1])
    assert str(e.value) == _kernel("InvertPermutation", "1 is duplicated in the input.", name=False)
    out = tf.math.invert_permutation(tf.constant([2, 0, 1], tf.int64))
    assert out.dtype == tf.int64 and out.numpy().tolist() == [1, 2, 0]


def test_monotonic_checks():
    with pytest.raises(TypeError) as e:
        tf.math.is_non_decreasing(["a", "b"])
    assert str(e.value) == "Expected x to be numeric, instead found: tf.Tensor([b'a' b'b'], shape=(2,), dtype=string)"
    assert tf.math.is_strictly_increasing([1]).numpy() is np.True_
    assert tf.math.is_non_decreasing([[1, 2], [2, 3]]).numpy() and not tf.math.is_strictly_increasing([1, 1]).numpy()


def test_zero_fraction_lbeta_erfcinv_reciprocal_no_nan_edges():
    z = tf.math.zero_fraction([[0, 1], [2, 0]])
    assert z.dtype == tf.float32 and z.numpy() == 0.5
    np.testing.assert_array_equal(tf.math.lbeta(tf.zeros([2, 0])).numpy(), [-np.inf, -np.inf])
    np.testing.assert_array_equal(tf.math.erfcinv([0.0, 1.0, 2.0, 0.5]).numpy(),
                                  np.float32([np.inf, -0.0, -np.inf, 0.4769363]))
    assert np.signbit(tf.math.erfcinv([1.0]).numpy()[0])
    np.testing.assert_array_equal(tf.math.reciprocal_no_nan([0.0, 2.0]).numpy(), np.float32([0.0, 0.5]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Value for attr 'T' of int32 is not in the list of "
                                                             r"allowed values: half, float, bfloat16, double"):
        tf.math.reciprocal_no_nan([0, 2])


def test_betainc_shapes_must_agree_unless_scalar():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.betainc([1.0, 2.0], [1.0, 2.0], [[0.5, 0.5]])
    assert str(e.value) == _kernel("Betainc", "Shapes of a and x are inconsistent: [2] vs. [1,2]", name=False)
    np.testing.assert_array_equal(tf.math.betainc(1.0, [1.0, 2.0], 0.5).numpy(), np.float32([0.5, 0.75]))

    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([2, 4])])
    def mismatched(a, b):
        return tf.math.betainc(a, b, 0.5)

    with pytest.raises(ValueError, match=r"Dimension 1 in both shapes must be equal, but are 3 and 4\. Shapes are "
                                         r"\[\?,3\] and \[2,4\]\."):
        mismatched.get_concrete_function()


def test_dtype_refusals_come_from_the_records():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.lgamma(tf.constant([1], tf.int32))
    assert str(e.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, "
                                   "half, float, double\n\t; NodeDef: {{node Lgamma}}")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.xlogy(tf.constant([0.0], tf.float32), tf.constant([0.0], tf.float64))
    assert str(e.value) == ("cannot compute Xlogy as input #1(zero-based) was expected to be a float tensor but is a "
                            "double tensor [Op:Xlogy] name: ")


def test_cumulative_logsumexp_is_tensorflows():
    # Each step is log1p(exp(min - max)) + max, rounded once here; TensorFlow's exp and log1p are
    # Eigen's float approximations: within 2 ulps (2 ** -22 relative) of its results.
    np.testing.assert_allclose(tf.math.cumulative_logsumexp([1.0, 2.0, 3.0]).numpy(),
                               np.float32([1.0, 2.3132617, 3.4076061]), rtol=2.0 ** -22, atol=0)
    np.testing.assert_array_equal(
        tf.math.cumulative_logsumexp([[1.0, 2.0], [3.0, 4.0]], axis=1, exclusive=True, reverse=True).numpy(),
        np.float32([[2.0, -np.inf], [4.0, -np.inf]]))


def test_imag_and_angle():
    x = tf.constant([1 + 2j, -3 - 0j], tf.complex64)
    assert tf.math.imag(x).dtype == tf.float32 and tf.math.imag(x).numpy().tolist() == [2.0, -0.0]
    np.testing.assert_array_equal(tf.math.angle(x).numpy(), np.angle(np.complex64([1 + 2j, -3 - 0j])))
    np.testing.assert_array_equal(tf.math.angle([-1.0, 2.0, 0.0]).numpy(), np.float32([np.pi, 0.0, 0.0]))
    assert tf.math.imag([1.0, 2.0]).numpy().tolist() == [0.0, 0.0]
