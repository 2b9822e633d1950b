// ndtri (the standard normal quantile) and erfinv as TensorFlow's CPU kernels compute them:
// Eigen's generic_ndtri (unsupported/Eigen/src/SpecialFunctions/SpecialFunctionsImpl.h, MPL 2.0;
// Cephes's rational approximations), in the element type, and TensorFlow's
// erfinv(x) = ndtri((x + 1) / 2) / sqrt(2) (tensorflow/core/kernels/cwise_ops.h). TensorFlow runs
// the float32 form in AVX packets whose log is Eigen's own approximation; here log is libm's, so
// float32 results may differ from TensorFlow's in the last bit or two (the tests state by how much).
#pragma once

#include <cmath>
#include <limits>

#include "varrt/kernels/special_gamma.h"

namespace varrt {
namespace kernels {
namespace special {

// ndtri on (exp(-2), 1 - exp(-2)]: a rational function of (b - 1/2)^2.
template <class T>
T ndtri_central(T b) {
  static constexpr T p0[] = {T(-5.99633501014107895267e1), T(9.80010754185999661536e1), T(-5.66762857469070293439e1),
                             T(1.39312609387279679503e1), T(-1.23916583867381258016e0)};
  static constexpr T q0[] = {T(1.0),
                             T(1.95448858338141759834e0),
                             T(4.67627912898881538453e0),
                             T(8.63602421390890590575e1),
                             T(-2.25462687854119370527e2),
                             T(2.00260212380060660359e2),
                             T(-8.20372256168333339912e1),
                             T(1.59056225126211695515e1),
                             T(-1.18331621121330003142e0)};
  const T c = b - T(0.5);
  const T c2 = c * c;
  const T r = c * (c2 * (polevl<T, 4>(c2, p0) / polevl<T, 8>(c2, q0))) + c;
  return r * T(2.50662827463100050242e0);
}

// ndtri in the tails (b <= exp(-2), b the smaller of a and 1 - a): in terms of sqrt(-2 log b).
template <class T>
T ndtri_tail(T b, bool flip) {
  static constexpr T p1[] = {T(4.05544892305962419923e0),   T(3.15251094599893866154e1),
                             T(5.71628192246421288162e1),   T(4.40805073893200834700e1),
                             T(1.46849561928858024014e1),   T(2.18663306850790267539e0),
                             T(-1.40256079171354495875e-1), T(-3.50424626827848203418e-2),
                             T(-8.57456785154685413611e-4)};
  static constexpr T q1[] = {T(1.0),
                             T(1.57799883256466749731e1),
                             T(4.53907635128879210584e1),
                             T(4.13172038254672030440e1),
                             T(1.50425385692907503408e1),
                             T(2.50464946208309415979e0),
                             T(-1.42182922854787788574e-1),
                             T(-3.80806407691578277194e-2),
                             T(-9.33259480895457427372e-4)};
  static constexpr T p2[] = {T(3.23774891776946035970e0),  T(6.91522889068984211695e0),
                             T(3.93881025292474443415e0),  T(1.33303460815807542389e0),
                             T(2.01485389549179081538e-1), T(1.23716634817820021358e-2),
                             T(3.01581553508235416007e-4), T(2.65806974686737550832e-6),
                             T(6.23974539184983293730e-9)};
  static constexpr T q2[] = {T(1.0),
                             T(6.02427039364742014255e0),
                             T(3.67983563856160859403e0),
                             T(1.37702099489081330271e0),
                             T(2.16236993594496635890e-1),
                             T(1.34204006088543189037e-2),
                             T(3.28014464682127739104e-4),
                             T(2.89247864745380683936e-6),
                             T(6.79019408009981274425e-9)};
  const T x = std::sqrt(T(-2) * std::log(b));
  const T x0 = x - std::log(x) / x;
  const T z = T(1) / x;
  const T x1 = z * (x < T(8) ? polevl<T, 8>(z, p1) / polevl<T, 8>(z, q1) : polevl<T, 8>(z, p2) / polevl<T, 8>(z, q2));
  const T r = x0 - x1;
  return flip ? -r : r;
}

// The x with Phi(x) = a: -inf at 0, inf at 1, nan outside [0, 1].
template <class T>
T ndtri(T a) {
  const T exp_neg_two = T(0.13533528323661269189);
  if (a == T(0)) return -std::numeric_limits<T>::infinity();
  if (a == T(1)) return std::numeric_limits<T>::infinity();
  const bool flip = a <= T(1) - exp_neg_two;
  const T b = flip ? a : T(1) - a;
  return exp_neg_two < b ? ndtri_central(b) : ndtri_tail(b, flip);
}

template <class T>
T erfinv(T x) {
  return ndtri(T(0.5) * x + T(0.5)) * T(0.70710678118654752440);
}

}  // namespace special
}  // namespace kernels
}  // namespace varrt
