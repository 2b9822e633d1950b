// TensorFlow's names for element types as its C++ layer prints them in messages — the one
// home of these names: C++ messages use them directly, Python asks for them through
// bindings/errors.cc (varrt._C.tf).
#pragma once

#include <string>

#include "varrt/core/dtype.h"

namespace varrt {
namespace tf {

// TensorFlow's DataTypeString: "float", "double", "half" where it differs from the Python name
// (dtype_name()), otherwise the Python name: "int32", "string", "bfloat16", "bool", ...
const char* type_name(DType dtype);
// The DataType enum's name as attr dumps print it: "DT_FLOAT", "DT_INT32", "DT_BOOL", ...
std::string enum_name(DType dtype);

}  // namespace tf
}  // namespace varrt
