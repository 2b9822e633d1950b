// Helpers shared by the indexed variable ops (gather, scatter, strided-slice assign): index
// tensors of either integer width, TensorFlow's index and shape wording in messages, and
// access to a live, initialised Var.
#pragma once

#include "varrt/device/executor.h"
#include "varrt/resource/var_access.h"
#include "varrt/tf/messages.h"

#include <cstdint>
#include <string>

#include "varrt/device/device.h"
#include "varrt/resource/resource_mgr.h"
#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace indexing {

// Read access to an int32 or int64 index tensor without converting it.
class IndexView {
 public:
  explicit IndexView(const Tensor& indices)
      : data_(indices.data()), is64_(indices.dtype() == DType::kInt64) {}
  int64_t operator[](int64_t i) const {
    return is64_ ? static_cast<const int64_t*>(data_)[i] : static_cast<const int32_t*>(data_)[i];
  }

 private:
  const void* data_;
  bool is64_;
};

// The last of `n` index vectors (each `depth` long, in `idx`) with a component outside
// `shape`'s leading dimensions, or -1. TensorFlow's nd kernels check every index and report
// the last bad one.
int64_t last_bad_nd_index(const IndexView& idx, int64_t n, int64_t depth, const Shape& shape);

// Index tensors must be int32 or int64 (TensorFlow's Tindices attr); throws InvalidArgument
// with TensorFlow's attr message otherwise.
void check_index_dtype(const char* op, DType dtype);

// TensorFlow's SliceDebugString: "" for rank 0, "[i]" for rank 1, "[i,j,...]" for the
// multi-index of flat position `flat` in `shape` otherwise.
std::string slice_debug_string(const Shape& shape, int64_t flat);

// The indexed ops report errors without " name: " (see tf/messages.h), as TensorFlow does
// when their indices come as Python lists; with tensor arguments it adds " name: ", which
// these ops do not know about yet.
inline std::string kernel_error(const char* op, const Device& device, const std::string& message) {
  return tf::kernel_error(op, device.name, message, nullptr);
}
// An `updates`/`value` input (#`input`) of another dtype than the variable's.
inline std::string input_dtype_error(const char* op, int input, DType want, DType got) {
  return tf::op_error(op, tf::input_dtype_mismatch(op, input, want, got), nullptr);
}

// A variable placed for an indexed op `op`; fail() raises the op's kernel error.
struct PlacedOp {
  const char* op;
  Var* var;
  const Device* device;
  [[noreturn]] void fail(const std::string& message) const;
};

// Every index in [0, rows), else TensorFlow's "indices[i] = x is not in [0, rows)" (the first
// bad one, as the gather and scatter kernels report it).
void check_row_indices(const PlacedOp& p, const Tensor& indices, int64_t rows);

using varrt::live_var;
using varrt::require_initialized;

// `bytes`-sized element `i` of an array (dtype_size() of the element type).
inline char* element(void* base, size_t item, int64_t i) {
  return static_cast<char*>(base) + static_cast<int64_t>(item) * i;
}
inline const char* element(const void* base, size_t item, int64_t i) {
  return static_cast<const char*>(base) + static_cast<int64_t>(item) * i;
}

}  // namespace indexing
}  // namespace varrt
