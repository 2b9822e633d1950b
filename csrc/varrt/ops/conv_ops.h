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
// What TensorFlow's _FusedConv2D is when Grappler makes it of Conv2D, BiasAdd and Relu (fused_ops
// [BiasAdd] or [BiasAdd, Relu]), as varrt's graph-internal _FusedConv2DBias (a name of its own:
// it is no op of the table, nothing records or calls it but a graph's fusion, and its inputs are
// not TensorFlow's): the convolution with `bias` (out_depth elements, any shape)
// added and Relu applied while each output tile is in cache (kernels/conv2d.h's epilogue), the
// bits of the three ops. float32 and float64, NHWC only: what a graph fuses (ops/graph_fusion.cc)
// and nothing else; the convolution's checks are Conv2D's.
PlacedTensor FusedConv2D(const PlacedTensor& input, const PlacedTensor& filter, const PlacedTensor& bias,
                         const WindowAttrs& attrs, bool relu);
// `input_sizes`: an int32 vector, the input's shape.
PlacedTensor Conv2DBackpropInput(const PlacedTensor& input_sizes, const PlacedTensor& filter,
                                 const PlacedTensor& out_backprop, const WindowAttrs& attrs, const char* name);
// `filter_sizes`: an int32 vector, the filter's shape.
PlacedTensor Conv2DBackpropFilter(const PlacedTensor& input, const PlacedTensor& filter_sizes,
                                  const PlacedTensor& out_backprop, const WindowAttrs& attrs, const char* name);

}  // namespace ops
}  // namespace varrt
