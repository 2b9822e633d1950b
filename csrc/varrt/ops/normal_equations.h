// tf.linalg.lstsq's default path in one call. TensorFlow writes lstsq (fast=True, matrices the
// size of a cache) as ops: the Gram matrix's MatMul (A^H A, or A A^H when A is wide), l2 I added
// (Mul, AddV2) when a regularizer is given, Cholesky, a MatMul with the right-hand sides and the two
// MatrixTriangularSolves of cholesky_solve. Five dispatches cost more than the arithmetic of a small
// matrix, so when nobody would see those ops this runs the same kernels (gemm, potrf, trsv/trsm) on
// the same operands in the same order, giving the composition's bits, without the dispatches.
#pragma once

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// X minimizing ||A X - rhs||^2 + l2 ||X||^2 for each matrix of `matrix` (A: [..., M, N]) and of
// `rhs` ([..., M, K], the same batch dimensions, no broadcasting) by the composition's arithmetic:
// a matrix whose Gram matrix is not positive definite gives NaN, as TensorFlow's Cholesky does.
// `regularize`: whether the composition adds l2 I (TensorFlow adds it unless l2 is the number 0),
// l2 then rounded to the matrices' dtype as TensorFlow converts it. Returns false, having run
// nothing, where the composition has to run instead: a dispatch hook (gradient tape, graph
// being built) or a forwarder is installed, placements are logged, the device scope places
// elsewhere than a local CPU (or raises), an input is a graph's, the dtype is not float32 or
// float64, or the shapes are not ones the composition takes without broadcasting (including an
// empty matrix, and every error: the composition's ops raise TensorFlow's).
bool NormalEquationsLeastSquares(const PlacedTensor& matrix, const PlacedTensor& rhs, double l2, bool regularize,
                                 PlacedTensor* out);

}  // namespace ops
}  // namespace varrt
