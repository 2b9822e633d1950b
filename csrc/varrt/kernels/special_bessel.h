// The modified Bessel functions of the first kind, I0 and I1 and their exponentially scaled forms
// I0e(x) = exp(-|x|) I0(x), I1e(x) = exp(-|x|) I1(x), as TensorFlow's CPU kernels compute them:
// Eigen's generic_i0e / generic_i1e (unsupported/Eigen/src/SpecialFunctions/BesselFunctionsImpl.h,
// MPL 2.0; Cephes's Chebyshev expansions on [0, 8] and (8, inf)), in the element type, and
// I0 = exp(|x|) I0e, I1 = exp(|x|) I1e. Both branches are computed and one selected, as Eigen's
// packet code does, so the loop vectorises apart from exp.
#pragma once

#include <cmath>

namespace varrt {
namespace kernels {
namespace special {

// Clenshaw's sum of a Chebyshev series (Cephes's chbevl, Eigen's pchebevl).
template <class T, int N>
inline T chbevl(T x, const T* coef) {
  T b0 = coef[0];
  T b1 = 0;
  T b2 = 0;
  for (int i = 1; i < N; i++) {
    b2 = b1;
    b1 = b0;
    b0 = (x * b1 + coef[i]) - b2;
  }
  return T(0.5) * (b0 - b2);
}

template <class T>
struct BesselI0eCoefficients;
template <>
struct BesselI0eCoefficients<float> {
  static constexpr int kA = 18, kB = 7;
  static constexpr float A[] = {-1.30002500998624804212E-8f, 6.04699502254191894932E-8f,  -2.67079385394061173391E-7f,
                                1.11738753912010371815E-6f,  -4.41673835845875056359E-6f, 1.64484480707288970893E-5f,
                                -5.75419501008210370398E-5f, 1.88502885095841655729E-4f,  -5.76375574538582365885E-4f,
                                1.63947561694133579842E-3f,  -4.32430999505057594430E-3f, 1.05464603945949983183E-2f,
                                -2.37374148058994688156E-2f, 4.93052842396707084878E-2f,  -9.49010970480476444210E-2f,
                                1.71620901522208775349E-1f,  -3.04682672343198398683E-1f, 6.76795274409476084995E-1f};
  static constexpr float B[] = {3.39623202570838634515E-9f, 2.26666899049817806459E-8f, 2.04891858946906374183E-7f,
                                2.89137052083475648297E-6f, 6.88975834691682398426E-5f, 3.36911647825569408990E-3f,
                                8.04490411014108831608E-1f};
};
template <>
struct BesselI0eCoefficients<double> {
  static constexpr int kA = 30, kB = 25;
  static constexpr double A[] = {
      -4.41534164647933937950E-18, 3.33079451882223809783E-17,  -2.43127984654795469359E-16, 1.71539128555513303061E-15,
      -1.16853328779934516808E-14, 7.67618549860493561688E-14,  -4.85644678311192946090E-13, 2.95505266312963983461E-12,
      -1.72682629144155570723E-11, 9.67580903537323691224E-11,  -5.18979560163526290666E-10, 2.65982372468238665035E-9,
      -1.30002500998624804212E-8,  6.04699502254191894932E-8,   -2.67079385394061173391E-7,  1.11738753912010371815E-6,
      -4.41673835845875056359E-6,  1.64484480707288970893E-5,   -5.75419501008210370398E-5,  1.88502885095841655729E-4,
      -5.76375574538582365885E-4,  1.63947561694133579842E-3,   -4.32430999505057594430E-3,  1.05464603945949983183E-2,
      -2.37374148058994688156E-2,  4.93052842396707084878E-2,   -9.49010970480476444210E-2,  1.71620901522208775349E-1,
      -3.04682672343198398683E-1,  6.76795274409476084995E-1};
  static constexpr double B[] = {
      -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,  3.46122286769746109310E-17,
      -2.82762398051658348494E-16, -3.42548561967721913462E-16, 1.77256013305652638360E-15,  3.81168066935262242075E-15,
      -9.55484669882830764870E-15, -4.15056934728722208663E-14, 1.54008621752140982691E-14,  3.85277838274214270114E-13,
      7.18012445138366623367E-13,  -1.79417853150680611778E-12, -1.32158118404477131188E-11, -3.14991652796324136454E-11,
      1.18891471078464383424E-11,  4.94060238822496958910E-10,  3.39623202570838634515E-9,   2.26666899049817806459E-8,
      2.04891858946906374183E-7,   2.89137052083475648297E-6,   6.88975834691682398426E-5,   3.36911647825569408990E-3,
      8.04490411014108831608E-1};
};

template <class T>
struct BesselI1eCoefficients;
template <>
struct BesselI1eCoefficients<float> {
  static constexpr int kA = 17, kB = 7;
  static constexpr float A[] = {9.38153738649577178388E-9f,  -4.44505912879632808065E-8f, 2.00329475355213526229E-7f,
                                -8.56872026469545474066E-7f, 3.47025130813767847674E-6f,  -1.32731636560394358279E-5f,
                                4.78156510755005422638E-5f,  -1.61760815825896745588E-4f, 5.12285956168575772895E-4f,
                                -1.51357245063125314899E-3f, 4.15642294431288815669E-3f,  -1.05640848946261981558E-2f,
                                2.47264490306265168283E-2f,  -5.29459812080949914269E-2f, 1.02643658689847095384E-1f,
                                -1.76416518357834055153E-1f, 2.52587186443633654823E-1f};
  static constexpr float B[] = {-3.83538038596423702205E-9f, -2.63146884688951950684E-8f, -2.51223623787020892529E-7f,
                                -3.88256480887769039346E-6f, -1.10588938762623716291E-4f, -9.76109749136146840777E-3f,
                                7.78576235018280120474E-1f};
};
template <>
struct BesselI1eCoefficients<double> {
  static constexpr int kA = 29, kB = 25;
  static constexpr double A[] = {
      2.77791411276104639959E-18,  -2.11142121435816608115E-17, 1.55363195773620046921E-16,  -1.10559694773538630805E-15,
      7.60068429473540693410E-15,  -5.04218550472791168711E-14, 3.22379336594557470981E-13,  -1.98397439776494371520E-12,
      1.17361862988909016308E-11,  -6.66348972350202774223E-11, 3.62559028155211703701E-10,  -1.88724975172282928790E-9,
      9.38153738649577178388E-9,   -4.44505912879632808065E-8,  2.00329475355213526229E-7,   -8.56872026469545474066E-7,
      3.47025130813767847674E-6,   -1.32731636560394358279E-5,  4.78156510755005422638E-5,   -1.61760815825896745588E-4,
      5.12285956168575772895E-4,   -1.51357245063125314899E-3,  4.15642294431288815669E-3,   -1.05640848946261981558E-2,
      2.47264490306265168283E-2,   -5.29459812080949914269E-2,  1.02643658689847095384E-1,   -1.76416518357834055153E-1,
      2.52587186443633654823E-1};
  static constexpr double B[] = {
      7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17, -3.20952592199342395980E-17,
      2.96262899764595013876E-16,  3.30820231092092828324E-16,  -1.88035477551078244854E-15, -3.81440307243700780478E-15,
      1.04202769841288027642E-14,  4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
      -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,  3.25260358301548823856E-11,
      -1.89749581235054123450E-11, -5.58974346219658380687E-10, -3.83538038596423702205E-9,  -2.63146884688951950684E-8,
      -2.51223623787020892529E-7,  -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
      7.78576235018280120474E-1};
};

template <class T>
T bessel_i0e(T x) {
  using C = BesselI0eCoefficients<T>;
  const T y = std::fabs(x);
  const T small = chbevl<T, C::kA>(T(0.5) * y + T(-2.0), C::A);
  const T large = chbevl<T, C::kB>(T(32.0) / y - T(2.0), C::B) * (T(1) / std::sqrt(y));
  return y <= T(8) ? small : large;
}

template <class T>
T bessel_i1e(T x) {
  using C = BesselI1eCoefficients<T>;
  const T y = std::fabs(x);
  const T small = y * chbevl<T, C::kA>(T(0.5) * y + T(-2.0), C::A);
  const T large = chbevl<T, C::kB>(T(32.0) / y - T(2.0), C::B) * (T(1) / std::sqrt(y));
  const T r = y <= T(8) ? small : large;
  return x < T(0) ? -r : r;
}

template <class T>
T bessel_i0(T x) {
  return std::exp(std::fabs(x)) * bessel_i0e(x);
}

template <class T>
T bessel_i1(T x) {
  return std::exp(std::fabs(x)) * bessel_i1e(x);
}

// The same functions over a block of kBlock elements at once: each Chebyshev step runs across
// the block, so the compiler vectorises it and the steps' latency chains overlap (one element's
// chain of 30 dependent multiply-adds is what bounds the scalar form). The operations per element
// are the scalar form's, in its order: the results are the same bits.
constexpr int kBlock = 16;

template <class T, int N>
inline void chbevl_block(const T* x, const T* coef, T* out) {
  T b0[kBlock], b1[kBlock], b2[kBlock];
  for (int w = 0; w < kBlock; ++w) {
    b0[w] = coef[0];
    b1[w] = 0;
    b2[w] = 0;
  }
  for (int i = 1; i < N; i++) {
    for (int w = 0; w < kBlock; ++w) {
      b2[w] = b1[w];
      b1[w] = b0[w];
      b0[w] = (x[w] * b1[w] + coef[i]) - b2[w];
    }
  }
  for (int w = 0; w < kBlock; ++w) out[w] = T(0.5) * (b0[w] - b2[w]);
}

// out[w] = I0e(x[w]) (kOrder 0) or I1e(x[w]) (kOrder 1) for a block.
template <class T, int kOrder>
inline void bessel_ie_block(const T* x, T* out) {
  using C0 = BesselI0eCoefficients<T>;
  using C1 = BesselI1eCoefficients<T>;
  T y[kBlock], near[kBlock], far[kBlock], small[kBlock], large[kBlock];
  for (int w = 0; w < kBlock; ++w) {
    y[w] = std::fabs(x[w]);
    near[w] = T(0.5) * y[w] + T(-2.0);
    far[w] = T(32.0) / y[w] - T(2.0);
  }
  if (kOrder == 0) {
    chbevl_block<T, C0::kA>(near, C0::A, small);
    chbevl_block<T, C0::kB>(far, C0::B, large);
  } else {
    chbevl_block<T, C1::kA>(near, C1::A, small);
    chbevl_block<T, C1::kB>(far, C1::B, large);
  }
  for (int w = 0; w < kBlock; ++w) {
    const T s = kOrder == 0 ? small[w] : y[w] * small[w];
    const T l = large[w] * (T(1) / std::sqrt(y[w]));
    const T r = y[w] <= T(8) ? s : l;
    out[w] = kOrder == 1 && x[w] < T(0) ? -r : r;
  }
}

}  // namespace special
}  // namespace kernels
}  // namespace varrt
