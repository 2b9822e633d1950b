// The allocator's cache of freed blocks: a freed block of 64 KB or more comes back for the next
// request of its rounded size (its pages already faulted in: 2 MB multiples from 4 MB, size
// classes a quarter of a power of two apart below), blocks from 64 bytes to 64 KB come back by
// their size class too (from a bounded cache of their own), the caches stay within their
// bounds, blocks under 64 bytes are never kept, and the counters count only memory in use.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.h"
#include "varrt/core/allocator.h"

using namespace varrt;

namespace {
constexpr size_t kMB = size_t{1} << 20;
}

TEST(freed_large_block_is_reused_for_the_same_rounded_size) {
  Allocator a("test");
  void* p = a.allocate(16 * kMB);
  std::memset(p, 1, 16 * kMB);
  a.deallocate(p, 16 * kMB);
  CHECK(a.stats().bytes_in_use == 0);
  CHECK(a.stats().bytes_cached == static_cast<int64_t>(16 * kMB));
  void* q = a.allocate(16 * kMB - 100);  // rounds up to the same 2 MB multiple
  CHECK(q == p);
  CHECK(a.stats().bytes_cached == 0);
  CHECK(a.stats().bytes_in_use == static_cast<int64_t>(16 * kMB - 100));
  void* other = a.allocate(8 * kMB);  // another size: new memory
  CHECK(other != p);
  a.deallocate(q, 16 * kMB - 100);
  a.deallocate(other, 8 * kMB);
  a.release_cached();
  CHECK(a.stats().bytes_cached == 0);
}

TEST(blocks_under_the_alignment_are_not_cached) {
  Allocator a("test");
  void* p = a.allocate(Allocator::kAlignment - 1);
  a.deallocate(p, Allocator::kAlignment - 1);
  CHECK(a.stats().bytes_cached == 0);
}

TEST(freed_small_block_is_reused_by_its_size_class) {
  Allocator a("test");
  const size_t bytes = 32 * 128 * 4;  // a batch of 32 activations of 128 floats: 16 KB
  void* p = a.allocate(bytes);
  std::memset(p, 1, bytes);
  a.deallocate(p, bytes);
  CHECK(a.stats().bytes_cached == static_cast<int64_t>(bytes));  // 16 KB is a class of its own
  void* q = a.allocate(bytes - 1000);  // the same class (16 KB, steps of 4 KB)
  CHECK(q == p);
  CHECK(reinterpret_cast<uintptr_t>(q) % Allocator::kAlignment == 0);
  CHECK(a.stats().bytes_cached == 0);
  void* r = a.allocate(bytes + 1);  // the next class (20 KB): other memory
  CHECK(r != p);
  std::memset(r, 2, bytes + 1);  // the whole class's size is usable (the sanitizers check)
  a.deallocate(q, bytes - 1000);
  a.deallocate(r, bytes + 1);
  CHECK(a.stats().bytes_cached == static_cast<int64_t>(bytes + 20 * 1024));
  CHECK(a.stats().bytes_in_use == 0);
  void* largest = a.allocate(64 * 1024 - 1);  // the largest small class: 64 KB less one byte
  a.deallocate(largest, 64 * 1024 - 1);
  CHECK(a.stats().bytes_cached == static_cast<int64_t>(bytes + 20 * 1024 + 64 * 1024));
  a.release_cached();
  CHECK(a.stats().bytes_cached == 0);
}

TEST(small_block_cache_stays_within_its_bound) {
  Allocator a("test");
  const size_t bytes = 48 * 1024;  // a class of its own
  std::vector<void*> blocks;
  for (int i = 0; i < 1500; ++i) blocks.push_back(a.allocate(bytes));  // 72 MB
  for (void* p : blocks) a.deallocate(p, bytes);
  CHECK(a.stats().bytes_cached <= static_cast<int64_t>(64 * kMB));  // the rest went back to malloc
  CHECK(a.stats().bytes_cached >= static_cast<int64_t>(64 * kMB - bytes));
  CHECK(a.stats().bytes_in_use == 0);
  a.release_cached();
  CHECK(a.stats().bytes_cached == 0);
}

TEST(freed_medium_block_is_reused_by_its_size_class) {
  Allocator a("test");
  const size_t bytes = 128 * 256 * 4;  // a batch of 128 activations of 256 floats
  void* p = a.allocate(bytes);
  std::memset(p, 1, bytes);
  a.deallocate(p, bytes);
  CHECK(a.stats().bytes_cached == static_cast<int64_t>(bytes));  // 128 KB is a class of its own
  void* q = a.allocate(bytes - 1000);  // the same class (128 KB, steps of 32 KB)
  CHECK(q == p);
  CHECK(reinterpret_cast<uintptr_t>(q) % Allocator::kAlignment == 0);
  void* r = a.allocate(bytes + 1);  // the next class: new memory
  CHECK(r != p);
  a.deallocate(q, bytes - 1000);
  a.deallocate(r, bytes + 1);
  CHECK(a.stats().bytes_cached == static_cast<int64_t>(bytes + 160 * 1024));
  CHECK(a.stats().bytes_in_use == 0);
  a.release_cached();
  CHECK(a.stats().bytes_cached == 0);
}

TEST(cache_holds_a_bounded_number_of_blocks) {
  Allocator a("test");
  std::vector<void*> blocks;
  for (int i = 0; i < 1100; ++i) blocks.push_back(a.allocate(64 * 1024));
  for (void* p : blocks) a.deallocate(p, 64 * 1024);
  CHECK(a.stats().bytes_cached == 1024 * 64 * 1024);  // the oldest 76 went back to the system
  void* newest = a.allocate(64 * 1024);
  CHECK(newest == blocks.back());
  a.deallocate(newest, 64 * 1024);
  a.release_cached();
}

TEST(cache_stays_within_its_bound_dropping_the_oldest) {
  Allocator a("test");
  const int64_t limit = 1 << 30;  // at most 1 GB on any machine
  std::vector<void*> blocks;
  for (int i = 0; i < 80; ++i) blocks.push_back(a.allocate(16 * kMB));  // 1.25 GB
  for (void* p : blocks) a.deallocate(p, 16 * kMB);
  CHECK(a.stats().bytes_cached <= limit);
  CHECK(a.stats().bytes_cached > 0);
  CHECK(a.stats().bytes_in_use == 0);
  void* newest = a.allocate(16 * kMB);
  CHECK(newest == blocks.back());  // newest first: the most recently touched memory
  a.deallocate(newest, 16 * kMB);
  a.release_cached();
}

TEST(blocks_are_aligned_for_their_elements_and_vectors) {
  Allocator a("test");
  for (size_t bytes : {size_t{1}, size_t{4}, size_t{16}, size_t{63}}) {  // under a vector: any element
    void* p = a.allocate(bytes);
    CHECK(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t) == 0);
    CHECK(a.stats().bytes_in_use == static_cast<int64_t>(bytes));
    a.deallocate(p, bytes);
  }
  for (size_t bytes : {size_t{64}, size_t{100}, size_t{4096}}) {
    void* p = a.allocate(bytes);
    CHECK(reinterpret_cast<uintptr_t>(p) % Allocator::kAlignment == 0);
    a.deallocate(p, bytes);
  }
  CHECK(a.stats().bytes_in_use == 0);
}

TEST_MAIN()
