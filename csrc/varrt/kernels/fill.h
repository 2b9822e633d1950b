// Kernels that write an output from constants or by repeating an input: ZerosLike, OnesLike and
// BroadcastTo. They move bytes, so they take every dtype a tensor holds (strings by element).
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// Whether OnesLike has a 1 of `dtype` (numbers and bool: TensorFlow's OnesLike list).
bool ones_supported(DType dtype);
// Fills `out` with 0 (the empty string for strings) or with 1.
void fill_zeros(const Tensor& out);
void fill_ones(const Tensor& out);
// Whether `from` broadcasts to `to` (numpy's rule, trailing dimensions aligned).
bool broadcastable_to(const Shape& from, const Shape& to);
// out[i...] = x[i... with size-1 and missing leading dimensions held at 0]; x broadcastable_to out.
void broadcast_to(const Tensor& x, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
