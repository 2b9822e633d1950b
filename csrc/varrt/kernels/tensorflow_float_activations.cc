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

}  // namespace kernels
}  // namespace varrt
