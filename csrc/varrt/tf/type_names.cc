#include "varrt/tf/type_names.h"

namespace varrt {
namespace tf {

const char* type_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
    case DType::kFloat16: return "half";
    default: break;
  }
  // TensorFlow's DataTypes that varrt names but holds no tensors of (tf.qint8, tf.variant, ...):
  // not in DType, whose values are the ones tensors have.
  switch (static_cast<int32_t>(dtype)) {
    case 11: return "qint8";
    case 12: return "quint8";
    case 13: return "qint32";
    case 15: return "qint16";
    case 16: return "quint16";
    case 21: return "variant";
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
