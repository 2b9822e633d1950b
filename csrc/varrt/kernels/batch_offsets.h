// Where each matrix of a broadcast batch lives in an input: the batched matrix ops (BatchMatMulV2,
// MatrixTriangularSolve) broadcast their inputs' batch dimensions and read each input's matrix
// in place rather than materializing the broadcast.
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/core/shape.h"

namespace varrt {
namespace kernels {

// Element offsets of each output batch's matrix in an input (of shape `input`: batch dimensions,
// then a matrix of `matrix_size` elements) whose batch dimensions broadcast to `batch` (size-1
// dimensions repeat), in the batch's row-major order.
std::vector<int64_t> batch_offsets(const Shape& input, const Shape& batch, int64_t matrix_size);

}  // namespace kernels
}  // namespace varrt
