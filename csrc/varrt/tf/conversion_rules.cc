#include "varrt/tf/conversion_rules.h"

#include <cfloat>
#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/tf/type_names.h"

namespace varrt {
namespace tf {

const char kNonRectangular[] = "Can't convert non-rectangular Python sequence to Tensor.";
const char kMixedTypes[] = "Can't convert Python sequence with mixed types to Tensor.";
const char kIntOutOfRange[] = "Can't convert Python sequence with out-of-range integer to Tensor.";
// TensorFlow's text, although the value is out of range for float32 (it reads doubles first).
const char kFloatOutOfRange[] = "Can't convert Python sequence with a value out of range for a double-precision float.";
const char kBadUnicode[] = "Error converting unicode string while converting Python sequence to Tensor.";
const char kNumpyBadUnicode[] = "Failed to convert a NumPy array to a Tensor (Unable to convert element to UTF-8).";

void Leaves::clear() {
  dims.clear();
  leaves_.clear();
  strings_used_ = 0;
  kinds_ = 0;
  unsupported_ = 0;
  int_min_ = int_max_ = 0;
  int_above_int64_ = int_beyond_ = float_beyond_float32_ = false;
  numpy_float_ = DType::kInvalid;
}

void Leaves::add_string(const char* data, size_t size) {
  if (strings_used_ == strings_.size()) strings_.emplace_back();
  strings_[strings_used_].assign(data, size);
  push(kString).i = static_cast<int64_t>(strings_used_++);
}

DType promote_numpy_floats(DType a, DType b) {
  if (a == DType::kInvalid || a == b) return b;
  auto rank = [](DType d) { return d == DType::kFloat64 ? 3 : d == DType::kFloat32 ? 2 : 1; };
  if (rank(a) == 1 && rank(b) == 1) return DType::kFloat32;  // float16 with bfloat16
  return rank(a) >= rank(b) ? a : b;
}

namespace {

bool is_integer(DType d) {
  switch (d) {
    case DType::kInt8: case DType::kInt16: case DType::kInt32: case DType::kInt64:
    case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64: return true;
    default: return false;
  }
}

bool is_floating(DType d) {
  return d == DType::kFloat16 || d == DType::kBFloat16 || d == DType::kFloat32 || d == DType::kFloat64;
}

bool accepts(uint8_t kinds, DType want) {
  if (want == DType::kString) return (kinds & ~kString) == 0;
  if (want == DType::kBool) return (kinds & ~kBool) == 0;
  if (kinds & kString) return false;
  if (is_integer(want)) return (kinds & ~(kBool | kInt)) == 0;
  if (is_floating(want)) return !(kinds & kComplex);
  return want == DType::kComplex64 || want == DType::kComplex128;
}

bool single_kind(uint8_t kinds) { return (kinds & (kinds - 1)) == 0; }

// An element as double (the value NumPy's object cast reads: float(x)).
double real_of(const Leaf& leaf) {
  if (leaf.kind == kFloat || leaf.kind == kComplex) return leaf.re;
  if (leaf.kind == kInt) {
    if (leaf.range == IntRange::kBeyond) throw_value_error(kIntOutOfRange);
    if (leaf.range == IntRange::kUInt64) return static_cast<double>(static_cast<uint64_t>(leaf.i));
  }
  return static_cast<double>(leaf.i);
}

// Integers as TensorFlow reads them (int64; uint64 for a uint64 tensor), wrapped to T.
template <class T>
void fill_integers(const Leaves& leaves, T* d) {
  constexpr bool kUInt64 = std::is_same<T, uint64_t>::value;
  for (size_t k = 0; k < leaves.size(); ++k) {
    const Leaf& leaf = leaves[k];
    bool fits = leaf.range == IntRange::kInt64 ? (!kUInt64 || leaf.kind == kBool || leaf.i >= 0)
                                               : (kUInt64 && leaf.range == IntRange::kUInt64);
    if (!fits) throw_value_error(kIntOutOfRange);
    d[k] = static_cast<T>(static_cast<uint64_t>(leaf.i));  // modulo 2^bits
  }
}

template <class T>
void fill_reals(const Leaves& leaves, T* d) {
  if (leaves.kinds() == kFloat) {  // the common case, without a branch per element
    for (size_t k = 0; k < leaves.size(); ++k) d[k] = static_cast<T>(leaves[k].re);
    return;
  }
  for (size_t k = 0; k < leaves.size(); ++k) d[k] = static_cast<T>(real_of(leaves[k]));
}

template <uint16_t (*FromFloat)(float)>
void fill_halves(const Leaves& leaves, uint16_t* d) {
  for (size_t k = 0; k < leaves.size(); ++k) d[k] = FromFloat(static_cast<float>(real_of(leaves[k])));
}

template <class T>
void fill_complex(const Leaves& leaves, std::complex<T>* d) {
  for (size_t k = 0; k < leaves.size(); ++k) {
    const Leaf& leaf = leaves[k];
    d[k] = std::complex<T>(static_cast<T>(real_of(leaf)), static_cast<T>(leaf.kind == kComplex ? leaf.im : 0.0));
  }
}

}  // namespace

DType resolve_dtype(const Leaves& leaves, DType want) {
  uint8_t kinds = leaves.kinds_;
  if (leaves.unsupported_ > 0) throw_value_error(kMixedTypes);  // all_unsupported() is the caller's
  if (!single_kind(kinds) && (kinds & (kString | kBool))) throw_value_error(kMixedTypes);
  if (want != DType::kInvalid) return kinds == 0 || accepts(kinds, want) ? want : DType::kInvalid;
  if (kinds == 0) return DType::kFloat32;
  if (kinds == kString) return DType::kString;
  if (kinds == kBool) return DType::kBool;
  if (kinds & kComplex) return DType::kComplex128;
  if (leaves.numpy_float_ != DType::kInvalid) return leaves.numpy_float_;
  if (kinds & kFloat) {
    if (leaves.float_beyond_float32_ || leaves.int_beyond_) throw_value_error(kFloatOutOfRange);
    return DType::kFloat32;
  }
  if (leaves.int_beyond_ || leaves.int_above_int64_) throw_value_error(kIntOutOfRange);
  return leaves.int_min_ >= INT32_MIN && leaves.int_max_ <= INT32_MAX ? DType::kInt32 : DType::kInt64;
}

void fill(const Leaves& leaves, DType dtype, void* dst) {
  switch (dtype) {
    case DType::kFloat32: return fill_reals(leaves, static_cast<float*>(dst));
    case DType::kFloat64: return fill_reals(leaves, static_cast<double*>(dst));
    case DType::kFloat16: return fill_halves<float_to_half>(leaves, static_cast<uint16_t*>(dst));
    case DType::kBFloat16: return fill_halves<float_to_bfloat16>(leaves, static_cast<uint16_t*>(dst));
    case DType::kInt8: return fill_integers(leaves, static_cast<int8_t*>(dst));
    case DType::kInt16: return fill_integers(leaves, static_cast<int16_t*>(dst));
    case DType::kInt32: return fill_integers(leaves, static_cast<int32_t*>(dst));
    case DType::kInt64: return fill_integers(leaves, static_cast<int64_t*>(dst));
    case DType::kUInt8: return fill_integers(leaves, static_cast<uint8_t*>(dst));
    case DType::kUInt16: return fill_integers(leaves, static_cast<uint16_t*>(dst));
    case DType::kUInt32: return fill_integers(leaves, static_cast<uint32_t*>(dst));
    case DType::kUInt64: return fill_integers(leaves, static_cast<uint64_t*>(dst));
    case DType::kComplex64: return fill_complex(leaves, static_cast<std::complex<float>*>(dst));
    case DType::kComplex128: return fill_complex(leaves, static_cast<std::complex<double>*>(dst));
    case DType::kBool: {
      auto* d = static_cast<uint8_t*>(dst);
      for (size_t k = 0; k < leaves.size(); ++k) d[k] = leaves[k].i != 0;
      return;
    }
    case DType::kString: {
      auto* d = static_cast<std::string*>(dst);
      for (size_t k = 0; k < leaves.size(); ++k) d[k] = leaves.string(leaves[k]);
      return;
    }
    default: throw_error(Code::kInternal, std::string("no conversion into ") + dtype_name(dtype));
  }
}

std::string unsupported_value_message(const std::string& value_repr, const std::string& type_repr) {
  return "Attempt to convert a value (" + value_repr + ") with an unsupported type (" + type_repr + ") to a Tensor.";
}

std::string cannot_convert_message(const std::string& value_repr, DType dtype) {
  return "Cannot convert " + value_repr + " to EagerTensor of dtype " + core_type_name(dtype);
}

std::string unsupported_numpy_type_message(char type_char, char kind, const std::string& name) {
  auto by_char = [](char c) -> const char* {
    switch (c) {
      case 'g': return "NPY_LONGDOUBLE";
      case 'G': return "NPY_CLONGDOUBLE";
      case 'M': return "NPY_DATETIME";
      case 'm': return "NPY_TIMEDELTA";
      case 'V': return "NPY_VOID";
      default: return nullptr;
    }
  };
  const char* known = by_char(type_char);
  if (known == nullptr) known = by_char(kind);
  std::string type_name = known ? known : "NPY_" + name;
  for (char& c : type_name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return "Failed to convert a NumPy array to a Tensor (Unsupported numpy type: " + type_name + ").";
}

std::string unsupported_object_message(const std::string& type_name) {
  return "Failed to convert a NumPy array to a Tensor (Unsupported object type " + type_name + ").";
}

const char* core_type_name(DType dtype) { return type_name(dtype); }

}  // namespace tf
}  // namespace varrt
