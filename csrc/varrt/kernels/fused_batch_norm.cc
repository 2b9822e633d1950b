#include "varrt/kernels/fused_batch_norm.h"

#include <cmath>
#include <vector>

namespace varrt {
namespace kernels {
namespace {

// Calls f(channel, index) for every element, in memory order.
template <class F>
void for_each(const BatchNormGeometry& g, F&& f) {
  if (g.channels_last) {
    const int64_t rows = g.batch * g.spatial;
    for (int64_t r = 0, i = 0; r < rows; ++r) {
      for (int64_t c = 0; c < g.channels; ++c, ++i) f(c, i);
    }
  } else {
    for (int64_t b = 0, i = 0; b < g.batch; ++b) {
      for (int64_t c = 0; c < g.channels; ++c) {
        for (int64_t s = 0; s < g.spatial; ++s, ++i) f(c, i);
      }
    }
  }
}

// scale / sqrt(variance + epsilon) per channel, in float as TensorFlow's kernels compute it.
std::vector<float> inverse_std(const BatchNormGeometry& g, const float* variance, double epsilon) {
  std::vector<float> r(static_cast<size_t>(g.channels));
  for (int64_t c = 0; c < g.channels; ++c) r[c] = 1.0f / std::sqrt(variance[c] + static_cast<float>(epsilon));
  return r;
}

void normalize(const BatchNormGeometry& g, const float* x, const float* scale, const float* offset, const float* mean,
               const float* variance, double epsilon, float* y) {
  const std::vector<float> inv = inverse_std(g, variance, epsilon);
  std::vector<float> factor(static_cast<size_t>(g.channels));
  for (int64_t c = 0; c < g.channels; ++c) factor[c] = scale[c] * inv[c];
  for_each(g, [&](int64_t c, int64_t i) { y[i] = (x[i] - mean[c]) * factor[c] + offset[c]; });
}

}  // namespace

void batch_norm_training(const BatchNormGeometry& g, const float* x, const float* scale, const float* offset,
                         double epsilon, float* y, float* mean, float* variance) {
  const double n = static_cast<double>(g.per_channel());
  std::vector<double> sum(static_cast<size_t>(g.channels), 0.0), squares(static_cast<size_t>(g.channels), 0.0);
  for_each(g, [&](int64_t c, int64_t i) { sum[c] += x[i]; });
  for (int64_t c = 0; c < g.channels; ++c) mean[c] = n > 0 ? static_cast<float>(sum[c] / n) : 0.0f;
  for (int64_t c = 0; c < g.channels; ++c) sum[c] = n > 0 ? sum[c] / n : 0.0;  // the mean, unrounded
  for_each(g, [&](int64_t c, int64_t i) {
    const double d = x[i] - sum[c];
    squares[c] += d * d;
  });
  for (int64_t c = 0; c < g.channels; ++c) variance[c] = n > 0 ? static_cast<float>(squares[c] / n) : 0.0f;
  normalize(g, x, scale, offset, mean, variance, epsilon, y);
}

void batch_norm_inference(const BatchNormGeometry& g, const float* x, const float* scale, const float* offset,
                          const float* mean, const float* variance, double epsilon, float* y) {
  normalize(g, x, scale, offset, mean, variance, epsilon, y);
}

void batch_norm_grad(const BatchNormGeometry& g, bool training, const float* dy, const float* x, const float* scale,
                     const float* mean, const float* variance, double epsilon, float* dx, float* dscale,
                     float* doffset) {
  const std::vector<float> inv = inverse_std(g, variance, epsilon);
  std::vector<double> sum_dy(static_cast<size_t>(g.channels), 0.0), sum_dy_xc(static_cast<size_t>(g.channels), 0.0);
  for_each(g, [&](int64_t c, int64_t i) {
    sum_dy[c] += dy[i];
    sum_dy_xc[c] += static_cast<double>(dy[i]) * (x[i] - mean[c]);
  });
  for (int64_t c = 0; c < g.channels; ++c) {
    doffset[c] = static_cast<float>(sum_dy[c]);
    dscale[c] = static_cast<float>(sum_dy_xc[c] * inv[c]);
  }
  if (!training) {
    for_each(g, [&](int64_t c, int64_t i) { dx[i] = dy[i] * scale[c] * inv[c]; });
    return;
  }
  // dx = scale * inv * (dy - mean(dy) - (x - mean) * mean(dy * (x - mean)) * inv^2)
  const double n = static_cast<double>(g.per_channel());
  std::vector<float> mean_dy(static_cast<size_t>(g.channels)), slope(static_cast<size_t>(g.channels));
  for (int64_t c = 0; c < g.channels; ++c) {
    mean_dy[c] = static_cast<float>(sum_dy[c] / n);
    slope[c] = static_cast<float>(sum_dy_xc[c] / n * inv[c] * inv[c]);
  }
  for_each(g, [&](int64_t c, int64_t i) {
    dx[i] = scale[c] * inv[c] * (dy[i] - mean_dy[c] - (x[i] - mean[c]) * slope[c]);
  });
}

}  // namespace kernels
}  // namespace varrt
