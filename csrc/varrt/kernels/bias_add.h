// BiasAdd and its gradient: a bias vector added along the channel dimension (the last, or
// dimension 1 of an NC... input of rank > 2), and the sum of a gradient over every other
// dimension. Every numeric dtype of TensorFlow's list but the quantized ones; integers wrap, the
// 16-bit floats add in float and round, and the gradient's float sums accumulate in double.
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

bool bias_add_supported(DType dtype);
// The channel dimension of a rank-`rank` value (rank >= 2).
int bias_channel_axis(bool nchw, int rank);
// out = value + bias along `axis` (bias has value.shape[axis] elements).
void bias_add(const Tensor& value, const Tensor& bias, int axis, const Tensor& out);
// out[c] = sum of grad over every dimension but `axis`.
void bias_add_grad(const Tensor& grad, int axis, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
