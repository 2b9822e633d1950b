// Element access for kernels that compute the 16-bit floats in float: load an element in its
// working precision, store a result rounded to the storage type (round to nearest even).
#pragma once

#include <cstdint>

#include "varrt/core/half.h"

namespace varrt {
namespace kernels {

template <class T>
struct FloatIo {
  using Work = T;
  static Work load(const void* p, int64_t i) { return static_cast<const T*>(p)[i]; }
  static void store(void* p, int64_t i, Work v) { static_cast<T*>(p)[i] = v; }
};
struct HalfIo {
  using Work = float;
  static float load(const void* p, int64_t i) { return half_to_float(static_cast<const uint16_t*>(p)[i]); }
  static void store(void* p, int64_t i, float v) { static_cast<uint16_t*>(p)[i] = float_to_half(v); }
};
struct BFloat16Io {
  using Work = float;
  static float load(const void* p, int64_t i) { return bfloat16_to_float(static_cast<const uint16_t*>(p)[i]); }
  static void store(void* p, int64_t i, float v) { static_cast<uint16_t*>(p)[i] = float_to_bfloat16(v); }
};

}  // namespace kernels
}  // namespace varrt
