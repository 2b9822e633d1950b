// TensorFlow's rules for turning Python values into tensors, on plain values.
//
// The bindings walk a Python scalar or nested list into `Leaves` (one entry per element, in
// row-major order, plus the shape); these functions then decide the dtype (inferred or
// requested), check it, and write the elements, with TensorFlow's messages. Nothing here knows
// Python, so the next layer (ops dispatching in C++) converts with the same rules.
//
//   Inferred (no dtype), as PySeqToTFE_TensorHandle: the *first* element (of a nested list,
//   the first leaf) picks the converter that reads every element: bool -> bool (Python/NumPy
//   bools only); str/bytes -> string; complex -> complex128 (takes ints and floats too);
//   Python float, NumPy float32 -> float32, NumPy float64 -> float64, NumPy float16 -> float16
//   (these take ints and bools; a float that overflows the type fails, an int becomes inf);
//   int -> int32, int64 when an int needs it, float32 when a float follows (bools read as
//   ints); [] -> float32. So [1.5, True] is float32 and [2, True] int32 while [True, 2] and
//   [1, 1j] fail, and [np.float16(1), 1e40] fails. A first element of no supported kind
//   (None, an ml_dtypes bfloat16 scalar) raises TensorFlow's "Attempt to convert a value".
//   Lists of one kind without NumPy floats (the common case) are decided from the kinds and
//   ranges gathered while walking, without reading the elements again.
//
//   A requested dtype follows TensorFlow's two steps (PySeqToTFE_TensorHandle, then
//   ConvertToEagerTensorUncached's cast):
//   1. A dtype with a direct converter (float32, float64, float16, int64, int32, uint64,
//      complex128, string, bool) reads every element with it: floats take Python floats, ints
//      (bools are ints to Python; beyond int64 read as doubles, 10**400 fails) and NumPy
//      floats/ints, not NumPy bools; int64/int32/uint64 take ints and bools (int32: beyond
//      int32 fails); complex128 takes complex numbers and what float64 takes; bool takes bools.
//   2. Otherwise (another dtype, or step 1 failed) the elements are read by the dtype inferred
//      from the *first* element (float -> float64, NumPy float64/float16 -> those, int -> int64
//      or float64 when a float follows, bool, complex128, string); a failure there raises its
//      ValueError. The result is cast to the requested dtype when TensorFlow's IsCompatible
//      allows it (integer <- integer; floating <- integer/floating; complex <- all three):
//      integers wrap modulo 2^bits. Otherwise the caller raises TypeError ("Cannot convert").
//   So True is refused by int8 and bfloat16 (bool never casts), 2**64 becomes 1.8e19 in
//   float32 and fails in bfloat16, [True, 2] is [1, 2] in int32 and fails in int8.
//   One departure: TensorFlow's uint64 converter ignores PyLong_AsUnsignedLongLong's error and
//   ends in SystemError for a negative int or one >= 2^64; varrt raises the out-of-range
//   ValueError there.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "varrt/core/dtype.h"

namespace varrt {
namespace tf {

// Kinds of Python elements, as bits of a set.
enum Kind : uint8_t { kBool = 1, kInt = 2, kFloat = 4, kComplex = 8, kString = 16 };

// Where an integer element lies: int64, [2^63, 2^64) (bits in `i`), or beyond both.
enum class IntRange : uint8_t { kInt64, kUInt64, kBeyond };

struct Leaf {
  Kind kind;
  IntRange range;  // kInt only
  bool numpy;      // kBool: a NumPy bool (TensorFlow's number converters refuse it; Python's is an int)
  union {
    int64_t i;  // kBool (0/1), kInt, kString (index into Leaves::strings)
    double re;  // kFloat, kComplex; kInt beyond uint64: the value as double (inf beyond double)
  };
  double im;  // kComplex
};

// The elements of one value. Reused across conversions (clear() keeps the capacity), so a
// conversion allocates only its output.
class Leaves {
 public:
  std::vector<int64_t> dims;  // the shape, filled by the walker

  void clear();
  // The adders run once per element: inline, as the walker lives in another library.
  void add_bool(bool v, bool numpy = false) {
    Leaf& leaf = push(kBool);
    leaf.i = v ? 1 : 0;
    leaf.numpy = numpy;
  }
  void add_int(int64_t v) {
    if (!(kinds_ & kInt) || v < int_min_) int_min_ = v;
    if (!(kinds_ & kInt) || v > int_max_) int_max_ = v;
    push(kInt).i = v;
  }
  // An integer in [2^63, 2^64).
  void add_uint64(uint64_t v) {
    int_above_int64_ = true;
    Leaf& leaf = push(kInt);
    leaf.range = IntRange::kUInt64;
    leaf.i = static_cast<int64_t>(v);
  }
  // An integer beyond [-2^63, 2^64); `as_double` its value as Python's float() reads it,
  // infinite when float() overflows.
  void add_big_int(double as_double) {
    int_beyond_ = true;
    Leaf& leaf = push(kInt);
    leaf.range = IntRange::kBeyond;
    leaf.re = as_double;
  }
  // `numpy_type`: the dtype of a NumPy floating scalar, kInvalid for a Python float.
  void add_float(double v, DType numpy_type = DType::kInvalid) {
    if (std::fabs(v) > FLT_MAX && std::isfinite(v)) float_beyond_float32_ = true;
    if (numpy_type != DType::kInvalid) numpy_float_ = true;
    if (leaves_.empty()) first_numpy_float_ = numpy_type;
    push(kFloat).re = v;
  }
  void add_complex(double re, double im) {
    Leaf& leaf = push(kComplex);
    leaf.re = re;
    leaf.im = im;
  }
  void add_string(const char* data, size_t size);
  // An element of no kind above (None, a dict, ...); the walker reports it.
  void add_unsupported() {
    if (leaves_.empty() && unsupported_ == 0) first_unsupported_ = true;
    ++unsupported_;
  }

  size_t size() const { return leaves_.size(); }
  const Leaf& operator[](size_t i) const { return leaves_[i]; }
  const std::string& string(const Leaf& leaf) const { return strings_[static_cast<size_t>(leaf.i)]; }
  // The strings in element order (all elements, when the dtype is kString).
  const std::string* strings() const { return strings_.data(); }
  uint8_t kinds() const { return kinds_; }
  // True when the first element is unsupported: TensorFlow then names it (InferShapeAndType
  // looks at it before any converter runs, with or without a requested dtype).
  bool first_unsupported() const { return first_unsupported_; }

 private:
  friend DType resolve_dtype(Leaves&, DType);
  friend void fill(const Leaves&, DType, void*);
  // A new element of `kind`, written in place (a Leaf built on the stack and copied in costs
  // a store-forwarding stall per element).
  Leaf& push(Kind kind) {
    kinds_ |= kind;
    Leaf& leaf = leaves_.emplace_back();
    leaf.kind = kind;
    leaf.range = IntRange::kInt64;
    leaf.numpy = false;
    return leaf;
  }

  std::vector<Leaf> leaves_;
  std::vector<std::string> strings_;
  size_t strings_used_ = 0;  // strings_ keeps its std::strings (and their capacity) across clear()
  uint8_t kinds_ = 0;
  size_t unsupported_ = 0;
  bool first_unsupported_ = false;
  int64_t int_min_ = 0, int_max_ = 0;  // over kInt elements in int64 range
  bool int_above_int64_ = false, int_beyond_ = false;
  bool float_beyond_float32_ = false;      // a finite |number| > FLT_MAX (inference refuses it)
  bool numpy_float_ = false;               // a NumPy floating scalar (the kinds do not decide then)
  DType first_numpy_float_ = DType::kInvalid;  // the first element's, when it is a NumPy float
  // The dtype whose converter read the elements for a requested dtype (resolve_dtype sets it;
  // fill casts from it). kInvalid: the dtype fill is given.
  DType read_as_ = DType::kInvalid;
};

// The dtype of the tensor: `want`, or inferred when `want` is kInvalid. Throws ValueError
// (mixed kinds, out of range, an unsupported element after the first; the caller reports an
// unsupported first element, see first_unsupported()); returns kInvalid when
// `want` cannot hold these elements (the caller raises cannot_convert_message as TypeError).
// For a requested dtype it records in `leaves` how fill reads the elements (the rules above).
DType resolve_dtype(Leaves& leaves, DType want);

// Writes the elements as `dtype` (from resolve_dtype, after it) into `dst`, which holds size()
// elements (std::strings already constructed for kString). Throws ValueError for integers that
// do not fit TensorFlow's int64 reading.
void fill(const Leaves& leaves, DType dtype, void* dst);

// TensorFlow's messages.
extern const char kNonRectangular[];
extern const char kMixedTypes[];
extern const char kIntOutOfRange[];
extern const char kFloatOutOfRange[];
extern const char kBadUnicode[];       // a str element that is no valid Unicode
extern const char kNumpyBadUnicode[];  // the same in a NumPy array
// Every element unsupported: `value_repr` and `type_repr` of the first one.
std::string unsupported_value_message(const std::string& value_repr, const std::string& type_repr);
// A requested dtype that cannot hold the value (TypeError).
std::string cannot_convert_message(const std::string& value_repr, DType dtype);
// A NumPy array of a type varrt has no dtype for; `type_char`, `kind`, `name` are NumPy's
// dtype.char, dtype.kind and dtype.name.
std::string unsupported_numpy_type_message(char type_char, char kind, const std::string& name);
// A NumPy object array holding something else than str/bytes.
std::string unsupported_object_message(const std::string& type_name);

// TensorFlow's C++ name of a dtype, as its conversion messages print it ("float", "double",
// "half"; else the Python name).
const char* core_type_name(DType dtype);

}  // namespace tf
}  // namespace varrt
