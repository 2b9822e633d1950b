// Relu and its gradient kernel, element-wise over TensorFlow's realnumbertypes (float, double,
// half, bfloat16 and every integer width). Both are exact in any precision, so the half types
// compute through float and round back without changing a value.
#pragma once

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// The dtypes TensorFlow registers Relu's and ReluGrad's CPU kernels for (qint8 aside).
bool relu_supported(DType dtype);
// out = max(x, 0) as TensorFlow's CPU kernel gives it: NaN passes through; -0 too, except where
// TensorFlow's vectorised loop makes it +0 (activations.cc).
void relu(const Tensor& x, const Tensor& out);
// out = gradients * (features > 0): TensorFlow's ReluGrad, so an infinite gradient where the
// feature is not positive gives NaN and a negative one -0, as there. Equal shapes.
void relu_grad(const Tensor& gradients, const Tensor& features, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
