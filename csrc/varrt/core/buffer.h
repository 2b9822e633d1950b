// Buffer: a reference-counted block of tensor memory.
//
// Ownership: a Buffer either owns memory from an Allocator (freed, and string elements
// destroyed, when the last reference goes) or borrows external memory kept alive by a
// release callback (a NumPy array the bindings view without copying; not counted by any
// allocator). The reference count is intrusive so that copy-on-write can ask "is anyone
// else holding this?" with an acquire load (`is_unique()`), which pairs with the release
// decrement of the last other holder: a writer that sees 1 may write in place.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "varrt/core/dtype.h"

namespace varrt {

class Allocator;

class Buffer {
 public:
  // Allocates room for `num_elements` of `dtype`; string elements are constructed empty,
  // other memory is left uninitialised.
  static Buffer* allocate(Allocator* allocator, DType dtype, int64_t num_elements);
  // The bytes of `num_elements` of `dtype`, multiplied without overflow: ResourceExhausted
  // when they exceed size_t (no such tensor fits in memory), InvalidArgument when negative.
  static size_t byte_count(DType dtype, int64_t num_elements);
  // Wraps memory owned elsewhere; `release` runs when the last reference goes.
  static Buffer* borrow(void* data, size_t bytes, std::function<void()> release);

  void* data() const { return data_; }
  size_t size() const { return bytes_; }
  Allocator* allocator() const { return allocator_; }
  bool owned() const { return allocator_ != nullptr; }

  void ref() const noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void unref() const noexcept;
  bool is_unique() const noexcept { return refs_.load(std::memory_order_acquire) == 1; }

 private:
  Buffer() = default;
  ~Buffer();

  friend struct BorrowedBuffer;  // buffer.cc: a borrowed buffer, which also holds its release callback

  // 40 bytes: every variable has one, so a borrowed buffer's callback lives in the subclass.
  void* data_ = nullptr;
  size_t bytes_ = 0;
  int64_t strings_ = 0;  // number of std::string elements to destroy
  Allocator* allocator_ = nullptr;  // null: borrowed
  mutable std::atomic<int32_t> refs_{1};
};

// Smart pointer over Buffer's intrusive count.
class BufferRef {
 public:
  BufferRef() = default;
  explicit BufferRef(Buffer* adopt) noexcept : p_(adopt) {}  // takes over one reference
  BufferRef(const BufferRef& o) noexcept : p_(o.p_) { if (p_) p_->ref(); }
  BufferRef(BufferRef&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  BufferRef& operator=(BufferRef o) noexcept { std::swap(p_, o.p_); return *this; }
  ~BufferRef() { if (p_) p_->unref(); }

  Buffer* get() const { return p_; }
  Buffer* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  // Gives up ownership of one reference (for handing to a C or Python owner).
  Buffer* release() noexcept { return std::exchange(p_, nullptr); }

 private:
  Buffer* p_ = nullptr;
};

}  // namespace varrt
