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
// The texts of two reads that fail; TensorFlow's next step always takes over from them (ints
// then read as int64, or as doubles), so no conversion ends with them, but every failure has its text.
const char kFoundFloat[] = "Can't convert Python sequence with floating point values to integer Tensor.";
const char kFoundInt64[] = "Can't convert Python sequence with out-of-range integer to int32 Tensor.";

void Leaves::clear() {
  dims.clear();
  leaves_.clear();
  strings_used_ = 0;
  kinds_ = 0;
  unsupported_ = 0;
  int_min_ = int_max_ = 0;
  int_above_int64_ = int_beyond_ = float_beyond_float32_ = false;
  first_unsupported_ = numpy_float_ = false;
  first_numpy_float_ = read_as_ = DType::kInvalid;
}

void Leaves::add_string(const char* data, size_t size) {
  if (strings_used_ == strings_.size()) strings_.emplace_back();
  strings_[strings_used_].assign(data, size);
  push(kString).i = static_cast<int64_t>(strings_used_++);
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

bool is_complex(DType d) { return d == DType::kComplex64 || d == DType::kComplex128; }

// TensorFlow's IsCompatible(desired, returned): the casts ConvertToEagerTensorUncached makes
// from the dtype the elements were read as to the requested one (bool and string cast to
// nothing else).
bool castable(DType want, DType from) {
  if (want == from) return true;
  bool numeric = is_integer(from) || is_floating(from);
  if (is_integer(want)) return is_integer(from);
  if (is_floating(want)) return numeric;
  if (is_complex(want)) return numeric || is_complex(from);
  return false;
}

// How one of TensorFlow's converters (ConverterTraits<T>::ConvertScalar) reads one element.
enum class Read : uint8_t { kOk, kMixed, kFoundFloat, kFoundInt64, kIntOutOfRange, kOutOfRangeDouble };

const char* message(Read r) {
  switch (r) {
    case Read::kFoundFloat: return kFoundFloat;
    case Read::kFoundInt64: return kFoundInt64;
    case Read::kIntOutOfRange: return kIntOutOfRange;
    case Read::kOutOfRangeDouble: return kFloatOutOfRange;
    default: return kMixedTypes;
  }
}

bool has_converter(DType d) {
  switch (d) {
    case DType::kFloat32: case DType::kFloat64: case DType::kFloat16: case DType::kInt64: case DType::kInt32:
    case DType::kUInt64: case DType::kComplex128: case DType::kString: case DType::kBool: return true;
    default: return false;
  }
}

// PyLong_Check: Python ints and bools (NumPy ints arrive as ints).
bool python_int(const Leaf& leaf) { return leaf.kind == kInt || (leaf.kind == kBool && !leaf.numpy); }

// ConvertOneFloat: a Python float that overflows `as` fails; an int is read by PyLong_AsDouble,
// which fails only beyond double, and is not checked against `as`.
Read read_float(const Leaf& leaf, DType as) {
  if (leaf.kind == kFloat) {
    if (as == DType::kFloat64 || !std::isfinite(leaf.re)) return Read::kOk;
    float f = static_cast<float>(leaf.re);
    bool inf = as == DType::kFloat32 ? std::isinf(f) : std::isinf(half_to_float(float_to_half(f)));
    return inf ? Read::kOutOfRangeDouble : Read::kOk;
  }
  if (python_int(leaf)) {
    return leaf.range == IntRange::kBeyond && std::isinf(leaf.re) ? Read::kOutOfRangeDouble : Read::kOk;
  }
  return Read::kMixed;
}

// The int64, int32 and uint64 converters.
Read read_integer(const Leaf& leaf, DType as) {
  if (!python_int(leaf)) return leaf.kind == kFloat ? Read::kFoundFloat : Read::kMixed;
  if (as == DType::kUInt64) {
    if (leaf.range == IntRange::kUInt64 || (leaf.range == IntRange::kInt64 && leaf.i >= 0)) return Read::kOk;
    throw_value_error(kIntOutOfRange);  // TensorFlow's SystemError (see the header)
  }
  if (leaf.range != IntRange::kInt64) return Read::kIntOutOfRange;
  if (as == DType::kInt32 && (leaf.i < INT32_MIN || leaf.i > INT32_MAX)) return Read::kFoundInt64;
  return Read::kOk;
}

Read read_one(const Leaf& leaf, DType as) {
  switch (as) {
    case DType::kFloat16: case DType::kFloat32: case DType::kFloat64: return read_float(leaf, as);
    case DType::kInt32: case DType::kInt64: case DType::kUInt64: return read_integer(leaf, as);
    case DType::kComplex128: return leaf.kind == kComplex ? Read::kOk : read_float(leaf, DType::kFloat64);
    case DType::kString: return leaf.kind == kString ? Read::kOk : Read::kMixed;
    case DType::kBool: return leaf.kind == kBool ? Read::kOk : Read::kMixed;
    default: return Read::kMixed;
  }
}

// Every element read as `as`: the first failure (Converter<T>::Helper stops there).
Read read_all(const Leaves& leaves, DType as) {
  for (size_t k = 0; k < leaves.size(); ++k) {
    Read r = read_one(leaves[k], as);
    if (r != Read::kOk) return r;
  }
  return Read::kOk;
}

bool single_kind(uint8_t kinds) { return (kinds & (kinds - 1)) == 0; }

// InferShapeAndType's dtype of the first element: its converter reads the elements when no
// dtype is requested, or when the requested dtype's own converter fails. `numpy_float`: the
// first element's NumPy floating type (kInvalid for a Python float).
DType first_element_dtype(const Leaf& first, DType numpy_float) {
  switch (first.kind) {
    case kBool: return DType::kBool;
    case kInt: return DType::kInt64;
    case kComplex: return DType::kComplex128;
    case kString: return DType::kString;
    default:
      return numpy_float == DType::kFloat64 || numpy_float == DType::kFloat16 ? numpy_float : DType::kFloat32;
  }
}

// A list of one kind without NumPy floats: every element reads alike, so the kinds and ranges
// the adders gathered decide (TensorFlow's converters would read each element to the same end).
DType infer_single_kind(uint8_t kinds, bool int_beyond, bool int_above_int64, bool float_beyond_float32,
                        int64_t int_min, int64_t int_max) {
  switch (kinds) {
    case 0: return DType::kFloat32;  // []
    case kString: return DType::kString;
    case kBool: return DType::kBool;
    case kComplex: return DType::kComplex128;
    case kFloat:
      if (float_beyond_float32) throw_value_error(kFloatOutOfRange);
      return DType::kFloat32;
    default:  // kInt
      if (int_beyond || int_above_int64) throw_value_error(kIntOutOfRange);
      return int_min >= INT32_MIN && int_max <= INT32_MAX ? DType::kInt32 : DType::kInt64;
  }
}

// An element as double (the value NumPy's object cast reads: float(x)).
double real_of(const Leaf& leaf) {
  if (leaf.kind == kFloat || leaf.kind == kComplex) return leaf.re;
  if (leaf.kind == kInt) {
    if (leaf.range == IntRange::kBeyond) {
      if (std::isinf(leaf.re)) throw_value_error(kIntOutOfRange);
      return leaf.re;
    }
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

// An element as a T, read as the converter of `via` reads it, then cast (TensorFlow's Cast:
// an integer converts to T directly, a value read as half is rounded to half first).
template <class T>
T real_as(const Leaf& leaf, DType via) {
  if (via == DType::kUInt64) return static_cast<T>(static_cast<uint64_t>(leaf.i));
  if (is_integer(via)) return static_cast<T>(leaf.i);
  double d = real_of(leaf);
  if (via == DType::kFloat32) return static_cast<T>(static_cast<float>(d));
  if (via == DType::kFloat16) return static_cast<T>(half_to_float(float_to_half(static_cast<float>(d))));
  return static_cast<T>(d);
}

template <class T>
void fill_reals(const Leaves& leaves, DType via, T* d) {
  if (leaves.kinds() == kFloat && (via == DType::kFloat64 || (std::is_same<T, float>::value && via == DType::kFloat32))) {
    // the common case, without a branch per element (float32 read as double rounds alike)
    for (size_t k = 0; k < leaves.size(); ++k) d[k] = static_cast<T>(leaves[k].re);
    return;
  }
  for (size_t k = 0; k < leaves.size(); ++k) d[k] = real_as<T>(leaves[k], via);
}

template <uint16_t (*FromFloat)(float)>
void fill_halves(const Leaves& leaves, DType via, uint16_t* d) {
  for (size_t k = 0; k < leaves.size(); ++k) d[k] = FromFloat(real_as<float>(leaves[k], via));
}

template <class T>
void fill_complex(const Leaves& leaves, DType via, std::complex<T>* d) {
  for (size_t k = 0; k < leaves.size(); ++k) {
    const Leaf& leaf = leaves[k];
    d[k] = std::complex<T>(real_as<T>(leaf, via), static_cast<T>(leaf.kind == kComplex ? leaf.im : 0.0));
  }
}

}  // namespace

DType resolve_dtype(Leaves& leaves, DType want) {
  uint8_t kinds = leaves.kinds_;
  leaves.read_as_ = DType::kInvalid;
  if (leaves.unsupported_ > 0) throw_value_error(kMixedTypes);  // first_unsupported() is the caller's
  if (want == DType::kInvalid && single_kind(kinds) && !leaves.numpy_float_) {
    return infer_single_kind(kinds, leaves.int_beyond_, leaves.int_above_int64_, leaves.float_beyond_float32_,
                             leaves.int_min_, leaves.int_max_);
  }
  // Empty: a tensor of `want`. Else `want`'s own converter, when it has one and it reads all.
  if (want != DType::kInvalid &&
      (leaves.size() == 0 || (has_converter(want) && read_all(leaves, want) == Read::kOk))) {
    return want;
  }
  // Else the converter of the dtype inferred from the first element.
  DType as = first_element_dtype(leaves[0], leaves.first_numpy_float_);
  Read r;
  if (want == DType::kInvalid && as == DType::kInt64) {
    // int32, int64 from the first int that needs it, float32 from the first float
    as = DType::kInt32;
    r = read_all(leaves, as);
    if (r == Read::kFoundInt64) {
      as = DType::kInt64;
      r = read_all(leaves, as);
    }
    if (r == Read::kFoundFloat) {
      as = DType::kFloat32;
      r = read_all(leaves, as);
    }
  } else {
    // For a cast to `want`, floats are read as doubles, ints as int64 (doubles when a float follows).
    if (want != DType::kInvalid && as == DType::kFloat32) as = DType::kFloat64;
    r = read_all(leaves, as);
    if (r == Read::kFoundFloat) {
      as = DType::kFloat64;
      r = read_all(leaves, as);
    }
  }
  if (r != Read::kOk) throw_value_error(message(r));
  if (want == DType::kInvalid) {
    leaves.read_as_ = as;
    return as;
  }
  if (!castable(want, as)) return DType::kInvalid;
  leaves.read_as_ = as;
  return want;
}

void fill(const Leaves& leaves, DType dtype, void* dst) {
  const DType via = leaves.read_as_ == DType::kInvalid ? dtype : leaves.read_as_;
  switch (dtype) {
    case DType::kFloat32: return fill_reals(leaves, via, static_cast<float*>(dst));
    case DType::kFloat64: return fill_reals(leaves, via, static_cast<double*>(dst));
    case DType::kFloat16: return fill_halves<float_to_half>(leaves, via, static_cast<uint16_t*>(dst));
    case DType::kBFloat16: return fill_halves<float_to_bfloat16>(leaves, via, static_cast<uint16_t*>(dst));
    case DType::kInt8: return fill_integers(leaves, static_cast<int8_t*>(dst));
    case DType::kInt16: return fill_integers(leaves, static_cast<int16_t*>(dst));
    case DType::kInt32: return fill_integers(leaves, static_cast<int32_t*>(dst));
    case DType::kInt64: return fill_integers(leaves, static_cast<int64_t*>(dst));
    case DType::kUInt8: return fill_integers(leaves, static_cast<uint8_t*>(dst));
    case DType::kUInt16: return fill_integers(leaves, static_cast<uint16_t*>(dst));
    case DType::kUInt32: return fill_integers(leaves, static_cast<uint32_t*>(dst));
    case DType::kUInt64: return fill_integers(leaves, static_cast<uint64_t*>(dst));
    case DType::kComplex64: return fill_complex(leaves, via, static_cast<std::complex<float>*>(dst));
    case DType::kComplex128: return fill_complex(leaves, via, static_cast<std::complex<double>*>(dst));
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
