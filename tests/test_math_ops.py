"""Element-wise math ops: values against NumPy, TensorFlow's dtype rules and integer semantics,
its error types and messages (checked against TensorFlow 2.21), broadcasting, Variable operands,
placement logging under TensorFlow's op names, and no mutation of inputs.
"""
import numpy as np
import pytest

import varrt as tf
from varrt import _C, errors

from op_checks import DEV, check, wrapped


def attr_error(op, dtype_name):
    """The start of TensorFlow's 'Value for attr' message (the rest is its op registry text)."""
    return f"Value for attr 'T' of {dtype_name} is not in the list of allowed values: "


@pytest.fixture
def placement_log(capfd):
    _C.set_log_device_placement(True)
    capfd.readouterr()

    def ops():
        return [line.split()[2] for line in capfd.readouterr().err.splitlines() if line.startswith("Executing op")]
    yield ops
    _C.set_log_device_placement(False)


# --- arithmetic values and dtypes ------------------------------------------------------------

def test_add_subtract_multiply_match_numpy_with_broadcasting():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([1.5, -2.0, 0.25], np.float32)
    check(tf.add(tf.constant(a), tf.constant(b)), a + b, tf.float32)
    check(tf.subtract(tf.constant(a), tf.constant(b)), a - b, tf.float32)
    check(tf.multiply(tf.constant(a), tf.constant(b)), a * b, tf.float32)


def test_python_operands_take_the_tensor_dtype():
    check(tf.add(tf.constant([[1, 2], [3, 4]]), 1), [[2, 3], [4, 5]], tf.int32)
    check(tf.multiply(np.ones([3, 3]), 3), np.full([3, 3], 3.0), tf.float64)
    check(tf.subtract(1, tf.constant([1.5])), [-0.5], tf.float32)
    check(tf.add(1, 2), 3, tf.int32)
    check(tf.add(2.5, 1), 3.5, tf.float32)


def test_numpy_operands_are_cast_to_the_tensor_dtype():
    check(tf.constant([1]) + np.array([1.7, 2.5]), [2, 3], tf.int32)
    check(tf.multiply(np.array([1.5]), tf.constant([1])), [1], tf.int32)
    check(tf.add(tf.constant([1]), np.array([1.5])), [2], tf.int32)
    check(tf.subtract(np.array([1]), tf.constant([1.])), [0.0], tf.float32)


def test_add_converts_with_a_hint_so_a_float_into_int_is_an_invalid_argument():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.add(tf.constant([1, 2]), 2.5)
    assert str(e.value) == ("cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a "
                            "float tensor [Op:AddV2] name: ")
    with pytest.raises(errors.InvalidArgumentError, match="expected to be a float tensor but is a int32 tensor"):
        tf.add(2.5, tf.constant([1]))
    with pytest.raises(errors.InvalidArgumentError, match="expected to be a double tensor but is a int32 tensor"):
        tf.add(np.array([1.5]), tf.constant([1]))


def test_other_binary_ops_convert_strictly():
    for fn in (tf.subtract, tf.multiply, tf.maximum, tf.pow, tf.less, tf.equal, tf.math.floordiv, tf.math.floormod):
        with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype int32$"):
            fn(tf.constant([1]), 2.5)
    with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype int32$"):
        tf.subtract(2.5, tf.constant([1]))
    with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype int32$"):
        tf.subtract(1, 2.5)


def test_two_tensors_of_different_dtypes_are_invalid_argument():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.subtract(tf.constant([1]), tf.constant([1], tf.int64))
    assert str(e.value) == ("cannot compute Sub as input #1(zero-based) was expected to be a int32 tensor but is a "
                            "int64 tensor [Op:Sub] name: ")
    with pytest.raises(errors.InvalidArgumentError, match="cannot compute Sub as input #1.*float tensor but is a int32"):
        tf.subtract(tf.constant([1.]), tf.Variable([1]))


def test_incompatible_shapes():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.add(tf.constant([1, 2]), tf.constant([1, 2, 3]))
    assert str(e.value) == wrapped("AddV2", "Incompatible shapes: [2] vs. [3]")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant([[1, 2]]) * tf.constant([1, 2, 3])
    assert str(e.value) == wrapped("Mul", "Incompatible shapes: [1,2] vs. [3]")
    with pytest.raises(errors.InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Less\]"):
        tf.less(tf.constant([1, 2]), tf.constant([1, 2, 3]))
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.equal(tf.constant([1, 2]), tf.constant([1, 2, 3]))
    assert str(e.value) == wrapped("Equal", "Incompatible shapes: [2] vs. [3]")


def test_errors_after_a_python_list_operand_have_no_name_part():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant([1, 2]) < [1, 2, 3]
    assert str(e.value) == wrapped("Less", "Incompatible shapes: [2] vs. [3]", name="")


def test_integer_overflow_wraps_and_float_overflow_is_inf():
    check(tf.constant([2 ** 30]) * 4, [0], tf.int32)
    check(tf.square(tf.constant([200], tf.uint8)), [64], tf.uint8)
    check(tf.pow(tf.constant([2]), 40), [0], tf.int32)
    check(tf.multiply(tf.constant([3e38]), 10.0), [np.inf], tf.float32)
    check(tf.exp(tf.constant([1000.])), [np.inf], tf.float32)


def test_string_add_concatenates():
    check(tf.constant(["a"]) + "b", np.array([b"ab"], object), tf.string)
    check(tf.add("a", "b"), b"ab", tf.string)
    check(tf.constant(["a"]) + tf.constant(["b", "c"]), np.array([b"ab", b"ac"], object), tf.string)


def test_bad_dtypes_raise_tensorflows_op_registry_error():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant([True]) + tf.constant([True])
    assert str(e.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, "
        "uint16, uint32, uint64, int8, int16, int32, int64, complex64, complex128\n\t; NodeDef: {{node AddV2}}; "
        "Op<name=AddV2; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, "
        "DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128]; is_commutative=true; is_aggregate=true> [Op:AddV2] name: ")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.sqrt(tf.constant([4]))
    assert str(e.value) == (
        "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, "
        "complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
        "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt] name: ")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant(["a"]) - "b"
    assert str(e.value).startswith(attr_error("Sub", "string")) and str(e.value).endswith("[Op:Sub]")
    for fn, x in ((tf.negative, [True]), (tf.abs, [True]), (tf.exp, [1]), (tf.math.log, [1]), (tf.sign, [True]),
                  (tf.square, ["a"]), (tf.maximum, None)):
        with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of"):
            fn(tf.constant(x)) if x is not None else fn(tf.constant([True]), tf.constant([False]))
    with pytest.raises(errors.InvalidArgumentError, match="of uint8 is not in the list"):
        -tf.constant([1], tf.uint8)


def test_dtypes_without_a_cpu_kernel_are_not_found():
    with pytest.raises(errors.NotFoundError) as e:
        tf.math.reciprocal(tf.constant([2, 1]))
    assert str(e.value).startswith("Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]\n"
                                   "All kernels registered for op Reciprocal:\n")
    assert str(e.value).endswith("[Op:Reciprocal] name: ")
    with pytest.raises(errors.NotFoundError, match=r"RealDiv\[T=DT_INT32\]"):
        tf.realdiv(tf.constant([7]), tf.constant([2]))
    with pytest.raises(errors.NotFoundError, match=r"FloorDiv\[T=DT_COMPLEX128\]"):
        tf.constant([1 + 2j]) // 1


# --- division, modulo, power ---------------------------------------------------------------------

def test_truediv_of_integers_casts_to_float_first():
    check(tf.constant([1, 2]) / tf.constant([3, 4]), np.array([1, 2]) / np.array([3, 4]), tf.float64)
    for small in (tf.int8, tf.int16, tf.uint8, tf.uint16):
        check(tf.constant([1, 2], small) / tf.constant([4, 4], small), [0.25, 0.5], tf.float32)
    for wide in (tf.int64, tf.uint32, tf.uint64):
        check(tf.constant([1, 2], wide) / tf.constant([4, 4], wide), [0.25, 0.5], tf.float64)
    check(tf.constant([1, 2]) / tf.constant([0, 0]), [np.inf, np.inf], tf.float64)
    check(tf.divide(1, 2), 0.5, tf.float64)
    check(tf.divide(1., 2), 0.5, tf.float32)
    check(2 / tf.constant([1, 2]), [2.0, 1.0], tf.float64)
    check(tf.constant([1.5], tf.float16) / 2, [0.75], tf.float16)


def test_truediv_dtype_errors():
    with pytest.raises(TypeError, match=r"^`x` and `y` must have the same dtype, got tf.int32 != tf.float32.$"):
        tf.constant([1, 2]) / 2.5
    with pytest.raises(TypeError) as e:
        tf.constant([True]) / tf.constant([True])
    assert str(e.value) == ("Invalid dtype tf.bool in __truediv__. Expected one of {tf.uint8, tf.int8, tf.uint16, "
                            "tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, "
                            "tf.float64, tf.complex64, tf.complex128}.")


def test_floordiv_and_floormod_floor_like_python():
    x = tf.constant([-7, 7])
    check(x // 2, [-4, 3], tf.int32)
    check(x % 3, [2, 1], tf.int32)
    check(x % -3, [-1, -2], tf.int32)
    check(tf.constant([-7., 7.5]) % 3, [2.0, 1.5], tf.float32)
    check(tf.math.floormod(tf.constant([5.5]), tf.constant([-2.])), [-0.5], tf.float32)
    check(tf.math.floordiv(tf.constant([5.5]), tf.constant([-2.])), [-3.0], tf.float32)
    check(tf.constant([-7., 7.]) // 0, [-np.inf, np.inf], tf.float32)
    assert np.isnan((tf.constant([-7., 7.]) % 0).numpy()).all()
    check(tf.constant(-2 ** 31) // -1, -2 ** 31, tf.int32)
    check(tf.constant([-7, 7], tf.uint8) // 2, [124, 3], tf.uint8)
    assert tf.math.mod is tf.math.floormod


def test_integer_division_by_zero_fails():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant([-7, 7]) // tf.constant([0, 1])
    assert str(e.value) == wrapped("FloorDiv", "Integer division by zero")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant([-7, 7]) % 0
    assert str(e.value) == wrapped("FloorMod", "Integer division by zero")


def test_pow():
    check(tf.constant([2, 3]) ** 2, [4, 9], tf.int32)
    check(tf.constant([2., 3.]) ** -1, np.array([2., 3.], np.float32) ** -1, tf.float32)
    check(tf.constant(0) ** 0, 1, tf.int32)
    check(tf.constant([1 + 2j]) ** 2, [-3 + 4j], tf.complex128)
    assert np.isnan((tf.constant(-8.) ** (1 / 3)).numpy())
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.constant([2, 3], tf.int64) ** -1
    assert str(e.value) == wrapped("Pow", "Integers to negative integer powers are not allowed")
    with pytest.raises(TypeError, match="^Cannot convert 0.5 to EagerTensor of dtype int32$"):
        tf.constant([2, 3]) ** 0.5


# --- unary ------------------------------------------------------------------------------------

@pytest.mark.parametrize("fn,np_fn", [(tf.sqrt, np.sqrt), (tf.exp, np.exp), (tf.math.log, np.log),
                                      (tf.math.log1p, np.log1p), (tf.math.expm1, np.expm1), (tf.sin, np.sin),
                                      (tf.cos, np.cos), (tf.tan, np.tan), (tf.floor, np.floor),
                                      (tf.math.ceil, np.ceil), (tf.negative, np.negative), (tf.abs, np.abs),
                                      (tf.square, np.square), (tf.sign, np.sign)])
def test_unary_float_ops_match_numpy(fn, np_fn):
    x = np.array([0.25, 1.5, 2.0, 3.75], np.float64)
    if np_fn in (np.log1p, np.expm1):
        # The core's kernels (the C library's) and TensorFlow's (Eigen's) are not NumPy's: within
        # 1 ulp of it (TensorFlow 2.21: log1p(2.) = 1.0986122886681096, NumPy ...098).
        t = fn(tf.constant(x))
        assert t.dtype == tf.float64
        np.testing.assert_allclose(t.numpy(), np_fn(x), rtol=2.3e-16, atol=0)
    else:
        check(fn(tf.constant(x)), np_fn(x), tf.float64)
    got = fn(tf.constant(x.astype(np.float32))).numpy()
    np.testing.assert_allclose(got, np_fn(x).astype(np.float32), rtol=2e-7)


def test_unary_specials():
    check(tf.square(2), 4, tf.int32)
    check(tf.sqrt(tf.constant([-1.])), [np.nan], tf.float32)
    check(tf.math.log(tf.constant([1., 0., -1.])), [0.0, -np.inf, np.nan], tf.float32)
    check(tf.exp(tf.constant([0., 1.])), [1.0, np.float32(2.7182817)], tf.float32)
    check(tf.math.exp(1.), np.float32(2.7182817459106445), tf.float32)
    check(tf.negative(tf.constant([1., -0.])), [-1.0, 0.0], tf.float32)
    check(abs(tf.constant([-2 ** 31])), [-2 ** 31], tf.int32)
    check(abs(tf.constant([1 + 1j, 3 - 4j])), [np.sqrt(2), 5.0], tf.float64)
    check(abs(tf.constant([1 + 1j], tf.complex64)), [np.float32(1.4142135)], tf.float32)
    check(tf.sign(tf.constant([-3, 0, 4])), [-1, 0, 1], tf.int32)
    check(tf.sign(tf.constant([3 - 4j, 0j])), [0.6 - 0.8j, 0j], tf.complex128)
    check(tf.round(tf.constant([0.5, 1.5, 2.5, -0.5, -1.5, 2.4])), [0., 2., 2., -0., -2., 2.], tf.float32)
    check(tf.round(tf.constant([1, 2])), [1, 2], tf.int32)
    check(tf.math.reciprocal(tf.constant([2., 0.])), [0.5, np.inf], tf.float32)
    check(tf.sigmoid(tf.constant([-100., 0., 100.])), [0.0, 0.5, 1.0], tf.float32)
    check(tf.math.rsqrt(tf.constant([4.])), [0.5], tf.float32)
    check(tf.math.is_nan(tf.constant([1., np.nan])), [False, True], tf.bool)
    check(tf.math.is_inf(tf.constant([1., np.inf])), [False, True], tf.bool)
    check(tf.math.is_finite(tf.constant([1., np.inf, np.nan])), [True, False, False], tf.bool)
    check(tf.maximum(tf.constant([1., np.nan]), 3.), [3.0, np.nan], tf.float32)
    check(tf.minimum(tf.constant([1, 5]), 3), [1, 3], tf.int32)
    check(tf.math.squared_difference(tf.constant([1, 2]), 3), [4, 1], tf.int32)
    check(tf.math.squared_difference(tf.constant([1 + 1j]), 0j), [2 + 0j], tf.complex128)
    check(tf.math.divide_no_nan(tf.constant([1., 2.]), tf.constant([0., 2.])), [0.0, 1.0], tf.float32)
    check(tf.math.divide_no_nan(tf.constant([1, 2]), tf.constant([0, 2])), [0.0, 1.0], tf.float64)


def test_add_n_and_scalar_mul():
    check(tf.add_n([tf.constant([1, 2]), tf.constant([3, 4]), [5, 6]]), [9, 12], tf.int32)
    check(tf.add_n(tf.constant([1, 2])), 3, tf.int32)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.add_n([tf.constant([1, 2]), tf.constant([1, 2, 3])])
    assert str(e.value) == (f"{{{{function_node __wrapped__AddN_N_2_device_{DEV}}}}} Inputs to operation AddN of type "
                            "AddN must have the same size and shape.  Input 0: [2] != input 1: [3] [Op:AddN] name: ")
    with pytest.raises(ValueError, match="^Inputs must be an iterable of at least one Tensor"):
        tf.add_n([])
    check(tf.math.scalar_mul(2, tf.constant([1., 2.])), [2.0, 4.0], tf.float32)


# --- comparison and logic ------------------------------------------------------------------------

def test_comparisons():
    x = tf.constant([1, 2])
    check(tf.less(x, 2), [True, False], tf.bool)
    check(tf.less_equal(x, 2), [True, True], tf.bool)
    check(tf.greater(x, 1), [False, True], tf.bool)
    check(tf.greater_equal(x, 2), [False, True], tf.bool)
    check(tf.equal(tf.constant([1., np.nan]), np.nan), [False, False], tf.bool)
    check(tf.not_equal(x, [1, 3]), [False, True], tf.bool)
    check(tf.equal(tf.constant(["a", "b"]), "b"), [False, True], tf.bool)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of complex128 is not in the list"):
        tf.less(tf.constant([1 + 1j]), 1)


def test_logical_ops_require_bools():
    t, f = tf.constant([True, False]), tf.constant([True, True])
    check(tf.logical_and(t, f), [True, False], tf.bool)
    check(tf.logical_or(t, False), [True, False], tf.bool)
    check(tf.logical_not(t), [False, True], tf.bool)
    check(tf.math.logical_xor(t, True), [False, True], tf.bool)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.logical_not(tf.constant([1, 0]))
    assert str(e.value) == ("cannot compute LogicalNot as input #0(zero-based) was expected to be a bool tensor but "
                            "is a int32 tensor [Op:LogicalNot] name: ")
    with pytest.raises(TypeError, match="^Cannot convert 1 to EagerTensor of dtype bool$"):
        tf.logical_and(True, 1)


def test_bitwise_ops():
    check(tf.bitwise.bitwise_and(tf.constant([5, 3]), 3), [1, 3], tf.int32)
    check(tf.bitwise.bitwise_or(tf.constant([5, 3]), 8), [13, 11], tf.int32)
    check(tf.bitwise.bitwise_xor(tf.constant([5, 3]), 1), [4, 2], tf.int32)
    check(tf.bitwise.invert(tf.constant([5, 0], tf.uint8)), [250, 255], tf.uint8)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of float is not in the list"):
        tf.bitwise.bitwise_and(tf.constant([1.]), tf.constant([1.]))


# --- cast ------------------------------------------------------------------------------------

def test_cast_float_to_int_truncates_like_tensorflows_cpu_kernel():
    check(tf.cast(tf.constant([1.7, -1.7]), tf.int32), [1, -1], tf.int32)
    check(tf.cast(tf.constant([1.5, -1.5, np.nan, np.inf, -np.inf, 3e9]), tf.int32),
          [1, -1, -2 ** 31, -2 ** 31, -2 ** 31, -2 ** 31], tf.int32)
    check(tf.cast(tf.constant([1.5, -1.5, 300.]), tf.uint8), [1, 255, 44], tf.uint8)
    check(tf.cast(tf.constant([np.nan]), tf.uint8), [0], tf.uint8)
    check(tf.cast(tf.constant([1e10]), tf.int16), [0], tf.int16)
    check(tf.cast(tf.constant([70000.]), tf.int16), [4464], tf.int16)
    check(tf.cast(tf.constant([3e9]), tf.uint32), [3000000000], tf.uint32)
    check(tf.cast(tf.constant([5e9], tf.float64), tf.uint32), [705032704], tf.uint32)
    check(tf.cast(tf.constant([1e20]), tf.int64), [-2 ** 63], tf.int64)
    check(tf.cast(tf.constant([-1.5]), tf.uint64), [2 ** 64 - 1], tf.uint64)
    check(tf.cast(tf.constant([1e20]), tf.uint64), [2 ** 63], tf.uint64)
    check(tf.cast(1.7, tf.int32), 1, tf.int32)
    check(tf.cast(np.array([1.5]), tf.int32), [1], tf.int32)


def test_cast_other_conversions():
    check(tf.cast(tf.constant([1, 2, 3]), tf.float32), [1., 2., 3.], tf.float32)
    check(tf.cast(tf.constant([-1, 300]), tf.uint8), [255, 44], tf.uint8)
    check(tf.cast(tf.constant([0, 2, -1]), tf.bool), [False, True, True], tf.bool)
    check(tf.cast(tf.constant([0., 0.1, np.nan]), tf.bool), [False, True, True], tf.bool)
    check(tf.cast(tf.constant([True, False]), tf.float32), [1., 0.], tf.float32)
    check(tf.cast(tf.constant([1 + 2j]), tf.float32), [1.], tf.float32)
    check(tf.cast(tf.constant([1 + 2j]), tf.int32), [1], tf.int32)
    check(tf.cast(tf.constant([1.5]), tf.complex64), [1.5 + 0j], tf.complex64)
    check(tf.cast(tf.constant([1e10]), tf.float16), [np.inf], tf.float16)
    check(tf.cast(tf.constant([1]), "float32"), [1.], tf.float32)
    check(tf.cast(tf.constant([1]), np.float64), [1.], tf.float64)


def test_cast_to_the_same_dtype_returns_the_input_itself():
    t = tf.constant([1, 2])
    v = tf.Variable([1, 2])
    assert tf.cast(t, tf.int32) is t
    assert tf.cast(v, tf.int32) is v


def test_cast_strings_is_unimplemented():
    with pytest.raises(errors.UnimplementedError) as e:
        tf.cast(tf.constant(["1"]), tf.int32)
    assert str(e.value) == wrapped("Cast", "Cast string to int32 is not supported")
    with pytest.raises(errors.UnimplementedError, match="Cast int32 to string is not supported"):
        tf.cast(tf.constant([1]), tf.string)


# --- matmul ----------------------------------------------------------------------------------

def test_matmul_values_transposes_and_batches():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    check(tf.matmul(tf.constant(a), tf.constant(a), transpose_b=True), a @ a.T, tf.float32)
    check(tf.matmul(tf.constant(a), tf.constant(a), transpose_a=True), a.T @ a, tf.float32)
    check(tf.linalg.matmul(tf.constant([[1]]), tf.constant([[2]])), [[2]], tf.int32)
    check(tf.matmul([[1, 2]], [[3], [4]]), [[11]], tf.int32)
    check(tf.matmul(tf.ones([2, 2, 3]), tf.ones([3, 1])), np.full([2, 2, 1], 3.0), tf.float32)
    c = np.array([[1 + 1j, 2]])
    check(tf.matmul(tf.constant(c), tf.constant(c), adjoint_b=True), c @ c.conj().T, tf.complex128)


def test_matmul_errors():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))
    assert str(e.value) == (f"{{{{function_node __wrapped____MklMatMul_device_{DEV}}}}} Matrix size-incompatible: "
                            "In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: ")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.matmul(tf.constant([1]), tf.constant([[1]]))
    assert str(e.value) == wrapped("MatMul", "In[0] and In[1] has different ndims: [1] vs. [1,1]")
    with pytest.raises(errors.InvalidArgumentError, match="__MklMatMul.* In\\[0\\] ndims must be >= 2 \\[Op:MatMul\\]"):
        tf.matmul(tf.constant([1.]), tf.constant([[1.]]))
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.matmul(tf.ones([2, 2, 3], tf.int32), tf.ones([3, 3, 1], tf.int32))
    assert str(e.value) == wrapped("BatchMatMulV2", "In[0] and In[1] must have compatible batch dimensions: "
                                                    "[2,2,3] vs. [3,3,1]")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.matmul(tf.constant([[1.]]), tf.constant([[1]]))
    assert str(e.value) == ("cannot compute _MklMatMul as input #1(zero-based) was expected to be a float tensor but "
                            "is a int32 tensor [Op:MatMul] name: ")
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of int8 is not in the list"):
        tf.matmul(tf.constant([[1]], tf.int8), tf.constant([[1]], tf.int8))
    # TensorFlow 2.21 lists the node's attributes too (all of them, sorted by name)
    with pytest.raises(errors.NotFoundError,
                       match=r"MatMul\[T=DT_UINT8, grad_a=false, grad_b=false, transpose_a=false, transpose_b=false\]"):
        tf.matmul(tf.constant([[1]], tf.uint8), tf.constant([[1]], tf.uint8))


def test_clip_by_value():
    check(tf.clip_by_value(tf.constant([1, 5, 10]), 2, 8), [2, 5, 8], tf.int32)
    check(tf.clip_by_value(tf.constant([1., 5., 10.]), 2.5, 8.5), [2.5, 5., 8.5], tf.float32)
    check(tf.clip_by_value(tf.constant([1, 5, 10]), [0, 6, 0], 8), [1, 6, 8], tf.int32)
    check(tf.clip_by_value(tf.constant([1, 5, 10]), 8, 2), [8, 8, 8], tf.int32)
    check(tf.clip_by_value(tf.constant([1., np.nan]), 0., 1.), [1., np.nan], tf.float32)
    with pytest.raises(TypeError, match="^Cannot convert 2.5 to EagerTensor of dtype int32$"):
        tf.clip_by_value(tf.constant([1, 5, 10]), 2.5, 8)
    with pytest.raises(errors.InvalidArgumentError, match="Incompatible shapes: \\[3\\] vs. \\[2\\] \\[Op:Maximum\\]"):
        tf.clip_by_value(tf.constant([1, 5, 10]), tf.constant([0, 6]), 8)


# --- variables, inputs, placement ----------------------------------------------------------------

def test_variable_operands_behave_like_their_value_and_are_not_changed():
    v = tf.Variable([1., 2.])
    w = tf.Variable([3., 4.])
    check(tf.add(v, w), [4., 6.], tf.float32)
    check(tf.maximum(v, 1.5), [1.5, 2.], tf.float32)
    check(tf.sqrt(v), np.sqrt(np.array([1., 2.], np.float32)), tf.float32)
    check(tf.matmul(tf.Variable([[1, 2]]), tf.Variable([[2], [2]])), [[6]], tf.int32)
    np.testing.assert_array_equal(v.numpy(), [1., 2.])
    np.testing.assert_array_equal(w.numpy(), [3., 4.])


def test_inputs_are_not_mutated():
    a = np.array([1., 2., 3.], np.float32)
    t = tf.constant([1., 2., 3.])
    r = tf.add(a, t)
    r2 = tf.negative(t)
    np.testing.assert_array_equal(a, [1., 2., 3.])
    np.testing.assert_array_equal(t.numpy(), [1., 2., 3.])
    assert not r._data.shares_buffer_with(t._data) and not r2._data.shares_buffer_with(t._data)


def test_results_are_new_tensors_that_numpy_cannot_write():
    t = tf.add(tf.constant([1, 2]), 1)
    view = np.asarray(t)
    assert not view.flags.writeable
    with pytest.raises(ValueError):
        view[0] = 5


def test_ops_are_logged_under_tensorflows_op_names(placement_log):
    x = tf.constant([[1., 2.], [3., 4.]])
    placement_log()
    tf.matmul(x, x)
    assert placement_log() == ["MatMul"]
    tf.add(x, x)
    assert placement_log() == ["AddV2"]
    tf.add(x, 1)
    assert placement_log() == ["_EagerConst", "AddV2"]
    tf.constant([1, 2]) / tf.constant([3, 4])
    assert placement_log()[-3:] == ["Cast", "Cast", "RealDiv"]
    v = tf.Variable([1., 2.])
    placement_log()
    v * 2.0
    assert placement_log() == ["ReadVariableOp", "_EagerConst", "Mul"]
    tf.clip_by_value(x, 0., 1.)
    assert [op for op in placement_log() if op != "_EagerConst"] == ["Minimum", "Maximum"]


def test_no_numpy_warnings_escape():
    # NumPy raising on its own floating-point flags must not leak into the ops; the results are TensorFlow 2.21's.
    with np.errstate(all="raise"):
        check(tf.constant([1.]) / 0., [np.inf], tf.float32)
        check(tf.constant([0.]) / 0., [np.nan], tf.float32)
        check(tf.math.log(tf.constant([0., -1.])), [-np.inf, np.nan], tf.float32)
        check(tf.constant([3e38]) * 10., [np.inf], tf.float32)
        check(tf.cast(tf.constant([np.nan]), tf.int32), [-2**31], tf.int32)


def test_math_namespace():
    for name in ("add", "subtract", "multiply", "divide", "truediv", "floordiv", "floormod", "mod", "pow", "negative",
                 "abs", "square", "sqrt", "rsqrt", "exp", "log", "log1p", "maximum", "minimum", "sign", "round",
                 "reciprocal", "logical_and", "logical_or", "logical_not", "logical_xor", "equal", "not_equal", "less",
                 "less_equal", "greater", "greater_equal", "reduce_sum", "reduce_mean", "reduce_max", "reduce_min",
                 "reduce_prod", "reduce_any", "reduce_all", "argmax", "argmin", "cumsum", "add_n", "is_nan"):
        assert callable(getattr(tf.math, name)), name
    assert tf.math.add is tf.add and tf.math.reduce_sum is tf.reduce_sum
    assert tf.linalg.matmul is tf.matmul
    assert not hasattr(tf, "floordiv") and not hasattr(tf.math, "clip_by_value")
