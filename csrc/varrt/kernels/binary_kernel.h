// The element-wise binary loop over one (op, element type) pair, and the dtype switch of one op.
// Internal to the binary kernels: the ops' instantiations (each loop x 10 dtypes x 3 SIMD
// levels) compile in five files by op family (binary_add_sub.cc, binary_mul_div.cc,
// binary_less.cc, binary_greater.cc, binary_equal.cc), so no single file carries them all and
// the build runs them side by side; binary_ops.cc picks the op.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/core/tensor.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/kernels/wrapping.h"

namespace varrt {
namespace kernels {

// out = a OP b for one op, every dtype binary_supported allows it but the 16-bit floats (and, for
// Equal and NotEqual, bool); `out` as binary() allocates it.
void binary_add(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_sub(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_mul(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_real_div(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_div_no_nan(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_less(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_less_equal(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_greater(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_greater_equal(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_equal(const Tensor& a, const Tensor& b, const Tensor& out);
void binary_not_equal(const Tensor& a, const Tensor& b, const Tensor& out);

namespace binary_loop {

struct Add { template <class T> static T apply(T a, T b) { return static_cast<T>(Wrapping<T>(a) + Wrapping<T>(b)); } };
struct Sub { template <class T> static T apply(T a, T b) { return static_cast<T>(Wrapping<T>(a) - Wrapping<T>(b)); } };
struct Mul { template <class T> static T apply(T a, T b) { return static_cast<T>(Wrapping<T>(a) * Wrapping<T>(b)); } };
struct Div { template <class T> static T apply(T a, T b) { return a / b; } };
// TensorFlow's div_no_nan: 0 where the divisor is 0 (either sign), else the quotient.
struct DivNoNan { template <class T> static T apply(T a, T b) { return b == T(0) ? T(0) : a / b; } };
struct Less { template <class T> static bool apply(T a, T b) { return a < b; } };
struct LessEqual { template <class T> static bool apply(T a, T b) { return a <= b; } };
struct Greater { template <class T> static bool apply(T a, T b) { return a > b; } };
struct GreaterEqual { template <class T> static bool apply(T a, T b) { return a >= b; } };
struct Equal { template <class T> static bool apply(T a, T b) { return a == b; } };
struct NotEqual { template <class T> static bool apply(T a, T b) { return a != b; } };

// Strides (in elements) of `s` seen with the output's rank, 0 where `s` broadcasts.
inline void broadcast_strides(const Shape& s, const Shape& out, int64_t* strides) {
  int offset = out.rank() - s.rank();
  int64_t stride = 1;
  for (int i = out.rank() - 1; i >= 0; --i) {
    int j = i - offset;
    int64_t d = j >= 0 ? s.dim(j) : 1;
    strides[i] = d == 1 ? 0 : stride;
    stride *= d;
  }
}

template <class Op, class T, class R>
void run(const Tensor& a, const Tensor& b, const Tensor& out) {
  const T* x = a.data_as<T>();
  const T* y = b.data_as<T>();
  R* z = static_cast<R*>(out.mutable_data());
  const int64_t n = out.num_elements();
  if (n == 0) return;
  if (a.num_elements() == n && b.num_elements() == n) {
    simd_for(0, n, [=](int64_t i) { z[i] = Op::apply(x[i], y[i]); });
    return;
  }
  if (b.num_elements() == 1 && a.num_elements() == n) {
    const T v = y[0];
    simd_for(0, n, [=](int64_t i) { z[i] = Op::apply(x[i], v); });
    return;
  }
  if (a.num_elements() == 1 && b.num_elements() == n) {
    const T v = x[0];
    simd_for(0, n, [=](int64_t i) { z[i] = Op::apply(v, y[i]); });
    return;
  }
  // General broadcast: an odometer over the outer dimensions, a strided inner loop.
  const Shape& s = out.shape();
  const int rank = s.rank();
  std::vector<int64_t> sa(rank), sb(rank), index(rank, 0);
  broadcast_strides(a.shape(), s, sa.data());
  broadcast_strides(b.shape(), s, sb.data());
  const int64_t inner = s.dim(rank - 1);
  const int64_t ia = sa[rank - 1], ib = sb[rank - 1];
  int64_t oa = 0, ob = 0;
  for (int64_t done = 0; done < n; done += inner) {
    const T* xr = x + oa;
    const T* yr = y + ob;
    R* zr = z + done;
    simd_for(0, inner, [=](int64_t k) { zr[k] = Op::apply(xr[k * ia], yr[k * ib]); });
    for (int d = rank - 2; d >= 0; --d) {
      oa += sa[d];
      ob += sb[d];
      if (++index[d] < s.dim(d)) break;
      oa -= sa[d] * s.dim(d);
      ob -= sb[d] * s.dim(d);
      index[d] = 0;
    }
  }
}

template <class Op, class R = void>
void by_dtype(const Tensor& a, const Tensor& b, const Tensor& out) {
  constexpr bool kCompare = !std::is_void<R>::value;
#define VARRT_BINARY_CASE(ENUM, T) \
  case DType::ENUM:                \
    return run<Op, T, std::conditional_t<kCompare, bool, T>>(a, b, out);
  switch (a.dtype()) {
    VARRT_BINARY_CASE(kFloat32, float)
    VARRT_BINARY_CASE(kFloat64, double)
    VARRT_BINARY_CASE(kInt32, int32_t)
    VARRT_BINARY_CASE(kInt64, int64_t)
    VARRT_BINARY_CASE(kInt8, int8_t)
    VARRT_BINARY_CASE(kInt16, int16_t)
    VARRT_BINARY_CASE(kUInt8, uint8_t)
    VARRT_BINARY_CASE(kUInt16, uint16_t)
    VARRT_BINARY_CASE(kUInt32, uint32_t)
    VARRT_BINARY_CASE(kUInt64, uint64_t)
    default:
      throw_error(Code::kInternal, "binary kernel called for an unsupported dtype");
  }
#undef VARRT_BINARY_CASE
}

}  // namespace binary_loop
}  // namespace kernels
}  // namespace varrt
