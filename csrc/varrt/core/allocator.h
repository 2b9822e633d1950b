// Allocator: 64-byte-aligned host memory with counters (bytes in use, peak, number of
// allocations) so tests and users can see exactly when an operation allocates.
//
// Thread-safe: the counters are atomics. One allocator per device; `Allocator::cpu()` is
// CPU:0's. Requests larger than the machine's physical memory fail up front with
// ResourceExhausted instead of being overcommitted and OOM-killed later.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace varrt {

struct AllocatorStats {
  int64_t bytes_in_use = 0;
  int64_t peak_bytes_in_use = 0;
  int64_t num_allocs = 0;          // allocations made since start (never decreases)
  int64_t largest_alloc_size = 0;
  int64_t bytes_limit = 0;
};

class Allocator {
 public:
  static constexpr size_t kAlignment = 64;

  explicit Allocator(std::string name);
  Allocator(const Allocator&) = delete;
  Allocator& operator=(const Allocator&) = delete;

  // Returns kAlignment-aligned memory, or throws Error(kResourceExhausted).
  // `bytes` == 0 returns nullptr and counts nothing.
  void* allocate(size_t bytes);
  void deallocate(void* ptr, size_t bytes) noexcept;

  AllocatorStats stats() const;
  void reset_peak() noexcept;
  const std::string& name() const { return name_; }

  static Allocator* cpu();

 private:
  std::string name_;
  int64_t limit_;
  std::atomic<int64_t> in_use_{0};
  std::atomic<int64_t> peak_{0};
  std::atomic<int64_t> allocs_{0};
  std::atomic<int64_t> largest_{0};
};

}  // namespace varrt
