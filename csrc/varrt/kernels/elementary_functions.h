// The element-wise functions of TensorFlow's that are one libm call or one guarded product:
// the inverse trigonometric and hyperbolic functions, rint, nextafter, and the "no nan" products
// (xlogy, xdivy, xlog1py, mul_no_nan) whose zero operand wins over an inf or nan in the other, as
// TensorFlow's functors in tensorflow/core/kernels/cwise_ops.h define them. Computed in the
// element type: libm's float functions for float (TensorFlow's float32 acos, asin and atanh are
// Eigen's packet approximations instead, within a few ulps of these).
#pragma once

#include <cmath>

namespace varrt {
namespace kernels {
namespace elementary {

template <class T> T acos(T x) { return std::acos(x); }
template <class T> T asin(T x) { return std::asin(x); }
template <class T> T acosh(T x) { return std::acosh(x); }
template <class T> T asinh(T x) { return std::asinh(x); }
template <class T> T atanh(T x) { return std::atanh(x); }
template <class T> T cosh(T x) { return std::cosh(x); }
template <class T> T sinh(T x) { return std::sinh(x); }
// Round half to even (the default rounding mode), as TensorFlow's Rint.
template <class T> T rint(T x) { return std::rint(x); }
template <class T> T nextafter(T x, T y) { return std::nextafter(x, y); }

// 0 where x is 0, whatever y is.
template <class T> T xlogy(T x, T y) { return x == T(0) ? T(0) : x * std::log(y); }
template <class T> T xlog1py(T x, T y) { return x == T(0) ? T(0) : x * std::log1p(y); }
template <class T> T xdivy(T x, T y) { return x == T(0) ? T(0) : x / y; }
// 0 where y is 0, whatever x is.
template <class T> T mul_no_nan(T x, T y) { return y == T(0) ? T(0) : x * y; }

}  // namespace elementary
}  // namespace kernels
}  // namespace varrt
