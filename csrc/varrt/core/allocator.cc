#include "varrt/core/allocator.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

#include "varrt/core/error.h"

namespace varrt {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kHugeFrom = size_t{4} << 20;  // NumPy's threshold for the same hint
constexpr size_t kPage = size_t{4} << 10;
// Blocks from this size up are mapped and cached (see allocate); below it, malloc's own bins
// reuse freed memory without faulting it in again.
constexpr size_t kCachedFrom = size_t{64} << 10;
// The most blocks the cache holds: a lookup scans them, and a training step's distinct
// intermediate buffers number in the tens to hundreds.
constexpr size_t kMaxCachedBlocks = 1024;

int64_t physical_memory_bytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return INT64_MAX;
  return static_cast<int64_t>(pages) * page_size;
}

// The cache's bound: a sixteenth of the machine's memory, at most 1 GB (VARRT_ALLOCATOR_CACHE_MB
// overrides; 0 disables the cache).
size_t cache_limit_bytes(int64_t physical) {
  if (const char* env = std::getenv("VARRT_ALLOCATOR_CACHE_MB")) {
    char* end = nullptr;
    unsigned long long mb = std::strtoull(env, &end, 10);
    if (end != env) return static_cast<size_t>(mb) << 20;
  }
  const size_t sixteenth = static_cast<size_t>(physical / 16);
  return sixteenth < (size_t{1} << 30) ? sixteenth : (size_t{1} << 30);
}

// The small blocks' cache holds at most this much (or the whole cache's bound, if smaller): a
// training step's small intermediates number in the thousands, a few tens of MB.
constexpr size_t kSmallCacheBytes = size_t{64} << 20;

// A small block's size class, for kAlignment <= bytes < kCachedFrom: the size rounded up to a
// quarter of its power of two (at least 16 bytes), and the class's index. The classes run from
// 64 bytes (index 0) to 64 KB (index 40, for requests above 56 KB).
struct SmallClass {
  size_t rounded;
  size_t index;
};
SmallClass small_class(size_t bytes) {
  size_t power = 6;  // 64 bytes
  while ((size_t{1} << (power + 1)) <= bytes) ++power;
  const size_t step = size_t{1} << (power - 2);
  const size_t rounded = (bytes + step - 1) / step * step;
  return {rounded, (power - 6) * 4 + rounded / step - 4};
}

size_t huge_rounded(size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

// A medium block's size class: whole pages, in steps of a quarter of the size's power of two,
// so a freed block serves requests up to 25% smaller (a batch's last, smaller step) with at most
// that much unused.
size_t medium_rounded(size_t bytes) {
  size_t step = kPage;
  while (step * 8 <= bytes) step *= 2;  // step = 2^(floor(log2 bytes) - 2), at least a page
  return (bytes + step - 1) / step * step;
}

size_t mapped_size(size_t bytes) { return bytes >= kHugeFrom ? huge_rounded(bytes) : medium_rounded(bytes); }

void* map_medium(size_t rounded) noexcept {
  void* p = ::mmap(nullptr, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

// Large blocks are mapped directly, 2 MB-aligned, not taken from malloc: then keeping freed
// ones (the cache below) leaves malloc's heap alone. From glibc's heap, cached blocks changed
// how it trimmed and placed the small allocations around them (a test that creates and
// destroys 20,000 small variables saw its memory grow by 6 MB).
void* map_huge(size_t rounded) noexcept {
  const size_t length = rounded + kHugePage;
  void* raw = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) ::munmap(raw, aligned - start);
  const uintptr_t end = start + length, used_end = aligned + rounded;
  if (end > used_end) ::munmap(reinterpret_cast<void*>(used_end), end - used_end);
  void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  ::madvise(p, rounded, MADV_HUGEPAGE);  // a hint; without it, 4 KB pages
#endif
  return p;
}

void unmap(void* p, size_t rounded) noexcept { ::munmap(p, rounded); }

void raise_max(std::atomic<int64_t>& target, int64_t value) {
  int64_t seen = target.load(std::memory_order_relaxed);
  while (value > seen && !target.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
  }
}

}  // namespace

Allocator::Allocator(std::string name)
    : name_(std::move(name)),
      limit_(physical_memory_bytes()),
      cache_limit_(cache_limit_bytes(limit_)),
      small_cache_limit_(cache_limit_ < kSmallCacheBytes ? cache_limit_ : kSmallCacheBytes) {}

Allocator::~Allocator() { release_cached(); }

void* Allocator::take_cached(size_t rounded) noexcept {
  std::lock_guard<std::mutex> lock(cache_mu_);
  for (size_t i = cache_.size(); i-- > 0;) {
    if (cache_[i].first != rounded) continue;
    void* p = cache_[i].second;
    cache_.erase(cache_.begin() + static_cast<std::ptrdiff_t>(i));
    cached_bytes_ -= rounded;
    return p;
  }
  return nullptr;
}

bool Allocator::keep_cached(void* ptr, size_t rounded) noexcept {
  std::lock_guard<std::mutex> lock(cache_mu_);
  if (rounded > cache_limit_) return false;
  if (cache_.size() >= kMaxCachedBlocks) {
    unmap(cache_.front().second, cache_.front().first);
    cached_bytes_ -= cache_.front().first;
    cache_.erase(cache_.begin());
  }
  try {
    cache_.reserve(cache_.size() + 1);
  } catch (...) {
    return false;
  }
  // Room for the newest block: the oldest go first.
  while (cached_bytes_ + rounded > cache_limit_ && !cache_.empty()) {
    unmap(cache_.front().second, cache_.front().first);
    cached_bytes_ -= cache_.front().first;
    cache_.erase(cache_.begin());
  }
  cache_.emplace_back(rounded, ptr);
  cached_bytes_ += rounded;
  return true;
}

void Allocator::release_cached() noexcept {
  {
    std::lock_guard<std::mutex> lock(cache_mu_);
    for (auto& block : cache_) unmap(block.second, block.first);
    cache_.clear();
    cached_bytes_ = 0;
  }
  std::lock_guard<std::mutex> lock(small_mu_);
  for (auto& blocks : small_cache_) {
    for (void* p : blocks) std::free(p);
    blocks.clear();
  }
  small_cached_bytes_ = 0;
}

void* Allocator::allocate(size_t bytes) {
  if (bytes == 0) return nullptr;
  if (bytes > static_cast<size_t>(limit_)) {
    throw_error(Code::kResourceExhausted,
                "OOM when allocating " + std::to_string(bytes) + " bytes on " + name_ +
                    ": more than the machine's " + std::to_string(limit_) + " bytes of memory");
  }
  void* p = nullptr;
  if (bytes >= kCachedFrom) {
    // Large buffers on 2 MB pages, as NumPy's are: streaming through 4 KB pages costs a TLB miss
    // and a hardware-prefetch restart every 4 KB, about 1.5x the time of a 64 MB update or copy.
    // Medium ones (a training step's activations and gradients) are mapped and cached too: from
    // malloc, a freed block of a few hundred KB went back to the system (an munmap, or a trim of
    // the heap's top) and the next step faulted every page in again, 15% of a traced MLP step.
    const size_t rounded = mapped_size(bytes);
    const bool huge = bytes >= kHugeFrom;
    p = take_cached(rounded);
    if (p == nullptr) {
      p = huge ? map_huge(rounded) : map_medium(rounded);
      if (p == nullptr) {  // the cache's blocks may be what is missing
        release_cached();
        p = huge ? map_huge(rounded) : map_medium(rounded);
      }
    }
  } else if (bytes < kAlignment) {
    // Smaller than one vector, so no kernel can load it with aligned vector loads: malloc's own
    // 16-byte alignment serves, and skips posix_memalign's over-allocation and split, which
    // made a scalar's buffer (`v[1]`, a Python number staged for an op) cost twice a malloc.
    p = std::malloc(bytes);
  } else {
    const SmallClass size_class = small_class(bytes);
    {
      std::lock_guard<std::mutex> lock(small_mu_);
      std::vector<void*>& blocks = small_cache_[size_class.index];
      if (!blocks.empty()) {
        p = blocks.back();
        blocks.pop_back();
        small_cached_bytes_ -= size_class.rounded;
      }
    }
    // posix_memalign, not aligned_alloc: that one wants the size rounded up to the alignment,
    // which tripled the memory of a small variable (16 bytes of data in an 80-byte chunk).
    if (p == nullptr && posix_memalign(&p, kAlignment, size_class.rounded) != 0) p = nullptr;
  }
  if (p == nullptr) {
    throw_error(Code::kResourceExhausted,
                "OOM when allocating " + std::to_string(bytes) + " bytes on " + name_);
  }
  int64_t now = in_use_.fetch_add(static_cast<int64_t>(bytes), std::memory_order_relaxed) +
                static_cast<int64_t>(bytes);
  raise_max(peak_, now);
  raise_max(largest_, static_cast<int64_t>(bytes));
  allocs_.fetch_add(1, std::memory_order_relaxed);
  return p;
}

void Allocator::deallocate(void* ptr, size_t bytes) noexcept {
  if (ptr == nullptr) return;
  if (bytes < kAlignment) {
    std::free(ptr);
  } else if (bytes < kCachedFrom) {
    const SmallClass size_class = small_class(bytes);
    keep_small(ptr, size_class.rounded, size_class.index);
  } else if (!keep_cached(ptr, mapped_size(bytes))) {
    unmap(ptr, mapped_size(bytes));
  }
  in_use_.fetch_sub(static_cast<int64_t>(bytes), std::memory_order_relaxed);
}

void Allocator::keep_small(void* ptr, size_t rounded, size_t index) noexcept {
  {
    std::lock_guard<std::mutex> lock(small_mu_);
    if (small_cached_bytes_ + rounded <= small_cache_limit_) {
      try {
        small_cache_[index].push_back(ptr);
        small_cached_bytes_ += rounded;
        return;
      } catch (...) {  // no memory for the list: the block goes back to malloc
      }
    }
  }
  std::free(ptr);
}

AllocatorStats Allocator::stats() const {
  AllocatorStats s;
  s.bytes_in_use = in_use_.load(std::memory_order_relaxed);
  s.peak_bytes_in_use = peak_.load(std::memory_order_relaxed);
  s.num_allocs = allocs_.load(std::memory_order_relaxed);
  s.largest_alloc_size = largest_.load(std::memory_order_relaxed);
  s.bytes_limit = limit_;
  {
    std::lock_guard<std::mutex> lock(cache_mu_);
    s.bytes_cached = static_cast<int64_t>(cached_bytes_);
  }
  {
    std::lock_guard<std::mutex> lock(small_mu_);
    s.bytes_cached += static_cast<int64_t>(small_cached_bytes_);
  }
  return s;
}

void Allocator::reset_peak() noexcept {
  peak_.store(in_use_.load(std::memory_order_relaxed), std::memory_order_relaxed);
}

Allocator* Allocator::cpu() {
  // Leaked on purpose: tensors may be freed during static destruction (interpreter exit).
  static Allocator* a = new Allocator("cpu");
  return a;
}

}  // namespace varrt
