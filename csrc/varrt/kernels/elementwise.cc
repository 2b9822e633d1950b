#include "varrt/kernels/elementwise.h"

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/core/parallel.h"
#include "varrt/kernels/simd_dispatch.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define VARRT_HAVE_STREAMING_STORES 1
#endif

namespace varrt {
namespace kernels {
namespace {

struct Add {
  template <class T>
  T operator()(T a, T b) const { return a + b; }
#ifdef VARRT_HAVE_STREAMING_STORES
  static __m128 vec(__m128 a, __m128 b) { return _mm_add_ps(a, b); }
  static __m128d vec(__m128d a, __m128d b) { return _mm_add_pd(a, b); }
#endif
};
struct Sub {
  template <class T>
  T operator()(T a, T b) const { return a - b; }
#ifdef VARRT_HAVE_STREAMING_STORES
  static __m128 vec(__m128 a, __m128 b) { return _mm_sub_ps(a, b); }
  static __m128d vec(__m128d a, __m128d b) { return _mm_sub_pd(a, b); }
#endif
};

// Wrapping integer arithmetic without signed-overflow UB.
template <class T, class Op>
void int_loop(const T* a, const T* b, T* dst, int64_t begin, int64_t end) {
  using U = std::make_unsigned_t<T>;
  simd_for(begin, end, [=](int64_t i) { dst[i] = static_cast<T>(Op()(static_cast<U>(a[i]), static_cast<U>(b[i]))); });
}

template <class T, class Op>
void plain_loop(const T* a, const T* b, T* dst, int64_t begin, int64_t end) {
  simd_for(begin, end, [=](int64_t i) { dst[i] = Op()(a[i], b[i]); });
}

template <class Op, float (*ToF)(uint16_t), uint16_t (*FromF)(float)>
void half_loop(const uint16_t* a, const uint16_t* b, uint16_t* dst, int64_t begin, int64_t end) {
  simd_for(begin, end, [=](int64_t i) { dst[i] = FromF(Op()(ToF(a[i]), ToF(b[i]))); });
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

#ifdef VARRT_HAVE_STREAMING_STORES
// One 16-byte vector of float32 or float64: unaligned loads, streaming (non-temporal) stores.
inline __m128 load16(const float* p) { return _mm_loadu_ps(p); }
inline __m128d load16(const double* p) { return _mm_loadu_pd(p); }
inline void stream16(float* p, __m128 v) { _mm_stream_ps(p, v); }
inline void stream16(double* p, __m128d v) { _mm_stream_pd(p, v); }

// dst[i] = Op(a[i], b[i]) with non-temporal stores: a plain store first reads the line it
// writes (a third more memory traffic when dst is other memory than a and b), a streaming
// store does not. The lanes compute exactly what the scalar loop does (one IEEE operation
// each). Ends with a store fence: the caller's completion signal must not overtake the stores.
template <class Op, class T>
void streaming_loop(const T* a, const T* b, T* dst, int64_t begin, int64_t end) {
  constexpr int64_t kLanes = 16 / sizeof(T);
  int64_t i = begin;
  for (; i < end && (reinterpret_cast<uintptr_t>(dst + i) & 15) != 0; ++i) dst[i] = Op()(a[i], b[i]);
  for (; i + kLanes <= end; i += kLanes) stream16(dst + i, Op::vec(load16(a + i), load16(b + i)));
  for (; i < end; ++i) dst[i] = Op()(a[i], b[i]);
  _mm_sfence();
}
#endif

// binary<Op> into memory nobody reads soon (copy-on-write's new buffer), large float32 and
// float64 with streaming stores; everything else as binary<Op>.
template <class Op>
void binary_to_new(DType dtype, const void* a, const void* b, void* dst, int64_t n) {
#ifdef VARRT_HAVE_STREAMING_STORES
  constexpr int64_t kStreamFrom = int64_t{1} << 20;  // bytes: smaller results stay in cache, to be read again
  const int64_t item = static_cast<int64_t>(dtype_size(dtype));
  if (n * item >= kStreamFrom && (dtype == DType::kFloat32 || dtype == DType::kFloat64)) {
    auto run = [&](auto* typed) {
      using T = std::remove_pointer_t<decltype(typed)>;
      const T* ta = static_cast<const T*>(a);
      const T* tb = static_cast<const T*>(b);
      T* td = static_cast<T*>(dst);
      parallel_for(n, 3 * item, [&](int64_t begin, int64_t end) { streaming_loop<Op>(ta, tb, td, begin, end); });
    };
    if (dtype == DType::kFloat32) return run(static_cast<float*>(nullptr));
    return run(static_cast<double*>(nullptr));
  }
#endif
  binary<Op>(dtype, a, b, dst, n);
}

}  // namespace

void add_to_new(DType dtype, const void* a, const void* b, void* dst, int64_t n) {
  if (n > 0) binary_to_new<Add>(dtype, a, b, dst, n);
}
void sub_to_new(DType dtype, const void* a, const void* b, void* dst, int64_t n) {
  if (n > 0) binary_to_new<Sub>(dtype, a, b, dst, n);
}

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
