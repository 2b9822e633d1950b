#include "varrt/kernels/unary_ops.h"

#include <cmath>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/kernels/float_math.h"
#include "varrt/kernels/narrow_float_elementwise.h"
#include "varrt/kernels/wrapping.h"

namespace varrt {
namespace kernels {
namespace {

struct Neg {
  template <class T> static T apply(T x) {
    if constexpr (std::is_floating_point<T>::value) {
      return -x;  // -0 for 0, as TensorFlow's Neg gives (0 - x would give +0)
    } else {
      return static_cast<T>(Wrapping<T>(0) - static_cast<Wrapping<T>>(x));
    }
  }
};
struct Square {
  template <class T> static T apply(T x) { return static_cast<T>(static_cast<Wrapping<T>>(x) * static_cast<Wrapping<T>>(x)); }
};
struct Abs {
  template <class T> static T apply(T x) {
    if constexpr (std::is_floating_point<T>::value) {
      return std::fabs(x);
    } else {
      return x < 0 ? Neg::apply(x) : x;
    }
  }
};

template <class Op, class T>
void run(const Tensor& a, const Tensor& out) {
  const T* x = a.data_as<T>();
  T* y = static_cast<T*>(out.mutable_data());
  simd_for(0, a.num_elements(), [=](int64_t i) { y[i] = Op::apply(x[i]); });
}

template <class Op>
void by_dtype(const Tensor& a, const Tensor& out) {
  switch (a.dtype()) {
    case DType::kFloat32: return run<Op, float>(a, out);
    case DType::kFloat64: return run<Op, double>(a, out);
    case DType::kInt8: return run<Op, int8_t>(a, out);
    case DType::kInt16: return run<Op, int16_t>(a, out);
    case DType::kInt32: return run<Op, int32_t>(a, out);
    case DType::kInt64: return run<Op, int64_t>(a, out);
    case DType::kUInt8: return run<Op, uint8_t>(a, out);
    case DType::kUInt16: return run<Op, uint16_t>(a, out);
    case DType::kUInt32: return run<Op, uint32_t>(a, out);
    case DType::kUInt64: return run<Op, uint64_t>(a, out);
    default: throw_error(Code::kInternal, "unary kernel called for an unsupported dtype");
  }
}

}  // namespace

bool unary_supported(UnaryOp op, DType dtype) {
  if (is_float_math(op)) return float_math_supported(dtype);
  if (is_narrow_float(dtype)) return true;
  switch (dtype) {
    case DType::kFloat32: case DType::kFloat64: case DType::kInt8: case DType::kInt16: case DType::kInt32:
    case DType::kInt64:
      return true;
    case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64:
      return op == UnaryOp::kSquare;
    default:
      return false;
  }
}

void unary(UnaryOp op, const Tensor& a, const Tensor& out) {
  if (is_float_math(op)) return float_math(op, a, out);
  if (is_narrow_float(a.dtype())) return unary_narrow_float(op, a, out);
  switch (op) {
    case UnaryOp::kNeg: return by_dtype<Neg>(a, out);
    case UnaryOp::kSquare: return by_dtype<Square>(a, out);
    case UnaryOp::kAbs: return by_dtype<Abs>(a, out);
    default: throw_error(Code::kInternal, "unary kernel called for another op");
  }
}

}  // namespace kernels
}  // namespace varrt
