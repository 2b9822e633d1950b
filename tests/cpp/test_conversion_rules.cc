// TensorFlow's conversion rules on plain values, without Python: what a C++ dispatcher gets
// when it converts host values (the Python bindings walk Python objects into the same Leaves).
#include <cmath>
#include <complex>
#include <cstdint>
#include <string>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/tf/conversion_rules.h"

using namespace varrt;
using varrt::tf::Leaves;

TEST(inference_follows_tensorflow) {
  Leaves l;
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);  // []
  l.add_int(1);
  l.add_int(INT32_MAX);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kInt32);
  l.add_int(int64_t{INT32_MAX} + 1);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kInt64);
  l.add_float(2.5);  // ints, then a float: float32
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);
  l.add_float(1.0, DType::kFloat16);  // a later NumPy float16 is read as float32
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);
  l.add_complex(1, 2);  // the float32 converter refuses complex numbers
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kMixedTypes);
  l.clear();
  l.add_complex(1, 2);  // complex first reads ints and bools too
  l.add_int(1);
  l.add_bool(true);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kComplex128);
  l.clear();
  l.add_string("a", 1);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kString);
  l.clear();
  l.add_bool(true);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kBool);
}

// TensorFlow infers from the first element; later ones are read by its converter.
TEST(inference_reads_with_the_first_elements_converter) {
  Leaves l;
  l.add_float(1.5);
  l.add_bool(true);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);
  float f[2];
  tf::fill(l, DType::kFloat32, f);
  CHECK(f[0] == 1.5f && f[1] == 1.0f);
  l.clear();
  l.add_int(2);
  l.add_bool(true);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kInt32);
  int32_t i[2];
  tf::fill(l, DType::kInt32, i);
  CHECK(i[0] == 2 && i[1] == 1);
  l.clear();
  l.add_bool(true, /*numpy=*/true);  // bools mix: Python's and NumPy's
  l.add_bool(false);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kBool);
  l.clear();
  l.add_float(1.5);
  l.add_bool(true, /*numpy=*/true);  // a NumPy bool is no number to the float converter
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kMixedTypes);
  l.clear();
  l.add_int(1);
  l.add_complex(1, 2);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kMixedTypes);
  l.clear();
  l.add_int(1);
  l.add_int(int64_t{1} << 40);  // int64 first, then float32 for the float
  l.add_float(1.5);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);
  l.clear();
  l.add_int(1);
  l.add_uint64(uint64_t{1} << 63);  // the int32 read fails before the float is seen
  l.add_float(1.5);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kIntOutOfRange);
  l.clear();
  l.add_int(1);
  l.add_float(1.5);
  l.add_big_int(std::ldexp(1.0, 200));  // the float32 converter reads ints unchecked: inf
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);
  float f3[3];
  tf::fill(l, DType::kFloat32, f3);
  CHECK(f3[0] == 1.0f && f3[1] == 1.5f && std::isinf(f3[2]));
  l.clear();
  l.add_float(1.5, DType::kFloat16);
  l.add_float(1e40);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kFloatOutOfRange);
  l.clear();
  l.add_float(1, DType::kFloat16);
  l.add_float(2, DType::kFloat32);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat16);
  l.clear();
  l.add_float(1.5);
  l.add_float(2, DType::kFloat64);  // a Python float first: float32
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat32);
  l.clear();
  l.add_float(1.5, DType::kFloat64);
  l.add_float(1e40);
  CHECK(tf::resolve_dtype(l, DType::kInvalid) == DType::kFloat64);
  l.clear();
  l.add_unsupported();  // TensorFlow names an unsupported first element (the walker does)
  l.add_int(1);
  CHECK(l.first_unsupported());
  l.clear();
  l.add_int(1);
  l.add_unsupported();
  CHECK(!l.first_unsupported());
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kMixedTypes);
}

TEST(errors_are_tensorflows) {
  Leaves l;
  l.add_bool(true);
  l.add_int(1);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kMixedTypes);
  l.clear();
  l.add_uint64(uint64_t{1} << 63);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kIntOutOfRange);
  CHECK(tf::resolve_dtype(l, DType::kUInt64) == DType::kUInt64);
  l.clear();
  l.add_float(1e300);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInvalid), ErrorKind::kValue, tf::kFloatOutOfRange);
  l.clear();
  l.add_float(1.5);
  CHECK(tf::resolve_dtype(l, DType::kInt32) == DType::kInvalid);  // the caller's TypeError:
  CHECK(tf::cannot_convert_message("1.5", DType::kInt32) == "Cannot convert 1.5 to EagerTensor of dtype int32");
  CHECK(tf::cannot_convert_message("'a'", DType::kFloat32) == "Cannot convert 'a' to EagerTensor of dtype float");
  CHECK(tf::unsupported_numpy_type_message('g', 'f', "float128") ==
        "Failed to convert a NumPy array to a Tensor (Unsupported numpy type: NPY_LONGDOUBLE).");
  CHECK(tf::unsupported_numpy_type_message('T', 'T', "StringDType128") ==
        "Failed to convert a NumPy array to a Tensor (Unsupported numpy type: NPY_STRINGDTYPE128).");
}

TEST(requested_integers_wrap_as_tensorflow_reads_them) {
  Leaves l;
  l.add_int(300);
  l.add_int(-1);
  uint8_t u8[2];
  tf::fill(l, DType::kUInt8, u8);
  CHECK(u8[0] == 44 && u8[1] == 255);
  l.add_uint64(uint64_t{1} << 63);  // int64 reading: out of range for every type but uint64
  int32_t i32[3];
  CHECK_THROWS_MESSAGE(tf::fill(l, DType::kInt32, i32), ErrorKind::kValue, tf::kIntOutOfRange);
  uint64_t u64[3];
  CHECK_THROWS_MESSAGE(tf::fill(l, DType::kUInt64, u64), ErrorKind::kValue, tf::kIntOutOfRange);  // -1
}

TEST(floats_overflow_to_inf_when_requested) {
  Leaves l;
  l.add_float(1e40);
  l.add_int(2);
  float f[2];
  tf::fill(l, DType::kFloat32, f);
  CHECK(std::isinf(f[0]) && f[1] == 2.0f);
}

TEST(requested_dtypes_read_as_tensorflows_converters_then_cast) {
  Leaves l;
  l.add_bool(true);
  CHECK(tf::resolve_dtype(l, DType::kInt32) == DType::kInt32);  // int32 has a converter; bools are ints
  CHECK(tf::resolve_dtype(l, DType::kInt8) == DType::kInvalid);  // read as bool, which casts to nothing
  CHECK(tf::resolve_dtype(l, DType::kBFloat16) == DType::kInvalid);
  l.add_int(2);  // [True, 2]
  int32_t i32[2];
  CHECK(tf::resolve_dtype(l, DType::kInt32) == DType::kInt32);
  tf::fill(l, DType::kInt32, i32);
  CHECK(i32[0] == 1 && i32[1] == 2);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kInt8), ErrorKind::kValue, tf::kMixedTypes);
  l.clear();
  l.add_big_int(std::ldexp(1.0, 64));  // [2**64, 1]: float32 reads ints as doubles
  l.add_int(1);
  float f[2];
  CHECK(tf::resolve_dtype(l, DType::kFloat32) == DType::kFloat32);
  tf::fill(l, DType::kFloat32, f);
  CHECK(f[0] == std::ldexp(1.0f, 64) && f[1] == 1.0f);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kBFloat16), ErrorKind::kValue, tf::kIntOutOfRange);  // int64 reading
  l.clear();
  l.add_int(INT64_MIN);  // no bfloat16 converter: read as int64, then cast
  l.add_int(-1);
  uint16_t bf[2];
  CHECK(tf::resolve_dtype(l, DType::kBFloat16) == DType::kBFloat16);
  tf::fill(l, DType::kBFloat16, bf);
  CHECK(bfloat16_to_float(bf[0]) == -std::ldexp(1.0f, 63) && bfloat16_to_float(bf[1]) == -1.0f);
  int8_t i8[2];
  CHECK(tf::resolve_dtype(l, DType::kInt8) == DType::kInt8);  // wraps
  tf::fill(l, DType::kInt8, i8);
  CHECK(i8[0] == 0 && i8[1] == -1);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kUInt64), ErrorKind::kValue, tf::kIntOutOfRange);  // TF: SystemError
  l.clear();
  l.add_float(1.5);  // [1.5, True] into complex64: read as doubles
  l.add_bool(true);
  std::complex<float> c[2];
  CHECK(tf::resolve_dtype(l, DType::kComplex64) == DType::kComplex64);
  tf::fill(l, DType::kComplex64, c);
  CHECK(c[0] == std::complex<float>(1.5f) && c[1] == std::complex<float>(1.0f));
  CHECK(tf::resolve_dtype(l, DType::kInt32) == DType::kInvalid);  // doubles cast to no integer
  l.clear();
  l.add_bool(true, /*numpy=*/true);  // a NumPy bool is no int to the number converters
  l.add_int(1);
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kFloat32), ErrorKind::kValue, tf::kMixedTypes);
  l.clear();
  l.add_big_int(INFINITY);  // 10**400: beyond double too
  CHECK_THROWS_MESSAGE(tf::resolve_dtype(l, DType::kFloat64), ErrorKind::kValue, tf::kIntOutOfRange);
  l.clear();
  CHECK(tf::resolve_dtype(l, DType::kInt8) == DType::kInt8);  // []: empty of the requested dtype
}

TEST(strings_keep_their_bytes) {
  Leaves l;
  l.add_string("a\0b", 3);
  l.add_string("", 0);
  std::string s[2];
  tf::fill(l, tf::resolve_dtype(l, DType::kInvalid), s);
  CHECK(s[0] == std::string("a\0b", 3) && s[1].empty());
  l.clear();  // reused: the next value starts empty
  CHECK(l.size() == 0 && l.kinds() == 0);
}

TEST_MAIN()
