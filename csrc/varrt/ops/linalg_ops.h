// The linear-algebra ops the core computes with LAPACK (kernels/lapack.h): MatrixInverse,
// MatrixDeterminant, LogMatrixDeterminant, MatrixSolve, MatrixTriangularSolve, MatrixSolveLs,
// Cholesky, Qr, Svd and SelfAdjointEigV2, batched over the leading dimensions, through the dispatch (placed, logged, seen by hooks), with the checks and texts of
// TensorFlow's CPU kernels (its LinearAlgebraOp base class and each op's own). The dtype checks
// (TensorFlow's attr and no-kernel errors) are the op table's, made by the caller before the call;
// float16 is computed in float32 (MatrixInverse and Qr are the ones with a half kernel). `name` is
// the op's name= argument, as TensorFlow's messages end.
#pragma once

#include <utility>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// The inverse of each innermost square matrix (of its adjoint with `adjoint`); a matrix whose LU
// has a zero pivot (or holds NaN) raises InvalidArgumentError "Input is not invertible.".
PlacedTensor MatrixInverse(const PlacedTensor& input, bool adjoint, const char* name = "");
// det = sign * exp(log |det|) of each innermost matrix, as TensorFlow computes it (0 where the
// log is not finite; 1 for an empty matrix).
PlacedTensor MatrixDeterminant(const PlacedTensor& input, const char* name = "");
// (sign, log |det|); where the log is not finite, sign 0 and log -inf (or +inf).
std::pair<PlacedTensor, PlacedTensor> LogMatrixDeterminant(const PlacedTensor& input, const char* name = "");
// X with A X = rhs (A^H X = rhs with `adjoint`), the batch dimensions equal.
PlacedTensor MatrixSolve(const PlacedTensor& matrix, const PlacedTensor& rhs, bool adjoint, const char* name = "");
// L with L L^H = input, from its lower triangle; a matrix that is not positive definite gets NaN in
// L's lower triangle (TensorFlow's CPU kernel does not raise).
PlacedTensor Cholesky(const PlacedTensor& input, const char* name = "");
// X with T X = rhs (T^H X = rhs with `adjoint`), T the `lower` (else upper) triangle of each
// innermost matrix, the batch dimensions broadcast; a zero on the diagonal gives infinities and
// NaN, as TensorFlow's does, rather than an error.
PlacedTensor MatrixTriangularSolve(const PlacedTensor& matrix, const PlacedTensor& rhs, bool lower, bool adjoint,
                                   const char* name = "");
// X minimizing ||A X - rhs||^2 + l2 ||X||^2 (l2_regularizer: a float64 scalar; only a positive
// one counts), by the normal equations on a Cholesky factor with `fast` (a rank-deficient matrix
// raises TensorFlow's InvalidArgumentError), else the minimum-norm solution (gelsd).
PlacedTensor MatrixSolveLs(const PlacedTensor& matrix, const PlacedTensor& rhs, const PlacedTensor& l2_regularizer,
                           bool fast, const char* name = "");
// (q, r): Householder QR, R's diagonal signs those of the reflections (TensorFlow's Eigen kernel
// gives the same); q [..., M, M] with `full_matrices`, else [..., M, P], P = min(M, N).
std::pair<PlacedTensor, PlacedTensor> Qr(const PlacedTensor& input, bool full_matrices, const char* name = "");
// (s, u, v): singular values largest first (in the input's dtype), and with `compute_uv` the
// singular vectors (their signs LAPACK's); without, u and v are empty ([0]). NaN in a matrix gives
// NaN outputs for it.
struct SvdResult {
  PlacedTensor s, u, v;
};
SvdResult Svd(const PlacedTensor& input, bool compute_uv, bool full_matrices, const char* name = "");
// (e, v): the eigenvalues (ascending, in the input's dtype) of each self-adjoint matrix, from its
// lower triangle, and with `compute_v` its eigenvectors as columns (else v is empty, [0]); a
// matrix holding NaN or infinity raises TensorFlow's InvalidArgumentError.
std::pair<PlacedTensor, PlacedTensor> SelfAdjointEigV2(const PlacedTensor& input, bool compute_v,
                                                       const char* name = "");

}  // namespace ops
}  // namespace varrt
