// parallel_for: splits [0, n) across the machine's cores when the work is large enough to
// pay for starting threads (a 64 MB update); small work runs inline on the caller, with no
// allocation (the size check is inline, before any std::function exists).
#pragma once

#include <cstdint>
#include <functional>

namespace varrt {

// Below this many bytes touched per thread, thread start-up (~20 us) costs more than it saves.
constexpr int64_t kParallelMinBytesPerThread = 4 << 20;

void parallel_for_threads(int64_t n, int64_t bytes_per_item, const std::function<void(int64_t, int64_t)>& fn);

// Calls fn(begin, end) over disjoint ranges covering [0, n). `fn` must not throw.
template <class Fn>
inline void parallel_for(int64_t n, int64_t bytes_per_item, Fn&& fn) {
  if (n * bytes_per_item < 2 * kParallelMinBytesPerThread) {
    fn(int64_t{0}, n);
    return;
  }
  parallel_for_threads(n, bytes_per_item, fn);
}

}  // namespace varrt
