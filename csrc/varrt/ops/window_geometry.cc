#include "varrt/ops/window_geometry.h"

#include <algorithm>

#include "varrt/core/dtype.h"
#include "varrt/kernels/float_widening.h"
#include "varrt/kernels/layout.h"

namespace varrt {
namespace ops {
namespace {

OpAttr ints(const char* name, const std::vector<int64_t>& v) {
  OpAttr a;
  a.name = name;
  a.ints = v.empty() ? OpAttr::kNoInts : v.data();
  a.num_ints = static_cast<int>(v.size());
  return a;
}

OpAttr integer(const char* name, int64_t value) {
  OpAttr a;
  a.name = name;
  a.value = value;
  return a;
}

}  // namespace

std::vector<OpAttr> window_op_attrs(const WindowAttrs& a, const char* window_name) {
  std::vector<OpAttr> out;
  if (window_name != nullptr) out.push_back(ints(window_name, a.window));
  out.push_back(ints("strides", a.strides));
  if (window_name == nullptr) out.push_back(ints("dilations", a.dilations));
  out.push_back(ints("explicit_paddings", a.explicit_paddings));
  out.push_back(integer("padding", static_cast<int64_t>(a.padding)));
  out.push_back(integer("data_format", a.nchw ? 1 : 0));
  return out;
}

WindowAttrs window_attrs_of(const NodeCall& c, const char* window_name) {
  WindowAttrs a;
  if (window_name != nullptr) a.window = c.ints_attr(window_name);
  a.strides = c.ints_attr("strides");
  if (window_name == nullptr) a.dilations = c.ints_attr("dilations");
  a.explicit_paddings = c.ints_attr("explicit_paddings");
  a.padding = static_cast<Padding>(c.attr("padding", static_cast<int64_t>(Padding::kValid)));
  a.nchw = c.attr("data_format") != 0;
  return a;
}

namespace {

// [a, b, c, d] in NCHW order as NHWC: [a, c, d, b]; other lengths unchanged.
std::vector<int64_t> nhwc_order(const std::vector<int64_t>& v) {
  if (v.size() != 4) return v;
  return {v[0], v[2], v[3], v[1]};
}

Tensor swapped(const Tensor& t, Allocator* allocator, bool to_channels_last) {
  if (t.shape().rank() != 4) return t;
  const Shape& s = t.shape();
  const Shape out = to_channels_last ? Shape{s.dim(0), s.dim(2), s.dim(3), s.dim(1)}
                                     : Shape{s.dim(0), s.dim(3), s.dim(1), s.dim(2)};
  Tensor r = Tensor::allocate(t.dtype(), out, allocator);
  const int64_t channels = to_channels_last ? s.dim(1) : s.dim(3);
  const int64_t spatial = to_channels_last ? s.dim(2) * s.dim(3) : s.dim(1) * s.dim(2);
  kernels::swap_channels(dtype_size(t.dtype()), s.dim(0), channels, spatial, t.data(), r.mutable_data(),
                         to_channels_last);
  return r;
}

}  // namespace

bool runs_on_onednn(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kBFloat16; }

DType kernel_dtype(DType dtype) {
  return dtype == DType::kFloat16 || dtype == DType::kBFloat16 ? DType::kFloat32 : dtype;
}

Tensor widened(const Tensor& t, Allocator* allocator) {
  if (kernel_dtype(t.dtype()) == t.dtype()) return t;
  Tensor r = Tensor::allocate(DType::kFloat32, t.shape(), allocator);
  kernels::widen_to_float(t.dtype(), t.data(), static_cast<float*>(r.mutable_data()), t.num_elements());
  return r;
}

Tensor narrowed(const Tensor& t, DType dtype, Allocator* allocator) {
  if (kernel_dtype(dtype) == dtype) return t;
  Tensor r = Tensor::allocate(dtype, t.shape(), allocator);
  kernels::narrow_from_float(dtype, t.data_as<float>(), r.mutable_data(), t.num_elements());
  return r;
}

WindowAttrs nhwc_attrs(const WindowAttrs& a) {
  WindowAttrs out = a;
  out.window = nhwc_order(a.window);
  out.strides = nhwc_order(a.strides);
  out.dilations = nhwc_order(a.dilations);
  if (a.explicit_paddings.size() == 8) {
    const std::vector<int64_t>& p = a.explicit_paddings;
    out.explicit_paddings = {p[0], p[1], p[4], p[5], p[6], p[7], p[2], p[3]};
  }
  out.nchw = false;
  return out;
}

varrt::Shape nhwc_shape(const varrt::Shape& s) {
  return s.rank() == 4 ? varrt::Shape{s.dim(0), s.dim(2), s.dim(3), s.dim(1)} : s;
}

Tensor to_nhwc(const Tensor& nchw, Allocator* allocator) { return swapped(nchw, allocator, true); }

Tensor to_nchw(const Tensor& nhwc, Allocator* allocator) { return swapped(nhwc, allocator, false); }

std::string windowed_output_size(int64_t input, int64_t filter, int64_t dilation, int64_t stride, Padding padding,
                                 int64_t explicit_before, int64_t explicit_after, int64_t* output,
                                 int64_t* pad_before) {
  const int64_t effective = (filter - 1) * dilation + 1;
  switch (padding) {
    case Padding::kValid:
      *output = (input - effective + stride) / stride;
      *pad_before = 0;
      break;
    case Padding::kExplicit:
      *output = (input + explicit_before + explicit_after - effective + stride) / stride;
      *pad_before = explicit_before;
      break;
    case Padding::kSame: {
      *output = (input + stride - 1) / stride;
      const int64_t needed = std::max<int64_t>(0, (*output - 1) * stride + effective - input);
      *pad_before = needed / 2;
      break;
    }
  }
  if (*output < 0) {
    return "Computed output size would be negative: " + std::to_string(*output) +
           " [input_size: " + std::to_string(input) + ", effective_filter_size: " + std::to_string(effective) +
           ", stride: " + std::to_string(stride) + "]";
  }
  return std::string();
}

}  // namespace ops
}  // namespace varrt
