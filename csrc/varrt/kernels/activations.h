// The activations, element-wise. Relu, its gradient and Relu6 take TensorFlow's realnumbertypes
// (float, double, half, bfloat16, every integer width) and are exact in any precision, so the half
// types compute through float and round back without changing a value. LeakyRelu takes the
// floats; Sigmoid and Tanh the real floats, computed in double and rounded once (correctly
// rounded on ordinary inputs, what TensorFlow's kernels return), with results below the narrow
// type's normal range flushed to 0 as TensorFlow's CPU threads do.
#pragma once

#include <cstdint>
#include <type_traits>

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// Relu's rule for float and double, element by element, for kernels that apply it to values they
// have just computed (the fused convolution): TensorFlow's CPU Relu is Eigen's
// cwiseMax<PropagateNaN>(x, 0) in 256-bit packets (its wheels target AVX) over all but the last
// n % lanes elements, which are scalar. A packet's max gives +0 for -0 (`x <= 0 ? 0 : x`), the
// scalar max keeps -0 (`x < 0 ? 0 : x`); both keep NaN.
template <class T>
constexpr int64_t relu_packet_lanes() {
  return std::is_same<T, float>::value ? 8 : std::is_same<T, double>::value ? 4 : 0;
}
// Where the scalar tail of an n-element Relu starts (0 for the types without packets).
template <class T>
int64_t relu_packet_end(int64_t n) {
  constexpr int64_t lanes = relu_packet_lanes<T>();
  return lanes == 0 ? 0 : n - n % (lanes == 0 ? 1 : lanes);
}
template <class T>
inline T relu_packet(T x) {
  return x <= T(0) ? T(0) : x;
}
template <class T>
inline T relu_scalar(T x) {
  return x < T(0) ? T(0) : x;
}

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
