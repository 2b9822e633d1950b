// Element-wise binary kernels with TensorFlow's (NumPy's) broadcasting, for the ops whose
// call into NumPy would cost more than the work on small tensors. Integer arithmetic wraps;
// float division follows IEEE (x/0 is inf or nan, no error), as TensorFlow's CPU kernels do.
// Half and bfloat16 compute in float, rounding each result (narrow_float_elementwise.h). Dtypes
// without a kernel here (complex, strings) stay with the Python layer's NumPy kernels: ask
// binary_supported() first.
#pragma once

#include "varrt/core/dtype.h"
#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// kLess and after compare (a bool result); Equal and NotEqual take bool inputs too.
// The comparisons come last (binary_result_dtype: from kLess on, the result is bool).
enum class BinaryOp {
  kAdd, kSub, kMul, kRealDiv, kDivNoNan, kLess, kLessEqual, kGreater, kGreaterEqual, kEqual, kNotEqual
};
// Every BinaryOp: the ops the graph's node kernels and _C.BINARY_OPS list.
constexpr BinaryOp kBinaryOps[] = {BinaryOp::kAdd,     BinaryOp::kSub,       BinaryOp::kMul,
                                   BinaryOp::kRealDiv, BinaryOp::kDivNoNan,  BinaryOp::kLess,
                                   BinaryOp::kLessEqual,
                                   BinaryOp::kGreater, BinaryOp::kGreaterEqual, BinaryOp::kEqual,
                                   BinaryOp::kNotEqual};

bool binary_supported(BinaryOp op, DType dtype);
// The output dtype: bool for comparisons, else the inputs'.
DType binary_result_dtype(BinaryOp op, DType dtype);
// TensorFlow's BCast of two shapes into `out`; false when they do not broadcast.
bool broadcast_shapes(const Shape& a, const Shape& b, Shape* out);
// out = a OP b; `out` is allocated with the broadcast shape and binary_result_dtype.
void binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
