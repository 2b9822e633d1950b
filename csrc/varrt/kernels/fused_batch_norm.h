// FusedBatchNormV3 and FusedBatchNormGradV3 over float32 buffers: x is [batch, channels, spatial]
// in either layout (channels last: NHWC, NDHWC; channels first: NCHW, NCDHW), normalized per
// channel. Sums over a channel run in double, so a result is the exact statistic rounded once
// (TensorFlow's kernels sum in float, in their own order: the two agree to float32's rounding).
// The caller checks the shapes (ops/fused_batch_norm_ops.cc).
#pragma once

#include <cstdint>

namespace varrt {
namespace kernels {

struct BatchNormGeometry {
  int64_t batch = 0, channels = 0, spatial = 0;
  bool channels_last = true;
  int64_t per_channel() const { return batch * spatial; }
};

// Training: the batch's mean and biased variance per channel (written to `mean`, `variance`), and
// y = (x - mean) * scale / sqrt(variance + epsilon) + offset.
void batch_norm_training(const BatchNormGeometry& g, const float* x, const float* scale, const float* offset,
                         double epsilon, float* y, float* mean, float* variance);
// Inference: y from the given mean and variance.
void batch_norm_inference(const BatchNormGeometry& g, const float* x, const float* scale, const float* offset,
                          const float* mean, const float* variance, double epsilon, float* y);
// The gradients given the forward pass's mean and (biased) variance (training) or the population
// statistics it used (inference): dx, dscale = sum(dy * (x - mean)) / sqrt(variance + epsilon),
// doffset = sum(dy); in training dx also carries the statistics' own dependence on x.
void batch_norm_grad(const BatchNormGeometry& g, bool training, const float* dy, const float* x, const float* scale,
                     const float* mean, const float* variance, double epsilon, float* dx, float* dscale,
                     float* doffset);

}  // namespace kernels
}  // namespace varrt
