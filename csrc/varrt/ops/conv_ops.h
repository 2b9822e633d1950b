// Conv2D, Conv2DBackpropInput and Conv2DBackpropFilter through the dispatch, on the kernels of
// kernels/conv2d.h, with TensorFlow's kernel checks and texts (`name`: the op's name for the
// " name: " part, null for none). float32, float64, and half and bfloat16 on the float32 kernels;
// NHWC, and NCHW where TensorFlow's CPU build takes it; the attributes are ops/window_geometry.h's.
// Callers check the dtypes against the op table first.
#pragma once

#include "varrt/device/device_copy.h"
#include "varrt/ops/window_geometry.h"

namespace varrt {
namespace ops {

PlacedTensor Conv2D(const PlacedTensor& input, const PlacedTensor& filter, const WindowAttrs& attrs, const char* name);
// `input_sizes`: an int32 vector, the input's shape.
PlacedTensor Conv2DBackpropInput(const PlacedTensor& input_sizes, const PlacedTensor& filter,
                                 const PlacedTensor& out_backprop, const WindowAttrs& attrs, const char* name);
// `filter_sizes`: an int32 vector, the filter's shape.
PlacedTensor Conv2DBackpropFilter(const PlacedTensor& input, const PlacedTensor& filter_sizes,
                                  const PlacedTensor& out_backprop, const WindowAttrs& attrs, const char* name);

}  // namespace ops
}  // namespace varrt
