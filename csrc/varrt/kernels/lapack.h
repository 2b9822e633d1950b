// LAPACK from the OpenBLAS the GEMM loads (its symbols found by blas_library.h's blas_symbol),
// through LAPACKE's row-major interface, one matrix at a time. Each function returns LAPACK's
// info: 0 done; > 0 the factorization met a zero pivot (LU) or a minor that is not positive
// definite (Cholesky); < 0 LAPACKE refused the input (it checks for NaN first).
//
// float32, float64, complex64 and complex128 (interleaved real, imaginary pairs); matrices are
// row-major n x n (right-hand sides n x k), overwritten in place.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// Whether the loaded library has the LAPACK routines below for `dtype` (false with no library).
bool lapack_supported(DType dtype);

// a -> the LU factors of a^T (LAPACK's column-major view of the row-major a: no copies), whose
// determinant is a's; pivots[i]: the 1-based row swapped with row i. For lapack_lu_inverse,
// lapack_lu_solve and determinants, not for reading L and U of a.
int lapack_lu(DType dtype, void* a, int n, int32_t* pivots);
// a, factored by lapack_lu -> its inverse.
int lapack_lu_inverse(DType dtype, void* a, int n, const int32_t* pivots);
// b -> the solution x of A x = b (A^H x = b with `adjoint`), A factored by lapack_lu.
int lapack_lu_solve(DType dtype, bool adjoint, const void* lu, int n, const int32_t* pivots, void* b, int k);
// a's lower triangle -> its Cholesky factor L (L L^H = a); the strictly upper part is left as it was.
int lapack_cholesky(DType dtype, void* a, int n);
// b (n x k) -> the solution of T x = b (T^H x = b with `adjoint`), T the `lower` (else upper)
// triangle of t (n x n): BLAS's trsm, which divides by a zero diagonal rather than refusing.
void blas_triangular_solve(DType dtype, bool lower, bool adjoint, const void* t, int n, void* b, int k);
// The Householder QR of a (m x n, read only; min(m, n) > 0): R's first r_rows rows into r
// (r_rows x n, zeros below the diagonal) and Q's first q_cols columns into q (m x q_cols), as
// geqrf and orgqr (ungqr) compute them. It works in a per-thread column-major copy, with a
// workspace queried once per shape, so a batch of small matrices does none of what LAPACKE's
// row-major interface does per call (two workspace queries, allocations, transposing copies,
// a scan for NaN: NaN here flows through the reflections, as in TensorFlow's Eigen kernel).
int lapack_qr(DType dtype, const void* a, int m, int n, void* q, int q_cols, void* r, int r_rows);
// The singular values of a (m x n, overwritten) into s (real, min(m, n), largest first) and, with
// `vectors`, U (m x ucols) and V^H (vtrows x n): ucols = vtrows = m and n with `full`, else
// min(m, n) (gesdd).
int lapack_svd(DType dtype, void* a, int m, int n, void* s, bool vectors, bool full, void* u, void* vt);
// The minimum-norm least-squares solution of a x = b (gelsd): a (m x n) is overwritten, b holds
// the right-hand sides (m x k) in a buffer of max(m, n) x k and leaves with x in its first n rows;
// s gets the singular values (real, min(m, n)). Singular values below rcond times the largest
// count as zero (rcond < 0: machine precision).
int lapack_least_squares(DType dtype, void* a, int m, int n, void* b, int k, void* s, double rcond);
// The eigenvalues (real, ascending) of the self-adjoint matrix in a's lower triangle into w and,
// with `vectors`, its eigenvectors into a's columns (syevd/heevd).
int lapack_eigh(DType dtype, void* a, int n, void* w, bool vectors);

}  // namespace kernels
}  // namespace varrt
