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

// a -> P L U (L unit lower, U upper, in a; pivots[i]: the 1-based row swapped with row i).
int lapack_lu(DType dtype, void* a, int n, int32_t* pivots);
// a, factored by lapack_lu -> its inverse.
int lapack_lu_inverse(DType dtype, void* a, int n, const int32_t* pivots);
// b -> the solution x of A x = b (A^H x = b with `adjoint`), A factored by lapack_lu.
int lapack_lu_solve(DType dtype, bool adjoint, const void* lu, int n, const int32_t* pivots, void* b, int k);
// a's lower triangle -> its Cholesky factor L (L L^H = a); the strictly upper part is left as it was.
int lapack_cholesky(DType dtype, void* a, int n);

}  // namespace kernels
}  // namespace varrt
