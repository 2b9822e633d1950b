// Winograd's minimal filtering F(2x2, 3x3) (Lavin and Gray, "Fast Algorithms for Convolutional
// Neural Networks", 2015) for stride-1, undilated 3x3 float32 convolutions with enough channels
// to be GEMM-bound (kernels/conv2d.h decides): each 4x4 input tile (B^T d B) and each 3x3 filter
// (G g G^T) are transformed so that a 2x2 output tile (A^T [U . V] A) takes 16 multiplications
// per pair of channels instead of 36; the multiplications of a chunk of tiles are 16 GEMMs. The
// input's gradient is the same correlation of the output's gradient with the filter turned round,
// the filter's gradient the chain rule through the transforms (G^T [sum over tiles of V . A dY
// A^T] G), with the same 16 GEMMs. No im2col, no col2im, no zero fill: every output element is
// written once. The sums are grouped differently from im2col's GEMM, so results differ from it
// in the last bits (about 1e-7 of the terms' magnitudes, as TensorFlow's oneDNN kernels do);
// for small integers they are exact (the transforms add, subtract and halve). The caller checks
// the shapes (ops/conv_ops.cc); results do not depend on the thread count.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"
#include "varrt/kernels/conv2d.h"

namespace varrt {
namespace kernels {

// True for the convolutions these kernels compute: float32, a 3x3 filter, stride and dilation 1,
// at least kWinogradMinDepth input and output channels (fewer: the transforms cost more than
// they save), and padding of at most 2 before each dimension.
bool winograd_applies(DType dtype, const Conv2DGeometry& g);

// Called with [begin, end) of output elements (whole output rows, in order within a call) right
// after the kernel has written them: the fused forward pass's epilogue, while they are in cache.
class OutputRangeRef {
 public:
  template <class F>
  OutputRangeRef(F& fn) : obj_(static_cast<void*>(&fn)), call_(&invoke<F>) {}  // NOLINT
  void operator()(int64_t begin, int64_t end) const { call_(obj_, begin, end); }

 private:
  template <class F>
  static void invoke(void* obj, int64_t begin, int64_t end) { (*static_cast<F*>(obj))(begin, end); }
  void* obj_;
  void (*call_)(void*, int64_t, int64_t);
};

void winograd_conv2d(const Conv2DGeometry& g, const float* input, const float* filter, float* out,
                     OutputRangeRef finish);
// in_backprop is written, never read.
void winograd_backprop_input(const Conv2DGeometry& g, const float* filter, const float* out_backprop,
                             float* in_backprop);
// filter_backprop is written, never read.
void winograd_backprop_filter(const Conv2DGeometry& g, const float* input, const float* out_backprop,
                              float* filter_backprop);

}  // namespace kernels
}  // namespace varrt
