"""While a graph is built (a TF1 graph, a tf.function's trace), TensorFlow's Python graph builder
refuses a dtype at op creation with a TypeError of its own text, naming the op's input and
TensorFlow's Python dtype names; eagerly the same call is the kernel registry's
InvalidArgumentError. Both texts come from the op's record. The expected texts are what
TensorFlow 2.21 printed for the same programs (the op database, tests/test_op_db.py, checks
every refusing entry the same way)."""
import pytest

import varrt as tf

SIN_INT = ("Value passed to parameter 'x' has DataType int32 not in list of allowed values: "
           "bfloat16, float16, float32, float64, complex64, complex128")


def _graph_error(build):
    with tf.Graph().as_default():
        with pytest.raises(TypeError) as e:
            build()
    return str(e.value)


def _ph(dtype, shape=None):
    return tf.compat.v1.placeholder(dtype, shape)


def test_a_refused_dtype_names_the_input_and_python_dtype_names():
    assert _graph_error(lambda: tf.math.sin(_ph(tf.int32))) == SIN_INT
    assert _graph_error(lambda: tf.nn.relu(_ph(tf.complex64))) == (
        "Value passed to parameter 'features' has DataType complex64 not in list of allowed values: float32, "
        "float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64, qint8")
    assert _graph_error(lambda: tf.math.sin([1, 2])) == SIN_INT


def test_a_fixed_type_input_names_the_type_it_needs():
    assert _graph_error(lambda: tf.math.logical_not(_ph(tf.int32))) == (
        "Input 'x' of 'LogicalNot' Op has type int32 that does not match expected type of bool.")
    assert _graph_error(lambda: tf.math.logical_and(_ph(tf.bool), _ph(tf.int32))) == (
        "Input 'y' of 'LogicalAnd' Op has type int32 that does not match expected type of bool.")


def test_inputs_of_one_type_attr_that_differ_name_the_first():
    assert _graph_error(lambda: tf.math.multiply(_ph(tf.float32), _ph(tf.int32))) == (
        "Input 'y' of 'Mul' Op has type int32 that does not match type float32 of argument 'x'.")
    assert _graph_error(lambda: tf.math.add_n([_ph(tf.float32), _ph(tf.int32)])) == (
        "Tensors in list passed to 'inputs' of 'AddN' Op have types [float32, int32] that don't all match.")


def test_inside_a_tf_function_the_error_comes_from_user_code():
    @tf.function
    def f(x):
        return tf.math.sin(x)

    with pytest.raises(TypeError) as e:
        f(tf.constant([1, 2]))
    lines = str(e.value).strip().splitlines()
    assert lines[0] == "in user code:"
    assert lines[-1].strip() == "TypeError: " + SIN_INT


def test_eagerly_the_kernel_registrys_error_stays():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.sin(tf.constant([1, 2]))
    assert str(e.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values: "
                                   "bfloat16, half, float, double, complex64, complex128\n")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.logical_not(tf.constant([1, 2]))
    assert str(e.value) == ("cannot compute LogicalNot as input #0(zero-based) was expected to be a bool tensor "
                            "but is a int32 tensor [Op:LogicalNot] name: ")


def test_divide_no_nan_names_itself():
    text = ("Invalid dtype tf.bool in tf.math.divide_no_nan. Expected one of {tf.uint8, tf.int8, tf.uint16, "
            "tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, tf.float64, "
            "tf.complex64, tf.complex128}.")
    with pytest.raises(TypeError) as e:
        tf.math.divide_no_nan(tf.constant([True]), tf.constant([False]))
    assert str(e.value) == text
    # A Python dividend takes the divisor's dtype, as tf.divide's does.
    assert tf.math.divide_no_nan(2, tf.constant([1.0, 0.0])).numpy().tolist() == [2.0, 0.0]
