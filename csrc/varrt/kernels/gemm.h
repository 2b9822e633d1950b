// The one matrix product of the core: MatMul and BatchMatMulV2 (and later convolution and
// einsum) call it. Float32/float64/complex64/complex128 run through OpenBLAS when it loads
// (kernels/blas_library.h), else through a plain loop here; half and bfloat16 are widened to
// float32, multiplied as float32 and rounded once (TensorFlow's CPU kernels accumulate them in
// float32 too); integers run the loop, wrapping on overflow as TensorFlow's do. Every caller
// gets the same path for the same dtype and sizes, so eager and graph results are bit-identical.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// How an operand enters the product: as stored, transposed, or conjugate-transposed (adjoint;
// the same as transposed for real types).
enum class MatOp { kNone, kTranspose, kAdjoint };

// The dtypes gemm computes: float32, float64, complex64, complex128, half, bfloat16, int16,
// int32, int64.
bool gemm_supported(DType dtype);

// c[m, n] = op_a(a) @ op_b(b), every matrix row-major: a is stored m x k (kNone) or k x m with
// `lda` elements between rows, b k x n or n x k with `ldb`, c m x n with `ldc`. c is written,
// never read (zeros when k == 0). Throws nothing for a supported dtype.
void gemm(DType dtype, MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const void* a, int64_t lda,
          const void* b, int64_t ldb, void* c, int64_t ldc);

}  // namespace kernels
}  // namespace varrt
