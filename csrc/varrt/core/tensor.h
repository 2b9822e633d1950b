// Tensor: dtype + shape + shared buffer.
//
// Immutable by convention: once a Tensor has been handed out (a read, a constant), nobody
// writes to its buffer. Writers (the variable kernels) write only into a buffer they hold
// uniquely (`buffer_is_unique()`), which is what makes reads copy-on-write safe. Copying a
// Tensor shares the buffer; `deep_copy` makes new memory. String tensors hold std::string
// elements. A tensor with zero elements may have a null data pointer.
//
// Every tensor has an id, new for each constructed tensor and kept by copies: the identity a
// gradient tape follows a value by (the dispatch gives each op output a fresh one, so an op
// that forwards its input's buffer, Identity or a variable read, still makes a new tensor).
//
// A tensor may belong to a graph: a graph being built gives its arguments, placeholders and node
// outputs stand-in values tagged with the graph's id (0: a value, as every eager tensor and
// every result of running a graph is). Copies, reshaped views and deep copies keep the tag,
// since they are the same stand-in; the dispatch refuses a tagged input outside its graph's build.
#pragma once

#include <cstdint>
#include <string>

#include "varrt/core/buffer.h"
#include "varrt/core/dtype.h"
#include "varrt/core/shape.h"

namespace varrt {

class Allocator;

class Tensor {
 public:
  Tensor() = default;
  Tensor(DType dtype, Shape shape, BufferRef buffer);

  // New memory from `allocator` (CPU:0's by default); contents uninitialised except
  // strings, which start empty.
  static Tensor allocate(DType dtype, const Shape& shape, Allocator* allocator = nullptr);
  // A tensor over memory owned elsewhere (see Buffer::borrow). The caller promises the
  // memory stays unchanged while the tensor is used as an input.
  static Tensor borrow(DType dtype, const Shape& shape, void* data, size_t bytes,
                       std::function<void()> release);
  // A tensor of a graph being built: its dtype and static shape (an unknown dimension is -1)
  // without a value, which exists only when the graph runs. It has no buffer; kernels never
  // see it (the graph recorder records the op instead of running it).
  static Tensor symbolic(DType dtype, const Shape& shape);
  bool is_symbolic() const { return (graph_bits_ & kSymbolicBit) != 0; }

  bool valid() const { return dtype_ != DType::kInvalid; }
  uint64_t id() const { return id_; }
  void renew_id() { id_ = next_id(); }
  // The graph the tensor belongs to (0: none, an eager value). Graph ids are below 2^31 (the
  // recorder's counter wraps within them): the id and the symbolic flag share the 32 bits beside
  // the dtype, so a tensor is no larger than an eager value needs.
  uint64_t graph() const { return graph_bits_ & ~kSymbolicBit; }
  void set_graph(uint64_t graph) {
    graph_bits_ = (graph_bits_ & kSymbolicBit) | (static_cast<uint32_t>(graph) & ~kSymbolicBit);
  }
  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int64_t num_elements() const { return num_elements_; }
  size_t byte_size() const { return static_cast<size_t>(num_elements_) * dtype_size(dtype_); }

  const void* data() const { return buffer_ ? buffer_->data() : nullptr; }
  template <class T>
  const T* data_as() const { return static_cast<const T*>(data()); }
  // Only for the holder of a unique buffer, or for a tensor still being filled.
  void* mutable_data() const { return buffer_ ? buffer_->data() : nullptr; }

  const BufferRef& buffer() const { return buffer_; }
  bool buffer_is_unique() const { return buffer_ && buffer_->is_unique(); }
  bool shares_buffer_with(const Tensor& other) const { return buffer_.get() == other.buffer_.get(); }

  Tensor deep_copy(Allocator* allocator = nullptr) const;
  // Same elements seen with another shape (no copy); element counts must match.
  Tensor reshaped(const Shape& shape) const;

 private:
  static uint64_t next_id();

  static constexpr uint32_t kSymbolicBit = 1u << 31;

  DType dtype_ = DType::kInvalid;
  uint32_t graph_bits_ = 0;  // the graph id, and kSymbolicBit for a tensor without a value
  uint64_t id_ = 0;
  Shape shape_;
  int64_t num_elements_ = 0;
  BufferRef buffer_;
};

}  // namespace varrt
