// Select and SelectV2's kernel: out = cond ? then : else, element by element, with NumPy's
// (right-aligned) broadcasting of all three to the output's shape. Elements are copied as bytes,
// so every fixed-size dtype works (string tensors stay with the Python layer's kernel).
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

bool select_supported(DType dtype);
// `cond` is bool; `then_` and `else_` of out's dtype; each broadcasts to out's shape.
void select(const Tensor& cond, const Tensor& then_, const Tensor& else_, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
