#include "varrt/kernels/activations.h"

#include <cmath>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/kernels/narrow_float_elementwise.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/kernels/tensorflow_float_activations.h"
#include "varrt/kernels/wide_float.h"

namespace varrt {
namespace kernels {
namespace {
using namespace wide_float;  // NOLINT: the storage types and wide() of this file's kernels

// Relu's packet and scalar rules are activations.h's (relu_packet, relu_scalar). The 16-bit
// floats and the integers have no such packets (TensorFlow keeps -0 for every half element).
template <class T>
void relu_of(const Tensor& x, const Tensor& out) {
  using R = Real<T>;
  using W = typename R::Work;
  const T* in = x.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  const int64_t n = x.num_elements();
  int64_t i = 0;
  if constexpr (relu_packet_lanes<T>() > 0) {
    // The packet rule (NaN compares false and is kept) vectorises: a compare and a blend per vector.
    i = relu_packet_end<T>(n);
    simd_for(0, i, [=](int64_t k) { y[k] = relu_packet(in[k]); });
  }
  for (; i < n; ++i) {
    if constexpr (std::is_unsigned<W>::value) {
      y[i] = in[i];
    } else {
      y[i] = R::load(in[i]) < W(0) ? R::store(W(0)) : in[i];
    }
  }
}

template <class T>
void relu_grad_of(const Tensor& g, const Tensor& f, const Tensor& out) {
  using R = Real<T>;
  using W = typename R::Work;
  const T* grad = g.data_as<T>();
  const T* feat = f.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
    // TensorFlow's gradients * (features > 0): a product, so a negative gradient gives -0 and NaN stays.
    simd_for(0, g.num_elements(), [=](int64_t k) { y[k] = grad[k] * (feat[k] > T(0) ? T(1) : T(0)); });
    return;
  }
  for (int64_t i = 0, n = g.num_elements(); i < n; ++i) {
    const W mask = R::load(feat[i]) > W(0) ? W(1) : W(0);
    y[i] = R::store(static_cast<W>(R::load(grad[i]) * mask));
  }
}

template <template <class> class Fn, class... Args>
void by_dtype(DType dtype, Args&&... args) {
  switch (dtype) {
    case DType::kFloat32: return Fn<float>::run(args...);
    case DType::kFloat64: return Fn<double>::run(args...);
    case DType::kFloat16: return Fn<Half>::run(args...);
    case DType::kBFloat16: return Fn<BFloat16>::run(args...);
    case DType::kInt8: return Fn<int8_t>::run(args...);
    case DType::kInt16: return Fn<int16_t>::run(args...);
    case DType::kInt32: return Fn<int32_t>::run(args...);
    case DType::kInt64: return Fn<int64_t>::run(args...);
    case DType::kUInt8: return Fn<uint8_t>::run(args...);
    case DType::kUInt16: return Fn<uint16_t>::run(args...);
    case DType::kUInt32: return Fn<uint32_t>::run(args...);
    case DType::kUInt64: return Fn<uint64_t>::run(args...);
    default: throw_error(Code::kInternal, "relu kernel called for an unsupported dtype");
  }
}

template <class T>
void relu6_of(const Tensor& x, const Tensor& out) {
  using R = Real<T>;
  using W = typename R::Work;
  const T* in = x.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  const int64_t n = x.num_elements();
  int64_t i = 0;
  if constexpr (relu_packet_lanes<T>() > 0) {  // Relu's packet rule (relu_of): -0 becomes +0 there
    for (const int64_t packed = relu_packet_end<T>(n); i < packed; ++i) {
      y[i] = std::isnan(in[i]) ? in[i] : in[i] > T(6) ? T(6) : in[i] > T(0) ? in[i] : T(0);
    }
  }
  for (; i < n; ++i) {
    const W v = R::load(in[i]);
    if constexpr (std::is_unsigned<W>::value) {
      y[i] = v > W(6) ? R::store(W(6)) : in[i];
    } else {
      y[i] = v < W(0) ? R::store(W(0)) : v > W(6) ? R::store(W(6)) : in[i];
    }
  }
}

template <class T>
void leaky_relu_of(const Tensor& x, double alpha, const Tensor& out) {
  using R = Real<T>;
  using W = typename R::Work;
  // TensorFlow's alpha attribute is a float, cast to the dtype: a double input sees 0.3f, not 0.3.
  const W a = R::load(R::store(static_cast<W>(static_cast<float>(alpha))));
  const T* in = x.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  for (int64_t i = 0, n = x.num_elements(); i < n; ++i) {
    const W v = R::load(in[i]);
    y[i] = v > W(0) ? in[i] : R::store(v * a);
  }
}

template <class T>
struct Relu6Fn {
  static void run(const Tensor& x, const Tensor& out) { relu6_of<T>(x, out); }
};

template <class T>
struct ReluFn {
  static void run(const Tensor& x, const Tensor& out) { relu_of<T>(x, out); }
};
template <class T>
struct ReluGradFn {
  static void run(const Tensor& g, const Tensor& f, const Tensor& out) { relu_grad_of<T>(g, f, out); }
};

}  // namespace

bool relu_supported(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: case DType::kFloat64: case DType::kFloat16: case DType::kBFloat16: case DType::kInt8:
    case DType::kInt16: case DType::kInt32: case DType::kInt64: case DType::kUInt8: case DType::kUInt16:
    case DType::kUInt32: case DType::kUInt64:
      return true;
    default:
      return false;
  }
}

void relu(const Tensor& x, const Tensor& out) { by_dtype<ReluFn>(x.dtype(), x, out); }

void relu6(const Tensor& x, const Tensor& out) { by_dtype<Relu6Fn>(x.dtype(), x, out); }

bool real_float(DType dtype) {
  return dtype == DType::kFloat32 || dtype == DType::kFloat64 || dtype == DType::kFloat16 ||
         dtype == DType::kBFloat16;
}

void leaky_relu(const Tensor& x, double alpha, const Tensor& out) {
  switch (x.dtype()) {
    case DType::kFloat32: return leaky_relu_of<float>(x, alpha, out);
    case DType::kFloat64: return leaky_relu_of<double>(x, alpha, out);
    case DType::kFloat16: return leaky_relu_of<Half>(x, alpha, out);
    case DType::kBFloat16: return leaky_relu_of<BFloat16>(x, alpha, out);
    default: throw_error(Code::kInternal, "LeakyRelu kernel called for an unsupported dtype");
  }
}

void sigmoid(const Tensor& x, const Tensor& out) {
  if (x.dtype() == DType::kFloat32) {
    return tensorflow_sigmoid_float32(x.data_as<float>(), static_cast<float*>(out.mutable_data()), x.num_elements());
  }
  wide(x, out, [](double v) { return 1.0 / (1.0 + std::exp(-v)); });
}

namespace {

// exp, log and the other transcendental steps of the activations below: computed in double and
// rounded once to T (flushed as wide_float.h flushes), in T's working type.
template <class T, class F>
typename Real<T>::Work rounded(F f, double v) {
  using R = Real<T>;
  const double r = f(v);
  if constexpr (std::is_same<T, double>::value) {
    return r;
  } else {
    return R::load(R::store(static_cast<typename R::Work>(std::fabs(r) < smallest_normal<T>() ? r * 0.0 : r)));
  }
}

double exp_of(double v) { return std::exp(v); }
double log1p_of(double v) { return std::log1p(v); }

// out[i] = f(x[i], round) in T's working type, where round(v) rounds v to T as Eigen stores each step.
template <class T, class F>
void each(const Tensor& x, const Tensor& out, F f) {
  using R = Real<T>;
  const T* in = x.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  const auto round = [](typename R::Work v) { return R::load(R::store(v)); };
  for (int64_t i = 0, n = x.num_elements(); i < n; ++i) y[i] = R::store(f(R::load(in[i]), round));
}

template <class T>
struct EluFn {
  static void run(const Tensor& x, const Tensor& out) {
    using W = typename Real<T>::Work;
    each<T>(x, out, [](W v, auto round) { return v < W(0) ? round(rounded<T>(exp_of, v) - W(1)) : v; });
  }
};

template <class T>
struct SeluFn {
  static void run(const Tensor& x, const Tensor& out) {
    using W = typename Real<T>::Work;
    // TensorFlow's constants, cast to T.
    const auto constant = [](double c) { return Real<T>::load(Real<T>::store(static_cast<W>(c))); };
    const W scale = constant(1.0507009873554804934193349852946);
    const W scale_alpha = constant(1.7580993408473768599402175208123);
    each<T>(x, out, [=](W v, auto round) {
      return v < W(0) ? scale_alpha * round(rounded<T>(exp_of, v) - W(1)) : scale * v;
    });
  }
};

template <class T>
struct SoftplusFn {
  static void run(const Tensor& x, const Tensor& out) {
    using W = typename Real<T>::Work;
    const double epsilon = std::is_same<T, double>::value ? 0x1p-52
                           : std::is_same<T, float>::value ? 0x1p-23
                           : std::is_same<T, Half>::value  ? 0x1p-10
                                                           : 0x1p-7;
    const W threshold = Real<T>::load(Real<T>::store(static_cast<W>(std::log(epsilon) + 2.0)));
    each<T>(x, out, [=](W v, auto) {
      if (v > -threshold) return v;
      const W e = rounded<T>(exp_of, v);
      if (v < threshold) return e;
      return rounded<T>(log1p_of, static_cast<double>(e));
    });
  }
};

template <class T>
struct SoftsignFn {
  static void run(const Tensor& x, const Tensor& out) {
    using W = typename Real<T>::Work;
    each<T>(x, out, [](W v, auto round) { return v / round(std::fabs(v) + W(1)); });
  }
};

template <template <class> class Fn>
void real_floats(const Tensor& x, const Tensor& out) {
  switch (x.dtype()) {
    case DType::kFloat32: return Fn<float>::run(x, out);
    case DType::kFloat64: return Fn<double>::run(x, out);
    case DType::kFloat16: return Fn<Half>::run(x, out);
    case DType::kBFloat16:
      Fn<BFloat16>::run(x, out);
      return bfloat16_packet_nans(out);
    default: throw_error(Code::kInternal, "activation kernel called for an unsupported dtype");
  }
}

}  // namespace

void elu(const Tensor& x, const Tensor& out) { real_floats<EluFn>(x, out); }
void selu(const Tensor& x, const Tensor& out) { real_floats<SeluFn>(x, out); }
void softplus(const Tensor& x, const Tensor& out) { real_floats<SoftplusFn>(x, out); }
void softsign(const Tensor& x, const Tensor& out) { real_floats<SoftsignFn>(x, out); }

void tanh(const Tensor& x, const Tensor& out) {
  if (x.dtype() == DType::kFloat32) {
    return tensorflow_tanh_float32(x.data_as<float>(), static_cast<float*>(out.mutable_data()), x.num_elements());
  }
  wide(x, out, [](double v) { return std::tanh(v); });
}

void relu_grad(const Tensor& gradients, const Tensor& features, const Tensor& out) {
  by_dtype<ReluGradFn>(gradients.dtype(), gradients, features, out);
}

}  // namespace kernels
}  // namespace varrt
