#include "varrt/ops/math_ops.h"

#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/cast.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {

const char* binary_op_name(kernels::BinaryOp op) {
  using kernels::BinaryOp;
  switch (op) {
    case BinaryOp::kAdd: return "AddV2";
    case BinaryOp::kSub: return "Sub";
    case BinaryOp::kMul: return "Mul";
    case BinaryOp::kRealDiv: return "RealDiv";
    case BinaryOp::kDivNoNan: return "DivNoNan";
    case BinaryOp::kLess: return "Less";
    case BinaryOp::kLessEqual: return "LessEqual";
    case BinaryOp::kGreater: return "Greater";
    case BinaryOp::kGreaterEqual: return "GreaterEqual";
    case BinaryOp::kEqual: return "Equal";
    case BinaryOp::kNotEqual: return "NotEqual";
  }
  return "";
}

PlacedTensor BinaryOp(kernels::BinaryOp op, const PlacedTensor& a, const PlacedTensor& b, const char* error_name) {
  const char* name = binary_op_name(op);
  Tensor inputs[2] = {a.tensor, b.tensor};
  const Device* devices[2] = {a.device, b.device};
  Tensor out;
  OpCall call(name, inputs, 2);
  call.input_devices = devices;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [op, error_name](OpCall& c) {
    const Tensor& x = c.inputs[0];
    const Tensor& y = c.inputs[1];
    Shape shape;
    if (!kernels::broadcast_shapes(x.shape(), y.shape(), &shape)) {
      throw_error(Code::kInvalidArgument,
                  tf::kernel_error(c.op, c.device->name,
                                   "Incompatible shapes: " + x.shape().debug_string() + " vs. " +
                                       y.shape().debug_string(),
                                   error_name));
    }
    if (x.dtype() != y.dtype() || !kernels::binary_supported(op, x.dtype())) {
      throw_error(Code::kInternal, std::string("no core kernel for ") + c.op + " on these inputs");
    }
    c.outputs[0] = Tensor::allocate(kernels::binary_result_dtype(op, x.dtype()), shape, c.allocator());
    kernels::binary(op, x, y, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), call.device};
}

PlacedTensor AddN(const PlacedTensor* in, int n, const char* error_name) {
  std::vector<Tensor> inputs(static_cast<size_t>(n));
  std::vector<const Device*> devices(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    inputs[static_cast<size_t>(i)] = in[i].tensor;
    devices[static_cast<size_t>(i)] = in[i].device;
  }
  Tensor out;
  OpCall call("AddN", inputs.data(), n);
  call.input_devices = devices.data();
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [error_name](OpCall& c) {
    const Tensor& first = c.inputs[0];
    for (int i = 1; i < c.num_inputs; ++i) {
      if (c.inputs[i].shape() != first.shape()) {
        // TensorFlow's AddN kernel is wrapped in a function named after its input count.
        const std::string node = "AddN_N_" + std::to_string(c.num_inputs);
        throw_error(Code::kInvalidArgument,
                    tf::kernel_error(c.op, c.device->name,
                                     "Inputs to operation AddN of type AddN must have the same size and shape.  "
                                     "Input 0: " + first.shape().debug_string() + " != input " + std::to_string(i) +
                                         ": " + c.inputs[i].shape().debug_string(),
                                     error_name, node.c_str()));
      }
      if (c.inputs[i].dtype() != first.dtype()) throw_error(Code::kInternal, "AddN called with mixed dtypes");
    }
    if (!kernels::binary_supported(kernels::BinaryOp::kAdd, first.dtype())) {
      throw_error(Code::kInternal, "no core AddN kernel for this dtype");
    }
    if (c.num_inputs == 1) {
      c.outputs[0] = first.deep_copy(c.allocator());
      return;
    }
    // TensorFlow's AddNOp: the first n % 8 inputs (8 or 9 when that is 0 or 1) summed left to
    // right, then per further group of 8: out += (((g0 + g1) + g2) + ... + g7).
    const auto add = [](const Tensor& a, const Tensor& b, const Tensor& out) {
      kernels::binary(kernels::BinaryOp::kAdd, a, b, out);
    };
    const int n = c.num_inputs;
    int head = n % 8;
    if (head < 2) head += 8;
    c.outputs[0] = Tensor::allocate(first.dtype(), first.shape(), c.allocator());
    add(first, c.inputs[1], c.outputs[0]);
    for (int i = 2; i < head; ++i) add(c.outputs[0], c.inputs[i], c.outputs[0]);
    if (head < n) {
      Tensor group = Tensor::allocate(first.dtype(), first.shape());
      for (int g = head; g < n; g += 8) {
        add(c.inputs[g], c.inputs[g + 1], group);
        for (int i = g + 2; i < g + 8; ++i) add(group, c.inputs[i], group);
        add(c.outputs[0], group, c.outputs[0]);
      }
    }
  });
  return PlacedTensor{std::move(out), call.device};
}

const char* unary_op_name(kernels::UnaryOp op) {
  switch (op) {
    case kernels::UnaryOp::kNeg: return "Neg";
    case kernels::UnaryOp::kSquare: return "Square";
    case kernels::UnaryOp::kAbs: return "Abs";
    case kernels::UnaryOp::kExp: return "Exp";
    case kernels::UnaryOp::kLog: return "Log";
    case kernels::UnaryOp::kLog1p: return "Log1p";
    case kernels::UnaryOp::kExpm1: return "Expm1";
    case kernels::UnaryOp::kReciprocal: return "Reciprocal";
  }
  return "";
}

namespace {

// A one-input, one-output op through the dispatch; `kernel(input, out_allocator)` makes the output.
template <class Kernel>
PlacedTensor single(const char* name, const PlacedTensor& input, const OpAttr* attrs, int num_attrs, Kernel&& kernel) {
  Tensor inputs[1] = {input.tensor};
  const Device* devices[1] = {input.device};
  Tensor out;
  OpCall call(name, inputs, 1);
  call.input_devices = devices;
  call.attrs = attrs;
  call.num_attrs = num_attrs;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) { c.outputs[0] = kernel(c.inputs[0], c.allocator()); });
  return PlacedTensor{std::move(out), call.device};
}

}  // namespace

PlacedTensor UnaryOp(kernels::UnaryOp op, const PlacedTensor& input) {
  return single(unary_op_name(op), input, nullptr, 0, [op](const Tensor& x, Allocator* allocator) {
    if (!kernels::unary_supported(op, x.dtype())) throw_error(Code::kInternal, "no core kernel for this unary op");
    Tensor out = Tensor::allocate(x.dtype(), x.shape(), allocator);
    kernels::unary(op, x, out);
    return out;
  });
}

PlacedTensor Cast(const PlacedTensor& input, DType to) {
  OpAttr attrs[3];
  attrs[0].name = "SrcT";
  attrs[0].value = static_cast<int64_t>(input.tensor.dtype());
  attrs[1].name = "DstT";
  attrs[1].value = static_cast<int64_t>(to);
  attrs[2].name = "Truncate";
  return single("Cast", input, attrs, 3, [to](const Tensor& x, Allocator* allocator) {
    if (!kernels::cast_supported(x.dtype(), to)) throw_error(Code::kInternal, "no core kernel for this cast");
    Tensor out = Tensor::allocate(to, x.shape(), allocator);
    kernels::cast(x, out);
    return out;
  });
}

PlacedTensor Reduce(kernels::ReduceOp op, const PlacedTensor& input, const std::vector<int>& axes, bool keep_dims) {
  Tensor inputs[1] = {input.tensor};
  const Device* devices[1] = {input.device};
  std::vector<int64_t> axis_values(axes.begin(), axes.end());
  OpAttr attrs[2];
  attrs[0].name = "keep_dims";
  attrs[0].value = keep_dims;
  attrs[1].name = "reduction_indices";
  attrs[1].ints = axis_values.empty() ? OpAttr::kNoInts : axis_values.data();
  attrs[1].num_ints = static_cast<int>(axis_values.size());
  Tensor out;
  OpCall call(kernels::reduce_op_name(op), inputs, 1);
  call.input_devices = devices;
  call.attrs = attrs;
  call.num_attrs = 2;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) { c.outputs[0] = kernels::Reduce(op, c.inputs[0], axes, keep_dims, *c.allocator()); });
  return PlacedTensor{std::move(out), call.device};
}

}  // namespace ops
}  // namespace varrt
