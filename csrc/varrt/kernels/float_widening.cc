#include "varrt/kernels/float_widening.h"

#include "varrt/kernels/float_io.h"

namespace varrt {
namespace kernels {
namespace {

template <class Io>
void widen(const void* src, float* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = Io::load(src, i);
}

template <class Io>
void narrow(const float* src, void* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) Io::store(dst, i, src[i]);
}

}  // namespace

void widen_to_float(DType dtype, const void* src, float* dst, int64_t n) {
  if (dtype == DType::kBFloat16) return widen<BFloat16Io>(src, dst, n);
  widen<HalfIo>(src, dst, n);
}

void narrow_from_float(DType dtype, const float* src, void* dst, int64_t n) {
  if (dtype == DType::kBFloat16) return narrow<BFloat16Io>(src, dst, n);
  narrow<HalfIo>(src, dst, n);
}

}  // namespace kernels
}  // namespace varrt
