#include "varrt/core/tensor.h"

#include <atomic>

#include "varrt/core/copy.h"
#include "varrt/core/allocator.h"
#include "varrt/core/error.h"

namespace varrt {

uint64_t Tensor::next_id() {
  static std::atomic<uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

Tensor::Tensor(DType dtype, Shape shape, BufferRef buffer)
    : dtype_(dtype), id_(next_id()), shape_(std::move(shape)), buffer_(std::move(buffer)) {
  num_elements_ = shape_.num_elements();
  // byte_count, not byte_size(): a borrowed buffer's shape may claim more bytes than size_t holds.
  if (buffer_ && buffer_->size() < Buffer::byte_count(dtype_, num_elements_)) {
    throw_error(Code::kInternal, "buffer smaller than tensor of shape " + shape_.debug_string());
  }
}

Tensor Tensor::allocate(DType dtype, const Shape& shape, Allocator* allocator) {
  if (!dtype_is_valid(static_cast<int32_t>(dtype))) {
    throw_error(Code::kInvalidArgument, "cannot allocate a tensor of dtype " + std::string(dtype_name(dtype)));
  }
  int64_t n = shape.num_elements();
  return Tensor(dtype, shape, BufferRef(Buffer::allocate(allocator ? allocator : Allocator::cpu(), dtype, n)));
}

Tensor Tensor::borrow(DType dtype, const Shape& shape, void* data, size_t bytes,
                      std::function<void()> release) {
  return Tensor(dtype, shape, BufferRef(Buffer::borrow(data, bytes, std::move(release))));
}

Tensor Tensor::symbolic(DType dtype, const Shape& shape) {
  Tensor t;
  t.dtype_ = dtype;
  t.id_ = next_id();
  t.shape_ = shape;
  bool known = true;
  for (int i = 0; i < shape.rank(); ++i) known = known && shape.dim(i) >= 0;
  t.num_elements_ = known ? shape.num_elements() : -1;
  t.graph_bits_ = kSymbolicBit;
  return t;
}

Tensor Tensor::deep_copy(Allocator* allocator) const {
  Tensor out = allocate(dtype_, shape_, allocator);
  copy_elements_to_new(dtype_, data(), out.mutable_data(), num_elements_);
  out.set_graph(graph());
  return out;
}

Tensor Tensor::reshaped(const Shape& shape) const {
  if (shape.num_elements() != num_elements_) {
    throw_error(Code::kInvalidArgument, "Input to reshape is a tensor with " + std::to_string(num_elements_) +
                                            " values, but the requested shape has " +
                                            std::to_string(shape.num_elements()));
  }
  Tensor out(dtype_, shape, buffer_);
  out.set_graph(graph());
  return out;
}

}  // namespace varrt
