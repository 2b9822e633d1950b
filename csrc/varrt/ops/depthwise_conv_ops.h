// DepthwiseConv2dNative and its two gradients through the dispatch, on the kernels of
// kernels/depthwise_conv2d.h, with TensorFlow's kernel checks and texts (`name`: the op's name
// for the " name: " part, null for none). float32, float64, and half and bfloat16 on the float32
// kernels. TensorFlow's CPU build runs float32 and bfloat16 through oneDNN (NCHW, unequal strides
// and dilations taken) and the others on its Eigen kernels (NHWC only, equal strides, no
// dilations); each dtype gets its kernel's rules. Both builds' gradient ops ignore `dilations`
// (the undilated gradient, out_backprop checked against the undilated shape), and so do these. Callers check the dtypes against the op table first.
#pragma once

#include "varrt/device/device_copy.h"
#include "varrt/ops/window_geometry.h"

namespace varrt {
namespace ops {

PlacedTensor DepthwiseConv2dNative(const PlacedTensor& input, const PlacedTensor& filter, const WindowAttrs& attrs,
                                   const char* name);
// `input_sizes`: an int32 vector, the input's shape.
PlacedTensor DepthwiseConv2dNativeBackpropInput(const PlacedTensor& input_sizes, const PlacedTensor& filter,
                                                const PlacedTensor& out_backprop, const WindowAttrs& attrs,
                                                const char* name);
// `filter_sizes`: an int32 vector, the filter's shape.
PlacedTensor DepthwiseConv2dNativeBackpropFilter(const PlacedTensor& input, const PlacedTensor& filter_sizes,
                                                 const PlacedTensor& out_backprop, const WindowAttrs& attrs,
                                                 const char* name);

}  // namespace ops
}  // namespace varrt
