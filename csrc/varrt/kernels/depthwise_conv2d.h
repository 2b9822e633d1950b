// DepthwiseConv2dNative and its two gradients over NHWC float buffers. Each input channel d has
// its own `multiplier` filters: output channel d * multiplier + m is input channel d convolved
// with filter[:, :, d, m]. The filter is [rows, cols, in_depth, multiplier], which is already
// [rows * cols, out_depth] with out_depth = in_depth * multiplier, so a filter tap's weights for
// all output channels are contiguous. Depthwise convolutions do too little work per element for
// a GEMM to pay: these are direct loops, a filter tap over a whole output row under simd_for where
// the depth multiplier is 1 and the column stride 1 (the common case), else over output positions.
// The caller checks the shapes (ops/depthwise_conv_ops.cc); the kernels trust the geometry.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// Where every output element's window lies in the input (padding before each spatial dimension;
// the windows past the input's end read zeros the same way).
struct DepthwiseGeometry {
  int64_t batch = 0, in_rows = 0, in_cols = 0, in_depth = 0, multiplier = 1;
  int64_t filter_rows = 0, filter_cols = 0;
  int64_t out_rows = 0, out_cols = 0;
  int64_t stride_rows = 1, stride_cols = 1, dilation_rows = 1, dilation_cols = 1;
  int64_t pad_top = 0, pad_left = 0;
  int64_t out_depth() const { return in_depth * multiplier; }
};

// float32 and float64.
bool depthwise_conv2d_supported(DType dtype);

// out[b, r, c, d * multiplier + m] = sum over the window of input[..., d] * filter[..., d, m].
void depthwise_conv2d(DType dtype, const DepthwiseGeometry& g, const void* input, const void* filter, void* out);
// The input's gradient (in_backprop is written, never read).
void depthwise_conv2d_backprop_input(DType dtype, const DepthwiseGeometry& g, const void* filter,
                                     const void* out_backprop, void* in_backprop);
// The filter's gradient (filter_backprop is written, never read).
void depthwise_conv2d_backprop_filter(DType dtype, const DepthwiseGeometry& g, const void* input,
                                      const void* out_backprop, void* filter_backprop);

}  // namespace kernels
}  // namespace varrt
