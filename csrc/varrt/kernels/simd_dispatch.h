// Which instruction set the core's element-wise and optimizer loops run on.
//
// The core is compiled for its target's baseline (x86-64: SSE2, 4 floats per instruction), so
// one wheel runs on every CPU. On x86-64 with GCC or Clang, simd_for also compiles its loop for
// AVX2 and for AVX-512 and runs the widest version the CPU (and its OS) supports; elsewhere
// (aarch64, other compilers) it is the plain loop. VARRT_SIMD=default|avx2|avx512, read once
// when the core loads, caps the choice (never above what the CPU has; other values are ignored).
//
// The versions are bit-identical: each does the same IEEE operations in the same order, only
// more lanes at once. That holds because the files using simd_for are compiled with
// -ffp-contract=off (AVX2 and AVX-512 code may otherwise fuse a*b+c into one FMA, which rounds
// once instead of twice; cmake/VarrtSimdKernels.cmake lists them, simd_for checks), without
// -ffast-math (no reassociation, no vectorised libm), and transcendentals stay libm calls.
#pragma once

#include <cstdint>

#ifdef VARRT_SIMD_KERNEL_FLAGS
#define VARRT_SIMD_KERNEL_FLAGS_ON true
#else
#define VARRT_SIMD_KERNEL_FLAGS_ON false
#endif

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define VARRT_SIMD_X86 1
#endif

namespace varrt {
namespace kernels {

enum class SimdLevel : int { kDefault = 0, kAvx2 = 1, kAvx512 = 2 };

namespace simd_detail {
// Set when the core library loads (kDefault, zero, until then).
extern const SimdLevel chosen_level;
}  // namespace simd_detail

// The level simd_for runs at, decided when the core loads: the CPU's best, capped by VARRT_SIMD.
inline SimdLevel simd_level() { return simd_detail::chosen_level; }
// "default", "avx2" or "avx512" (VARRT_SIMD's spelling).
const char* simd_level_name(SimdLevel level);

namespace simd_detail {

// The loop, once per instruction set. `flatten` inlines fn into each version, so its body is
// vectorised for that version's registers; the local copy keeps fn's pointers and scalars in
// registers (stores through the arrays cannot alias them, so the loop vectorises).
#define VARRT_SIMD_LOOP(NAME, ATTRIBUTES)                                    \
  template <class Fn>                                                        \
  ATTRIBUTES void NAME(int64_t begin, int64_t end, const Fn& fn) {           \
    Fn local = fn;                                                           \
    for (int64_t i = begin; i < end; ++i) local(i);                          \
  }
VARRT_SIMD_LOOP(loop_default, __attribute__((flatten)))
#ifdef VARRT_SIMD_X86
VARRT_SIMD_LOOP(loop_avx2, __attribute__((target("avx2"), flatten)))
VARRT_SIMD_LOOP(loop_avx512, __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq"), flatten)))
#endif
#undef VARRT_SIMD_LOOP

// A whole kernel, once per instruction set (as the loops above).
#define VARRT_SIMD_CALL(NAME, ATTRIBUTES) \
  template <class Fn>                     \
  ATTRIBUTES void NAME(const Fn& fn) {    \
    fn();                                 \
  }
VARRT_SIMD_CALL(call_default, __attribute__((flatten)))
#ifdef VARRT_SIMD_X86
VARRT_SIMD_CALL(call_avx2, __attribute__((target("avx2"), flatten)))
VARRT_SIMD_CALL(call_avx512, __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq"), flatten)))
#endif
#undef VARRT_SIMD_CALL

}  // namespace simd_detail

// fn(i) for every i in [begin, end), in order, compiled for simd_level(). fn is an element's
// whole computation (a lambda capturing pointers and scalars by value); keep calls to other
// functions out of it, they are inlined into every version.
template <class Fn>
inline void simd_for(int64_t begin, int64_t end, const Fn& fn) {
  static_assert(sizeof(Fn) > 0 && VARRT_SIMD_KERNEL_FLAGS_ON,
                "simd_for needs -ffp-contract=off: add this file to cmake/VarrtSimdKernels.cmake");
  // Fewer elements than one AVX-512 vector of floats: no vector version would use its width,
  // and the inline loop saves a small op the call.
  constexpr int64_t kInlineBelow = 16;
  if (end - begin < kInlineBelow) {
    for (int64_t i = begin; i < end; ++i) fn(i);
    return;
  }
#ifdef VARRT_SIMD_X86
  switch (simd_level()) {
    case SimdLevel::kAvx512: return simd_detail::loop_avx512(begin, end, fn);
    case SimdLevel::kAvx2: return simd_detail::loop_avx2(begin, end, fn);
    case SimdLevel::kDefault: break;
  }
#endif
  simd_detail::loop_default(begin, end, fn);
}

// fn() compiled for simd_level(), everything it calls inlined: for a kernel whose vector loops are
// blocks of fixed width inside loops over positions (a convolution's output channels), where a
// simd_for per block would cost a dispatch each. The same rules as simd_for's fn.
template <class Fn>
inline void simd_call(const Fn& fn) {
  static_assert(sizeof(Fn) > 0 && VARRT_SIMD_KERNEL_FLAGS_ON,
                "simd_call needs -ffp-contract=off: add this file to cmake/VarrtSimdKernels.cmake");
#ifdef VARRT_SIMD_X86
  switch (simd_level()) {
    case SimdLevel::kAvx512: return simd_detail::call_avx512(fn);
    case SimdLevel::kAvx2: return simd_detail::call_avx2(fn);
    case SimdLevel::kDefault: break;
  }
#endif
  simd_detail::call_default(fn);
}


}  // namespace kernels
}  // namespace varrt
