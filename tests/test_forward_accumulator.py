"""tf.autodiff.ForwardAccumulator: forward_accumulator_program.py (JVPs of the guide's and the
docstring's programs, nesting with tapes and other accumulators, tf.function, errors) prints
under varrt what it printed under TensorFlow 2.21 (recorded in fixtures/forward_accumulator/;
re-record: `$VARRT_TF_PYTHON tests/forward_accumulator_program.py tf >
tests/fixtures/forward_accumulator/tensorflow.out`), and live against TensorFlow in CI."""
import ast
import sys

import numpy as np
import pytest

import varrt as tf
from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "forward_accumulator" / "tensorflow.out"
# varrt differentiates the whole recording where TensorFlow takes one op's product at a time, so
# the order of the floating-point operations can differ: these cases differ by the ulps given
# (a third derivative through tanh and matmul, a mean's JVP through a gather); every other value
# is TensorFlow's bit for bit.
ULPS = {"tape of jvp": 1, "gather mean": 1}


def outcomes(lines):
    return dict(line.split(" | ", 1) for line in lines if " | " in line)


def recorded():
    return outcomes(RECORDED.read_text().splitlines())


def assert_same(got, expected):
    assert got.keys() == expected.keys()
    for label, line in expected.items():
        if label in ULPS:
            dtype, values = line.split(" ", 1)
            got_dtype, got_values = got[label].split(" ", 1)
            assert got_dtype == dtype, label
            np.testing.assert_array_max_ulp(np.array(ast.literal_eval(got_values), dtype=dtype),
                                            np.array(ast.literal_eval(values), dtype=dtype), maxulp=ULPS[label])
        else:
            assert got[label] == line, label


def test_the_programs_jvps_are_tensorflows():
    assert_same(outcomes(printed_lines(sys.executable, "forward_accumulator_program.py", "varrt")), recorded())


def test_the_recorded_output_is_what_tensorflow_prints():
    assert_same(outcomes(printed_lines(required_tf_python(), "forward_accumulator_program.py", "tf")), recorded())


def test_jvp_matches_the_jacobian_at_sizes_no_example_used():
    # J v from the accumulator equals the tape's full Jacobian times v.
    rng = np.random.default_rng(7)
    for n, m in ((1, 1), (5, 3), (17, 9)):
        a = tf.constant(rng.standard_normal((m, n)).astype(np.float64))
        x = tf.constant(rng.standard_normal(n))
        v = tf.constant(rng.standard_normal(n))
        with tf.autodiff.ForwardAccumulator(x, v) as acc:
            y = tf.sigmoid(tf.linalg.matvec(a, tf.sin(x)))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y2 = tf.sigmoid(tf.linalg.matvec(a, tf.sin(x)))
        jac = tape.jacobian(y2, x).numpy()
        np.testing.assert_allclose(acc.jvp(y).numpy(), jac @ v.numpy(), rtol=1e-12)


def test_the_accumulator_does_not_record_its_own_products_and_deeper_tapes_ignore_them():
    x = tf.constant(2.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = x * x * x
        with tf.GradientTape() as deeper:
            deeper.watch(x)
            j = acc.jvp(y)  # 3 x^2, computed inside a tape opened inside the accumulator
        assert j.numpy() == 12.0
        assert deeper.gradient(j, x) is None
        assert acc.jvp(j) is None  # its own product is not recorded on it


def test_exiting_twice_and_jvp_outside_are_fine():
    x = tf.constant([1.0, -3.0])
    acc = tf.autodiff.ForwardAccumulator(x, tf.constant([0.5, 2.0]))
    with acc:
        y = tf.abs(x)
    acc.__exit__(None, None, None)
    assert acc.jvp(y).numpy().tolist() == [0.5, -2.0]
    with pytest.raises(ValueError, match="Accumulator is already recording"):
        with acc:
            acc.__enter__()
