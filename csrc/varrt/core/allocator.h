// Allocator: 64-byte-aligned host memory (blocks under 64 bytes: malloc's alignment) with
// counters (bytes in use, peak, number of allocations) so tests and users can see exactly
// when an operation allocates.
//
// Thread-safe: the counters are atomics. One allocator per device; `Allocator::cpu()` is
// CPU:0's. Requests larger than the machine's physical memory fail up front with
// ResourceExhausted instead of being overcommitted and OOM-killed later.
//
// Blocks from 64 KB up are mapped from the system (large ones, 4 MB and up, on 2 MB pages) and,
// when freed, kept up to a bound and handed out again for a request of the same rounded size:
// their pages are already faulted in, so a training step's buffers cost no page fault after
// the first step, as TensorFlow's BFC allocator keeps its memory. A copy-on-write
// update after a checkpoint snapshot writes every element into new memory, and fresh memory
// costs the kernel's zeroing and a page fault per page — 2.5x the update itself for 16 MB.
// With the cache, the memory the previous snapshot released takes those writes.
//
// Blocks from 64 bytes to 64 KB come from malloc in size classes (a quarter of the size's power
// of two), and freed ones are kept per class, up to a smaller bound: returned to malloc, a
// step's thousands of small buffers let glibc trim its heap's top at the end of every step and
// fault the same pages in again in the next (2,400 page faults and a fifth of an LSTM step).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace varrt {

struct AllocatorStats {
  int64_t bytes_in_use = 0;
  int64_t peak_bytes_in_use = 0;
  int64_t num_allocs = 0;          // allocations made since start (never decreases)
  int64_t largest_alloc_size = 0;
  int64_t bytes_limit = 0;
  int64_t bytes_cached = 0;        // freed blocks kept for reuse (not in use)
};

class Allocator {
 public:
  static constexpr size_t kAlignment = 64;

  explicit Allocator(std::string name);
  // Returns the cached blocks (an allocator made for a test or a device that goes away).
  ~Allocator();
  Allocator(const Allocator&) = delete;
  Allocator& operator=(const Allocator&) = delete;

  // Returns kAlignment-aligned memory (blocks under kAlignment bytes: malloc's alignment, at
  // least every element's), or throws Error(kResourceExhausted).
  // `bytes` == 0 returns nullptr and counts nothing.
  void* allocate(size_t bytes);
  void deallocate(void* ptr, size_t bytes) noexcept;

  AllocatorStats stats() const;
  void reset_peak() noexcept;
  // Returns the cached blocks to the system.
  void release_cached() noexcept;
  const std::string& name() const { return name_; }

  static Allocator* cpu();

 private:
  std::string name_;
  int64_t limit_;
  std::atomic<int64_t> in_use_{0};
  std::atomic<int64_t> peak_{0};
  std::atomic<int64_t> allocs_{0};
  std::atomic<int64_t> largest_{0};

  // The cache of freed mapped blocks: (rounded size, pointer), newest last.
  void* take_cached(size_t rounded) noexcept;
  bool keep_cached(void* ptr, size_t rounded) noexcept;
  mutable std::mutex cache_mu_;
  std::vector<std::pair<size_t, void*>> cache_;
  size_t cached_bytes_ = 0;
  size_t cache_limit_;

  // The small blocks' cache: freed blocks per size class, newest last. keep_small frees the
  // block instead when the cache is full.
  void keep_small(void* ptr, size_t rounded, size_t index) noexcept;
  static constexpr size_t kSmallClasses = 41;
  mutable std::mutex small_mu_;
  std::vector<void*> small_cache_[kSmallClasses];
  size_t small_cached_bytes_ = 0;
  size_t small_cache_limit_;
};

}  // namespace varrt
