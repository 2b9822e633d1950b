#include "varrt/kernels/math_functions.h"

#include <cmath>
#include <cstring>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/core/flush_denormals.h"
#include "varrt/core/parallel.h"
#include "varrt/kernels/math_function_loops.h"

namespace varrt {
namespace kernels {
namespace {

// Each input seen with the output's shape: the input itself when it has it, else a copy with the
// broadcast dimensions repeated (an odometer over the output's index).
template <class T>
std::vector<T> expanded(const Tensor& t, const Shape& out) {
  const int rank = out.rank();
  std::vector<int64_t> strides(static_cast<size_t>(rank)), index(static_cast<size_t>(rank), 0);
  const int offset = rank - t.shape().rank();
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    const int64_t d = i - offset >= 0 ? t.shape().dim(i - offset) : 1;
    strides[static_cast<size_t>(i)] = d == 1 ? 0 : stride;
    stride *= d;
  }
  const T* src = t.data_as<T>();
  std::vector<T> dst(static_cast<size_t>(out.num_elements()));
  int64_t at = 0;
  for (size_t k = 0; k < dst.size(); ++k) {
    dst[k] = src[at];
    for (int d = rank - 1; d >= 0; --d) {
      const size_t u = static_cast<size_t>(d);
      at += strides[u];
      if (++index[u] < out.dim(d)) break;
      at -= strides[u] * out.dim(d);
      index[u] = 0;
    }
  }
  return dst;
}

// Widens a 16-bit float input to float (and expands it to the output's shape).
template <class Load>
std::vector<float> widened(const Tensor& t, const Shape& out, Load load) {
  std::vector<uint16_t> raw = t.shape() == out ? std::vector<uint16_t>(t.data_as<uint16_t>(),
                                                                       t.data_as<uint16_t>() + t.num_elements())
                                               : expanded<uint16_t>(t, out);
  std::vector<float> wide(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) wide[i] = load(raw[i]);
  return wide;
}

// The loops run with denormals flushed on every thread they use, as TensorFlow's kernels do
// (core/flush_denormals.h): results at and below the smallest normal are TensorFlow's (asin(1e-40f)
// stays 1e-40f: libm returns a tiny input as it is, without arithmetic).

// Runs f's loop over [0, n) on the thread pool when the work is worth it.
template <class T>
void run_loop(const MathFunction& f, void (*loop)(const T* const*, T*, int64_t, int64_t), const T* const* in, T* out,
              int64_t n) {
  const int64_t bytes = static_cast<int64_t>(sizeof(T)) * (f.arity + 1) * f.cost;
  parallel_for(n, bytes, [&](int64_t begin, int64_t end) {
    ScopedFlushDenormals flush;
    loop(in, out, begin, end);
  });
}

template <class T>
void compute(const MathFunction& f, const Tensor* inputs, const Tensor& out) {
  const T* in[3] = {nullptr, nullptr, nullptr};
  std::vector<T> copies[3];
  for (int k = 0; k < f.arity; ++k) {
    if (inputs[k].shape() == out.shape()) {
      in[k] = inputs[k].data_as<T>();
    } else {
      copies[k] = expanded<T>(inputs[k], out.shape());
      in[k] = copies[k].data();
    }
  }
  T* y = static_cast<T*>(out.mutable_data());
  if constexpr (std::is_same<T, float>::value) {
    run_loop<float>(f, f.f32, in, y, out.num_elements());
  } else {
    run_loop<double>(f, f.f64, in, y, out.num_elements());
  }
}

template <class Load, class Store>
void compute_narrow(const MathFunction& f, const Tensor* inputs, const Tensor& out, Load load, Store store) {
  std::vector<float> wide[3];
  const float* in[3] = {nullptr, nullptr, nullptr};
  for (int k = 0; k < f.arity; ++k) {
    wide[k] = widened(inputs[k], out.shape(), load);
    in[k] = wide[k].data();
  }
  const int64_t n = out.num_elements();
  std::vector<float> result(static_cast<size_t>(n));
  run_loop<float>(f, f.f32, in, result.data(), n);
  uint16_t* y = static_cast<uint16_t*>(out.mutable_data());
  for (int64_t i = 0; i < n; ++i) y[i] = store(result[static_cast<size_t>(i)]);
}

}  // namespace

const std::vector<MathFunction>& math_functions() {
  static const auto* table = [] {
    auto* t = new std::vector<MathFunction>();
    add_elementary_functions(t);
    add_gamma_functions(t);
    add_bessel_functions(t);
    add_integral_functions(t);
    return t;
  }();
  return *table;
}

const MathFunction* find_math_function(const char* op) {
  for (const MathFunction& f : math_functions()) {
    if (std::strcmp(f.op, op) == 0) return &f;
  }
  return nullptr;
}

bool math_function_supported(DType dtype) {
  return dtype == DType::kFloat32 || dtype == DType::kFloat64 || dtype == DType::kFloat16 ||
         dtype == DType::kBFloat16;
}

void math_function(const MathFunction& f, const Tensor* inputs, const Tensor& out) {
  switch (out.dtype()) {
    case DType::kFloat32: return compute<float>(f, inputs, out);
    case DType::kFloat64: return compute<double>(f, inputs, out);
    case DType::kFloat16:
      return compute_narrow(f, inputs, out, [](uint16_t v) { return half_to_float(v); },
                            [](float v) { return float_to_half(v); });
    case DType::kBFloat16:
      return compute_narrow(f, inputs, out, [](uint16_t v) { return bfloat16_to_float(v); },
                            [](float v) { return float_to_bfloat16(v); });
    default: throw_error(Code::kInternal, std::string("no core kernel for ") + f.op + " on this dtype");
  }
}

}  // namespace kernels
}  // namespace varrt
