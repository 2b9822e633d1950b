#include "varrt/core/buffer.h"

#include <new>
#include <string>

#include "varrt/core/allocator.h"
#include "varrt/core/error.h"

namespace varrt {

struct BorrowedBuffer final : Buffer {
  std::function<void()> release;
};

size_t Buffer::byte_count(DType dtype, int64_t num_elements) {
  size_t elem = dtype_size(dtype);
  if (num_elements < 0) throw_error(Code::kInvalidArgument, "negative element count");
  size_t bytes;
  // A checked multiply, not a division: every Tensor construction passes here.
  if (__builtin_mul_overflow(static_cast<size_t>(num_elements), elem, &bytes)) {
    throw_error(Code::kResourceExhausted, "tensor of " + std::to_string(num_elements) +
                                              " elements does not fit in memory");
  }
  return bytes;
}

Buffer* Buffer::allocate(Allocator* allocator, DType dtype, int64_t num_elements) {
  size_t bytes = byte_count(dtype, num_elements);
  // The Buffer first: if its own allocation failed after the data's, the data (and the
  // allocator's counters) would leak.
  Buffer* b = new Buffer();
  try {
    b->data_ = allocator->allocate(bytes);
  } catch (...) {
    delete b;
    throw;
  }
  b->bytes_ = bytes;
  b->allocator_ = allocator;
  if (dtype == DType::kString) {
    auto* s = static_cast<std::string*>(b->data_);
    for (int64_t i = 0; i < num_elements; ++i) new (s + i) std::string();
    b->strings_ = num_elements;
  }
  return b;
}

Buffer* Buffer::borrow(void* data, size_t bytes, std::function<void()> release) {
  auto* b = new BorrowedBuffer();
  b->data_ = data;
  b->bytes_ = bytes;
  b->release = std::move(release);
  return b;
}

void Buffer::unref() const noexcept {
  if (refs_.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  if (owned()) {
    delete this;
  } else {
    auto* borrowed = static_cast<const BorrowedBuffer*>(this);
    if (borrowed->release) borrowed->release();
    delete borrowed;
  }
}

Buffer::~Buffer() {
  if (strings_ > 0) {
    auto* s = static_cast<std::string*>(data_);
    for (int64_t i = 0; i < strings_; ++i) s[i].~basic_string();
  }
  if (allocator_ != nullptr) allocator_->deallocate(data_, bytes_);  // a borrowed buffer's release runs in unref
}

}  // namespace varrt
