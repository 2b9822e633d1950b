// The attributes and padding arithmetic the sliding-window ops share (Conv2D and its gradients,
// MaxPool, AvgPool and theirs): TensorFlow's GetWindowedOutputSizeVerbose, and the attributes as
// a graph node records them. Attributes hold no strings, so each of TensorFlow's string
// attributes is the index of its value in the op's allowed list (its registry's order, which the
// Python layer's OpDef.decode_attrs reads back): padding SAME 0, VALID 1, EXPLICIT 2;
// data_format NHWC 0, NCHW 1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "varrt/core/tensor.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/graph.h"

namespace varrt {
namespace ops {

enum class Padding : int64_t { kSame = 0, kValid = 1, kExplicit = 2 };

// One window op's attributes. `window` is ksize for pooling and empty for a convolution (whose
// window is its filter); `dilations` is empty for pooling.
struct WindowAttrs {
  std::vector<int64_t> window;
  std::vector<int64_t> strides;
  std::vector<int64_t> dilations;
  std::vector<int64_t> explicit_paddings;
  Padding padding = Padding::kValid;
  bool nchw = false;
};

// The attributes as OpAttrs (pointing into `a`, which must outlive them), and back from a node.
// `window_name`: "ksize" for pooling, null for a convolution.
std::vector<OpAttr> window_op_attrs(const WindowAttrs& a, const char* window_name);
WindowAttrs window_attrs_of(const NodeCall& c, const char* window_name);

// TensorFlow's CPU build runs float32 and bfloat16 convolutions and pooling through oneDNN (its
// error texts name oneDNN's ops; it takes NCHW and dilated backprops) and the others on Eigen.
bool runs_on_onednn(DType dtype);

// The 16-bit floats run on the float32 kernels: widened on the way in, rounded once on the way out.
// `widened` returns a tensor of any other dtype unchanged; `narrowed` rounds float32 to `dtype`
// (unchanged when `dtype` is not a 16-bit float).
DType kernel_dtype(DType dtype);
Tensor widened(const Tensor& t, Allocator* allocator);
Tensor narrowed(const Tensor& t, DType dtype, Allocator* allocator);

// NCHW ops run on the NHWC kernels: the attributes with their per-dimension lists in NHWC order,
// and 4-D tensors (or shapes) in the other layout (anything else unchanged, for the checks to refuse).
WindowAttrs nhwc_attrs(const WindowAttrs& nchw);
varrt::Shape nhwc_shape(const varrt::Shape& nchw);  // (ops::Shape is the op)
Tensor to_nhwc(const Tensor& nchw, Allocator* allocator);
Tensor to_nchw(const Tensor& nhwc, Allocator* allocator);

// One spatial dimension's output size and padding before it. Returns an empty string, or
// TensorFlow's message when the output would be negative (its InvalidArgument text).
std::string windowed_output_size(int64_t input, int64_t filter, int64_t dilation, int64_t stride, Padding padding,
                                  int64_t explicit_before, int64_t explicit_after, int64_t* output,
                                  int64_t* pad_before);

}  // namespace ops
}  // namespace varrt
