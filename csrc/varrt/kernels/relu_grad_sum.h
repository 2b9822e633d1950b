// Relu's gradient and its column sums in one pass: what a Dense layer's backward pass computes
// before the products (ReluGrad, then the bias's gradient as a Sum over the batch), for the graph
// node ops/graph_fusion_matmul.cc makes of the two ops: each row of the gradient is summed while
// it is in cache, instead of a second pass over it.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// float32 and float64.
bool relu_grad_sum_supported(DType dtype);

// dy[r, j] = gradients[r, j] * (features[r, j] > 0) (kernels/activations.h's relu_grad) over a
// row-major [rows, n] matrix, and sums[j] = the sum of dy[:, j] as the Sum kernel reduces the rows
// (kernels/reduction_tree.h's tree, accumulated in double): the bits of ReluGrad and then
// Sum(axis 0). rows >= 2 and n >= 2 (a Sum over one row, or of one column, walks its input
// otherwise). dy and sums are written, never read.
void relu_grad_column_sums(DType dtype, const void* gradients, const void* features, int64_t rows, int64_t n,
                           void* dy, void* sums);

}  // namespace kernels
}  // namespace varrt
