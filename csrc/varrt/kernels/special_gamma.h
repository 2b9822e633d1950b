// The gamma family as TensorFlow's CPU kernels compute it: lgamma, digamma, the Hurwitz zeta,
// polygamma and the regularized incomplete gamma functions (and igamma's derivative in `a`).
// TensorFlow evaluates these with Eigen's scalar code (Eigen has no packet form of them), in the
// element type itself: float in float, double in double. This is that code, ported operation for
// operation from Eigen's unsupported/Eigen/src/SpecialFunctions/SpecialFunctionsImpl.h (MPL 2.0;
// its algorithms and coefficients are Stephen L. Moshier's Cephes library), so the results are
// TensorFlow's bits wherever libm (lgamma, log, exp, pow, tan) gives the same as TensorFlow's.
#pragma once

#include <cmath>
#include <limits>

namespace varrt {
namespace kernels {
namespace special {

// lgamma through the reentrant glibc entry TensorFlow's Eigen calls (no write to signgam).
inline float lgamma(float x) {
#if defined(__GLIBC__)
  int sign;
  return ::lgammaf_r(x, &sign);
#else
  return std::lgamma(x);
#endif
}
inline double lgamma(double x) {
#if defined(__GLIBC__)
  int sign;
  return ::lgamma_r(x, &sign);
#else
  return std::lgamma(x);
#endif
}

// Horner's rule from the highest coefficient, one rounding per multiply and per add (Eigen's ppolevl).
template <class T, int N>
inline T polevl(T x, const T* coeff) {
  T r = coeff[0];
  for (int i = 1; i <= N; ++i) r = r * x + coeff[i];
  return r;
}

template <class T>
struct Cephes;
template <>
struct Cephes<float> {
  static constexpr float machep = std::numeric_limits<float>::epsilon() / 2;
  static constexpr float big = 1.0f / (std::numeric_limits<float>::epsilon() / 2);
  static constexpr float biginv = machep;
};
template <>
struct Cephes<double> {
  static constexpr double machep = std::numeric_limits<double>::epsilon() / 2;
  static constexpr double big = 1.0 / std::numeric_limits<double>::epsilon();
  static constexpr double biginv = std::numeric_limits<double>::epsilon();
};

// The asymptotic series' tail of digamma at s >= 10 (zero beyond where it no longer counts).
inline float digamma_tail(float s) {
  static constexpr float A[] = {-4.16666666666666666667E-3f, 3.96825396825396825397E-3f, -8.33333333333333333333E-3f,
                                8.33333333333333333333E-2f};
  if (s < 1.0e8f) {
    const float z = 1.0f / (s * s);
    return z * polevl<float, 3>(z, A);
  }
  return 0.0f;
}
inline double digamma_tail(double s) {
  static constexpr double A[] = {8.33333333333333333333E-2,  -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                                 -4.16666666666666666667E-3, 3.96825396825396825397E-3,  -8.33333333333333333333E-3,
                                 8.33333333333333333333E-2};
  if (s < 1.0e17) {
    const double z = 1.0 / (s * s);
    return z * polevl<double, 6>(z, A);
  }
  return 0.0;
}

// psi(x): reflection for x <= 0 (nan at the poles), the recurrence up to 10, the asymptotic series.
template <class T>
T digamma(T x) {
  const T pi = T(3.14159265358979323846);
  bool negative = false;
  T nz = 0;
  if (x <= T(0)) {
    negative = true;
    const T q = x;
    T p = std::floor(q);
    if (p == q) return std::numeric_limits<T>::quiet_NaN();
    nz = q - p;
    if (nz != T(0.5)) {
      if (nz > T(0.5)) {
        p += T(1);
        nz = q - p;
      }
      nz = pi / std::tan(pi * nz);
    } else {
      nz = T(0);
    }
    x = T(1) - x;
  }
  T s = x;
  T w = 0;
  while (s < T(10)) {
    w += T(1) / s;
    s += T(1);
  }
  T y = digamma_tail(s);
  y = std::log(s) - (T(0.5) / s) - y - w;
  return negative ? y - nz : y;
}

// The Euler-Maclaurin sum's first terms: true when they already converge.
inline bool zeta_series(float& a, float& b, float& s, float x, float machep) {
  for (int i = 0; i < 9; ++i) {
    a += 1.0f;
    b = std::pow(a, -x);
    s += b;
    if (std::fabs(b / s) < machep) return true;
  }
  return false;
}
inline bool zeta_series(double& a, double& b, double& s, double x, double machep) {
  int i = 0;
  while (i < 9 || a <= 9.0) {
    i += 1;
    a += 1.0;
    b = std::pow(a, -x);
    s += b;
    if (std::fabs(b / s) < machep) return true;
  }
  return false;
}

// The Hurwitz zeta function zeta(x, q) = sum over k >= 0 of (k + q)^-x.
template <class T>
T zeta(T x, T q) {
  static constexpr T A[] = {T(12.0), T(-720.0), T(30240.0), T(-1209600.0), T(47900160.0),
                            T(-1.8924375803183791606e9), T(7.47242496e10), T(-2.950130727918164224e12),
                            T(1.1646782814350067249e14), T(-4.5979787224074726105e15), T(1.8152105401943546773e17),
                            T(-7.1661652561756670113e18)};
  const T inf = std::numeric_limits<T>::infinity();
  const T machep = Cephes<T>::machep;
  if (x == T(1)) return inf;
  if (x < T(1)) return std::numeric_limits<T>::quiet_NaN();
  if (q <= T(0)) {
    if (q == std::floor(q)) {
      if (std::rint(T(0.5) * x) == T(0.5) * x) return inf;
      return std::numeric_limits<T>::quiet_NaN();
    }
    if (x != std::floor(x)) return std::numeric_limits<T>::quiet_NaN();
  }
  T s = std::pow(q, -x);
  T a = q;
  T b = 0;
  if (zeta_series(a, b, s, x, machep)) return s;
  if (b == T(0)) return s;
  const T w = a;
  s += b * w / (x - T(1));
  s -= T(0.5) * b;
  a = T(1);
  T k = 0;
  for (int i = 0; i < 12; ++i) {
    a *= x + k;
    b /= w;
    T t = a * b / A[i];
    s = s + t;
    t = std::fabs(t / s);
    if (t < machep) break;
    k += T(1);
    a *= x + k;
    b /= w;
    k += T(1);
  }
  return s;
}

// psi^(n)(x) for integer n >= 0 (nan otherwise): (-1)^(n+1) n! zeta(n + 1, x).
template <class T>
T polygamma(T n, T x) {
  const T nplus = n + T(1);
  if (std::floor(n) != n || n < T(0)) return std::numeric_limits<T>::quiet_NaN();
  if (n == T(0)) return digamma(x);
  const T factorial = std::exp(lgamma(nplus));
  return std::pow(T(-1), nplus) * factorial * zeta(nplus, x);
}

// What the incomplete gamma series and continued fraction compute.
enum class IgammaMode { kValue, kDerivative };

template <class T, IgammaMode mode>
int igamma_iterations() {
  if (mode == IgammaMode::kValue) return 2000;
  return sizeof(T) == sizeof(float) ? 200 : 500;
}

// x^a e^-x / Gamma(a), 0 where its logarithm underflows or is nan.
template <class T>
T igamma_main_term(T a, T x) {
  const T logax = a * std::log(x) - x - lgamma(a);
  if (logax < -std::log(std::numeric_limits<T>::max()) || std::isnan(logax)) return T(0);
  return std::exp(logax);
}

// Q(a, x) (or its derivative in a) by the continued fraction, for x > 1 and x > a.
template <class T, IgammaMode mode>
T igammac_cf(T a, T x) {
  const T machep = Cephes<T>::machep;
  const T big = Cephes<T>::big;
  const T biginv = Cephes<T>::biginv;
  if (std::isinf(x)) return T(0);
  const T ax = igamma_main_term(a, x);
  if (ax == T(0)) return T(0);
  T y = T(1) - a;
  T z = x + y + T(1);
  T c = 0;
  T pkm2 = 1;
  T qkm2 = x;
  T pkm1 = x + T(1);
  T qkm1 = z * x;
  T ans = pkm1 / qkm1;
  T dpkm2_da = 0;
  T dqkm2_da = 0;
  T dpkm1_da = 0;
  T dqkm1_da = -x;
  T dans_da = (dpkm1_da - ans * dqkm1_da) / qkm1;
  for (int i = 0; i < igamma_iterations<T, mode>(); i++) {
    c += T(1);
    y += T(1);
    z += T(2);
    const T yc = y * c;
    const T pk = pkm1 * z - pkm2 * yc;
    const T qk = qkm1 * z - qkm2 * yc;
    const T dpk_da = dpkm1_da * z - pkm1 - dpkm2_da * yc + pkm2 * c;
    const T dqk_da = dqkm1_da * z - qkm1 - dqkm2_da * yc + qkm2 * c;
    if (qk != T(0)) {
      const T ans_prev = ans;
      ans = pk / qk;
      const T dans_da_prev = dans_da;
      dans_da = (dpk_da - ans * dqk_da) / qk;
      if (mode == IgammaMode::kValue) {
        if (std::fabs(ans_prev - ans) <= machep * std::fabs(ans)) break;
      } else {
        if (std::fabs(dans_da - dans_da_prev) <= machep) break;
      }
    }
    pkm2 = pkm1;
    pkm1 = pk;
    qkm2 = qkm1;
    qkm1 = qk;
    dpkm2_da = dpkm1_da;
    dpkm1_da = dpk_da;
    dqkm2_da = dqkm1_da;
    dqkm1_da = dqk_da;
    if (std::fabs(pk) > big) {
      pkm2 *= biginv;
      pkm1 *= biginv;
      qkm2 *= biginv;
      qkm1 *= biginv;
      dpkm2_da *= biginv;
      dpkm1_da *= biginv;
      dqkm2_da *= biginv;
      dqkm1_da *= biginv;
    }
  }
  if (mode == IgammaMode::kValue) return ans * ax;
  const T dlogax_da = std::log(x) - digamma(a);
  const T dax_da = ax * dlogax_da;
  return ans * dax_da + dans_da * ax;
}

// P(a, x) (or its derivative in a) by the power series, for x <= 1 or x <= a.
template <class T, IgammaMode mode>
T igamma_series(T a, T x) {
  const T machep = Cephes<T>::machep;
  T ax = igamma_main_term(a, x);
  if (ax == T(0)) return T(0);
  ax /= a;
  T r = a;
  T c = 1;
  T ans = 1;
  T dc_da = 0;
  T dans_da = 0;
  for (int i = 0; i < igamma_iterations<T, mode>(); i++) {
    r += T(1);
    const T term = x / r;
    const T dterm_da = -x / (r * r);
    dc_da = term * dc_da + dterm_da * c;
    dans_da += dc_da;
    c *= term;
    ans += c;
    if (mode == IgammaMode::kValue) {
      if (c <= machep * ans) break;
    } else {
      if (std::fabs(dc_da) <= machep * std::fabs(dans_da)) break;
    }
  }
  if (mode == IgammaMode::kValue) return ans * ax;
  const T dlogax_da = std::log(x) - digamma(a + T(1));
  const T dax_da = ax * dlogax_da;
  return ans * dax_da + dans_da * ax;
}

// The regularized lower incomplete gamma function P(a, x) (kValue) or dP/da (kDerivative).
template <class T, IgammaMode mode>
T igamma_generic(T a, T x) {
  if (x == T(0)) return T(0);
  if (x < T(0) || a <= T(0)) return std::numeric_limits<T>::quiet_NaN();
  if (std::isnan(a) || std::isnan(x)) return std::numeric_limits<T>::quiet_NaN();
  if (x > T(1) && x > a) {
    const T ret = igammac_cf<T, mode>(a, x);
    return mode == IgammaMode::kValue ? T(1) - ret : -ret;
  }
  return igamma_series<T, mode>(a, x);
}

template <class T>
T igamma(T a, T x) {
  return igamma_generic<T, IgammaMode::kValue>(a, x);
}

template <class T>
T igamma_grad_a(T a, T x) {
  return igamma_generic<T, IgammaMode::kDerivative>(a, x);
}

// The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x).
template <class T>
T igammac(T a, T x) {
  if (x < T(0) || a <= T(0)) return std::numeric_limits<T>::quiet_NaN();
  if (std::isnan(a) || std::isnan(x)) return std::numeric_limits<T>::quiet_NaN();
  if (x < T(1) || x < a) return T(1) - igamma_series<T, IgammaMode::kValue>(a, x);
  return igammac_cf<T, IgammaMode::kValue>(a, x);
}

}  // namespace special
}  // namespace kernels
}  // namespace varrt
