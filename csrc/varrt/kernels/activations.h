// The activations, element-wise. Relu, its gradient and Relu6 take TensorFlow's realnumbertypes
// (float, double, half, bfloat16, every integer width) and are exact in any precision, so the half
// types compute through float and round back without changing a value. LeakyRelu takes the
// floats; Sigmoid and Tanh the real floats, computed in double and rounded once (correctly
// rounded on ordinary inputs, what TensorFlow's kernels return), with results below the narrow
// type's normal range flushed to 0 as TensorFlow's CPU threads do.
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

// min(max(x, 0), 6), NaN and -0 as relu gives them. The dtypes of relu_supported.
void relu6(const Tensor& x, const Tensor& out);
// x where x > 0, else x * alpha, with alpha rounded to float (TensorFlow's attribute type) and
// then to x's dtype. Floats only.
void leaky_relu(const Tensor& x, double alpha, const Tensor& out);
// float, double, half, bfloat16: the real dtypes of TensorFlow's Sigmoid and Tanh (and LeakyRelu).
bool real_float(DType dtype);
// 1 / (1 + exp(-x)) and tanh(x).
void sigmoid(const Tensor& x, const Tensor& out);
void tanh(const Tensor& x, const Tensor& out);
// x where x >= 0, else exp(x) - 1 as TensorFlow's EluOp computes it: exp (in double, rounded once
// to the dtype, flushed as wide_float.h flushes) minus 1 in the dtype (not expm1). Real floats.
void elu(const Tensor& x, const Tensor& out);
// TensorFlow's SeluOp: x < 0 ? scale_alpha * (exp(x) - 1) : scale * x, with its two constants
// cast to the dtype and each step rounded (exp as elu's). Real floats.
void selu(const Tensor& x, const Tensor& out);
// TensorFlow's SoftplusOp: x above -t is x, below t exp(x), else log1p(exp(x)) with each step
// rounded to the dtype (t = log(epsilon of the dtype) + 2). Real floats.
void softplus(const Tensor& x, const Tensor& out);
// TensorFlow's SoftsignOp: x / (|x| + 1), each step rounded. Real floats.
void softsign(const Tensor& x, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
