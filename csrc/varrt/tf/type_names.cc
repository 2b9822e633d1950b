#include "varrt/tf/type_names.h"

namespace varrt {
namespace tf {

const char* type_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
    case DType::kFloat16: return "half";
    default: return dtype_name(dtype);
  }
}

std::string enum_name(DType dtype) {
  std::string name = type_name(dtype);  // DT_FLOAT, not DT_FLOAT32: the enum follows DataTypeString
  for (char& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return "DT_" + name;
}

}  // namespace tf
}  // namespace varrt
