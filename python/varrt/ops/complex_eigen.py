"""The eigen decomposition of a general matrix as TensorFlow's Eig kernel computes it: Eigen's
ComplexEigenSolver, ported to NumPy step for step so that the eigenvalues come in Eigen's order
(the diagonal of its complex Schur form, unsorted) and the eigenvectors with Eigen's phases.

1. Hessenberg form by Householder reflections (Eigen's HessenbergDecomposition), in complex
   arithmetic even for a real matrix, as the solver casts its input; Q accumulated from the last
   reflector to the first (HouseholderSequence::evalTo).
2. The complex Schur form by shifted QR steps with Givens rotations (ComplexSchur::
   reduceToTriangularForm): a subdiagonal entry is negligible when its 1-norm is at most
   epsilon times the 1-norms of its two diagonal neighbours; the shift is the eigenvalue of the
   trailing 2x2 block nearest its bottom entry, or an exceptional shift at iterations 10 and
   20; 30 iterations per row in all, else no convergence.
3. Eigenvectors: X unit upper triangular with T X = X D by back substitution (a zero difference
   of eigenvalues replaced by epsilon times T's norm), V = U X, each column normalized.
"""
from __future__ import annotations

import numpy as np

_ITERATIONS_PER_ROW = 30


def _norm1(z):
    return abs(z.real) + abs(z.imag)


def _householder(x, tiny):
    """makeHouseholder of vector x: (essential, tau, beta)."""
    c0 = x[0]
    tail = x[1:]
    tail_sq = float(np.sum(tail.real ** 2 + tail.imag ** 2)) if tail.size else 0.0
    if tail_sq <= tiny and c0.imag ** 2 <= tiny:
        return np.zeros_like(tail), 0.0, c0.real
    beta = np.sqrt(c0.real ** 2 + c0.imag ** 2 + tail_sq)
    if c0.real >= 0:
        beta = -beta
    return tail / (c0 - beta), np.conj((beta - c0) / beta), beta


def _apply_left(block, essential, tau):
    """block = (I - tau v v^*) block with v = [1, essential] (applyHouseholderOnTheLeft)."""
    if block.shape[0] == 1:
        block *= (1 - tau)
        return
    tmp = np.conj(essential) @ block[1:] + block[0]
    block[0] -= tau * tmp
    block[1:] -= tau * np.outer(essential, tmp)


def _apply_right(block, essential, tau):
    """block = block (I - tau v v^*) with v = [1, essential] (applyHouseholderOnTheRight)."""
    if block.shape[1] == 1:
        block *= (1 - tau)
        return
    tmp = block[:, 1:] @ essential + block[:, 0]
    block[:, 0] -= tau * tmp
    block[:, 1:] -= tau * np.outer(tmp, np.conj(essential))


def _hessenberg(a, compute_q):
    n = a.shape[0]
    tiny = float(np.finfo(a.real.dtype).tiny)
    m = a.copy()
    coeffs = np.zeros(max(n - 1, 0), a.dtype)
    for i in range(n - 1):
        essential, h, beta = _householder(m[i + 1:, i].copy(), tiny)
        m[i + 1, i] = beta
        m[i + 2:, i] = essential
        coeffs[i] = h
        _apply_left(m[i + 1:, i + 1:], essential, h)
        _apply_right(m[:, i + 1:], essential, np.conj(h))
    h_matrix = np.triu(m, -1)
    q = None
    if compute_q:
        q = np.eye(n, dtype=a.dtype)
        for k in range(n - 2, -1, -1):
            _apply_left(q[k + 1:, k + 1:], m[k + 2:, k], np.conj(coeffs[k]))
    return h_matrix, q


def _givens(p, q):
    """Eigen's complex makeGivens(p, q): (c, s, r)."""
    if q == 0:
        c = -1.0 if p.real < 0 else 1.0
        return c, 0.0, c * p
    if p == 0:
        return 0.0, -q / abs(q), abs(q)
    p1, q1 = _norm1(p), _norm1(q)
    if p1 >= q1:
        ps = p / p1
        p2 = ps.real ** 2 + ps.imag ** 2
        qs = q / p1
        q2 = qs.real ** 2 + qs.imag ** 2
        u = np.sqrt(1 + q2 / p2)
        if p.real < 0:
            u = -u
        c = 1 / u
        return c, -qs * np.conj(ps) * (c / p2), p * u
    ps = p / q1
    p2 = ps.real ** 2 + ps.imag ** 2
    qs = q / q1
    q2 = qs.real ** 2 + qs.imag ** 2
    u = q1 * np.sqrt(p2 + q2)
    if p.real < 0:
        u = -u
    p1 = abs(p)
    ps = p / p1
    return p1 / u, -np.conj(ps) * (q / u), ps * u


def _rotate_rows(m, i, j, c, s, cols):
    """Rows i, j of m[:, cols] by the adjoint of rotation (c, s) (applyOnTheLeft of rot.adjoint())."""
    x, y = m[i, cols].copy(), m[j, cols].copy()
    m[i, cols] = np.conj(c) * x - np.conj(s) * y
    m[j, cols] = s * x + c * y


def _rotate_cols(m, i, j, c, s, rows):
    """Columns i, j of m[rows] by rotation (c, s) (applyOnTheRight of rot)."""
    x, y = m[rows, i].copy(), m[rows, j].copy()
    m[rows, i] = c * x - s * y
    m[rows, j] = np.conj(s) * x + np.conj(c) * y


def _negligible(t, i, eps):
    d = _norm1(t[i, i]) + _norm1(t[i + 1, i + 1])
    if _norm1(t[i + 1, i]) <= d * eps:
        t[i + 1, i] = 0
        return True
    return False


def _shift(t, iu, iteration):
    if iteration in (10, 20):  # an exceptional shift (EISPACK's comqr)
        return abs(t[iu, iu - 1].real) + abs(t[iu - 1, iu - 2].real)
    b2 = t[iu - 1:iu + 1, iu - 1:iu + 1].copy()
    normt = np.sum(np.abs(b2))
    b2 = b2 / normt
    b = b2[0, 1] * b2[1, 0]
    c = b2[0, 0] - b2[1, 1]
    disc = np.sqrt(c * c + 4 * b)
    det = b2[0, 0] * b2[1, 1] - b
    trace = b2[0, 0] + b2[1, 1]
    eival1, eival2 = (trace + disc) / 2, (trace - disc) / 2
    n1, n2 = _norm1(eival1), _norm1(eival2)
    if n1 > n2:
        eival2 = det / eival1
    elif n2 != 0:
        eival1 = det / eival2
    if _norm1(eival1 - b2[1, 1]) < _norm1(eival2 - b2[1, 1]):
        return normt * eival1
    return normt * eival2


def _schur(t, u):
    """Reduces Hessenberg t to upper triangular in place (u, if given, accumulates); False when
    the iterations run out."""
    n = t.shape[0]
    eps = float(np.finfo(t.real.dtype).eps)
    max_iters = _ITERATIONS_PER_ROW * n
    iu, iteration, total = n - 1, 0, 0
    while True:
        while iu > 0:
            if not _negligible(t, iu - 1, eps):
                break
            iteration = 0
            iu -= 1
        if iu == 0:
            return True
        iteration += 1
        total += 1
        if total > max_iters:
            return False
        il = iu - 1
        while il > 0 and not _negligible(t, il - 1, eps):
            il -= 1
        shift = t.dtype.type(_shift(t, iu, iteration))
        c, s, _ = _givens(t[il, il] - shift, t[il + 1, il])
        _rotate_rows(t, il, il + 1, c, s, slice(il, n))
        _rotate_cols(t, il, il + 1, c, s, slice(0, min(il + 2, iu) + 1))
        if u is not None:
            _rotate_cols(u, il, il + 1, c, s, slice(0, n))
        for i in range(il + 1, iu):
            c, s, r = _givens(t[i, i - 1], t[i + 1, i - 1])
            t[i, i - 1] = r
            t[i + 1, i - 1] = 0
            _rotate_rows(t, i, i + 1, c, s, slice(i, n))
            _rotate_cols(t, i, i + 1, c, s, slice(0, min(i + 2, iu) + 1))
            if u is not None:
                _rotate_cols(u, i, i + 1, c, s, slice(0, n))


def _eigenvectors(t, u):
    n = t.shape[0]
    real = t.real.dtype
    matrix_norm = max(float(np.sqrt(np.sum(np.abs(t) ** 2))), float(np.finfo(real).tiny))
    eps = float(np.finfo(real).eps)
    x = np.zeros_like(t)
    for k in range(n - 1, -1, -1):
        x[k, k] = 1
        for i in range(k - 1, -1, -1):
            value = -t[i, k]
            if k - i - 1 > 0:
                value -= t[i, i + 1:k] @ x[i + 1:k, k]
            z = t[i, i] - t[k, k]
            if z == 0:
                z = t.dtype.type(eps * matrix_norm)
            x[i, k] = value / z
    v = u @ x
    norms = np.sqrt(np.sum(v.real ** 2 + v.imag ** 2, axis=0))
    return np.where(norms > 0, v / np.where(norms > 0, norms, 1), v)


def schur(a):
    """(T, U, converged): the complex Schur form a = U T U^H of one square complex matrix (Eigen's
    ComplexSchur: Hessenberg reduction, then shifted QR steps)."""
    if a.shape[0] == 1:
        return a.copy(), np.ones((1, 1), a.dtype), True
    t, u = _hessenberg(a, True)
    return t, u, _schur(t, u)


def eig(a, compute_v):
    """(eigenvalues, eigenvectors or None, converged) of one square complex matrix `a`."""
    n = a.shape[0]
    if n == 1:
        return a[0].copy(), np.ones((1, 1), a.dtype) if compute_v else None, True
    t, u = _hessenberg(a, compute_v)
    converged = _schur(t, u)
    if not converged:
        return None, None, False
    values = np.diagonal(t).copy()
    return values, _eigenvectors(t, u) if compute_v else None, True
