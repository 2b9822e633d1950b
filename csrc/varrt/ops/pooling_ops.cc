#include "varrt/ops/pooling_ops.h"

#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/pooling.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

// oneDNN's node name for average pooling, which TensorFlow's errors show for the dtypes it runs
// (runs_on_onednn); its max pooling errors come from the Eigen kernel.
std::string node_of(DType dtype, const char* op) {
  const bool onednn = runs_on_onednn(dtype) && std::string(op).rfind("AvgPool", 0) == 0;
  return onednn ? std::string("__MklNative") + op : std::string(op);
}

[[noreturn]] void fail(const OpCall& c, DType dtype, Code code, const std::string& message, const char* name) {
  const std::string node = node_of(dtype, c.op);
  throw_error(code, tf::kernel_error(c.op, c.device->name, message, name, node.c_str()));
}

// TensorFlow's refusal of NCHW by its Eigen pooling kernels.
const char* nhwc_only(const std::string& op) {
  if (op == "MaxPool") return "Default MaxPoolingOp only supports NHWC on device type CPU";
  if (op == "AvgPool") return "Default AvgPoolingOp only supports NHWC on device type CPU";
  if (op == "MaxPoolGrad") return "Default MaxPoolingGradOp only supports NHWC on device type CPU";
  return "Default AvgPoolingGradOp only supports NHWC on device type CPU";
}

// TensorFlow's PoolParameters for an NHWC input shape: the geometry, or its error.
kernels::Pool2DGeometry geometry(const OpCall& c, DType dtype, const WindowAttrs& a, const Shape& input,
                                 const char* name) {
  if (!kernels::pool_supported(kernel_dtype(dtype))) {
    throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel");
  }
  if (a.nchw) fail(c, dtype, Code::kInvalidArgument, nhwc_only(c.op), name);  // what runs_as_nhwc leaves
  if (a.window.size() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "Sliding window ksize field must specify 4 dimensions", name);
  }
  if (a.strides.size() != 4) {
    fail(c, dtype, Code::kInvalidArgument, "Sliding window stride field must specify 4 dimensions", name);
  }
  for (int i = 0; i < 4; ++i) {
    if (a.window[i] <= 0) {
      fail(c, dtype, Code::kInvalidArgument, "Sliding window ksize for dimension " + std::to_string(i) +
                                                 " was zero.", name);
    }
  }
  if (a.window[0] != 1 || a.strides[0] != 1) {
    fail(c, dtype, Code::kUnimplemented, "Pooling is not yet supported on the batch dimension.", name);
  }
  if (a.window[3] != 1 || a.strides[3] != 1) {
    fail(c, dtype, Code::kUnimplemented, "Depthwise max pooling is currently only implemented for CPU devices.", name);
  }
  if (input.rank() != 4) fail(c, dtype, Code::kInvalidArgument, "input must be 4-dimensional", name);
  kernels::Pool2DGeometry g;
  g.batch = input.dim(0);
  g.in_rows = input.dim(1);
  g.in_cols = input.dim(2);
  g.depth = input.dim(3);
  g.window_rows = a.window[1];
  g.window_cols = a.window[2];
  g.stride_rows = a.strides[1];
  g.stride_cols = a.strides[2];
  const int64_t* ep = a.explicit_paddings.size() == 8 ? a.explicit_paddings.data() : nullptr;
  std::string err = windowed_output_size(g.in_rows, g.window_rows, 1, g.stride_rows, a.padding, ep ? ep[2] : 0,
                                         ep ? ep[3] : 0, &g.out_rows, &g.pad_top);
  if (err.empty()) {
    err = windowed_output_size(g.in_cols, g.window_cols, 1, g.stride_cols, a.padding, ep ? ep[4] : 0, ep ? ep[5] : 0,
                               &g.out_cols, &g.pad_left);
  }
  if (!err.empty()) fail(c, dtype, Code::kInvalidArgument, err, name);
  return g;
}

// oneDNN runs TensorFlow's NCHW pooling on its CPU (not MaxPoolGrad); here it runs on the NHWC
// kernels (ops/window_geometry.h). The rest keep the NCHW attributes for geometry() to refuse.
bool runs_as_nhwc(const WindowAttrs& a, DType dtype, const char* op = "") {
  return a.nchw && runs_on_onednn(dtype) && std::string(op) != "MaxPoolGrad";
}

Shape output_shape(const kernels::Pool2DGeometry& g) { return Shape{g.batch, g.out_rows, g.out_cols, g.depth}; }

template <class Kernel>
PlacedTensor pool(const char* op, const PlacedTensor& input, const WindowAttrs& attrs, const char* name, Kernel k) {
  Tensor out;
  const PlacedTensor in[1] = {input};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, "ksize");
  const Device* d = run_placed(op, in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out, 1,
                               [&attrs, name, k](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    const bool nchw = runs_as_nhwc(attrs, dtype);
    const Tensor x = widened(nchw ? to_nhwc(c.inputs[0], c.allocator()) : c.inputs[0], c.allocator());
    const kernels::Pool2DGeometry g = geometry(c, dtype, nchw ? nhwc_attrs(attrs) : attrs, x.shape(), name);
    Tensor y = Tensor::allocate(x.dtype(), output_shape(g), c.allocator());
    if (y.num_elements() != 0) k(x.dtype(), g, x.data(), y.mutable_data());
    y = narrowed(y, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(y, c.allocator()) : y;
  });
  return PlacedTensor{std::move(out), d};
}

void check_grad(const OpCall& c, DType dtype, const kernels::Pool2DGeometry& g, const Shape& grad, const char* name) {
  if (grad.rank() != 4) fail(c, dtype, Code::kInvalidArgument, "out_backprop must be 4-dimensional", name);
  if (grad != output_shape(g)) {
    fail(c, dtype, Code::kInvalidArgument,
         "Expected grad shape to be " + output_shape(g).debug_string() + ", but got " + grad.debug_string(), name);
  }
}

}  // namespace

PlacedTensor MaxPool(const PlacedTensor& input, const WindowAttrs& attrs, const char* name) {
  return pool("MaxPool", input, attrs, name, &kernels::max_pool);
}

PlacedTensor AvgPool(const PlacedTensor& value, const WindowAttrs& attrs, const char* name) {
  return pool("AvgPool", value, attrs, name, &kernels::avg_pool);
}

namespace {

PlacedTensor max_pool_grad(const char* op, const PlacedTensor& orig_input, const PlacedTensor& orig_output,
                           const PlacedTensor& grad, const WindowAttrs& attrs, const char* name, bool relu) {
  Tensor out;
  const PlacedTensor in[3] = {orig_input, orig_output, grad};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, "ksize");
  const Device* d = run_placed(op, in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out, 1,
                               [&attrs, name, relu](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    if (c.inputs[0].shape().rank() != 4) {
      fail(c, dtype, Code::kInvalidArgument, "orig_input must be 4-dimensional", name);
    }
    if (c.inputs[1].shape().rank() != 4) {
      fail(c, dtype, Code::kInvalidArgument, "orig_output must be 4-dimensional", name);
    }
    if (relu && ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || attrs.nchw ||
                 c.inputs[2].dtype() != dtype)) {
      throw_error(Code::kInvalidArgument, std::string(c.op) + " takes NHWC float32 or float64 operands of one dtype");
    }
    const bool nchw = runs_as_nhwc(attrs, dtype, "MaxPoolGrad");
    const Tensor x = widened(nchw ? to_nhwc(c.inputs[0], c.allocator()) : c.inputs[0], c.allocator());
    const Tensor dy = widened(nchw ? to_nhwc(c.inputs[2], c.allocator()) : c.inputs[2], c.allocator());
    const kernels::Pool2DGeometry g = geometry(c, dtype, nchw ? nhwc_attrs(attrs) : attrs, x.shape(), name);
    check_grad(c, dtype, g, dy.shape(), name);
    Tensor dx = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    if (dx.num_elements() != 0) kernels::max_pool_grad(x.dtype(), g, x.data(), dy.data(), dx.mutable_data(), relu);
    dx = narrowed(dx, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(dx, c.allocator()) : dx;
  });
  return PlacedTensor{std::move(out), d};
}

}  // namespace

PlacedTensor MaxPoolGrad(const PlacedTensor& orig_input, const PlacedTensor& orig_output, const PlacedTensor& grad,
                         const WindowAttrs& attrs, const char* name) {
  return max_pool_grad("MaxPoolGrad", orig_input, orig_output, grad, attrs, name, false);
}

PlacedTensor FusedMaxPoolGradReluGrad(const PlacedTensor& orig_input, const PlacedTensor& orig_output,
                                      const PlacedTensor& grad, const WindowAttrs& attrs) {
  return max_pool_grad("_FusedMaxPoolGradReluGrad", orig_input, orig_output, grad, attrs, nullptr, true);
}

PlacedTensor AvgPoolGrad(const PlacedTensor& orig_input_shape, const PlacedTensor& grad, const WindowAttrs& attrs,
                         const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {orig_input_shape, grad};
  const std::vector<OpAttr> op_attrs = window_op_attrs(attrs, "ksize");
  const Device* d = run_placed("AvgPoolGrad", in, op_attrs.data(), static_cast<int>(op_attrs.size()), &out, 1,
                               [&attrs, name](OpCall& c) {
    const Tensor& sizes = c.inputs[0];
    const DType dtype = c.inputs[1].dtype();
    if (sizes.shape().rank() != 1 || sizes.num_elements() != 4) {
      fail(c, dtype, Code::kInvalidArgument, "orig_input_shape must be 1-dimensional and 4 elements", name);
    }
    std::vector<int64_t> dims(4);
    for (int i = 0; i < 4; ++i) {
      dims[i] = sizes.dtype() == DType::kInt64 ? sizes.data_as<int64_t>()[i] : sizes.data_as<int32_t>()[i];
    }
    const bool nchw = runs_as_nhwc(attrs, dtype);
    const Shape input_shape = nchw ? nhwc_shape(Shape(dims)) : Shape(dims);
    const Tensor dy = widened(nchw ? to_nhwc(c.inputs[1], c.allocator()) : c.inputs[1], c.allocator());
    const kernels::Pool2DGeometry g = geometry(c, dtype, nchw ? nhwc_attrs(attrs) : attrs, input_shape, name);
    check_grad(c, dtype, g, dy.shape(), name);
    Tensor dx = Tensor::allocate(dy.dtype(), input_shape, c.allocator());
    if (dx.num_elements() != 0) kernels::avg_pool_grad(dy.dtype(), g, dy.data(), dx.mutable_data());
    dx = narrowed(dx, dtype, c.allocator());
    c.outputs[0] = nchw ? to_nchw(dx, c.allocator()) : dx;
  });
  return PlacedTensor{std::move(out), d};
}

}  // namespace ops
}  // namespace varrt
