// The 16-bit floats (half, bfloat16) to float32 and back (round to nearest even): how the
// convolution and pooling ops run them on their float32 kernels, rounding each result once.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// dst[i] = float(src[i]) for `n` elements of half or bfloat16 `dtype`.
void widen_to_float(DType dtype, const void* src, float* dst, int64_t n);
// dst[i] = src[i] rounded to half or bfloat16 `dtype`.
void narrow_from_float(DType dtype, const float* src, void* dst, int64_t n);

}  // namespace kernels
}  // namespace varrt
