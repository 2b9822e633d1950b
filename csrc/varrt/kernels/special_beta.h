// The regularized incomplete beta function I_x(a, b) as TensorFlow's CPU Betainc kernel computes
// it: Eigen's betainc_impl (unsupported/Eigen/src/SpecialFunctions/SpecialFunctionsImpl.h,
// MPL 2.0; Cephes's incbet: a power series or one of two continued fractions), ported operation
// for operation, float in float and double in double (their algorithms differ, as in Eigen).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "varrt/kernels/special_gamma.h"

namespace varrt {
namespace kernels {
namespace special {

// The continued fraction of incbet; `small_branch` picks the expansion (Cephes's incbcf when
// true, incbd otherwise).
template <class T>
T incbeta_cfe(T a, T b, T x, bool small_branch) {
  constexpr bool kFloat = std::is_same<T, float>::value;
  const T big = Cephes<T>::big;
  const T machep = Cephes<T>::machep;
  const T biginv = Cephes<T>::biginv;
  const int num_iters = kFloat ? 100 : 300;
  const T thresh = kFloat ? machep : T(3) * machep;
  T r = kFloat ? T(0) : T(1);
  T k1, k2, k3, k4, k5, k6, k7, k8, k26update;
  if (small_branch) {
    k1 = a;
    k2 = a + b;
    k3 = a;
    k4 = a + T(1);
    k5 = T(1);
    k6 = b - T(1);
    k7 = k4;
    k8 = a + T(2);
    k26update = T(1);
  } else {
    k1 = a;
    k2 = b - T(1);
    k3 = a;
    k4 = a + T(1);
    k5 = T(1);
    k6 = a + b;
    k7 = a + T(1);
    k8 = a + T(2);
    k26update = T(-1);
    x = x / (T(1) - x);
  }
  T pkm2 = 0, qkm2 = 1, pkm1 = 1, qkm1 = 1, ans = 1;
  int n = 0;
  do {
    T xk = -(x * k1 * k2) / (k3 * k4);
    T pk = pkm1 + pkm2 * xk;
    T qk = qkm1 + qkm2 * xk;
    pkm2 = pkm1;
    pkm1 = pk;
    qkm2 = qkm1;
    qkm1 = qk;
    xk = (x * k5 * k6) / (k7 * k8);
    pk = pkm1 + pkm2 * xk;
    qk = qkm1 + qkm2 * xk;
    pkm2 = pkm1;
    pkm1 = pk;
    qkm2 = qkm1;
    qkm1 = qk;
    if (qk != T(0)) {
      r = pk / qk;
      if (std::fabs(ans - r) < std::fabs(r) * thresh) return r;
      ans = r;
    }
    k1 += T(1);
    k2 += k26update;
    k3 += T(2);
    k4 += T(2);
    k5 += T(1);
    k6 -= k26update;
    k7 += T(2);
    k8 += T(2);
    if ((std::fabs(qk) + std::fabs(pk)) > big) {
      pkm2 *= biginv;
      pkm1 *= biginv;
      qkm2 *= biginv;
      qkm1 *= biginv;
    }
    if ((std::fabs(qk) < biginv) || (std::fabs(pk) < biginv)) {
      pkm2 *= big;
      pkm1 *= big;
      qkm2 *= big;
      qkm1 *= big;
    }
  } while (++n < num_iters);
  return ans;
}

// float: the power series for b * x small against a.
inline float incbps(float a, float b, float x) {
  const float machep = Cephes<float>::machep;
  float y = a * std::log(x) + (b - 1.0f) * std::log1p(-x) - std::log(a);
  y -= lgamma(a) + lgamma(b);
  y += lgamma(a + b);
  const float t = x / (1.0f - x);
  float s = 0.0f;
  float u = 1.0f;
  do {
    b -= 1.0f;
    if (b == 0.0f) break;
    a += 1.0f;
    u *= t * b / a;
    s += u;
  } while (std::fabs(u) > machep);
  return std::exp(y) * (1.0f + s);
}

inline float incbsa(float aa, float bb, float xx) {
  float a, b, t, x;
  bool reversed_a_b = false;
  const float onemx = 1.0f - xx;
  if (xx > (aa / (aa + bb))) {
    reversed_a_b = true;
    a = bb;
    b = aa;
    t = xx;
    x = onemx;
  } else {
    a = aa;
    b = bb;
    t = onemx;
    x = xx;
  }
  if (b > 10.0f && std::fabs(b * x / a) < 0.3f) {
    t = incbps(a, b, x);
    if (reversed_a_b) t = 1.0f - t;
    return t;
  }
  float ans = x * (a + b - 2.0f) / (a - 1.0f);
  if (ans < 1.0f) {
    ans = incbeta_cfe<float>(a, b, x, true);
    t = b * std::log(t);
  } else {
    ans = incbeta_cfe<float>(a, b, x, false);
    t = (b - 1.0f) * std::log(t);
  }
  t += a * std::log(x) + lgamma(a + b) - lgamma(a) - lgamma(b);
  t += std::log(ans / a);
  t = std::exp(t);
  if (reversed_a_b) t = 1.0f - t;
  return t;
}

inline float betainc(float a, float b, float x) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  if (a <= 0.0f) return nan;
  if (b <= 0.0f) return nan;
  if ((x <= 0.0f) || (x >= 1.0f)) {
    if (x == 0.0f) return 0.0f;
    if (x == 1.0f) return 1.0f;
    return nan;
  }
  if (a <= 1.0f) {
    const float ans = incbsa(a + 1.0f, b, x);
    const float t = a * std::log(x) + b * std::log1p(-x) + lgamma(a + b) - lgamma(a + 1.0f) - lgamma(b);
    return ans + std::exp(t);
  }
  return incbsa(a, b, x);
}

// double: Cephes's pseries.
inline double incbps(double a, double b, double x) {
  const double machep = Cephes<double>::machep;
  const double ai = 1.0 / a;
  double u = (1.0 - b) * x;
  double v = u / (a + 1.0);
  const double t1 = v;
  double t = u;
  double n = 2.0;
  double s = 0.0;
  const double z = machep * ai;
  while (std::fabs(v) > z) {
    u = (n - b) * x / n;
    t *= u;
    v = t / (a + n);
    s += v;
    n += 1.0;
  }
  s += t1;
  s += ai;
  u = a * std::log(x);
  t = lgamma(a + b) - lgamma(a) - lgamma(b) + u + std::log(s);
  return std::exp(t);
}

inline double betainc(double aa, double bb, double xx) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double machep = Cephes<double>::machep;
  if (aa <= 0.0 || bb <= 0.0) return nan;
  if ((xx <= 0.0) || (xx >= 1.0)) {
    if (xx == 0.0) return 0.0;
    if (xx == 1.0) return 1.0;
    return nan;
  }
  if ((bb * xx) <= 1.0 && xx <= 0.95) return incbps(aa, bb, xx);
  double a, b, x, xc, t;
  double w = 1.0 - xx;
  bool reversed_a_b = false;
  if (xx > (aa / (aa + bb))) {
    reversed_a_b = true;
    a = bb;
    b = aa;
    xc = xx;
    x = w;
  } else {
    a = aa;
    b = bb;
    xc = w;
    x = xx;
  }
  if (reversed_a_b && (b * x) <= 1.0 && x <= 0.95) {
    t = incbps(a, b, x);
    return t <= machep ? 1.0 - machep : 1.0 - t;
  }
  double y = x * (a + b - 2.0) - (a - 1.0);
  if (y < 0.0) {
    w = incbeta_cfe<double>(a, b, x, true);
  } else {
    w = incbeta_cfe<double>(a, b, x, false) / xc;
  }
  y = a * std::log(x);
  t = b * std::log(xc);
  y += t + lgamma(a + b) - lgamma(a) - lgamma(b);
  y += std::log(w / a);
  t = std::exp(y);
  if (reversed_a_b) t = t <= machep ? 1.0 - machep : 1.0 - t;
  return t;
}

}  // namespace special
}  // namespace kernels
}  // namespace varrt
