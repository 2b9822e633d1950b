#include "varrt/ops/indexing.h"

#include <vector>

#include "varrt/core/error.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace indexing {
void check_index_dtype(const char* op, DType dtype) {
  if (dtype == DType::kInt32 || dtype == DType::kInt64) return;
  throw_error(Code::kInvalidArgument,
              tf::op_error(op, tf::attr_value_error("Tindices", dtype, tf::not_in_allowed_values(op, "int32, int64")),
                           nullptr));
}

std::string slice_debug_string(const Shape& shape, int64_t flat) {
  const int rank = shape.rank();
  if (rank == 0) return "";
  if (rank == 1) return "[" + std::to_string(flat) + "]";
  std::vector<int64_t> position(static_cast<size_t>(rank));
  for (int i = rank - 1; i >= 0; --i) {
    int64_t d = shape.dim(i);
    position[static_cast<size_t>(i)] = d > 0 ? flat % d : 0;
    flat = d > 0 ? flat / d : 0;
  }
  std::string s = "[";
  for (int i = 0; i < rank; ++i) {
    if (i) s += ",";
    s += std::to_string(position[static_cast<size_t>(i)]);
  }
  return s + "]";
}

int64_t last_bad_nd_index(const IndexView& idx, int64_t n, int64_t depth, const Shape& shape) {
  int64_t bad = -1;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t d = 0; d < depth; ++d) {
      int64_t ix = idx[i * depth + d];
      if (ix < 0 || ix >= shape.dim(static_cast<int>(d))) {
        bad = i;
        break;
      }
    }
  }
  return bad;
}

void PlacedOp::fail(const std::string& message) const {
  throw_error(Code::kInvalidArgument, kernel_error(op, *device, message));
}

void check_row_indices(const PlacedOp& p, const Tensor& indices, int64_t rows) {
  const int64_t n = indices.num_elements();
  IndexView idx(indices);
  for (int64_t i = 0; i < n; ++i) {
    int64_t ix = idx[i];
    if (ix < 0 || ix >= rows) {
      p.fail("indices" + slice_debug_string(indices.shape(), i) + " = " + std::to_string(ix) + " is not in [0, " +
             std::to_string(rows) + ")");
    }
  }
}

}  // namespace indexing
}  // namespace varrt
