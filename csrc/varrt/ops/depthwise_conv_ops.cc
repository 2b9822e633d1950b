#include "varrt/ops/depthwise_conv_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/depthwise_conv2d.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

enum class Which { kForward, kInput, kFilter };

Which which(const OpCall& c) {
  const std::string op = c.op;
  if (op == "DepthwiseConv2dNative") return Which::kForward;
  return op == "DepthwiseConv2dNativeBackpropInput" ? Which::kInput : Which::kFilter;
}

// oneDNN's node name, which TensorFlow's errors show for the dtypes it runs (runs_on_onednn).
const char* node_of(DType dtype, Which w) {
  if (!runs_on_onednn(dtype)) return nullptr;
  switch (w) {
    case Which::kForward: return "__MklNativeDepthwiseConv2dNative";
    case Which::kInput: return "__MklNativeDepthwiseConv2dNativeBackpropInput";
    case Which::kFilter: return "__MklNativeDepthwiseConv2dNativeBackpropFilter";
  }
  return nullptr;
}

// The label TensorFlow's Eigen gradient kernels put before their messages.
const char* label_of(Which w) {
  return w == Which::kInput ? "DepthwiseConv2DBackpropInput" : "DepthwiseConv2DBackpropFilter";
}

[[noreturn]] void fail(const OpCall& c, DType dtype, Code code, const std::string& message, const char* name) {
  throw_error(code, tf::kernel_error(c.op, c.device->name, message, name, node_of(dtype, which(c))));
}

std::string list_text(const std::vector<int64_t>& v) {  // TensorFlow's "[1 2 2 1]"
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + std::to_string(v[i]);
  return s + "]";
}

// The attribute checks of the op's kernel constructor (`a` in NHWC order; `nchw` the op's format).
void check_attrs(const OpCall& c, DType dtype, const WindowAttrs& a, bool nchw, const char* name) {
  const bool onednn = runs_on_onednn(dtype);
  if (a.strides.size() != 4) {
    fail(c, dtype, Code::kInvalidArgument,
         std::string("Sliding window strides field must specify 4 ") + (onednn ? "or 5 dimensions" : "dimensions"),
         name);
  }
  if (!onednn && a.strides[1] != a.strides[2]) {
    fail(c, dtype, Code::kInvalidArgument,
         "Current implementation only supports equal length strides in the row and column dimensions.", name);
  }
  if (a.strides[0] != 1 || a.strides[3] != 1) {
    fail(c, dtype, onednn ? Code::kUnimplemented : Code::kInvalidArgument,
         "Current implementation does not yet support strides in the batch and depth dimensions.", name);
  }
  if (onednn) {
    if (a.dilations.size() != 4) {
      fail(c, dtype, Code::kInvalidArgument, "Sliding window dilations field must specify 4 dimensions", name);
    }
    if (a.dilations[0] != 1 || a.dilations[3] != 1) {
      fail(c, dtype, Code::kUnimplemented,
           "Current implementation does not yet support dilations in the batch and depth dimensions.", name);
    }
  } else if (which(c) == Which::kForward) {
    for (int64_t d : a.dilations) {
      if (d != 1) {
        // TensorFlow prints the attribute as given (NCHW order for an NCHW op).
        const std::vector<int64_t>& given = nchw && a.dilations.size() == 4
            ? std::vector<int64_t>{a.dilations[0], a.dilations[3], a.dilations[1], a.dilations[2]}
            : a.dilations;
        fail(c, dtype, Code::kUnimplemented,
             "Current kernel implementation does not support dilations, received " + list_text(given), name);
      }
    }
  }
  for (int i = 1; i < 3; ++i) {
    if (a.strides[i] <= 0 || (onednn && a.dilations[i] <= 0)) {
      fail(c, dtype, Code::kInvalidArgument, "Dilated rates should be larger than 0.", name);
    }
  }
  if (a.padding == Padding::kExplicit && a.explicit_paddings.size() != 8) {
    fail(c, dtype, Code::kInvalidArgument,
         "explicit_paddings attribute must contain 8 values, but got: " + std::to_string(a.explicit_paddings.size()),
         name);
  }
}

// The geometry of an NHWC input and a [rows, cols, in_depth, multiplier] filter, or the kernel's error.
kernels::DepthwiseGeometry geometry(const OpCall& c, DType dtype, const WindowAttrs& a, const Shape& input,
                                    const Shape& filter, const char* name) {
  if (!kernels::depthwise_conv2d_supported(kernel_dtype(dtype))) {
    throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel");
  }
  const bool onednn = runs_on_onednn(dtype);
  const Which w = which(c);
  if (input.rank() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "input must be 4-dimensional" + input.debug_string(), name);
  }
  if (filter.rank() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "filter must be 4-dimensional: " + filter.debug_string(), name);
  }
  if (input.dim(3) != filter.dim(2)) {
    std::string message;
    if (onednn && (filter.dim(2) <= 0 || input.dim(3) % filter.dim(2) != 0)) {
      message = "input depth must be evenly divisible by filter depth: ";
    } else if (w == Which::kForward || onednn) {
      message = "input and filter must have the same depth: ";
    } else {
      fail(c, dtype, Code::kInvalidArgument,
           std::string(label_of(w)) + ": input and filter must have the same in_depth", name);
    }
    fail(c, dtype, Code::kInvalidArgument,
         message + std::to_string(input.dim(3)) + " vs " + std::to_string(filter.dim(2)), name);
  }
  kernels::DepthwiseGeometry g;
  g.batch = input.dim(0);
  g.in_rows = input.dim(1);
  g.in_cols = input.dim(2);
  g.in_depth = input.dim(3);
  g.filter_rows = filter.dim(0);
  g.filter_cols = filter.dim(1);
  g.multiplier = filter.dim(3);
  g.stride_rows = a.strides[1];
  g.stride_cols = a.strides[2];
  // TensorFlow's gradient kernels, oneDNN's and Eigen's, read no dilations (its Eigen forward op
  // refused them): only oneDNN's forward op dilates.
  const bool dilates = onednn && w == Which::kForward;
  g.dilation_rows = dilates ? a.dilations[1] : 1;
  g.dilation_cols = dilates ? a.dilations[2] : 1;
  const int64_t* ep = a.explicit_paddings.size() == 8 ? a.explicit_paddings.data() : nullptr;
  std::string err = windowed_output_size(g.in_rows, g.filter_rows, g.dilation_rows, g.stride_rows, a.padding,
                                         ep ? ep[2] : 0, ep ? ep[3] : 0, &g.out_rows, &g.pad_top);
  if (err.empty()) {
    err = windowed_output_size(g.in_cols, g.filter_cols, g.dilation_cols, g.stride_cols, a.padding, ep ? ep[4] : 0,
                               ep ? ep[5] : 0, &g.out_cols, &g.pad_left);
  }
  if (!err.empty()) fail(c, dtype, Code::kInvalidArgument, err, name);
  return g;
}

// A shape held in an int32 (or int64) vector input: input_sizes or filter_sizes.
Shape shape_from(const OpCall& c, DType dtype, const Tensor& sizes, const char* what, const char* name) {
  if (sizes.shape().rank() != 1) {
    fail(c, dtype, Code::kInvalidArgument,
         std::string(c.op) + ": " + what + " input must be 1-dim, not " + std::to_string(sizes.shape().rank()), name);
  }
  std::vector<int64_t> dims(static_cast<size_t>(sizes.num_elements()));
  for (size_t i = 0; i < dims.size(); ++i) {
    dims[i] = sizes.dtype() == DType::kInt64 ? sizes.data_as<int64_t>()[i] : sizes.data_as<int32_t>()[i];
  }
  return Shape(dims);
}

// out_backprop against the geometry: TensorFlow's Eigen texts; oneDNN's primitive refuses the shape.
void check_out_backprop(const OpCall& c, DType dtype, const kernels::DepthwiseGeometry& g, const Shape& dy,
                        const char* name) {
  const Which w = which(c);
  if (runs_on_onednn(dtype)) {
    const int64_t want[4] = {g.batch, g.out_rows, g.out_cols, g.out_depth()};
    bool ok = dy.rank() == 4;
    for (int i = 0; ok && i < 4; ++i) ok = dy.dim(i) == want[i];
    if (ok) return;
    const bool input = w == Which::kInput;
    fail(c, dtype, Code::kAborted,
         std::string("Operation received an exception:Status: 2, message: could not create a primitive descriptor "
                     "for the convolution forward propagation primitive. Run workload with environment variable "
                     "ONEDNN_VERBOSE=all to get additional diagnostic information., in file "
                     "tensorflow/core/kernels/mkl/") +
             (input ? "mkl_conv_grad_input_ops.cc:546" : "mkl_conv_grad_filter_ops.cc:685"),
         name);
  }
  const std::string label = label_of(w);
  if (dy.rank() != 4) {
    fail(c, dtype, Code::kInvalidArgument, label + ": out_backprop must be 4-dimensional", name);
  }
  if (dy.dim(0) != g.batch) {
    fail(c, dtype, Code::kInvalidArgument, label + ": input and out_backprop must have the same batch size", name);
  }
  if (dy.dim(3) != g.out_depth()) {
    fail(c, dtype, Code::kInvalidArgument, label + ": depth_multiplier * in_depth not equal to out_depth", name);
  }
  if (dy.dim(1) != g.out_rows) {
    fail(c, dtype, Code::kInvalidArgument,
         label + ": Number of rows of out_backprop doesn't match computed: actual = " + std::to_string(dy.dim(1)) +
             ", computed = " + std::to_string(g.out_rows), name);
  }
  if (dy.dim(2) != g.out_cols) {
    fail(c, dtype, Code::kInvalidArgument,
         label + ": Number of cols of out_backprop doesn't match computed: actual = " + std::to_string(dy.dim(2)) +
             ", computed = " + std::to_string(g.out_cols), name);
  }
}

// TensorFlow's Eigen kernels refuse NCHW once the shapes are checked, when there is work to do.
void check_layout(const OpCall& c, DType dtype, bool nchw, int64_t num_outputs, const char* name) {
  if (nchw && !runs_on_onednn(dtype) && num_outputs != 0) {
    fail(c, dtype, Code::kUnimplemented, "Depthwise convolution on CPU is only supported for NHWC format", name);
  }
}

}  // namespace

PlacedTensor DepthwiseConv2dNative(const PlacedTensor& input, const PlacedTensor& filter, const WindowAttrs& attrs,
                                   const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {input, filter};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("DepthwiseConv2dNative", in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out,
                               1, [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    const bool nchw = attrs.nchw;
    const WindowAttrs a = nchw ? nhwc_attrs(attrs) : attrs;
    check_attrs(c, dtype, a, nchw, name);
    const Shape x_shape = nchw ? nhwc_shape(c.inputs[0].shape()) : c.inputs[0].shape();
    const kernels::DepthwiseGeometry g = geometry(c, dtype, a, x_shape, c.inputs[1].shape(), name);
    const Shape y_shape{g.batch, g.out_rows, g.out_cols, g.out_depth()};
    check_layout(c, dtype, nchw, y_shape.num_elements(), name);
    const Tensor x = widened(nchw ? to_nhwc(c.inputs[0], c.allocator()) : c.inputs[0], c.allocator());
    const Tensor w = widened(c.inputs[1], c.allocator());
    Tensor y = Tensor::allocate(x.dtype(), y_shape, c.allocator());
    if (y.num_elements() != 0) kernels::depthwise_conv2d(x.dtype(), g, x.data(), w.data(), y.mutable_data());
    y = narrowed(y, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(y, c.allocator()) : y;
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor DepthwiseConv2dNativeBackpropInput(const PlacedTensor& input_sizes, const PlacedTensor& filter,
                                                const PlacedTensor& out_backprop, const WindowAttrs& attrs,
                                                const char* name) {
  Tensor out;
  const PlacedTensor in[3] = {input_sizes, filter, out_backprop};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("DepthwiseConv2dNativeBackpropInput", in, op_attrs.data(),
                               static_cast<int>(op_attrs.size()), &out, 1, [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[1].dtype();
    const bool nchw = attrs.nchw;
    const WindowAttrs a = nchw ? nhwc_attrs(attrs) : attrs;
    check_attrs(c, dtype, a, nchw, name);
    const Shape given = shape_from(c, dtype, c.inputs[0], "input_sizes", name);
    const Shape input_shape = nchw ? nhwc_shape(given) : given;
    const Shape dy_shape = nchw ? nhwc_shape(c.inputs[2].shape()) : c.inputs[2].shape();
    const kernels::DepthwiseGeometry g = geometry(c, dtype, a, input_shape, c.inputs[1].shape(), name);
    check_out_backprop(c, dtype, g, dy_shape, name);
    check_layout(c, dtype, nchw, input_shape.num_elements(), name);
    const Tensor w = widened(c.inputs[1], c.allocator());
    const Tensor dy = widened(nchw ? to_nhwc(c.inputs[2], c.allocator()) : c.inputs[2], c.allocator());
    Tensor dx = Tensor::allocate(w.dtype(), input_shape, c.allocator());
    if (dx.num_elements() != 0) {
      kernels::depthwise_conv2d_backprop_input(w.dtype(), g, w.data(), dy.data(), dx.mutable_data());
    }
    dx = narrowed(dx, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(dx, c.allocator()) : dx;
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor DepthwiseConv2dNativeBackpropFilter(const PlacedTensor& input, const PlacedTensor& filter_sizes,
                                                 const PlacedTensor& out_backprop, const WindowAttrs& attrs,
                                                 const char* name) {
  Tensor out;
  const PlacedTensor in[3] = {input, filter_sizes, out_backprop};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("DepthwiseConv2dNativeBackpropFilter", in, op_attrs.data(),
                               static_cast<int>(op_attrs.size()), &out, 1, [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    const bool nchw = attrs.nchw;
    const WindowAttrs a = nchw ? nhwc_attrs(attrs) : attrs;
    check_attrs(c, dtype, a, nchw, name);
    const Shape filter_shape = shape_from(c, dtype, c.inputs[1], "filter_sizes", name);
    const Shape x_shape = nchw ? nhwc_shape(c.inputs[0].shape()) : c.inputs[0].shape();
    const Shape dy_shape = nchw ? nhwc_shape(c.inputs[2].shape()) : c.inputs[2].shape();
    const kernels::DepthwiseGeometry g = geometry(c, dtype, a, x_shape, filter_shape, name);
    check_out_backprop(c, dtype, g, dy_shape, name);
    check_layout(c, dtype, nchw, filter_shape.num_elements(), name);
    const Tensor x = widened(nchw ? to_nhwc(c.inputs[0], c.allocator()) : c.inputs[0], c.allocator());
    const Tensor dy = widened(nchw ? to_nhwc(c.inputs[2], c.allocator()) : c.inputs[2], c.allocator());
    Tensor dw = Tensor::allocate(x.dtype(), filter_shape, c.allocator());
    if (dw.num_elements() != 0) {
      kernels::depthwise_conv2d_backprop_filter(x.dtype(), g, x.data(), dy.data(), dw.mutable_data());
    }
    c.outputs[0] = narrowed(dw, dtype, c.allocator());
  });
  return PlacedTensor{std::move(out), d};
}

}  // namespace ops
}  // namespace varrt
