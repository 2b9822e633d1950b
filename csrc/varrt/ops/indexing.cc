#include "varrt/ops/indexing.h"

#include <vector>

#include "varrt/core/error.h"

namespace varrt {
namespace indexing {
namespace {

// TensorFlow's kernel-message names ("float", "double", "half") where they differ from Python's.
const char* core_type_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
    case DType::kFloat16: return "half";
    default: return dtype_name(dtype);
  }
}

}  // namespace

void check_index_dtype(const char* op, DType dtype) {
  if (dtype == DType::kInt32 || dtype == DType::kInt64) return;
  throw_error(Code::kInvalidArgument, std::string("Value for attr 'Tindices' of ") + core_type_name(dtype) +
                                          " is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node " +
                                          op + "}} [Op:" + op + "]");
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

std::string input_dtype_error(const char* op, int input, DType want, DType got) {
  return std::string("cannot compute ") + op + " as input #" + std::to_string(input) +
         "(zero-based) was expected to be a " + core_type_name(want) + " tensor but is a " + core_type_name(got) +
         " tensor [Op:" + op + "]";
}

std::string dtype_attr_error(const char* op, DType dtype) {
  return std::string("Value for attr 'dtype' of ") + core_type_name(dtype) +
         " is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, "
         "qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n\t; "
         "NodeDef: {{node " + op + "}} [Op:" + op + "]";
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

}  // namespace indexing
}  // namespace varrt
