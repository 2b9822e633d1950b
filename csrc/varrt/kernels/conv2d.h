// Conv2D and its two gradients over NHWC float buffers, on the core's one GEMM (kernels/gemm.h):
// the input's patches are laid out as rows (im2col), so the forward pass is patches @ filter, the
// filter's gradient patches^T @ out_backprop, and the input's gradient out_backprop @ filter^T
// scattered back over the patches (col2im). The filter is HWIO, which is already the
// [rows * cols * in_depth, out_depth] matrix the products need. Short patches (at most 32
// elements: an image's first layer) skip im2col and the GEMM in the forward pass and the filter's
// gradient: each tap is read from the image and multiplied into vector registers (their sums do not
// depend on the thread count, nor on the CPU's vector width). The caller checks the shapes
// (ops/conv_ops.cc); the kernels trust the geometry.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// Where every output element's window lies in the input. Padding before each spatial dimension
// only: the windows past the input's end read zeros the same way.
struct Conv2DGeometry {
  int64_t batch = 0, in_rows = 0, in_cols = 0, in_depth = 0;
  int64_t filter_rows = 0, filter_cols = 0, out_depth = 0;
  int64_t out_rows = 0, out_cols = 0;
  int64_t stride_rows = 1, stride_cols = 1, dilation_rows = 1, dilation_cols = 1;
  int64_t pad_top = 0, pad_left = 0;
};

// float32 and float64.
bool conv2d_supported(DType dtype);

// What the fused forward pass (TensorFlow's _FusedConv2D with BiasAdd, or BiasAdd and Relu) does
// to each output element right after computing it, while its tile is in cache: adds its channel's
// bias (`bias`: out_depth elements of the dtype; null for none), then applies Relu's rule
// (kernels/activations.h) by the element's place in the whole output. The operations of Conv2D,
// then BiasAdd (or AddV2 with a per-channel operand), then Relu, in that order: the same bits.
struct Conv2DEpilogue {
  const void* bias = nullptr;
  bool relu = false;
};

// out[b, r, c, o] = sum over the window of input * filter, then the epilogue.
void conv2d(DType dtype, const Conv2DGeometry& g, const void* input, const void* filter, void* out,
            const Conv2DEpilogue& epilogue = Conv2DEpilogue());
// The input's gradient (in_backprop is written, never read).
void conv2d_backprop_input(DType dtype, const Conv2DGeometry& g, const void* filter, const void* out_backprop,
                           void* in_backprop);
// The filter's gradient (filter_backprop is written, never read).
void conv2d_backprop_filter(DType dtype, const Conv2DGeometry& g, const void* input, const void* out_backprop,
                            void* filter_backprop);

}  // namespace kernels
}  // namespace varrt
