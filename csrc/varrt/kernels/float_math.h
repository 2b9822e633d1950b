// Exp, Log, Log1p, Expm1 and Reciprocal of the real floats (half, bfloat16, float, double), for
// unary_ops: computed in double and rounded once (wide_float.h), the values the Python layer's
// kernels gave, so eager and traced results agree bit for bit. TensorFlow's CPU kernels use
// Eigen's own float approximations: its float32 results may differ from these in the last bit
// or two. Complex inputs (and Reciprocal's integers) stay with the Python layer's kernels.
#pragma once

#include "varrt/core/tensor.h"
#include "varrt/kernels/unary_ops.h"

namespace varrt {
namespace kernels {

bool is_float_math(UnaryOp op);
bool float_math_supported(DType dtype);
void float_math(UnaryOp op, const Tensor& a, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
