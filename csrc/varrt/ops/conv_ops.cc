#include "varrt/ops/conv_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/conv2d.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

// oneDNN's node name, which TensorFlow's errors show for the dtypes it runs (runs_on_onednn).
const char* node_of(DType dtype, const char* op) {
  if (!runs_on_onednn(dtype)) return nullptr;
  if (std::string(op) == "Conv2D") return "__MklNativeConv2D";
  if (std::string(op) == "Conv2DBackpropInput") return "__MklNativeConv2DBackpropInput";
  return "__MklNativeConv2DBackpropFilter";
}

[[noreturn]] void fail(const OpCall& c, DType dtype, Code code, const std::string& message, const char* name) {
  throw_error(code, tf::kernel_error(c.op, c.device->name, message, name, node_of(dtype, c.op)));
}

// TensorFlow's Conv2DParameters checks and ComputeConv2DDimension, for the input's and filter's
// shapes (an NHWC input, an HWIO filter): the geometry, or its error.
kernels::Conv2DGeometry geometry(const OpCall& c, DType dtype, const WindowAttrs& a, const Shape& input,
                                 const Shape& filter, const char* name) {
  if (!kernels::conv2d_supported(kernel_dtype(dtype))) {
    throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel");
  }
  const std::string op = c.op;
  const bool backprop = op == "Conv2DBackpropInput" || op == "Conv2DBackpropFilter";
  if (a.nchw) {  // what runs_as_nhwc leaves: TensorFlow's Eigen kernels, NHWC only
    if (backprop) {
      const bool input = std::string(c.op) == "Conv2DBackpropInput";
      fail(c, dtype, Code::kInvalidArgument,
           input ? "Conv2DCustomBackpropInputOp only supports NHWC."
                 : "Conv2DCustomBackpropFilterOp only supports NHWC.", name);
    }
    fail(c, dtype, Code::kUnimplemented,
         std::string("The ") + c.op + " op currently only supports the NHWC tensor format on the CPU. The op was "
                                      "given the format: NCHW", name);
  }
  if (a.strides.size() != 4) {
    // oneDNN's kernel (float32) takes 3-D convolutions' strides too.
    fail(c, dtype, Code::kInvalidArgument,
         std::string("Sliding window strides field must specify 4 ") +
             (runs_on_onednn(dtype) ? "or 5 dimensions" : "dimensions"), name);
  }
  if (a.dilations.size() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "Sliding window dilations field must specify 4 dimensions", name);
  }
  if (a.strides[0] != 1 || a.strides[3] != 1) {
    fail(c, dtype, Code::kUnimplemented,
         "Current implementation does not yet support strides in the batch and depth dimensions.", name);
  }
  if (a.dilations[0] != 1 || a.dilations[3] != 1) {
    fail(c, dtype, Code::kUnimplemented,
         "Current implementation does not yet support dilations in the batch and depth dimensions.", name);
  }
  if (backprop && !runs_on_onednn(dtype) && (a.dilations[1] > 1 || a.dilations[2] > 1)) {
    fail(c, dtype, Code::kInvalidArgument,
         "Current CPU implementations do not yet support dilation rates larger than 1.", name);
  }
  for (int i = 1; i < 3; ++i) {
    if (a.strides[i] <= 0 || a.dilations[i] <= 0) {
      fail(c, dtype, Code::kInvalidArgument, "Dilated rates should be larger than 0.", name);
    }
  }
  if (a.padding == Padding::kExplicit && a.explicit_paddings.size() != 8) {
    fail(c, dtype, Code::kInvalidArgument,
         "explicit_paddings attribute must contain 8 values, but got: " + std::to_string(a.explicit_paddings.size()),
         name);
  }
  if (input.rank() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "input must be 4-dimensional" + input.debug_string(), name);
  }
  if (filter.rank() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "filter must be 4-dimensional: " + filter.debug_string(), name);
  }
  kernels::Conv2DGeometry g;
  g.batch = input.dim(0);
  g.in_rows = input.dim(1);
  g.in_cols = input.dim(2);
  g.in_depth = input.dim(3);
  g.filter_rows = filter.dim(0);
  g.filter_cols = filter.dim(1);
  g.out_depth = filter.dim(3);
  if (filter.dim(2) <= 0 || g.in_depth % filter.dim(2) != 0) {
    fail(c, dtype, Code::kInvalidArgument,
         "input depth must be evenly divisible by filter depth: " + std::to_string(g.in_depth) + " vs " +
             std::to_string(filter.dim(2)), name);
  }
  if (filter.dim(2) != g.in_depth) {
    throw_error(Code::kUnimplemented, std::string("varrt's ") + c.op +
                                          " does not implement grouped convolutions (filter depth " +
                                          std::to_string(filter.dim(2)) + ", input depth " +
                                          std::to_string(g.in_depth) + ") yet");
  }
  g.stride_rows = a.strides[1];
  g.stride_cols = a.strides[2];
  g.dilation_rows = a.dilations[1];
  g.dilation_cols = a.dilations[2];
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

// A shape held in an int32 (or int64) vector input: Conv2DBackpropInput's input_sizes.
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

void check_out_backprop(const OpCall& c, DType dtype, const kernels::Conv2DGeometry& g, const Shape& dy,
                        const char* name) {
  const int64_t want[4] = {g.batch, g.out_rows, g.out_cols, g.out_depth};
  bool ok = dy.rank() == 4;
  for (int i = 0; ok && i < 4; ++i) ok = dy.dim(i) == want[i];
  if (!ok) {
    fail(c, dtype, Code::kInvalidArgument,
         std::string(c.op) + ": Size of out_backprop doesn't match computed: actual = " + dy.debug_string() +
             ", computed = " + Shape(want, 4).debug_string(), name);
  }
}

// oneDNN runs TensorFlow's NCHW convolutions on its CPU; here they run on the NHWC kernels
// (ops/window_geometry.h). Eigen's dtypes keep the NCHW attributes for geometry() to refuse.
bool runs_as_nhwc(const WindowAttrs& a, DType dtype) { return a.nchw && runs_on_onednn(dtype); }

}  // namespace

PlacedTensor Conv2D(const PlacedTensor& input, const PlacedTensor& filter, const WindowAttrs& attrs, const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {input, filter};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("Conv2D", in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out, 1,
                               [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    const bool nchw = runs_as_nhwc(attrs, dtype);
    const WindowAttrs a = nchw ? nhwc_attrs(attrs) : attrs;
    const Tensor x = widened(nchw ? to_nhwc(c.inputs[0], c.allocator()) : c.inputs[0], c.allocator());
    const Tensor w = widened(c.inputs[1], c.allocator());
    const kernels::Conv2DGeometry g = geometry(c, dtype, a, x.shape(), w.shape(), name);
    Tensor y = Tensor::allocate(x.dtype(), Shape{g.batch, g.out_rows, g.out_cols, g.out_depth}, c.allocator());
    if (y.num_elements() != 0) kernels::conv2d(x.dtype(), g, x.data(), w.data(), y.mutable_data());
    y = narrowed(y, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(y, c.allocator()) : y;
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor FusedConv2D(const PlacedTensor& input, const PlacedTensor& filter, const PlacedTensor& bias,
                         const WindowAttrs& attrs, bool relu) {
  Tensor out;
  const PlacedTensor in[3] = {input, filter, bias};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("_FusedConv2DBias", in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out, 1,
                               [&attrs, relu](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || c.inputs[1].dtype() != dtype ||
        c.inputs[2].dtype() != dtype) {
      throw_error(Code::kInvalidArgument, "_FusedConv2DBias takes float32 or float64 operands of one dtype");
    }
    const kernels::Conv2DGeometry g = geometry(c, dtype, attrs, c.inputs[0].shape(), c.inputs[1].shape(), nullptr);
    if (c.inputs[2].num_elements() != g.out_depth) {
      throw_error(Code::kInvalidArgument, "_FusedConv2DBias's bias must have one element per output channel");
    }
    Tensor y = Tensor::allocate(dtype, Shape{g.batch, g.out_rows, g.out_cols, g.out_depth}, c.allocator());
    kernels::Conv2DEpilogue epilogue;
    epilogue.bias = c.inputs[2].data();
    epilogue.relu = relu;
    if (y.num_elements() != 0) {
      kernels::conv2d(dtype, g, c.inputs[0].data(), c.inputs[1].data(), y.mutable_data(), epilogue);
    }
    c.outputs[0] = y;
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor Conv2DBackpropInput(const PlacedTensor& input_sizes, const PlacedTensor& filter,
                                 const PlacedTensor& out_backprop, const WindowAttrs& attrs, const char* name) {
  Tensor out;
  const PlacedTensor in[3] = {input_sizes, filter, out_backprop};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("Conv2DBackpropInput", in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out, 1,
                               [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[1].dtype();
    const Tensor w = widened(c.inputs[1], c.allocator());
    const bool nchw = runs_as_nhwc(attrs, dtype);
    const WindowAttrs a = nchw ? nhwc_attrs(attrs) : attrs;
    const Tensor dy = widened(nchw ? to_nhwc(c.inputs[2], c.allocator()) : c.inputs[2], c.allocator());
    const Shape given = shape_from(c, dtype, c.inputs[0], "input_sizes", name);
    const Shape input_shape = nchw ? nhwc_shape(given) : given;
    const kernels::Conv2DGeometry g = geometry(c, dtype, a, input_shape, w.shape(), name);
    check_out_backprop(c, dtype, g, dy.shape(), name);
    Tensor dx = Tensor::allocate(w.dtype(), input_shape, c.allocator());
    if (dx.num_elements() != 0) kernels::conv2d_backprop_input(w.dtype(), g, w.data(), dy.data(), dx.mutable_data());
    dx = narrowed(dx, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(dx, c.allocator()) : dx;
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor Conv2DBackpropFilter(const PlacedTensor& input, const PlacedTensor& filter_sizes,
                                  const PlacedTensor& out_backprop, const WindowAttrs& attrs, const char* name) {
  Tensor out;
  const PlacedTensor in[3] = {input, filter_sizes, out_backprop};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, nullptr);
  const Device* d = run_placed("Conv2DBackpropFilter", in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out,
                               1, [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    const bool nchw = runs_as_nhwc(attrs, dtype);
    const WindowAttrs a = nchw ? nhwc_attrs(attrs) : attrs;
    const Tensor x = widened(nchw ? to_nhwc(c.inputs[0], c.allocator()) : c.inputs[0], c.allocator());
    const Tensor dy = widened(nchw ? to_nhwc(c.inputs[2], c.allocator()) : c.inputs[2], c.allocator());
    const Shape filter_shape = shape_from(c, dtype, c.inputs[1], "filter_sizes", name);
    const kernels::Conv2DGeometry g = geometry(c, dtype, a, x.shape(), filter_shape, name);
    check_out_backprop(c, dtype, g, dy.shape(), name);
    Tensor dw = Tensor::allocate(x.dtype(), filter_shape, c.allocator());
    if (dw.num_elements() != 0) kernels::conv2d_backprop_filter(x.dtype(), g, x.data(), dy.data(), dw.mutable_data());
    c.outputs[0] = narrowed(dw, dtype, c.allocator());
  });
  return PlacedTensor{std::move(out), d};
}

}  // namespace ops
}  // namespace varrt
