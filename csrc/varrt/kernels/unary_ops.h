// Element-wise unary kernels whose results are exact in any implementation (negation, square,
// absolute value), for the small tensors where a call into NumPy costs more than the work.
// Integers wrap (-INT_MIN is INT_MIN, as TensorFlow's kernels give). Exp, Log, Log1p, Expm1 and
// Reciprocal: float_math.h.
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// kExp and after: the math functions of float_math.h (real floats only).
enum class UnaryOp { kNeg, kSquare, kAbs, kExp, kLog, kLog1p, kExpm1, kReciprocal };
// Every UnaryOp: the ops the graph's node kernels and _C.UNARY_OPS list.
constexpr UnaryOp kUnaryOps[] = {UnaryOp::kNeg, UnaryOp::kSquare, UnaryOp::kAbs, UnaryOp::kExp,
                                 UnaryOp::kLog, UnaryOp::kLog1p, UnaryOp::kExpm1, UnaryOp::kReciprocal};

// The dtypes TensorFlow registers the op for that have a kernel here: floats (half and bfloat16
// through float, narrow_float_elementwise.h) and signed integers (Square: unsigned too).
bool unary_supported(UnaryOp op, DType dtype);
// out = OP(a); `out` has a's dtype and shape.
void unary(UnaryOp op, const Tensor& a, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
