// TensorFlow's float32 tanh, sigmoid and exp. TensorFlow's CPU kernels do not compute these in
// double and round: they evaluate Eigen's approximations (a [9/8] rational function for tanh, a
// range-reduced polynomial exp for the logistic), in 8-lane AVX packets without fused
// multiply-add (TensorFlow's wheels target AVX), with the last n % 8 elements of a tensor
// through Eigen's scalar path. These functions do the same IEEE operations in the same order,
// so they return TensorFlow's bits (up to 5 ulp from the correctly rounded value), and they
// vectorise (simd_for) where libm's tanh and exp do not.
#pragma once

#include <cstdint>

namespace varrt {
namespace kernels {

// out[i] = tanh(in[i]) as TensorFlow's float32 Tanh kernel computes it (Eigen's ptanh_float).
void tensorflow_tanh_float32(const float* in, float* out, int64_t n);
// out[i] = 1 / (1 + exp(-in[i])) as TensorFlow's float32 Sigmoid kernel computes it (Eigen's
// scalar_logistic_op<float>: its packet form for all but the last n % 8 elements).
void tensorflow_sigmoid_float32(const float* in, float* out, int64_t n);
// out[i] = exp(in[i]) as TensorFlow's float32 Exp kernel computes it (Eigen's pexp_float for all
// but the last n % 8 elements, libm's expf for those).
void tensorflow_exp_float32(const float* in, float* out, int64_t n);

}  // namespace kernels
}  // namespace varrt
