// The 16-bit floats (half, bfloat16) for the core's element-wise kernels (binary_ops, unary_ops),
// computed as TensorFlow's CPU kernels compute them: Eigen's half and bfloat16 operators widen
// each operand to float, compute in float and round the result to nearest even, one op at a
// time. Float has more than twice their precision plus two bits, so +, -, *, / rounded once
// through float are correctly rounded: the results equal TensorFlow's bit for bit.
#pragma once

#include "varrt/core/tensor.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/kernels/unary_ops.h"

namespace varrt {
namespace kernels {

bool is_narrow_float(DType dtype);
// TensorFlow's bfloat16 cwise kernels convert results to bfloat16 in Eigen's 8-lane packets over
// all but the last n % 8 elements, and a packet conversion makes every NaN the positive quiet NaN
// 0x7fc0 (the scalar tail keeps the NaN's sign): applies that to a bfloat16 result.
void bfloat16_packet_nans(const Tensor& out);
// out = a OP b for half or bfloat16 inputs; `out` as binary() allocates it.
void binary_narrow_float(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out);
// out = OP(a) for a half or bfloat16 input.
void unary_narrow_float(UnaryOp op, const Tensor& a, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
