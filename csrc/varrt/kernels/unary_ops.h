// Element-wise unary kernels whose results are exact in any implementation (negation, square,
// absolute value), for the small tensors where a call into NumPy costs more than the work.
// Integers wrap (-INT_MIN is INT_MIN, as TensorFlow's kernels give). Transcendental functions
// stay with the Python layer's kernels, which round them correctly.
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

enum class UnaryOp { kNeg, kSquare, kAbs };

// The dtypes TensorFlow registers the op for that have a kernel here: floats and signed
// integers (Square: unsigned too).
bool unary_supported(UnaryOp op, DType dtype);
// out = OP(a); `out` has a's dtype and shape.
void unary(UnaryOp op, const Tensor& a, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
