"""Dtype errors are written from the op's record in the op table (its allowed list in TensorFlow's
order, the node, the op's summary), so every op that checks a dtype says what TensorFlow 2.21 says.
The texts below are what TensorFlow 2.21 printed for the same calls."""
import numpy as np
import pytest

import varrt as tf

ERFC_INT = ("Value for attr 'T' of {} is not in the list of allowed values: bfloat16, half, float, double\n"
            "\t; NodeDef: {{{{node Erfc}}}}; Op<name=Erfc; signature=x:T -> y:T; "
            "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:Erfc] name: ")


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_erfc_of_integers_is_tensorflows_attr_error(dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.math.erfc(tf.constant(1, getattr(tf, dtype)))
    assert str(e.value) == ERFC_INT.format(dtype)


def test_erfc_of_floats_still_runs():
    np.testing.assert_allclose(tf.math.erfc(tf.constant([1.0], tf.float64)).numpy(), [0.15729921], rtol=1e-7)



def test_no_kernel_error_lists_the_nodes_attributes_as_tensorflow_does():
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.matmul(tf.constant([[1]], tf.uint8), tf.constant([[1]], tf.uint8), transpose_b=True)
    assert str(e.value).startswith(
        "Could not find device for node: {{node MatMul}} = MatMul[T=DT_UINT8, grad_a=false, grad_b=false, "
        "transpose_a=false, transpose_b=true]\nAll kernels registered for op MatMul:\n"
        "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, "
        "DT_COMPLEX128, DT_HALF]\n  device='CPU'; T in [DT_INT64]\n")
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.matmul(tf.ones([2, 2, 2], tf.uint8), tf.ones([2, 2, 2], tf.uint8))
    assert str(e.value).startswith("Could not find device for node: {{node BatchMatMulV2}} = BatchMatMulV2[T=DT_UINT8, "
                                   "adj_x=false, adj_y=false, grad_x=false, grad_y=false]\n")


def test_an_activation_of_a_python_list_ends_without_the_name_part():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.relu(["a"])
    assert str(e.value).endswith("DT_UINT64, DT_QINT8]> [Op:Relu]")
