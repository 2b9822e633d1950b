#include "varrt/kernels/elementwise.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <string>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/core/parallel.h"

namespace varrt {
namespace kernels {
namespace {

struct Add {
  template <class T>
  T operator()(T a, T b) const { return a + b; }
};
struct Sub {
  template <class T>
  T operator()(T a, T b) const { return a - b; }
};

// Wrapping integer arithmetic without signed-overflow UB.
template <class T, class Op>
void int_loop(const T* a, const T* b, T* dst, int64_t begin, int64_t end) {
  using U = std::make_unsigned_t<T>;
  for (int64_t i = begin; i < end; ++i) dst[i] = static_cast<T>(Op()(static_cast<U>(a[i]), static_cast<U>(b[i])));
}

template <class T, class Op>
void plain_loop(const T* a, const T* b, T* dst, int64_t begin, int64_t end) {
  for (int64_t i = begin; i < end; ++i) dst[i] = Op()(a[i], b[i]);
}

template <class Op, float (*ToF)(uint16_t), uint16_t (*FromF)(float)>
void half_loop(const uint16_t* a, const uint16_t* b, uint16_t* dst, int64_t begin, int64_t end) {
  for (int64_t i = begin; i < end; ++i) dst[i] = FromF(Op()(ToF(a[i]), ToF(b[i])));
}

template <class Op>
void binary(DType dtype, const void* a, const void* b, void* dst, int64_t n) {
  int64_t item = static_cast<int64_t>(dtype_size(dtype));
  auto run = [&](auto loop, auto* typed) {
    using T = std::remove_pointer_t<decltype(typed)>;
    const T* ta = static_cast<const T*>(a);
    const T* tb = static_cast<const T*>(b);
    T* td = static_cast<T*>(dst);
    // Three streams (two reads, one write) per element.
    parallel_for(n, 3 * item, [&](int64_t begin, int64_t end) { loop(ta, tb, td, begin, end); });
  };
  switch (dtype) {
    case DType::kFloat32: return run(plain_loop<float, Op>, static_cast<float*>(nullptr));
    case DType::kFloat64: return run(plain_loop<double, Op>, static_cast<double*>(nullptr));
    case DType::kComplex64: return run(plain_loop<std::complex<float>, Op>, static_cast<std::complex<float>*>(nullptr));
    case DType::kComplex128: return run(plain_loop<std::complex<double>, Op>, static_cast<std::complex<double>*>(nullptr));
    case DType::kInt8: return run(int_loop<int8_t, Op>, static_cast<int8_t*>(nullptr));
    case DType::kInt16: return run(int_loop<int16_t, Op>, static_cast<int16_t*>(nullptr));
    case DType::kInt32: return run(int_loop<int32_t, Op>, static_cast<int32_t*>(nullptr));
    case DType::kInt64: return run(int_loop<int64_t, Op>, static_cast<int64_t*>(nullptr));
    case DType::kUInt8: return run(int_loop<uint8_t, Op>, static_cast<uint8_t*>(nullptr));
    case DType::kUInt16: return run(int_loop<uint16_t, Op>, static_cast<uint16_t*>(nullptr));
    case DType::kUInt32: return run(int_loop<uint32_t, Op>, static_cast<uint32_t*>(nullptr));
    case DType::kUInt64: return run(int_loop<uint64_t, Op>, static_cast<uint64_t*>(nullptr));
    case DType::kFloat16: return run(half_loop<Op, half_to_float, float_to_half>, static_cast<uint16_t*>(nullptr));
    case DType::kBFloat16: return run(half_loop<Op, bfloat16_to_float, float_to_bfloat16>, static_cast<uint16_t*>(nullptr));
    default:
      throw_error(Code::kInvalidArgument, std::string("arithmetic is not defined for dtype ") + dtype_name(dtype));
  }
}

}  // namespace

void fill(DType dtype, const void* element, void* dst, int64_t n) {
  if (n <= 0) return;
  if (dtype == DType::kString) {
    const auto& s = *static_cast<const std::string*>(element);
    auto* d = static_cast<std::string*>(dst);
    for (int64_t i = 0; i < n; ++i) d[i] = s;
    return;
  }
  const auto item = static_cast<int64_t>(dtype_size(dtype));
  char* d = static_cast<char*>(dst);
  parallel_for(n, item, [&](int64_t begin, int64_t end) {
    // Doubling copies: the first element, then ever larger runs of the already filled part.
    std::memcpy(d + begin * item, element, static_cast<size_t>(item));
    for (int64_t done = 1; done < end - begin;) {
      int64_t run = std::min(done, end - begin - done);
      std::memcpy(d + (begin + done) * item, d + begin * item, static_cast<size_t>(run * item));
      done += run;
    }
  });
}

void add(DType dtype, const void* a, const void* b, void* dst, int64_t n) {
  if (n > 0) binary<Add>(dtype, a, b, dst, n);
}
void sub(DType dtype, const void* a, const void* b, void* dst, int64_t n) {
  if (n > 0) binary<Sub>(dtype, a, b, dst, n);
}

}  // namespace kernels
}  // namespace varrt
