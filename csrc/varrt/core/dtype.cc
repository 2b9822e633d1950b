#include "varrt/core/dtype.h"

#include <complex>
#include <string>

namespace varrt {

size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::kBool:
    case DType::kInt8:
    case DType::kUInt8: return 1;
    case DType::kInt16:
    case DType::kUInt16:
    case DType::kFloat16:
    case DType::kBFloat16: return 2;
    case DType::kInt32:
    case DType::kUInt32:
    case DType::kFloat32: return 4;
    case DType::kInt64:
    case DType::kUInt64:
    case DType::kFloat64:
    case DType::kComplex64: return 8;
    case DType::kComplex128: return 16;
    case DType::kString: return sizeof(std::string);
    case DType::kResource:
    case DType::kInvalid: return 0;
  }
  return 0;
}

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float32";
    case DType::kFloat64: return "float64";
    case DType::kInt32: return "int32";
    case DType::kUInt8: return "uint8";
    case DType::kInt16: return "int16";
    case DType::kInt8: return "int8";
    case DType::kString: return "string";
    case DType::kComplex64: return "complex64";
    case DType::kInt64: return "int64";
    case DType::kBool: return "bool";
    case DType::kBFloat16: return "bfloat16";
    case DType::kUInt16: return "uint16";
    case DType::kComplex128: return "complex128";
    case DType::kFloat16: return "float16";
    case DType::kResource: return "resource";
    case DType::kUInt32: return "uint32";
    case DType::kUInt64: return "uint64";
    case DType::kInvalid: break;
  }
  return "invalid";
}

bool dtype_is_valid(int32_t value) {
  switch (static_cast<DType>(value)) {
    case DType::kFloat32:
    case DType::kFloat64:
    case DType::kInt32:
    case DType::kUInt8:
    case DType::kInt16:
    case DType::kInt8:
    case DType::kString:
    case DType::kComplex64:
    case DType::kInt64:
    case DType::kBool:
    case DType::kBFloat16:
    case DType::kUInt16:
    case DType::kComplex128:
    case DType::kFloat16:
    case DType::kUInt32:
    case DType::kUInt64: return true;
    default: return false;
  }
}

DType dtype_from_name(const std::string& name) {
  static const DType all[] = {
      DType::kFloat32, DType::kFloat64, DType::kInt32,     DType::kUInt8,      DType::kInt16,
      DType::kInt8,    DType::kString,  DType::kComplex64, DType::kInt64,      DType::kBool,
      DType::kBFloat16, DType::kUInt16, DType::kComplex128, DType::kFloat16,   DType::kUInt32,
      DType::kUInt64};
  for (DType d : all) {
    if (name == dtype_name(d)) return d;
  }
  return DType::kInvalid;
}

bool dtype_is_numeric(DType dtype) {
  return dtype_is_valid(static_cast<int32_t>(dtype)) && dtype != DType::kString &&
         dtype != DType::kBool;
}

}  // namespace varrt
