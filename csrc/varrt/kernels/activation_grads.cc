#include "varrt/kernels/activation_grads.h"

#include <cmath>
#include <complex>
#include <type_traits>

#include "varrt/kernels/narrow_float_elementwise.h"
#include "varrt/kernels/wide_float.h"

namespace varrt {
namespace kernels {
namespace {

using wide_float::BFloat16;
using wide_float::Half;
using wide_float::Real;

// Eigen's packet width in TensorFlow's CPU kernels (its wheels target AVX: 256 bits; the 16-bit
// floats in packets of 8, complex64 of 4, complex128 of 2), for formulas whose packet and scalar
// forms round differently.
template <class T>
constexpr int64_t packet_lanes() {
  return std::is_same<T, double>::value                 ? 4
         : std::is_same<T, std::complex<float>>::value  ? 4
         : std::is_same<T, std::complex<double>>::value ? 2
                                                        : 8;
}

// out[i] = f(y[i], dy[i], round, packed): `packed` for the elements TensorFlow computes in
// packets (all but the last n % lanes); round(v) is v rounded to T, as Eigen stores each step.
template <class T, class F>
void grad_of(const Tensor& y, const Tensor& dy, const Tensor& out, F f) {
  using R = Real<T>;
  const T* a = y.data_as<T>();
  const T* g = dy.data_as<T>();
  T* o = static_cast<T*>(out.mutable_data());
  const auto round = [](typename R::Work v) { return R::load(R::store(v)); };
  const int64_t n = y.num_elements(), packed = n - n % packet_lanes<T>();
  for (int64_t i = 0; i < n; ++i) o[i] = R::store(f(R::load(a[i]), R::load(g[i]), round, i < packed));
}

template <class F>
void by_dtype(const Tensor& y, const Tensor& dy, const Tensor& out, F f) {
  switch (y.dtype()) {
    case DType::kFloat32: return grad_of<float>(y, dy, out, f);
    case DType::kFloat64: return grad_of<double>(y, dy, out, f);
    case DType::kFloat16: return grad_of<Half>(y, dy, out, f);
    case DType::kBFloat16:
      grad_of<BFloat16>(y, dy, out, f);
      return bfloat16_packet_nans(out);
    case DType::kComplex64: return grad_of<std::complex<float>>(y, dy, out, f);
    case DType::kComplex128: return grad_of<std::complex<double>>(y, dy, out, f);
    default: throw_error(Code::kInternal, "activation gradient kernel called for an unsupported dtype");
  }
}

}  // namespace

bool activation_grad_supported(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: case DType::kFloat64: case DType::kFloat16: case DType::kBFloat16: case DType::kComplex64:
    case DType::kComplex128:
      return true;
    default:
      return false;
  }
}

void sigmoid_grad(const Tensor& y, const Tensor& dy, const Tensor& out) {
  // Eigen's scalar_sigmoid_gradient_op: packets dy * (y * (1 - y)), scalars (dy * y) * (1 - y).
  by_dtype(y, dy, out, [](auto a, auto g, auto round, bool packed) {
    const auto one_minus = round(decltype(a)(1) - a);
    return packed ? g * round(a * one_minus) : round(g * a) * one_minus;
  });
}

void tanh_grad(const Tensor& y, const Tensor& dy, const Tensor& out) {
  by_dtype(y, dy, out, [](auto a, auto g, auto round, bool) { return g * round(decltype(a)(1) - round(a * a)); });
}

void elu_grad(const Tensor& gradients, const Tensor& outputs, const Tensor& out) {
  // grad_of's arguments are (first, second): here (outputs, gradients), as the formula reads.
  by_dtype(outputs, gradients, out, [](auto a, auto g, auto round, bool) {
    using W = decltype(a);
    if constexpr (std::is_arithmetic<W>::value) {
      return a < W(0) ? round(a + W(1)) * g : g;
    } else {
      return g;  // complex: not an EluGrad dtype (callers check)
    }
  });
}

void selu_grad(const Tensor& gradients, const Tensor& outputs, const Tensor& out) {
  by_dtype(outputs, gradients, out, [](auto a, auto g, auto round, bool) {
    using W = decltype(a);
    if constexpr (std::is_arithmetic<W>::value) {
      const W scale = round(W(1.0507009873554804934193349852946));
      const W scale_alpha = round(W(1.7580993408473768599402175208123));
      return a < W(0) ? g * round(a + scale_alpha) : g * scale;
    } else {
      return g;
    }
  });
}

void softplus_grad(const Tensor& gradients, const Tensor& features, const Tensor& out) {
  by_dtype(features, gradients, out, [](auto x, auto g, auto round, bool) {
    using W = decltype(x);
    if constexpr (std::is_arithmetic<W>::value) {
      const double e = std::exp(-static_cast<double>(x));
      const W exp_neg = round(static_cast<W>(std::fabs(e) < 1.1754943508222875e-38 && !std::is_same<W, double>::value
                                                 ? e * 0.0
                                                 : e));
      return g / round(exp_neg + W(1));
    } else {
      return g;
    }
  });
}

void softsign_grad(const Tensor& gradients, const Tensor& features, const Tensor& out) {
  by_dtype(features, gradients, out, [](auto x, auto g, auto round, bool) {
    using W = decltype(x);
    if constexpr (std::is_arithmetic<W>::value) {
      const W d = round(std::fabs(x) + W(1));
      return g / round(d * d);
    } else {
      return g;
    }
  });
}

}  // namespace kernels
}  // namespace varrt
