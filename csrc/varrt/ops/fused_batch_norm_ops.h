// FusedBatchNormV3 and FusedBatchNormGradV3 through the dispatch, on kernels/fused_batch_norm.h,
// with TensorFlow's kernel checks and texts (`name`: the op's name for the " name: " part, null
// for none). x (and y_backprop) float32, or half and bfloat16 computed in float32 and rounded once;
// scale, offset, mean, variance and the reserve spaces float32. The outputs are TensorFlow's CPU
// kernels': reserve_space_1 the batch mean, reserve_space_2 its biased variance (the population
// statistics in inference), reserve_space_3 empty ([0] from oneDNN's float32 and bfloat16 4-D
// kernels, a scalar 0 from Eigen's, which run half and 5-D inputs); the gradient's reserve_space_4
// and _5 scalar zeros.
// Callers check the dtypes against the op table first.
#pragma once

#include <array>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

struct BatchNormAttrs {
  double epsilon = 0.0001;
  double exponential_avg_factor = 1.0;
  int64_t data_format = 0;  // the index in {NHWC, NCHW, NDHWC, NCDHW} (ops/window_geometry.h's rule)
  bool is_training = true;
};

// y, batch_mean, batch_variance, reserve_space_1, reserve_space_2, reserve_space_3.
std::array<PlacedTensor, 6> FusedBatchNormV3(const PlacedTensor& x, const PlacedTensor& scale,
                                             const PlacedTensor& offset, const PlacedTensor& mean,
                                             const PlacedTensor& variance, const BatchNormAttrs& attrs,
                                             const char* name);
// x_backprop, scale_backprop, offset_backprop, reserve_space_4, reserve_space_5.
std::array<PlacedTensor, 5> FusedBatchNormGradV3(const PlacedTensor& y_backprop, const PlacedTensor& x,
                                                 const PlacedTensor& scale, const PlacedTensor& reserve_space_1,
                                                 const PlacedTensor& reserve_space_2,
                                                 const PlacedTensor& reserve_space_3, const BatchNormAttrs& attrs,
                                                 const char* name);

}  // namespace ops
}  // namespace varrt
