// The real floats computed the way TensorFlow's transcendental kernels round: in double, rounded
// once to the storage type (correctly rounded on ordinary inputs), with results below float's
// normal range flushed to 0 (keeping their sign) as TensorFlow's CPU threads flush denormals
// (smallest_normal). float64 results are not flushed. Used by the activations and the math functions.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {
namespace wide_float {

// Storage type <-> the type the arithmetic runs in (float for the 16-bit floats).
template <class T>
struct Real {
  using Work = T;
  static Work load(T v) { return v; }
  static T store(Work v) { return v; }
};
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};
template <>
struct Real<Half> {
  using Work = float;
  static float load(Half v) { return half_to_float(v.bits); }
  static Half store(float v) { return Half{float_to_half(v)}; }
};
template <>
struct Real<BFloat16> {
  using Work = float;
  static float load(BFloat16 v) { return bfloat16_to_float(v.bits); }
  static BFloat16 store(float v) { return BFloat16{float_to_bfloat16(v)}; }
};

// Results below float's smallest normal flush to 0 (keeping their sign): TensorFlow computes
// float, half and bfloat16 in float on threads that flush float denormals. Half's own subnormals
// (down to 6e-8) are normal floats, so they survive, as in TensorFlow (exp(-12) in half is 0x0067).
template <class T>
double smallest_normal() {
  return 1.1754943508222875e-38;
}

template <class T, class F>
void wide_of(const Tensor& x, const Tensor& out, F f) {
  using R = Real<T>;
  const T* in = x.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  for (int64_t i = 0, n = x.num_elements(); i < n; ++i) {
    const double r = f(static_cast<double>(R::load(in[i])));
    if constexpr (std::is_same<T, double>::value) {
      y[i] = r;
    } else {
      y[i] = R::store(static_cast<typename R::Work>(std::fabs(r) < smallest_normal<T>() ? r * 0.0 : r));
    }
  }
}

template <class F>
void wide(const Tensor& x, const Tensor& out, F f) {
  switch (x.dtype()) {
    case DType::kFloat32: return wide_of<float>(x, out, f);
    case DType::kFloat64: return wide_of<double>(x, out, f);
    case DType::kFloat16: return wide_of<Half>(x, out, f);
    case DType::kBFloat16: return wide_of<BFloat16>(x, out, f);
    default: throw_error(Code::kInternal, "float kernel called for an unsupported dtype");
  }
}

}  // namespace wide_float
}  // namespace kernels
}  // namespace varrt
