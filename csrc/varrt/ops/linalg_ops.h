// The linear-algebra ops the core computes with LAPACK (kernels/lapack.h): MatrixInverse,
// MatrixDeterminant, LogMatrixDeterminant, MatrixSolve and Cholesky, batched over the leading
// dimensions, through the dispatch (placed, logged, seen by hooks), with the checks and texts of
// TensorFlow's CPU kernels (its LinearAlgebraOp base class and each op's own). The dtype checks
// (TensorFlow's attr and no-kernel errors) are the op table's, made by the caller before the call;
// float16 is computed in float32 (MatrixInverse is the one of these with a half kernel). `name` is
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

}  // namespace ops
}  // namespace varrt
