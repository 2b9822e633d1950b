// MatMul of small float matrices. NumPy's BLAS call costs more than the arithmetic below a
// few thousand multiply-adds, so small products run here; larger ones stay with BLAS
// (the Python layer's kernel), whose blocking wins there.
#pragma once

#include <cstdint>

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// m*k*n up to this many multiply-adds run here.
constexpr int64_t kSmallMatMulWork = 32 * 32 * 32;

// Float32/float64, rank 2, inner dimensions already checked.
bool matmul_supported(DType dtype);
// out[m, n] = op(a) @ op(b), op transposing when asked.
void matmul(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
