#include "varrt/kernels/bias_add.h"

#include <complex>
#include <type_traits>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/kernels/wrapping.h"

namespace varrt {
namespace kernels {
namespace {

struct Half16 {
  uint16_t bits;
};
struct BFloat16Bits {
  uint16_t bits;
};

// How a storage type adds (wrapping for integers, float for the 16-bit floats) and accumulates.
template <class T>
struct Arith {
  using Acc = std::conditional_t<std::is_floating_point<T>::value, double, Wrapping<T>>;
  static T add(T a, T b) { return static_cast<T>(static_cast<Wrapping<T>>(a) + static_cast<Wrapping<T>>(b)); }
  static Acc widen(T v) { return static_cast<Acc>(v); }
  static T narrow(Acc v) { return static_cast<T>(v); }
};
template <class C>
struct Arith<std::complex<C>> {
  using T = std::complex<C>;
  using Acc = std::complex<double>;
  static T add(T a, T b) { return a + b; }
  static Acc widen(T v) { return Acc(v.real(), v.imag()); }
  static T narrow(Acc v) { return T(static_cast<C>(v.real()), static_cast<C>(v.imag())); }
};
template <>
struct Arith<Half16> {
  using Acc = double;
  static Half16 add(Half16 a, Half16 b) { return Half16{float_to_half(half_to_float(a.bits) + half_to_float(b.bits))}; }
  static Acc widen(Half16 v) { return half_to_float(v.bits); }
  static Half16 narrow(Acc v) { return Half16{float_to_half(static_cast<float>(v))}; }
};
template <>
struct Arith<BFloat16Bits> {
  using Acc = double;
  static BFloat16Bits add(BFloat16Bits a, BFloat16Bits b) {
    return BFloat16Bits{float_to_bfloat16(bfloat16_to_float(a.bits) + bfloat16_to_float(b.bits))};
  }
  static Acc widen(BFloat16Bits v) { return bfloat16_to_float(v.bits); }
  static BFloat16Bits narrow(Acc v) { return BFloat16Bits{float_to_bfloat16(static_cast<float>(v))}; }
};

// A value's layout around `axis`: outer x channels x inner elements.
struct Layout {
  int64_t outer = 1, channels = 1, inner = 1;
  Layout(const Shape& s, int axis) {
    for (int i = 0; i < s.rank(); ++i) {
      if (i < axis) outer *= s.dim(i);
      if (i == axis) channels = s.dim(i);
      if (i > axis) inner *= s.dim(i);
    }
  }
};

template <class T>
struct AddFn {
  static void run(const Tensor& v, const Tensor& b, int axis, const Tensor& out) {
    const Layout l(v.shape(), axis);
    const T* x = v.data_as<T>();
    const T* bias = b.data_as<T>();
    T* y = static_cast<T*>(out.mutable_data());
    int64_t k = 0;
    for (int64_t o = 0; o < l.outer; ++o) {
      for (int64_t c = 0; c < l.channels; ++c) {
        for (int64_t i = 0; i < l.inner; ++i, ++k) y[k] = Arith<T>::add(x[k], bias[c]);
      }
    }
  }
};

template <class T>
struct GradFn {
  static void run(const Tensor& g, int axis, const Tensor& out) {
    const Layout l(g.shape(), axis);
    using Acc = typename Arith<T>::Acc;
    std::vector<Acc> sums(static_cast<size_t>(l.channels), Acc(0));
    const T* x = g.data_as<T>();
    int64_t k = 0;
    for (int64_t o = 0; o < l.outer; ++o) {
      for (int64_t c = 0; c < l.channels; ++c) {
        for (int64_t i = 0; i < l.inner; ++i, ++k) sums[c] += Arith<T>::widen(x[k]);
      }
    }
    T* y = static_cast<T*>(out.mutable_data());
    for (int64_t c = 0; c < l.channels; ++c) y[c] = Arith<T>::narrow(sums[c]);
  }
};

template <template <class> class Fn, class... Args>
void by_dtype(DType dtype, Args&&... args) {
  switch (dtype) {
    case DType::kFloat32: return Fn<float>::run(args...);
    case DType::kFloat64: return Fn<double>::run(args...);
    case DType::kFloat16: return Fn<Half16>::run(args...);
    case DType::kBFloat16: return Fn<BFloat16Bits>::run(args...);
    case DType::kComplex64: return Fn<std::complex<float>>::run(args...);
    case DType::kComplex128: return Fn<std::complex<double>>::run(args...);
    case DType::kInt8: return Fn<int8_t>::run(args...);
    case DType::kInt16: return Fn<int16_t>::run(args...);
    case DType::kInt32: return Fn<int32_t>::run(args...);
    case DType::kInt64: return Fn<int64_t>::run(args...);
    case DType::kUInt8: return Fn<uint8_t>::run(args...);
    case DType::kUInt16: return Fn<uint16_t>::run(args...);
    case DType::kUInt32: return Fn<uint32_t>::run(args...);
    case DType::kUInt64: return Fn<uint64_t>::run(args...);
    default: throw_error(Code::kInternal, "BiasAdd kernel called for an unsupported dtype");
  }
}

}  // namespace

bool bias_add_supported(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: case DType::kFloat64: case DType::kFloat16: case DType::kBFloat16:
    case DType::kComplex64: case DType::kComplex128: case DType::kInt8: case DType::kInt16: case DType::kInt32:
    case DType::kInt64: case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64:
      return true;
    default:
      return false;
  }
}

int bias_channel_axis(bool nchw, int rank) { return nchw && rank > 2 ? 1 : rank - 1; }

void bias_add(const Tensor& value, const Tensor& bias, int axis, const Tensor& out) {
  by_dtype<AddFn>(value.dtype(), value, bias, axis, out);
}

void bias_add_grad(const Tensor& grad, int axis, const Tensor& out) { by_dtype<GradFn>(grad.dtype(), grad, axis, out); }

}  // namespace kernels
}  // namespace varrt
