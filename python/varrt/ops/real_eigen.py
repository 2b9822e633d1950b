"""The eigen decomposition of a real general matrix as TensorFlow's Eig kernel computes it:
Eigen's EigenSolver (a real Schur form by Francis double-shift QR steps, Eigen's RealSchur),
ported to NumPy so that the eigenvalues come in Eigen's order: the diagonal blocks of the Schur
form from top to bottom, a complex pair as (p + iz, p - iz). complex_eigen.py has the
Householder reduction to Hessenberg form both share.

RealSchur, as Eigen writes it: the matrix scaled by its largest magnitude; a subdiagonal entry
is negligible at most max(epsilon (|T[i-1,i-1]| + |T[i,i]|), norm epsilon^2); a converged 2x2
block with real eigenvalues is rotated to triangular form; exceptional shifts every 16
iterations (Wilkinson's, or every 32 MATLAB's); 40 iterations per row in all.

Eigenvectors: each eigenvalue's vector of the quasi-triangular T by back substitution, with
Eigen's normalization (a real eigenvalue's own component 1; a complex pair's last component i,
the one before it from the 2x2 block's row, as Eigen's hqr2 chooses), then U x, each normalized.
"""
from __future__ import annotations

import math

import numpy as np

from varrt.ops.complex_eigen import _apply_left, _apply_right, _hessenberg, _householder, _rotate_cols, _rotate_rows

_ITERATIONS_PER_ROW = 40


def _givens(p, q):
    """Eigen's real makeGivens(p, q): (c, s)."""
    if q == 0:
        return (-1.0 if p < 0 else 1.0), 0.0
    if p == 0:
        return 0.0, (1.0 if q < 0 else -1.0)
    if abs(p) > abs(q):
        t = q / p
        u = math.sqrt(1 + t * t)
        if p < 0:
            u = -u
        c = 1 / u
        return c, -t * c
    t = p / q
    u = math.sqrt(1 + t * t)
    if q < 0:
        u = -u
    s = -1 / u
    return -t * s, s


class _Schur:
    def __init__(self, t, u, eps, tiny):
        self.t, self.u, self.eps, self.tiny = t, u, eps, tiny

    def norm(self):
        t, n = self.t, self.t.shape[0]
        return float(sum(np.sum(np.abs(t[:min(n, j + 2), j])) for j in range(n)))

    def small_subdiagonal(self, iu, consider_as_zero):
        t, res = self.t, iu
        while res > 0:
            s = abs(t[res - 1, res - 1]) + abs(t[res, res])
            s = max(s * self.eps, consider_as_zero)
            if abs(t[res, res - 1]) <= s:
                break
            res -= 1
        return res

    def split_off_two_rows(self, iu, exshift):
        t, size = self.t, self.t.shape[0]
        p = 0.5 * (t[iu - 1, iu - 1] - t[iu, iu])
        q = p * p + t[iu, iu - 1] * t[iu - 1, iu]
        t[iu, iu] += exshift
        t[iu - 1, iu - 1] += exshift
        if q >= 0:
            z = math.sqrt(abs(q))
            c, s = _givens(p + z if p >= 0 else p - z, t[iu, iu - 1])
            _rotate_rows(t, iu - 1, iu, c, s, slice(iu - 1, size))
            _rotate_cols(t, iu - 1, iu, c, s, slice(0, iu + 1))
            t[iu, iu - 1] = 0
            if self.u is not None:
                _rotate_cols(self.u, iu - 1, iu, c, s, slice(0, size))
        if iu > 1:
            t[iu - 1, iu - 2] = 0

    def shift(self, iu, iteration, exshift):
        t = self.t
        info = [t[iu, iu], t[iu - 1, iu - 1], t[iu, iu - 1] * t[iu - 1, iu]]
        if iteration > 0 and iteration % 16 == 0:
            if iteration % 32 != 0:  # Wilkinson's original ad hoc shift
                exshift += info[0]
                idx = np.arange(iu + 1)
                t[idx, idx] -= info[0]
                s = abs(t[iu, iu - 1]) + abs(t[iu - 1, iu - 2])
                info = [0.75 * s, 0.75 * s, -0.4375 * s * s]
            else:  # MATLAB's new ad hoc shift
                s = (info[1] - info[0]) / 2.0
                s = s * s + info[2]
                if s > 0:
                    s = math.sqrt(s)
                    if info[1] < info[0]:
                        s = -s
                    s = s + (info[1] - info[0]) / 2.0
                    s = info[0] - info[2] / s
                    exshift += s
                    idx = np.arange(iu + 1)
                    t[idx, idx] -= s
                    info = [0.964, 0.964, 0.964]
        return info, exshift

    def init_francis(self, il, iu, info):
        t = self.t
        im = iu - 2
        v = np.zeros(3, t.dtype)
        while im >= il:
            tmm = t[im, im]
            r, s = info[0] - tmm, info[1] - tmm
            v[0] = (r * s - info[2]) / t[im + 1, im] + t[im, im + 1]
            v[1] = t[im + 1, im + 1] - tmm - r - s
            v[2] = t[im + 2, im + 1]
            if im == il:
                break
            lhs = t[im, im - 1] * (abs(v[1]) + abs(v[2]))
            rhs = v[0] * (abs(t[im - 1, im - 1]) + abs(tmm) + abs(t[im + 1, im + 1]))
            if abs(lhs) < self.eps * rhs:
                break
            im -= 1
        return im, v

    def francis_step(self, il, im, iu, first):
        t, size = self.t, self.t.shape[0]
        for k in range(im, iu - 1):
            first_iteration = k == im
            v = first.copy() if first_iteration else t[k:k + 3, k - 1].copy()
            ess, tau, beta = _householder(v, self.tiny)
            if beta != 0:
                if first_iteration and k > il:
                    t[k, k - 1] = -t[k, k - 1]
                elif not first_iteration:
                    t[k, k - 1] = beta
                _apply_left(t[k:k + 3, k:], ess, tau)
                _apply_right(t[:min(iu, k + 3) + 1, k:k + 3], ess, tau)
                if self.u is not None:
                    _apply_right(self.u[:, k:k + 3], ess, tau)
        v = t[iu - 1:iu + 1, iu - 2].copy()
        ess, tau, beta = _householder(v, self.tiny)
        if beta != 0:
            t[iu - 1, iu - 2] = beta
            _apply_left(t[iu - 1:iu + 1, iu - 1:], ess, tau)
            _apply_right(t[:iu + 1, iu - 1:iu + 1], ess, tau)
            if self.u is not None:
                _apply_right(self.u[:, iu - 1:iu + 1], ess, tau)
        for i in range(im + 2, iu + 1):
            t[i, i - 2] = 0
            if i > im + 2:
                t[i, i - 3] = 0

    def run(self):
        n = self.t.shape[0]
        max_iters = _ITERATIONS_PER_ROW * n
        iu, iteration, total, exshift = n - 1, 0, 0, 0.0
        norm = self.norm()
        consider_as_zero = max(norm * self.eps * self.eps, self.tiny)
        if norm == 0:
            return True
        while iu >= 0:
            il = self.small_subdiagonal(iu, consider_as_zero)
            if il == iu:
                self.t[iu, iu] += exshift
                if iu > 0:
                    self.t[iu, iu - 1] = 0
                iu -= 1
                iteration = 0
            elif il == iu - 1:
                self.split_off_two_rows(iu, exshift)
                iu -= 2
                iteration = 0
            else:
                info, exshift = self.shift(iu, iteration, exshift)
                iteration += 1
                total += 1
                if total > max_iters:
                    return False
                im, first = self.init_francis(il, iu, info)
                self.francis_step(il, im, iu, first)
        return True


def _eigenvalues(t):
    n = t.shape[0]
    values = np.zeros(n, np.complex128)
    i = 0
    while i < n:
        if i == n - 1 or t[i + 1, i] == 0:
            values[i] = t[i, i]
            i += 1
        else:
            p = 0.5 * (t[i, i] - t[i + 1, i + 1])
            t0, t1 = t[i + 1, i], t[i, i + 1]
            maxval = max(abs(p), abs(t0), abs(t1))
            t0, t1, p0 = t0 / maxval, t1 / maxval, p / maxval
            z = maxval * math.sqrt(abs(p0 * p0 + t0 * t1))
            values[i] = complex(t[i + 1, i + 1] + p, z)
            values[i + 1] = complex(t[i + 1, i + 1] + p, -z)
            i += 2
    return values


def _blocks(t):
    """The diagonal blocks of quasi-triangular t: (start, size)."""
    n, i, out = t.shape[0], 0, []
    while i < n:
        size = 2 if i < n - 1 and t[i + 1, i] != 0 else 1
        out.append((i, size))
        i += size
    return out


def _vector(t, blocks, index, k, lam, small):
    """The eigenvector of quasi-triangular t for eigenvalue lam, whose block is blocks[index]
    (k: lam's own row): Eigen's components at the block, then back substitution above it."""
    n = t.shape[0]
    x = np.zeros(n, np.complex128)
    start, size = blocks[index]
    if size == 1:
        x[k] = 1
    else:  # the pair's first (p + iz): last component i, the one before from the block's row
        m = start + 1
        x[m] = 1j
        if abs(t[m, m - 1]) > abs(t[m - 1, m]):
            x[m - 1] = (lam - t[m, m]) * 1j / t[m, m - 1]
        else:
            x[m - 1] = complex(0.0, -t[m - 1, m]) / (t[m - 1, m - 1] - lam)
    tc = t.astype(np.complex128)
    for b in range(index - 1, -1, -1):
        s0, sz = blocks[b]
        rows = slice(s0, s0 + sz)
        rhs = -(tc[rows, s0 + sz:] @ x[s0 + sz:])
        block = tc[rows, rows] - lam * np.eye(sz)
        if sz == 1:
            d = block[0, 0] if block[0, 0] != 0 else small
            x[s0] = rhs[0] / d
        else:
            x[rows] = np.linalg.solve(block, rhs)
    return x


def eig(a, compute_v):
    """(eigenvalues, eigenvectors or None, ok) of one real square matrix (float64 arithmetic
    for float64, float32's for float32)."""
    n = a.shape[0]
    eps = float(np.finfo(a.dtype).eps)
    tiny = float(np.finfo(a.dtype).tiny)
    max_coeff = float(np.max(np.abs(a))) if a.size else 0.0
    if not np.isfinite(max_coeff):
        return None, None, False
    if max_coeff < tiny:
        values = np.zeros(n, np.complex128)
        return values, (np.eye(n, dtype=np.complex128) if compute_v else None), True
    h, q = _hessenberg(a / a.dtype.type(max_coeff), compute_v)
    schur = _Schur(h, q, eps, tiny)
    if not schur.run():
        return None, None, False
    t = schur.t * a.dtype.type(max_coeff)
    values = _eigenvalues(t)
    if not compute_v:
        return values, None, True
    blocks = _blocks(t)
    small = eps * max(float(np.sqrt(np.sum(t * t))), tiny)
    vectors = np.zeros((n, n), np.complex128)
    for index, (start, size) in enumerate(blocks):
        if size == 1:
            vectors[:, start] = _vector(t, blocks, index, start, values[start], small)
        else:
            x = _vector(t, blocks, index, start, values[start], small)
            vectors[:, start], vectors[:, start + 1] = x, np.conj(x)
    v = schur.u.astype(np.complex128) @ vectors
    norms = np.sqrt(np.sum(v.real ** 2 + v.imag ** 2, axis=0))
    return values, v / np.where(norms > 0, norms, 1), True
