// TensorFlow's Cast between real numeric types and bool, for small tensors where NumPy's call
// costs more than the conversion. The rules are the Python kernel's (TensorFlow's CPU kernel):
// float -> int truncates toward zero through a 32-bit conversion for types up to int32 and a
// 64-bit one above, NaN and out-of-range values becoming that type's minimum before wrapping to
// the target; int -> narrower int wraps; anything -> bool is `!= 0`; float -> float and
// int -> float round to nearest.
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// float32/64, the integer types and bool, both ways.
bool cast_supported(DType from, DType to);
// out (of dtype `to`, a's shape) = Cast(a).
void cast(const Tensor& a, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
