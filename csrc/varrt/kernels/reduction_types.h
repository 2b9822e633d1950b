// What each reduction computes, per element type: the accumulator type, the combining function,
// its identity, and how an accumulated value becomes an output element. Internal to the
// reduction kernels (reduction_kernel.h); the loops are in reduction_tree.h.
#pragma once

#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "varrt/core/half.h"

namespace varrt {
namespace kernels {
namespace reduce {

// float16 and bfloat16 elements (both stored as uint16_t, which is also kUInt16's type).
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};

template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<std::complex<T>> : std::true_type {};

// Integer Sum and Prod wrap: they run in unsigned types (no signed-overflow UB) at least as wide
// as unsigned int (so uint8/uint16 products do not promote to int) and are truncated at the end,
// which gives the same bits. Integer Mean sums in 64 bits, as TensorFlow does.
struct SumOp {
  static constexpr bool kArithmetic = true, kMean = false;
  template <class A>
  static A identity() { return A(0); }
  template <class A>
  static A apply(A a, A b) { return a + b; }
};
struct MeanOp : SumOp {
  static constexpr bool kMean = true;
};
struct ProdOp {
  static constexpr bool kArithmetic = true, kMean = false;
  template <class A>
  static A identity() { return A(1); }
  template <class A>
  static A apply(A a, A b) { return a * b; }
};
// Max and Min propagate NaN from either side, as TensorFlow's do.
struct MaxOp {
  static constexpr bool kArithmetic = false, kMean = false;
  template <class A>
  static A identity() { return std::numeric_limits<A>::has_infinity ? -std::numeric_limits<A>::infinity()
                                                                    : std::numeric_limits<A>::lowest(); }
  template <class A>
  static A apply(A a, A b) { return (a > b || a != a) ? a : b; }
};
struct MinOp {
  static constexpr bool kArithmetic = false, kMean = false;
  template <class A>
  static A identity() { return std::numeric_limits<A>::has_infinity ? std::numeric_limits<A>::infinity()
                                                                    : std::numeric_limits<A>::max(); }
  template <class A>
  static A apply(A a, A b) { return (a < b || a != a) ? a : b; }
};

template <class T, class Op>
struct AccumulatorOf {
  using type = std::conditional_t<std::is_integral<T>::value && Op::kArithmetic,
                                  std::conditional_t<(sizeof(T) <= 4 && !Op::kMean), uint32_t, uint64_t>, T>;
};
// Narrow floats sum (and multiply) in double and round once: TensorFlow's tree reductions round
// less than a float32 sum, and double accumulation agrees with them on ordinary inputs (the sum of
// ten 0.1f is exactly 1.0f, as TensorFlow gives). Max and Min need no wider type.
template <class Op>
struct AccumulatorOf<float, Op> {
  using type = std::conditional_t<Op::kArithmetic, double, float>;
};
template <class Op>
struct AccumulatorOf<Half, Op> {
  using type = std::conditional_t<Op::kArithmetic, double, float>;
};
template <class Op>
struct AccumulatorOf<BFloat16, Op> {
  using type = std::conditional_t<Op::kArithmetic, double, float>;
};
template <class T, class Op>
using Acc = typename AccumulatorOf<T, Op>::type;

template <class A, class T>
inline A load(T x) { return static_cast<A>(x); }  // integers into unsigned: modulo, as wanted
template <class A>
inline A load(Half x) { return half_to_float(x.bits); }
template <class A>
inline A load(BFloat16 x) { return bfloat16_to_float(x.bits); }

template <class T, class A>
inline T store(A a) { return static_cast<T>(a); }
template <>
inline Half store<Half, float>(float a) { return Half{float_to_half(a)}; }
template <>
inline BFloat16 store<BFloat16, float>(float a) { return BFloat16{float_to_bfloat16(a)}; }
// double -> float first (round to nearest), then to the narrow type: the Python kernel's rounding.
template <>
inline Half store<Half, double>(double a) { return Half{float_to_half(static_cast<float>(a))}; }
template <>
inline BFloat16 store<BFloat16, double>(double a) { return BFloat16{float_to_bfloat16(static_cast<float>(a))}; }

// The output element for the accumulated `a` of `count` elements (count may be 0: `a` is then
// the identity).
template <class T, class Op, class A>
inline T finish(A a, int64_t count) {
  if constexpr (!Op::kMean) {
    return store<T>(a);
  } else if constexpr (std::is_integral<T>::value) {
    if (count == 0) return T(0);
    if constexpr (std::is_signed<T>::value) {
      return static_cast<T>(static_cast<int64_t>(a) / count);  // C++ division truncates toward zero
    } else {
      return static_cast<T>(a / static_cast<uint64_t>(count));
    }
  } else if constexpr (is_complex<A>::value) {
    if (count == 0) return T(0);  // TensorFlow's Mean of nothing is 0 for complex types
    return store<T>(a / static_cast<typename A::value_type>(count));
  } else {
    if (count == 0) return store<T>(std::numeric_limits<A>::quiet_NaN());
    return store<T>(a / static_cast<A>(count));
  }
}

}  // namespace reduce
}  // namespace kernels
}  // namespace varrt
