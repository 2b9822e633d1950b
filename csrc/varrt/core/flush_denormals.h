// TensorFlow's CPU kernels run with denormals flushed (port::ScopedFlushDenormal around each op,
// and on its thread pool's threads): a result too small to be a normal float becomes zero (FTZ)
// and a denormal input reads as zero (DAZ). varrt's kernels run under the same rule, so values
// near the smallest normal are TensorFlow's (tf.exp(-95.0) is 0 in TensorFlow, 3.7e-42 in IEEE
// arithmetic; a softmax's underflowing tail is 0, not 1e-43). Only around kernels: the caller's
// own arithmetic (Python's, NumPy's outside an op) keeps IEEE denormals.
#pragma once

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#define VARRT_FLUSH_DENORMALS_X86 1
#endif

namespace varrt {

class ScopedFlushDenormals {
 public:
#ifdef VARRT_FLUSH_DENORMALS_X86
  // MXCSR's flush-to-zero (bit 15) and denormals-are-zero (bit 6); written only when not already
  // set, so a kernel inside a kernel (a graph's node) costs one read.
  static constexpr unsigned kBits = 0x8040;
  ScopedFlushDenormals() : saved_(_mm_getcsr()) {
    if ((saved_ & kBits) != kBits) _mm_setcsr(saved_ | kBits);
  }
  ~ScopedFlushDenormals() {
    if ((saved_ & kBits) != kBits) _mm_setcsr(saved_);
  }
#else
  // Other architectures keep IEEE denormals (TensorFlow's aarch64 builds flush with FPCR.FZ;
  // varrt does not yet).
  ScopedFlushDenormals() = default;
#endif
  ScopedFlushDenormals(const ScopedFlushDenormals&) = delete;
  ScopedFlushDenormals& operator=(const ScopedFlushDenormals&) = delete;

 private:
#ifdef VARRT_FLUSH_DENORMALS_X86
  unsigned saved_;
#endif
};

// For a thread that only runs kernels (the pool's workers): flushed for its whole life.
inline void flush_denormals_on_this_thread() {
#ifdef VARRT_FLUSH_DENORMALS_X86
  _mm_setcsr(_mm_getcsr() | ScopedFlushDenormals::kBits);
#endif
}

}  // namespace varrt
