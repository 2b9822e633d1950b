#include "varrt/core/parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace varrt {
void parallel_for_threads(int64_t n, int64_t bytes_per_item, const std::function<void(int64_t, int64_t)>& fn) {
  static const int64_t cores = std::max(1u, std::thread::hardware_concurrency());
  int64_t bytes = n * std::max<int64_t>(bytes_per_item, 1);
  int64_t workers = std::min<int64_t>(cores, bytes / kParallelMinBytesPerThread);
  if (workers <= 1) {
    fn(0, n);
    return;
  }
  // Chunks aligned to 64 elements keep each thread's range on its own cache lines.
  int64_t chunk = ((n + workers - 1) / workers + 63) / 64 * 64;
  std::vector<std::thread> threads;
  threads.reserve(static_cast<size_t>(workers - 1));
  for (int64_t begin = chunk; begin < n; begin += chunk) {
    int64_t end = std::min(n, begin + chunk);
    threads.emplace_back([&fn, begin, end] { fn(begin, end); });
  }
  fn(0, std::min(n, chunk));
  for (auto& t : threads) t.join();
}

}  // namespace varrt
