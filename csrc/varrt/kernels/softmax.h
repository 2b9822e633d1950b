// Softmax and LogSoftmax along the last dimension, with TensorFlow's max shift, in the precision
// TensorFlow's kernels compute in: the input's for float and double, float for the 16-bit floats
// (rounded once at the end).
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// exp(x - max) * (1 / sum(exp(x - max))), or (x - max) - log(sum(exp(x - max))) for `log`, per row of
// the last dimension (rank >= 1; dtypes of softmax_supported in softmax_xent.h).
void softmax(const Tensor& x, bool log, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
