// The Lgamma op's float64 kernel. TensorFlow's (Eigen's) calls the C library's lgamma_r; so does
// this one (special::lgamma), except on -28 < x < -5: glibc (since 2.22) evaluates -28 < x < -2
// with an accurate negative-argument path that costs about six times its positive one. There it
// uses the reflection formula
//   lgamma(x) = log(pi / |x sin(pi x)|) - lgamma(-x)
// (lgamma(-x) on a positive argument: glibc's fast path), with sin(pi x) from the exact reduction
// x - round(x), wherever the difference keeps at least half the magnitude of its larger term: the
// terms' rounding errors (each a few units of 2^-53 relative, the first from its argument's) then
// cost a few ulps of the result. Near lgamma's zeros, where the terms cancel, and at the poles it
// calls glibc; so it does above -5, where the zeros are wide apart and lgamma small, so that the
// reflection would lose up to 11 ulps where it applies (measured) for little time saved.
// docs/performance.md states the bound measured against glibc over dense sweeps of every unit
// interval (5 ulps); tests/test_lgamma_reflection.py holds varrt to it against glibc, which is
// TensorFlow's (tests/math_function_cases.py: against TensorFlow's recorded values). float32, and
// the gamma family's other functions, call glibc everywhere.
#pragma once

#include <cmath>

#include "varrt/kernels/special_gamma.h"

namespace varrt {
namespace kernels {

// Below -28 glibc's own path is a reflection; above -5 glibc's accuracy is worth its cost.
constexpr double kLgammaReflectionLow = -28.0, kLgammaReflectionHigh = -5.0;

inline double lgamma_by_reflection(double x) {
  if (x > kLgammaReflectionLow && x < kLgammaReflectionHigh) {
    // Adding and subtracting 1.5 * 2^52 rounds |x| < 2^51 to the nearest integer, exactly, so the
    // fraction f (|f| <= 1/2) is exact and sin(pi f) = +-sin(pi x) has only sin's and pi f's errors.
    const double shifter = 6755399441055744.0;
    const double f = x - ((x + shifter) - shifter);
    if (f != 0.0) {
      const double reflected = std::log(3.141592653589793 / std::fabs(x * std::sin(3.141592653589793 * f)));
      const double positive = special::lgamma(-x);
      const double result = reflected - positive;
      const double larger = std::fmax(std::fabs(reflected), std::fabs(positive));
      if (std::fabs(result) >= 0.5 * larger) return result;
    }
  }
  return special::lgamma(x);
}

inline float lgamma_by_reflection(float x) { return special::lgamma(x); }

}  // namespace kernels
}  // namespace varrt
