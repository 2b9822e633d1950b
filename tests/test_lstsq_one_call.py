"""tf.linalg.lstsq's default eager path: TensorFlow's composition (the Gram matrix's MatMul, l2 I,
Cholesky, a MatMul and two triangular solves) computed by the core in one call when nothing
records those ops (csrc/varrt/ops/normal_equations.h), with the composition's bits; under a
gradient tape, in a graph and with the placement log on, the ops themselves run. TensorFlow's
values are compared in tests/op_db.py ("lstsq", "lstsq.regularized") and tests/linalg_cases.py."""
import io
import sys

import numpy as np
import pytest

import varrt as tf
from varrt import _C


def _operands(shape, k, dtype, seed):
    rng = np.random.RandomState(seed)
    return rng.standard_normal(shape).astype(dtype), rng.standard_normal(shape[:-1] + (k,)).astype(dtype)


def _composition(a, b, **kwargs):
    """lstsq through its ops: a watching tape makes the core decline the one call."""
    with tf.GradientTape() as tape:
        tape.watch(a)
        return tf.linalg.lstsq(a, b, **kwargs)


# Tall, wide and square matrices; one right-hand side (BLAS's trsv) and several (trsm); a rank-2
# MatMul and batched BatchMatMulV2 operands; Cholesky's copy-free small path and LAPACKE's (n > 32).
SHAPES = [((9, 4), 3), ((3, 7), 2), ((8, 8), 1), ((2, 3, 6, 5), 4), ((1, 5, 11), 1), ((45, 40), 2), ((34, 70), 3)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape,k", SHAPES)
@pytest.mark.parametrize("l2", [0.0, 0.5, -0.25, 3])
def test_the_one_call_has_the_compositions_bits(dtype, shape, k, l2):
    a, b = (tf.constant(x) for x in _operands(shape, k, dtype, len(shape) * 10 + k))
    fused = _C.normal_equations_least_squares(a, b, float(l2), l2 != 0)
    assert fused is not None  # the core took it
    eager = tf.linalg.lstsq(a, b, l2_regularizer=l2)
    composed = _composition(a, b, l2_regularizer=l2)
    assert eager.dtype == composed.dtype == tf.as_dtype(dtype) and eager.shape == composed.shape
    np.testing.assert_array_equal(eager.numpy(), composed.numpy())
    np.testing.assert_array_equal(fused.numpy(), composed.numpy())
    assert not np.isnan(composed.numpy()).any() or l2 < 0


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_rank_deficient_matrix_gives_the_compositions_nan(dtype):
    a = tf.constant(np.zeros((6, 3), dtype))  # a zero Gram matrix: Cholesky fails at its first pivot
    b = tf.constant(np.arange(12, dtype=dtype).reshape(6, 2))
    eager, composed = tf.linalg.lstsq(a, b), _composition(a, b)
    assert np.isnan(composed.numpy()).all()
    np.testing.assert_array_equal(eager.numpy(), composed.numpy())


def test_numpy_right_hand_sides_take_the_one_call_with_the_same_bits():
    a, b = _operands((7, 5), 2, np.float64, 3)
    np.testing.assert_array_equal(tf.linalg.lstsq(tf.constant(a), b).numpy(),
                                  _composition(tf.constant(a), tf.constant(b)).numpy())


def test_the_core_declines_where_the_ops_must_run():
    a, b = (tf.constant(x) for x in _operands((5, 3), 2, np.float64, 4))
    assert _C.normal_equations_least_squares(a, b, 0.0, False) is not None
    with tf.GradientTape():
        assert _C.normal_equations_least_squares(a, b, 0.0, False) is None
    # dtypes the composition's ops judge, broadcast or mismatched shapes, empty matrices
    assert _C.normal_equations_least_squares(tf.cast(a, tf.complex128), tf.cast(b, tf.complex128), 0.0, False) is None
    assert _C.normal_equations_least_squares(a, tf.cast(b, tf.float32), 0.0, False) is None
    assert _C.normal_equations_least_squares(a, tf.ones((2, 5, 2), tf.float64), 0.0, False) is None
    assert _C.normal_equations_least_squares(a, tf.ones((4, 2), tf.float64), 0.0, False) is None
    assert _C.normal_equations_least_squares(tf.ones((0, 3), tf.float64), tf.ones((0, 2), tf.float64), 0.0,
                                             False) is None
    tf.debugging.set_log_device_placement(True)
    try:
        assert _C.normal_equations_least_squares(a, b, 0.0, False) is None
    finally:
        tf.debugging.set_log_device_placement(False)


def test_the_placement_log_shows_the_compositions_ops(monkeypatch):
    a, b = (tf.constant(x) for x in _operands((5, 3), 2, np.float64, 5))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    tf.debugging.set_log_device_placement(True)
    try:
        tf.linalg.lstsq(a, b)
    finally:
        tf.debugging.set_log_device_placement(False)
    ops = [line.split()[2] for line in err.getvalue().splitlines() if line.startswith("Executing op")]
    assert ops == ["MatMul", "Cholesky", "MatMul", "MatrixTriangularSolve", "MatrixTriangularSolve"]


def test_graphs_and_gradients_still_have_the_compositions_ops():
    a, b = (tf.constant(x) for x in _operands((6, 4), 1, np.float64, 6))
    f = tf.function(lambda a, b: tf.linalg.lstsq(a, b, l2_regularizer=0.5))
    np.testing.assert_array_equal(f(a, b).numpy(), tf.linalg.lstsq(a, b, l2_regularizer=0.5).numpy())
    types = [op.type for op in f.get_concrete_function(a, b).graph.get_operations()]
    assert types.count("MatrixTriangularSolve") == 2 and "Cholesky" in types and "MatMul" in types
    with tf.GradientTape() as tape:
        tape.watch(a)
        x = tf.linalg.lstsq(a, b)
    g = tape.gradient(x, a)
    # The gradient of the least-squares solution's sum, from the normal equations by hand.
    an, bn = a.numpy(), b.numpy()
    gram_inv = np.linalg.inv(an.T @ an)
    xn = gram_inv @ an.T @ bn
    dx = np.ones_like(xn)
    z = gram_inv @ dx
    expected = (bn - an @ xn) @ z.T - an @ z @ xn.T
    np.testing.assert_allclose(g.numpy(), expected, rtol=1e-9, atol=1e-12)
