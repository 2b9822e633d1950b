// The math ops with core kernels, through the dispatch (placed, logged, seen by hooks).
// Inputs are of one dtype the kernel supports (callers check: binary_supported, ...);
// errors are TensorFlow's kernel errors (InvalidArgument "Incompatible shapes: ...").
#pragma once

#include "varrt/core/tensor.h"
#include "varrt/device/device_copy.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/kernels/reduction.h"
#include "varrt/kernels/unary_ops.h"

namespace varrt {
namespace ops {

// TensorFlow's op name for a binary kernel ("AddV2", "Sub", "Mul", "RealDiv", "Less", ...).
const char* binary_op_name(kernels::BinaryOp op);
// Inputs living on another device than the op's are copied there first (null device: host).
// `name`: the op's name in a kernel error's " name: " part; null drops that part.
PlacedTensor BinaryOp(kernels::BinaryOp op, const PlacedTensor& a, const PlacedTensor& b, const char* name = "");
// The sum of `n` (>= 1) inputs of one shape and of a dtype binary_supported(kAdd) takes, added
// left to right with each sum rounded to the dtype, as TensorFlow's AddN kernel adds them.
PlacedTensor AddN(const PlacedTensor* inputs, int n, const char* name);
// "Neg", "Square", "Abs", "Exp", "Log", "Log1p", "Expm1", "Reciprocal".
const char* unary_op_name(kernels::UnaryOp op);
PlacedTensor UnaryOp(kernels::UnaryOp op, const PlacedTensor& input);
// Cast to `to` (kernels::cast_supported(input dtype, to)); attributes SrcT, DstT, Truncate=false.
PlacedTensor Cast(const PlacedTensor& input, DType to);
// Sum/Prod/Max/Min/Mean over `axes` (distinct, in [0, rank): callers check, with TensorFlow's
// wording). The axes are the op's `reduction_indices` attribute here, not an input tensor.
PlacedTensor Reduce(kernels::ReduceOp op, const PlacedTensor& input, const std::vector<int>& axes, bool keep_dims);

}  // namespace ops
}  // namespace varrt
