// MaxPool, AvgPool and their gradients over NHWC float buffers. A window is clipped to the input
// (SAME padding adds no values): the maximum is over the input's elements under it, the average
// divides by how many there are, as TensorFlow's CPU kernels do. MaxPoolGrad sends each output's
// gradient to the first maximum of its window in row-major order (TensorFlow's argmax rule), and
// adds where windows overlap. The caller checks the shapes (ops/pooling_ops.cc).
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

struct Pool2DGeometry {
  int64_t batch = 0, in_rows = 0, in_cols = 0, depth = 0;
  int64_t window_rows = 1, window_cols = 1, stride_rows = 1, stride_cols = 1;
  int64_t pad_top = 0, pad_left = 0;
  int64_t out_rows = 0, out_cols = 0;
};

// float32 and float64.
bool pool_supported(DType dtype);

void max_pool(DType dtype, const Pool2DGeometry& g, const void* input, void* out);
// in_backprop (the input's shape) is written, never read. `relu`: each element of the result then
// multiplied by (orig_input > 0 ? 1 : 0), image by image while it is in cache: ReluGrad of the
// result with the pooled input as its features (a Relu's output pooled), bit for bit.
void max_pool_grad(DType dtype, const Pool2DGeometry& g, const void* orig_input, const void* grad, void* in_backprop,
                   bool relu = false);
void avg_pool(DType dtype, const Pool2DGeometry& g, const void* input, void* out);
void avg_pool_grad(DType dtype, const Pool2DGeometry& g, const void* grad, void* in_backprop);

}  // namespace kernels
}  // namespace varrt
