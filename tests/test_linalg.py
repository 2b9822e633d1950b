"""tf.linalg: inverses, determinants, solvers, decompositions and the functions over them.

The values TensorFlow's CPU kernels fix, and its errors, are compared with TensorFlow 2.21's
recorded outcomes (tests/linalg_cases.py, recorded by tests/tools/record_linalg.py); singular and
eigen vectors, which neither fixes beyond a sign, are held to their defining properties at sizes
and dtypes no recorded case used. The ops' eager, traced, TF1 and gradient runs are in
tests/op_db.py."""
import sys

import numpy as np
import pytest

import linalg_cases
import varrt as tf

RECORDED = linalg_cases.recorded("linalg_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(linalg_cases.CASES)


@pytest.mark.parametrize("code", linalg_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(linalg_cases.run_case(tf, np, code), RECORDED[code])


def _batch(shape, dtype, seed):
    rng = np.random.RandomState(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _adjoint(a):
    return np.conj(np.swapaxes(a, -1, -2))


def _tolerance(dtype):
    return 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize("shape,full", [((2, 3, 7, 4), False), ((3, 4, 7), False), ((2, 6, 6), True),
                                        ((5, 3), True)])
def test_svd_reconstructs_with_orthonormal_vectors(dtype, shape, full):
    a = _batch(shape, dtype, 11)
    s, u, v = tf.linalg.svd(a, full_matrices=full)
    m, n = shape[-2:]
    p = min(m, n)
    assert s.dtype == tf.as_dtype(np.zeros(0, dtype).real.dtype) and u.dtype == v.dtype == tf.as_dtype(dtype)
    assert u.shape == shape[:-2] + ((m, m) if full else (m, p)) and v.shape == shape[:-2] + ((n, n) if full else (n, p))
    s, u, v = s.numpy(), u.numpy(), v.numpy()
    tol = _tolerance(dtype)
    assert (s >= 0).all() and (np.diff(s, axis=-1) <= tol).all()  # largest first
    rebuilt = (u[..., :, :p] * s[..., None, :]) @ _adjoint(v[..., :, :p])
    np.testing.assert_allclose(rebuilt, a, atol=tol * 10)
    np.testing.assert_allclose(_adjoint(u) @ u, np.eye(u.shape[-1]) + 0 * u[..., :1, :1], atol=tol * 10)
    np.testing.assert_allclose(_adjoint(v) @ v, np.eye(v.shape[-1]) + 0 * v[..., :1, :1], atol=tol * 10)
    np.testing.assert_allclose(tf.linalg.svd(a, compute_uv=False).numpy(), s, atol=tol * 10)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_eigh_reads_the_lower_triangle_and_diagonalizes(dtype):
    a = _batch((2, 3, 6, 6), dtype, 12)
    a = (np.tril(a, -1) + _adjoint(np.tril(a, -1)) + 7 * np.triu(a, 1) + np.eye(6) * a.real).astype(dtype)
    hermitian = np.tril(a) + _adjoint(np.tril(a, -1))
    e, v = tf.linalg.eigh(a)  # the upper triangle is never read
    assert e.dtype == v.dtype == tf.as_dtype(dtype) and e.shape == (2, 3, 6) and v.shape == (2, 3, 6, 6)
    e, v = e.numpy(), v.numpy()
    tol = _tolerance(dtype)
    assert np.abs(e.imag).max() == 0 and (np.diff(e.real, axis=-1) >= -tol).all()  # real, ascending
    np.testing.assert_allclose(hermitian @ v, v * e[..., None, :], atol=tol * 10)
    np.testing.assert_allclose(_adjoint(v) @ v, np.broadcast_to(np.eye(6), v.shape), atol=tol * 10)
    np.testing.assert_allclose(tf.linalg.eigvalsh(hermitian).numpy(), e, atol=tol * 10)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex128])
@pytest.mark.parametrize("shape", [(3, 7, 4), (2, 2, 4, 7)])
def test_qr_is_householder_with_tensorflows_signs(dtype, shape):
    """Q R = A with Q orthonormal and R upper triangular; R's diagonal signs are those of
    Householder reflections (each -sign of the column's leading entry after the earlier ones),
    which numpy's LAPACK and TensorFlow's Eigen kernel both give (checked against TensorFlow's
    recorded values in linalg_cases.py)."""
    a = _batch(shape, dtype, 13)
    q, r = (x.numpy() for x in tf.linalg.qr(a))
    tol = _tolerance(dtype)
    np.testing.assert_allclose(q @ r, a, atol=tol * 10)
    np.testing.assert_allclose(np.tril(r, -1), 0 * r, atol=0)
    np.testing.assert_allclose(_adjoint(q) @ q, np.broadcast_to(np.eye(q.shape[-1]), q.shape[:-2] + (q.shape[-1],) * 2),
                               atol=tol * 10)
    if np.dtype(dtype).kind == "f":
        # The first reflection maps column 0 to -sign(a00) |a0| e0.
        np.testing.assert_allclose(r[..., 0, 0], -np.sign(a[..., 0, 0]) * np.linalg.norm(a[..., :, 0], axis=-1),
                                   rtol=tol * 10)


def test_inverse_determinant_and_solve_agree_at_an_unrecorded_size():
    a = _batch((4, 9, 9), np.float64, 14) + 9 * np.eye(9)
    b = _batch((4, 9, 3), np.float64, 15)
    inv = tf.linalg.inv(a).numpy()
    np.testing.assert_allclose(inv @ a, np.broadcast_to(np.eye(9), a.shape), atol=1e-12)
    np.testing.assert_allclose(tf.linalg.solve(a, b).numpy(), inv @ b, atol=1e-12)
    np.testing.assert_allclose(tf.linalg.det(a).numpy(), np.prod(np.linalg.eigvals(a), axis=-1).real, rtol=1e-10)
    sign, log_abs = tf.linalg.slogdet(a)
    np.testing.assert_allclose(sign.numpy() * np.exp(log_abs.numpy()), tf.linalg.det(a).numpy(), rtol=1e-10)
    lower = np.tril(a)
    np.testing.assert_allclose(lower @ tf.linalg.triangular_solve(a, b).numpy(), b, atol=1e-12)
    spd = a @ _adjoint(a)
    chol = tf.linalg.cholesky(spd).numpy()
    np.testing.assert_allclose(chol @ _adjoint(chol), spd, rtol=1e-12, atol=1e-10)


def test_results_are_tensorflows_namedtuples_and_tuples():
    a = np.eye(2, dtype=np.float32)
    assert type(tf.linalg.slogdet(a)).__name__ == "LogMatrixDeterminant"
    assert tf.linalg.slogdet(a)._fields == ("sign", "log_abs_determinant")
    assert type(tf.linalg.qr(a)).__name__ == "Qr" and tf.linalg.qr(a)._fields == ("q", "r")
    assert type(tf.linalg.svd(a)) is tuple and type(tf.linalg.eigh(a)) is tuple
    assert type(tf.raw_ops.Svd(input=a)).__name__ == "Svd"


def test_a_graph_runs_the_decompositions_at_every_batch_size():
    """One trace with an unknown batch serves every batch: shapes come from the shape functions."""
    @tf.function(input_signature=[tf.TensorSpec([None, 4, 3], tf.float64)])
    def f(x):
        s, u, v = tf.linalg.svd(x)
        q, r = tf.linalg.qr(x)
        assert s.shape.as_list() == [None, 3] and u.shape.as_list() == [None, 4, 3] and r.shape.as_list() == [None, 3, 3]
        return s, tf.matmul(q, r), tf.linalg.pinv(x)

    for batch in (2, 5):
        x = _batch((batch, 4, 3), np.float64, batch)
        s, qr, pinv = f(x)
        np.testing.assert_allclose(s.numpy(), np.linalg.svd(x, compute_uv=False), rtol=1e-12)
        np.testing.assert_allclose(qr.numpy(), x, atol=1e-12)
        np.testing.assert_allclose(pinv.numpy(), np.linalg.pinv(x), atol=1e-12)


def test_the_cores_lapack_ops_run_in_a_graph_without_python():
    """The linalg ops are the core's: a traced function's nodes run them with no Python frame and
    no NumPy call."""
    @tf.function(input_signature=[tf.TensorSpec([None, 3, 3], tf.float64)])
    def f(x):
        s, u, v = tf.linalg.svd(x)
        return (tf.linalg.inv(x), tf.linalg.det(x), tf.linalg.slogdet(x)[1], tf.linalg.cholesky(x),
                tf.linalg.solve(x, x), tf.linalg.triangular_solve(x, x, lower=False), tf.linalg.qr(x)[1],
                s, tf.linalg.eigvalsh(x), tf.linalg.lstsq(x, x, fast=False))

    concrete = f.get_concrete_function()
    assert sorted(op.type for op in concrete.graph.get_operations() if op.type != "Placeholder") == sorted([
        "MatrixInverse", "MatrixDeterminant", "LogMatrixDeterminant", "Cholesky", "MatrixSolve",
        "MatrixTriangularSolve", "Qr", "Svd", "SelfAdjointEigV2", "MatrixSolveLs"])
    x = np.stack([np.diag([2., 3., 4.]), np.diag([1., 5., 2.]) + 0.5 * np.eye(3)[::-1]])
    concrete(x)  # warm
    seen = []

    def profile(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_filename)
        elif event == "c_call":
            seen.append(getattr(arg, "__module__", None) or repr(arg))

    sys.setprofile(profile)
    try:
        inv, det, log_abs, chol, solved, upper_solved, r, s, e, least = concrete(x)
    finally:
        sys.setprofile(None)
    python_kernels = [f for f in seen if f.endswith(("linalg_solvers.py", "decompositions.py", "op_util.py"))
                      or "numpy" in f]
    assert python_kernels == [], python_kernels
    np.testing.assert_allclose(inv.numpy(), np.linalg.inv(x), rtol=1e-14)
    np.testing.assert_allclose(det.numpy(), np.linalg.det(x), rtol=1e-14)
    np.testing.assert_allclose(log_abs.numpy(), np.linalg.slogdet(x)[1], rtol=1e-14)
    np.testing.assert_allclose(chol.numpy(), np.linalg.cholesky(x), rtol=1e-14)
    np.testing.assert_allclose(solved.numpy(), np.broadcast_to(np.eye(3), x.shape), atol=1e-15)
    np.testing.assert_allclose(upper_solved.numpy(), np.linalg.solve(np.triu(x), x), atol=1e-15)
    np.testing.assert_allclose(r.numpy(), np.linalg.qr(x)[1], atol=1e-14)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(x, compute_uv=False), rtol=1e-14)
    np.testing.assert_allclose(e.numpy(), np.linalg.eigvalsh(x), rtol=1e-14)
    np.testing.assert_allclose(least.numpy(), np.broadcast_to(np.eye(3), x.shape), atol=1e-14)
