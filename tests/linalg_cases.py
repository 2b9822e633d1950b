"""tf.linalg cases run with either framework (`tf` is TensorFlow or varrt): each a snippet that
leaves its result in `out`. tests/tools/record_linalg.py records TensorFlow 2.21's outcomes
(values, dtypes and shapes, or the error's type and text) and tests/test_linalg.py compares
varrt's. Only what TensorFlow's CPU kernels fix is compared: singular and eigen vectors enter
through sign-free products; a failed Cholesky factor through its lower triangle (TensorFlow
leaves the upper one unwritten). Sizes differ from the op database's."""
import json
import pathlib

import numpy as np

_RNG = np.random.RandomState(20261127)
_M = _RNG.standard_normal((2, 3, 5, 5))
_W = _RNG.standard_normal((2, 4, 6))

# Inputs by name, the same in both frameworks; a case names them as `A[...]`.
A = {
    "m5": _M + 4 * np.eye(5),                                # float64, batch [2, 3], well conditioned
    "m5f": (_M[0, 0] + 4 * np.eye(5)).astype(np.float32),
    "spd": _M[1] @ np.swapaxes(_M[1], -1, -2) + np.eye(5),  # [3, 5, 5] positive definite
    "wide": _W,                                              # [2, 4, 6]
    "tall": np.swapaxes(_W, -1, -2),                         # [2, 6, 4]
    "rank2": np.outer([1., 2., 3., 4.], [1., 0., 2.]) + np.outer([0., 1., 0., 1.], [3., 1., 1.]),
    "c3": (_M[0, 1, :3, :3] + 1j * _M[0, 2, :3, :3] + 3 * np.eye(3)).astype(np.complex128),
    "rhs": _RNG.standard_normal((2, 3, 5, 2)),
}

CASES = [
    # values TensorFlow's kernels fix
    "out = tf.linalg.inv(A['m5'])",
    "out = tf.linalg.inv(A['m5f'], adjoint=True)",
    "out = tf.linalg.inv(A['c3'])",
    "out = tf.linalg.inv(np.float16([[4., 2.], [1., 3.]]))",
    "out = tf.linalg.det(A['m5'])",
    "out = tf.linalg.det(A['c3'])",
    "out = list(tf.linalg.slogdet(A['m5'] - 6 * np.eye(5)))",
    "out = list(tf.linalg.slogdet(np.zeros((2, 2), np.float32)))",
    "out = list(tf.linalg.slogdet(A['c3'].astype(np.complex64)))",
    "out = tf.linalg.solve(A['m5'], A['rhs'])",
    "out = tf.linalg.solve(A['m5'], A['rhs'], adjoint=True)",
    "out = tf.linalg.triangular_solve(A['m5'], A['rhs'])",
    "out = tf.linalg.triangular_solve(A['m5'][0, 0], A['rhs'], lower=False, adjoint=True)",
    "out = tf.linalg.triangular_solve(np.float32([[2., 0.], [1., 0.]]), np.float32([[1.], [1.]]))",
    "out = tf.linalg.cholesky(A['spd'])",
    "out = tf.linalg.band_part(tf.linalg.cholesky(np.float32([[[4., 0.], [2., 3.]], [[1., 0.], [2., 1.]]])), -1, 0)",
    "out = tf.linalg.band_part(tf.linalg.cholesky(np.float32([[4., 9.], [2., -3.]])), -1, 0)",
    "out = list(tf.linalg.qr(A['tall']))",
    "out = list(tf.linalg.qr(A['wide'], full_matrices=True))",
    "out = list(tf.linalg.qr(A['c3']))",
    # NaN flows through the reflections (the one in the last column, of length one, is the identity)
    "out = list(tf.linalg.qr(np.array([[1., 2., 3.], [np.nan, 5., 6.], [7., 8., 10.]])))",
    "out = list(tf.linalg.qr(np.array([[1., 2., np.nan], [4., 5., 6.], [7., 8., 10.]], np.float32)))",
    "out = tf.linalg.svd(A['wide'], compute_uv=False)",
    "s, u, v = tf.linalg.svd(A['tall'], full_matrices=True); out = [s, u.shape.as_list(), v.shape.as_list()]",
    "s, u, v = tf.linalg.svd(A['c3']); out = [s, tf.matmul(u * tf.cast(s, u.dtype)[..., None, :], v, adjoint_b=True)]",
    "out = tf.linalg.eigvalsh(A['spd'])",
    "out = tf.linalg.eigvalsh(np.float32([[4., 100.], [2., 3.]]))",
    "e, v = tf.linalg.eigh(A['c3'] + np.conj(A['c3']).T); out = [e, v.shape.as_list()]",
    "out = tf.linalg.lstsq(A['tall'], A['tall'][..., :2] + 1)",
    "out = tf.linalg.lstsq(A['rank2'], np.ones((4, 2)), fast=False)",
    "out = tf.linalg.lstsq(A['wide'].astype(np.float32), np.ones((2, 4, 1), np.float32), l2_regularizer=0.1)",
    "out = tf.linalg.pinv(A['rank2'])",
    "out = tf.linalg.pinv(A['wide'].astype(np.float32), rcond=0.1)",
    "out = tf.linalg.logdet(A['spd'])",
    "out = tf.linalg.cholesky_solve(tf.linalg.cholesky(A['spd']), A['rhs'][0])",
    "out = tf.linalg.trace(A['wide'])",
    "out = tf.linalg.matvec(A['wide'], np.arange(6.))",
    "out = tf.linalg.matvec(A['c3'], np.ones(3, np.complex128), adjoint_a=True)",
    "out = [tf.norm(A['wide']), tf.norm(A['wide'], ord=1), tf.norm(A['wide'], ord=np.inf), tf.norm(A['wide'], ord=0.5)]",
    "out = [tf.norm(A['wide'], axis=[1, 2], ord=o) for o in ('fro', 1, np.inf, 2)]",
    "out = tf.norm(A['wide'], ord=2, axis=(2, 0), keepdims=True)",
    "out = tf.linalg.norm(A['c3'], axis=0)",
    "out = tf.compat.v1.norm(A['wide'], axis=-1, keep_dims=True)",
    "out = [tf.compat.v1.matrix_inverse(A['m5f']), tf.compat.v1.matrix_determinant(A['m5f']), "
    "tf.compat.v1.trace(A['m5f']), tf.compat.v1.self_adjoint_eigvals(A['spd'][0]), "
    "tf.compat.v1.svd(A['m5f'], compute_uv=False), tf.compat.v1.qr(A['m5f'])[1]]",
    "out = tf.compat.v1.matrix_solve_ls(A['tall'], np.ones((2, 6, 1)))",
    "out = [tf.linalg.cross(A['wide'][..., :3], A['tall'][:, :4, :3]), tf.compat.v1.cross([1, 2, 3], [4, 5, 6])]",
    "out = [tf.linalg.tensor_diag(A['c3'][0]), tf.linalg.tensor_diag_part(tf.linalg.tensor_diag(A['wide'][0]))]",
    "out = tf.compat.v1.diag_part(np.arange(16.).reshape(4, 4))",
    "out = [tf.linalg.matrix_rank(A['rank2']), tf.linalg.matrix_rank(A['wide']), "
    "tf.linalg.matrix_rank(A['rank2'], tol=0.5), tf.linalg.matrix_rank(np.zeros((2, 3), np.float32))]",
    "out = list(tf.linalg.normalize(A['wide'])) + list(tf.linalg.normalize(A['wide'], ord=1, axis=[1, 2]))",
    "out = [tf.linalg.l2_normalize(A['wide'], axis=-1), list(tf.linalg.normalize(A['c3'], axis=0))]",
    "out = list(tf.linalg.lu(A['m5']))",
    "out = list(tf.linalg.lu(A['c3'], output_idx_type=tf.int64))",
    "out = list(tf.linalg.lu(np.float32([[0., 1., 2.], [0., 3., 4.], [5., 6., 8.]])))",
    "out = tf.linalg.lu_reconstruct(*tf.linalg.lu(A['m5']))",
    "out = tf.linalg.lu_solve(*tf.linalg.lu(A['m5'][0, 0]), A['rhs'][0, 0])",
    "out = tf.linalg.lu_solve(*tf.linalg.lu(A['m5']), A['rhs'])",
    "out = tf.linalg.lu_matrix_inverse(*tf.linalg.lu(A['c3']))",
    # eigenvectors of complex pairs by magnitude: their phases follow a Schur block's basis
    "e, v = tf.linalg.eig(A['m5'] - 4 * np.eye(5)); out = [e, tf.abs(v)]",
    "e, v = tf.linalg.eig(A['m5f'] - 4 * np.eye(5, dtype=np.float32)); out = [e, tf.abs(v)]",
    "out = list(tf.linalg.eig(np.float64([[2., 1., 0.], [1., 3., 1.], [0., 1., 4.]])))",
    "out = list(tf.linalg.eig(A['c3']))",
    "out = tf.linalg.eigvals(A['wide'][..., :4])",
    "out = [tf.eig(np.float64([[2., 1.], [0., 2.]])), tf.eigvals(np.float32([[0., -1.], [1., 0.]]))]",
    "out = list(tf.linalg.eig(np.array([[[3.]]])))",
    "out = [x.shape.as_list() for x in tf.linalg.eig(np.zeros((2, 0, 0)))]",
    "out = [tf.linalg.expm(A['m5'] * s) for s in (0.001, 0.05, 0.3, 1.0)]",
    "out = [tf.linalg.expm(A['m5f'] * s) for s in (0.01, 0.2, 1.0)]",
    "x = tf.Variable(A['m5'][1] * 0.7)\nwith tf.GradientTape() as tape:\n    y = tf.reduce_sum(tf.linalg.expm(x) ** 2)\n"
    "out = tape.gradient(y, x)",
    "out = [tf.linalg.expm(A['c3']), tf.linalg.expm(np.zeros((2, 0, 0))), tf.linalg.expm(np.array([[np.inf, 0.], [0., 1.]]))]",
    "out = tf.linalg.tridiagonal_matmul(tf.constant(A['wide'][..., :3, :]), tf.constant(A['tall'][..., :2]))",
    "out = tf.linalg.tridiagonal_solve(tf.constant(A['wide'][..., :3, :]), tf.constant(A['tall'][..., :2]))",
    "out = tf.linalg.tridiagonal_solve(tf.constant(A['wide'][..., :3, :]), tf.constant(A['tall'][..., 0]), partial_pivoting=False)",
    "out = tf.linalg.tridiagonal_solve(tf.constant(A['m5'][0, 0]), tf.constant(A['rhs'][0, 0]), diagonals_format='matrix')",
    "out = tf.linalg.tridiagonal_solve([tf.constant([1., 2., 3.]), tf.constant([4., 5., 6.]), tf.constant([7., 8.])], "
    "tf.ones((3, 2)), diagonals_format='sequence')",
    "out = tf.linalg.tridiagonal_solve(tf.zeros((3, 3)), tf.ones((3, 1)))",
    "out = tf.linalg.tridiagonal_matmul(tf.constant(A['m5'][0, 0]), tf.constant(A['rhs'][0, 0]), diagonals_format='matrix')",
    "out = tf.linalg.banded_triangular_solve(tf.constant(A['wide'][..., :2, :]), tf.constant(A['tall'][..., :3]))",
    "out = tf.linalg.banded_triangular_solve(tf.constant(A['wide'][..., :3, :]), tf.constant(A['tall'][..., :1]), "
    "lower=False, adjoint=True)",
    # empty matrices
    "out = [tf.linalg.inv(np.zeros((2, 0, 0), np.float32)), tf.linalg.det(np.zeros((3, 0, 0)))]",
    "out = list(tf.linalg.slogdet(np.zeros((2, 0, 0), np.float32)))",
    "out = list(tf.linalg.qr(np.zeros((0, 3), np.float32)))",
    "out = [x.shape.as_list() for x in tf.linalg.svd(np.zeros((0, 3), np.float32))]",
    "out = [x.shape.as_list() for x in tf.linalg.eigh(np.zeros((2, 0, 0)))]",
    # errors: TensorFlow's types and texts
    "out = tf.linalg.inv(np.zeros((3, 3), np.float32))",
    "out = tf.linalg.inv(np.full((2, 2), np.nan))",
    "out = tf.linalg.inv(np.ones((2, 3)))",
    "out = tf.linalg.inv(np.ones(3))",
    "out = tf.linalg.inv(np.ones((2, 2), np.int32))",
    "out = tf.linalg.det(np.ones((2, 3)))",
    "out = tf.linalg.det(np.ones((2, 2), np.float16))",
    "out = tf.linalg.slogdet(np.ones(4))",
    "out = tf.linalg.solve(np.zeros((2, 2)), np.ones((2, 1)))",
    "out = tf.linalg.solve(np.eye(2), np.ones((3, 1)))",
    "out = tf.linalg.solve(np.ones((2, 3)), np.ones((2, 1)))",
    "out = tf.linalg.solve(np.ones((2, 2)), np.ones(2))",
    "out = tf.linalg.solve(np.ones((4, 2, 2)), np.ones((3, 2, 1)))",
    "out = tf.linalg.triangular_solve(np.eye(2), np.ones((3, 1)))",
    "out = tf.linalg.triangular_solve(np.ones((2, 2, 2)), np.ones((3, 2, 1)))",
    "out = tf.linalg.triangular_solve(np.eye(2), np.ones(2))",
    "out = tf.linalg.cholesky(np.eye(2, dtype=np.float16))",
    "out = tf.linalg.cholesky(np.ones((2, 3)))",
    "out = tf.linalg.eigh(np.full((2, 2), np.inf))",
    "out = tf.linalg.eigvalsh(np.ones((3, 2)))",
    "out = tf.linalg.svd(np.ones(3))",
    "out = tf.linalg.qr(np.ones((2, 2), np.int64))",
    "out = tf.raw_ops.MatrixSolveLs(matrix=np.ones((3, 2)), rhs=np.ones((3, 1)), l2_regularizer=[0.])",
    "out = tf.raw_ops.MatrixSolveLs(matrix=np.ones((3, 2)), rhs=np.ones((2, 1)), l2_regularizer=0.)",
    "out = tf.linalg.lstsq(np.ones((2, 2), np.complex128), np.ones((2, 1), np.complex128), l2_regularizer=0.5)",
    "out = tf.norm(np.ones((2, 2)), ord='nuc', axis=[0, 1])",
    "out = tf.norm(np.ones((2, 2)), ord=-1)",
    "out = tf.norm(np.ones((2, 2)), axis=[0, 0])",
    "out = tf.linalg.pinv(np.ones((2, 2), np.int32))",
    "out = tf.linalg.cross(np.ones((2, 4)), np.ones((2, 4)))",
    "out = tf.linalg.cross(np.ones((2, 3)), np.ones((3, 3)))",
    "out = tf.linalg.tensor_diag(np.float32(2.))",
    "out = tf.linalg.tensor_diag_part(np.ones((2, 3, 2)))",
    "out = tf.linalg.tensor_diag_part(np.ones((2, 3, 2, 2)))",
    "out = tf.linalg.expm(np.ones((2, 2), np.int32))",
    "out = tf.linalg.tridiagonal_solve(tf.ones((4, 5)), tf.ones((5, 1)))",
    "out = tf.linalg.tridiagonal_solve(tf.ones((3, 5)), tf.ones((4, 1)))",
    "out = tf.raw_ops.TridiagonalSolve(diagonals=tf.ones((4, 5)), rhs=tf.ones((5, 1)))",
    "out = tf.linalg.tridiagonal_solve(tf.ones((3, 5)), tf.ones((5, 1)), perturb_singular=True, partial_pivoting=False)",
    "out = tf.linalg.tridiagonal_matmul(tf.ones((3, 5)), tf.ones((5, 1)), diagonals_format='banded')",
    "out = tf.linalg.banded_triangular_solve(tf.ones((3, 5)), tf.ones((4, 1)))",
    "out = tf.linalg.banded_triangular_solve(tf.ones((5,)), tf.ones((5, 1)))",
    "out = tf.linalg.eig(np.ones((2, 3)))",
    "out = tf.linalg.eigvals(np.ones(3))",
    "out = tf.linalg.eig(np.ones((2, 2), np.int32))",
    "out = tf.linalg.eig(np.full((2, 2), np.nan))",
    "out = tf.linalg.eigvals(np.full((3, 3), np.inf) * (1 + 1j))",
    "out = tf.linalg.lu(np.zeros((2, 2)))",
    "out = tf.linalg.lu(np.ones((2, 3)))",
    "out = tf.linalg.lu(np.ones(3))",
    "out = tf.linalg.lu(np.ones((2, 2), np.int32))",
    "out = tf.linalg.lu_solve(np.eye(2), [0, 1], np.ones(2))",
    "out = tf.linalg.lu_solve(np.eye(2), [0, 1], np.ones((3, 1)))",
    "out = tf.linalg.lu_reconstruct(np.eye(2), [[0, 1]])",
    "out = tf.linalg.lu_reconstruct(np.ones(2), [0, 1])",
    "out = tf.linalg.lu_matrix_inverse(np.ones((2, 3)), [0, 1])",
    # logm: Eigen's Schur form and inverse scaling and squaring, compared within TOLERANCE
    "out = tf.linalg.logm(A['c3'])",
    "out = tf.linalg.logm(tf.cast(A['m5'], tf.complex64))",
    "out = tf.linalg.logm(tf.cast(A['spd'], tf.complex128))",
    "out = tf.linalg.logm(np.array([[3., 1., 0.], [0., 3., 1.], [0., 0., 3.]], np.complex128))",
    "out = tf.linalg.logm(np.array([[2., 1.], [0., 2.]], np.complex64))",
    "out = tf.linalg.logm(np.array([[1., 1e6], [0., 1.0001]], np.complex128))",
    "out = tf.linalg.logm(np.array([[1e-8, 1.], [0., 1.]], np.complex128))",
    "out = tf.linalg.logm(np.array([[0., -1.], [1., 0.]], np.complex128))",
    "out = tf.linalg.logm(np.array([[-1., 0.], [0., 2.]], np.complex128))",
    "out = tf.linalg.logm(np.array([[[2.5 - 1j]]], np.complex64))",
    "out = tf.linalg.logm(np.zeros((2, 2), np.complex128))",
    "out = tf.linalg.logm(np.zeros((3, 0, 0), np.complex64))",
    "out = tf.linalg.logm(np.float32([[1., 2.], [3., 4.]]))",
    "out = tf.linalg.logm(np.ones((2, 3), np.complex64))",
    "out = tf.linalg.logm(np.ones(3, np.complex64))",
]


def outcome(value):
    """A result as JSON: {dtype, shape, value} (complex values as [real, imag] pairs), lists
    element by element, other Python values as they are."""
    if isinstance(value, (list, tuple)):
        return [outcome(v) for v in value]
    if not hasattr(value, "dtype"):
        return value
    a = np.asarray(value)
    values = np.stack([a.real, a.imag], -1) if np.iscomplexobj(a) else a
    return {"dtype": value.dtype.name, "shape": list(a.shape), "value": values.astype(np.float64).tolist()}


def run_case(tf, np_module, code):
    scope = {"tf": tf, "np": np_module, "A": A}
    try:
        exec(code, scope)  # noqa: S102 - the cases above
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": outcome(scope["out"])}


# (rtol, atol): two LAPACKs (Eigen's and OpenBLAS's) on the same well-conditioned matrices.
TOLERANCE = {"float16": (1e-3, 1e-3), "float32": (2e-5, 2e-5), "complex64": (2e-5, 2e-5),
             "float64": (1e-10, 1e-12), "complex128": (1e-10, 1e-12)}


def mismatch(got, want):
    """None when `got` is `want` within TOLERANCE (NaN and infinities in the same places), else why not."""
    if isinstance(want, list) and (not want or not isinstance(want[0], (int, float))):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{got!r} is not a list of {len(want)}"
        for g, w in zip(got, want):
            why = mismatch(g, w)
            if why:
                return why
        return None
    if not isinstance(want, dict):
        return None if got == want else f"{got!r} != {want!r}"
    if not isinstance(got, dict) or (got["dtype"], got["shape"]) != (want["dtype"], want["shape"]):
        return f"{got and (got['dtype'], got['shape'])} != {(want['dtype'], want['shape'])}"
    rtol, atol = TOLERANCE.get(want["dtype"], (0, 0))
    g, w = np.array(got["value"], dtype=float), np.array(want["value"], dtype=float)
    if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
        return f"values differ: {g.tolist()} != {w.tolist()}"
    return None


def recorded(fixture):
    """The recorded outcomes of tests/fixtures/`fixture` (a record_*.py tool's), by case."""
    return json.loads((pathlib.Path(__file__).parent / "fixtures" / fixture).read_text())["cases"]


def assert_outcome(got, want):
    """`got`, a case's outcome in varrt, is TensorFlow's recorded `want`: the same error type and
    text, or values within mismatch's rule (the recorded cases of linalg, nn/random, tf's array
    functions, the functional ops and the other tf names share it)."""
    if "error" in want:
        assert got == want
    else:
        assert "out" in got, got
        why = mismatch(got["out"], want["out"])
        assert why is None, why
