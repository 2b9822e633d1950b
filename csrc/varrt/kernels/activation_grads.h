// The gradient kernels TensorFlow gives their own ops: SigmoidGrad(y, dy) = dy * (y * (1 - y))
// and TanhGrad(y, dy) = dy * (1 - y * y), where y is the activation's output. Each product and
// difference is rounded to the dtype in the order Eigen's gradient functors compute them (the 16-bit
// floats through float, one op at a time), so the results are TensorFlow's bit for bit.
// y and dy of one dtype and element count.
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// TensorFlow's dtypes for both: the real floats and complex64/complex128.
bool activation_grad_supported(DType dtype);
void sigmoid_grad(const Tensor& y, const Tensor& dy, const Tensor& out);
void tanh_grad(const Tensor& y, const Tensor& dy, const Tensor& out);
// The ReluGrad family (the real floats, not complex), each step rounded as Eigen computes it:
// EluGrad(gradients, outputs) = outputs < 0 ? (outputs + 1) * gradients : gradients.
void elu_grad(const Tensor& gradients, const Tensor& outputs, const Tensor& out);
// SeluGrad(gradients, outputs) = outputs < 0 ? gradients * (outputs + scale_alpha) : gradients * scale.
void selu_grad(const Tensor& gradients, const Tensor& outputs, const Tensor& out);
// SoftplusGrad(gradients, features) = gradients / (exp(-features) + 1), exp in double rounded once.
void softplus_grad(const Tensor& gradients, const Tensor& features, const Tensor& out);
// SoftsignGrad(gradients, features) = gradients / (|features| + 1)^2.
void softsign_grad(const Tensor& gradients, const Tensor& features, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
