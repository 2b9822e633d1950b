// MaxPool, MaxPoolGrad, AvgPool and AvgPoolGrad through the dispatch, on kernels/pooling.h, with
// TensorFlow's kernel checks and texts (`name`: the op's name for the " name: " part, null for
// none). float32, float64, and half and bfloat16 on the float32 kernels; NHWC, and NCHW where
// TensorFlow's CPU build takes it; the attributes are ops/window_geometry.h's (`window` is ksize).
#pragma once

#include "varrt/device/device_copy.h"
#include "varrt/ops/window_geometry.h"

namespace varrt {
namespace ops {

PlacedTensor MaxPool(const PlacedTensor& input, const WindowAttrs& attrs, const char* name);
PlacedTensor MaxPoolGrad(const PlacedTensor& orig_input, const PlacedTensor& orig_output, const PlacedTensor& grad,
                         const WindowAttrs& attrs, const char* name);
// MaxPoolGrad, then ReluGrad of its result with orig_input as the features (the pooled value is a
// Relu's output), in one pass: what a graph fuses (ops/graph_fusion.h), the bits of the two ops.
// float32 and float64, NHWC only; MaxPoolGrad's checks.
PlacedTensor FusedMaxPoolGradReluGrad(const PlacedTensor& orig_input, const PlacedTensor& orig_output,
                                      const PlacedTensor& grad, const WindowAttrs& attrs);
PlacedTensor AvgPool(const PlacedTensor& value, const WindowAttrs& attrs, const char* name);
// `orig_input_shape`: an int32 vector.
PlacedTensor AvgPoolGrad(const PlacedTensor& orig_input_shape, const PlacedTensor& grad, const WindowAttrs& attrs,
                         const char* name);

}  // namespace ops
}  // namespace varrt
