// Element types. The numeric values are TensorFlow's DataType enum, so checkpoints (whose
// BundleEntryProto stores the enum) need no translation table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace varrt {

enum class DType : int32_t {
  kInvalid = 0,
  kFloat32 = 1,
  kFloat64 = 2,
  kInt32 = 3,
  kUInt8 = 4,
  kInt16 = 5,
  kInt8 = 6,
  kString = 7,
  kComplex64 = 8,
  kInt64 = 9,
  kBool = 10,
  kBFloat16 = 14,
  kUInt16 = 17,
  kComplex128 = 18,
  kFloat16 = 19,
  kResource = 20,
  kUInt32 = 22,
  kUInt64 = 23,
};

// Bytes per element; for kString the size of the in-memory element (std::string).
size_t dtype_size(DType dtype);
// TensorFlow's Python name: "float32", "bfloat16", "string", ...; "invalid" for unknown.
// (The names TensorFlow's C++ layer prints in messages are tf::type_name's, varrt/tf/.)
const char* dtype_name(DType dtype);
// Parses dtype_name()'s names; returns kInvalid for anything else.
DType dtype_from_name(const std::string& name);
// True for the enum values varrt stores in tensors (not kInvalid, not kResource).
bool dtype_is_valid(int32_t value);
// Types the arithmetic updates (assign_add/assign_sub) accept.
bool dtype_is_numeric(DType dtype);

}  // namespace varrt
