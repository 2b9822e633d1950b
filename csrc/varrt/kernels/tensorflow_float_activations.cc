#include "varrt/kernels/tensorflow_float_activations.h"

#include <cmath>
#include <cstring>

#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

// Eigen's packet width for float in TensorFlow's AVX build.
constexpr int64_t kPacketLanes = 8;
constexpr float kSmallestNormal = 1.17549435e-38f;

// TensorFlow's CPU threads flush denormal results to zero (keeping the sign). Both arms are
// computed and then selected, so the loops vectorise (GCC does not if-convert a conditional
// floating-point operation, which could trap).
inline float flushed(float v) {
  const float zero = v * 0.0f;
  return std::fabs(v) < kSmallestNormal ? zero : v;
}

inline float bits_to_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

}  // namespace

void tensorflow_tanh_float32(const float* in, float* out, int64_t n) {
  // The clamp is where the approximation (without FMA) reaches exactly 1. The comparisons keep
  // NaN, as Eigen's pmin/pmax do.
  constexpr float kClamp = 7.90738964080810547f;
  simd_for(0, n, [in, out](int64_t i) {
    const float v = in[i];
    const float x = v > kClamp ? kClamp : (v < -kClamp ? -kClamp : v);
    const float x2 = x * x;
    const float x3 = x2 * x;
    // Horner's rule from the highest coefficient, as Eigen's ppolevl.
    float p = 1.394553628e-8f;
    p = p * x2 + 2.102733560e-5f;
    p = p * x2 + 3.520756727e-3f;
    p = p * x2 + 1.340216100e-1f;
    float q = 8.015776984e-7f;
    q = q * x2 + 3.326951409e-4f;
    q = q * x2 + 2.597254514e-2f;
    q = q * x2 + 4.673548340e-1f;
    q = q * x2 + 1.0f;
    p = x3 * p + x;
    out[i] = flushed(p / q);
  });
}

void tensorflow_sigmoid_float32(const float* in, float* out, int64_t n) {
  constexpr float kExpHi = 16.6355324f;  // where the interpolant is exactly one
  const int64_t packed = n - n % kPacketLanes;
  simd_for(0, packed, [in, out](int64_t i) {
    const float v = in[i];
    const bool below = v < -104.0f;  // the correctly rounded result is 0
    // exp(x) as exp(x / 2) squared, so the scaling by 2^m never makes a denormal.
    float x = v > kExpHi ? kExpHi : v;
    x = x * 0.5f;
    const float m = std::floor(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    const float p_even = r2 * 4.1898667812347412109375e-2f + 0.49999141693115234375f;
    const float p_odd = r2 * 8.33471305668354034423828125e-3f + 0.16666877269744873046875f;
    const float p_low = r + 1.0f;
    float p = r * p_odd + p_even;
    p = r2 * p + p_low;
    // 2^m from its biased exponent, clamped to [0, 255] (NaN gives 0, and p is NaN then).
    float biased = m + 127.0f;
    biased = biased > 0.0f ? biased : 0.0f;
    biased = biased < 255.0f ? biased : 255.0f;
    float e = p * bits_to_float(static_cast<uint32_t>(static_cast<int32_t>(biased)) << 23);
    e = e * e;
    const float s = flushed(e / (1.0f + e));
    out[i] = below ? 0.0f : s;
  });
  for (int64_t i = packed; i < n; ++i) {
    // Eigen's scalar form: libm's exp.
    const float v = in[i];
    const float e = flushed(std::exp(v > kExpHi ? kExpHi : v));
    out[i] = flushed(e / (1.0f + e));
  }
}

void tensorflow_exp_float32(const float* in, float* out, int64_t n) {
  const int64_t packed = n - n % kPacketLanes;
  simd_for(0, packed, [in, out](int64_t i) {
    const float v = in[i];
    const bool below = v < -104.0f;  // Eigen's zero mask
    // Clamped to where the result is neither 0 nor +inf (NaN and -inf too, selected below), so
    // the conversion of m to an integer is always defined.
    float x = v < 88.723f ? v : 88.723f;
    x = x > -104.0f ? x : -104.0f;
    // exp(x) = 2^m exp(r): m = floor(x / ln 2 + 1/2), r = x - m ln 2 in two parts (no FMA).
    const float m = std::floor(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    float p_even = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
    const float p_odd = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
    p_even = r2 * p_even + 0.49999988079071044921875f;
    const float p_low = r + 1.0f;
    float y = r * p_odd + p_even;
    y = r2 * y + p_low;
    // y * 2^m in two exact halves (m in [-150, 128]: each half's power of two is a normal float);
    // a denormal product is flushed, as TensorFlow's threads flush it.
    const int32_t mi = static_cast<int32_t>(m);
    const int32_t half = mi / 2;
    y = y * bits_to_float(static_cast<uint32_t>(half + 127) << 23);
    y = y * bits_to_float(static_cast<uint32_t>(mi - half + 127) << 23);
    const float e = y > v ? y : v;  // Eigen's pmax(exp, x): +inf in gives +inf out
    out[i] = v != v ? v : (below ? 0.0f : e);
  });
  // Eigen's scalar path: libm's expf.
  for (int64_t i = packed; i < n; ++i) out[i] = std::exp(in[i]);
}

}  // namespace kernels
}  // namespace varrt
