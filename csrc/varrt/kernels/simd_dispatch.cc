#include "varrt/kernels/simd_dispatch.h"

#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace varrt {
namespace kernels {
namespace {

SimdLevel cpu_level() {
#ifdef VARRT_SIMD_X86
  // libgcc's checks include the OS saving the wider registers (XCR0), not only CPUID.
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq")) {
    return SimdLevel::kAvx512;
  }
  if (__builtin_cpu_supports("avx2")) return SimdLevel::kAvx2;
#endif
  return SimdLevel::kDefault;
}

SimdLevel requested_level(SimdLevel best) {
  const char* env = std::getenv("VARRT_SIMD");
  if (env == nullptr) return best;
  for (SimdLevel level : {SimdLevel::kDefault, SimdLevel::kAvx2, SimdLevel::kAvx512}) {
    if (std::strcmp(env, simd_level_name(level)) == 0) return level < best ? level : best;
  }
  return best;
}

}  // namespace

namespace simd_detail {
const SimdLevel chosen_level = requested_level(cpu_level());
}  // namespace simd_detail

const char* simd_level_name(SimdLevel level) {
  switch (level) {
    case SimdLevel::kAvx512: return "avx512";
    case SimdLevel::kAvx2: return "avx2";
    case SimdLevel::kDefault: break;
  }
  return "default";
}

}  // namespace kernels
}  // namespace varrt
