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

