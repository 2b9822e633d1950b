// Public C++ API: typed helpers over varrt::Tensor (varrt/core/tensor.h).
//
// A Tensor is a value: dtype + shape + a reference-counted buffer. Copying a Tensor shares
// the buffer (no copy). Tensors handed out by varrt (Variable::read, DLPack imports) are
// immutable: read them through data()/typed_data(), never through mutable_data(). A Tensor
// you allocate yourself may be filled through mutable_data() until you pass it to varrt;
// from then on it is immutable too (a variable may share its buffer rather than copy it).
//
// Zero-copy: `typed_data<T>(t)` points into the tensor's own memory, which stays valid while
// any copy of `t` exists, whatever happens to the variable it was read from (updates copy
// first when a reader holds the buffer). `Tensor::borrow` wraps memory you own without
// copying (you promise not to change it while varrt uses it).
//
// Thread-safety: Tensors are immutable values; any number of threads may read and copy
// them concurrently.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "varrt/core/dtype.h"
#include "varrt/core/error.h"
#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"

namespace varrt {

// The DType of a C++ element type (bool, the fixed-width integers, float, double,
// std::complex<float/double>); a compile error for anything else. float16 and bfloat16
// have no C++ type here: use Tensor::allocate with the dtype and uint16_t bits.
template <class T>
struct dtype_of;
#define VARRT_DTYPE_OF(T, D) \
  template <>                \
  struct dtype_of<T> {       \
    static constexpr DType value = DType::D; \
  };
VARRT_DTYPE_OF(float, kFloat32)
VARRT_DTYPE_OF(double, kFloat64)
VARRT_DTYPE_OF(int8_t, kInt8)
VARRT_DTYPE_OF(int16_t, kInt16)
VARRT_DTYPE_OF(int32_t, kInt32)
VARRT_DTYPE_OF(int64_t, kInt64)
VARRT_DTYPE_OF(uint8_t, kUInt8)
VARRT_DTYPE_OF(uint16_t, kUInt16)
VARRT_DTYPE_OF(uint32_t, kUInt32)
VARRT_DTYPE_OF(uint64_t, kUInt64)
VARRT_DTYPE_OF(bool, kBool)
VARRT_DTYPE_OF(std::complex<float>, kComplex64)
VARRT_DTYPE_OF(std::complex<double>, kComplex128)
#undef VARRT_DTYPE_OF

// A new tensor of `shape` holding `values` (copied). InvalidArgument when the counts differ.
template <class T>
Tensor make_tensor(const std::vector<T>& values, const Shape& shape) {
  Tensor t = Tensor::allocate(dtype_of<T>::value, shape);
  if (static_cast<int64_t>(values.size()) != t.num_elements()) {
    throw_error(Code::kInvalidArgument, "make_tensor: " + std::to_string(values.size()) +
                                            " values for shape " + shape.debug_string());
  }
  T* out = static_cast<T*>(t.mutable_data());
  for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];  // element-wise: vector<bool> is packed
  return t;
}

// A rank-1 tensor of the values.
template <class T>
Tensor make_tensor(std::initializer_list<T> values) {
  return make_tensor(std::vector<T>(values), Shape{static_cast<int64_t>(values.size())});
}

template <class T>
Tensor make_scalar(T value) {
  return make_tensor(std::vector<T>{value}, Shape{});
}

// Every element equal to `value`.
template <class T>
Tensor make_filled(const Shape& shape, T value) {
  Tensor t = Tensor::allocate(dtype_of<T>::value, shape);
  T* out = static_cast<T*>(t.mutable_data());
  for (int64_t i = 0; i < t.num_elements(); ++i) out[i] = value;
  return t;
}

// Zeros of any numeric or bool dtype (all-zero bytes), or empty strings.
Tensor make_zeros(DType dtype, const Shape& shape);

// The tensor's elements as T, zero-copy. InvalidArgument when T is not the tensor's dtype.
template <class T>
const T* typed_data(const Tensor& t) {
  if (t.dtype() != dtype_of<T>::value) {
    throw_error(Code::kInvalidArgument, std::string("typed_data: the tensor holds ") + dtype_name(t.dtype()) +
                                            ", not " + dtype_name(dtype_of<T>::value));
  }
  return static_cast<const T*>(t.data());
}

// A copy of the elements as a std::vector<T> (dtype checked as typed_data).
template <class T>
std::vector<T> to_vector(const Tensor& t) {
  const T* p = typed_data<T>(t);
  return std::vector<T>(p, p + t.num_elements());
}

// NumPy-like text of the values, e.g. "[[1 2]\n [3 4]]" or "[1.5 2.5]"; for logs and examples.
std::string to_string(const Tensor& t);

}  // namespace varrt
