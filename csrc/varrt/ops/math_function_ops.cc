#include "varrt/ops/math_function_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {

namespace {

// Betainc's rule (TensorFlow's BetaincOp): non-scalar inputs have one shape, scalars broadcast.
Shape betainc_shape(const OpCall& c, const char* error_name) {
  static const char* const kNames[] = {"a", "b", "x"};
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      const Shape& si = c.inputs[i].shape();
      const Shape& sj = c.inputs[j].shape();
      if (si.rank() > 0 && sj.rank() > 0 && si != sj) {
        throw_error(Code::kInvalidArgument,
                    tf::kernel_error(c.op, c.device->name,
                                     std::string("Shapes of ") + kNames[i] + " and " + kNames[j] +
                                         " are inconsistent: " + si.debug_string() + " vs. " + sj.debug_string(),
                                     error_name));
      }
    }
  }
  for (int i = 0; i < 3; ++i) {
    if (c.inputs[i].shape().rank() > 0) return c.inputs[i].shape();
  }
  return c.inputs[0].shape();
}

// TensorFlow's BCast of the inputs' shapes, with its error.
Shape broadcast_shape(const OpCall& c, const char* error_name) {
  Shape shape = c.inputs[0].shape();
  for (int i = 1; i < c.num_inputs; ++i) {
    Shape both;
    if (!kernels::broadcast_shapes(shape, c.inputs[i].shape(), &both)) {
      throw_error(Code::kInvalidArgument,
                  tf::kernel_error(c.op, c.device->name,
                                   "Incompatible shapes: " + shape.debug_string() + " vs. " +
                                       c.inputs[i].shape().debug_string(),
                                   error_name));
    }
    shape = both;
  }
  return shape;
}

}  // namespace

PlacedTensor MathFunction(const kernels::MathFunction& f, const PlacedTensor* in, const char* error_name) {
  Tensor inputs[3];
  const Device* devices[3] = {nullptr, nullptr, nullptr};
  for (int i = 0; i < f.arity; ++i) {
    inputs[i] = in[i].tensor;
    devices[i] = in[i].device;
  }
  Tensor out;
  OpCall call(f.op, inputs, f.arity);
  call.input_devices = devices;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&f, error_name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    for (int i = 1; i < c.num_inputs; ++i) {
      if (c.inputs[i].dtype() != dtype) throw_error(Code::kInternal, std::string(c.op) + " called with mixed dtypes");
    }
    const Shape shape = c.num_inputs == 3 ? betainc_shape(c, error_name) : broadcast_shape(c, error_name);
    if (!kernels::math_function_supported(dtype)) {
      throw_error(Code::kInternal, std::string("no core kernel for ") + c.op + " on this dtype");
    }
    c.outputs[0] = Tensor::allocate(dtype, shape, c.allocator());
    kernels::math_function(f, c.inputs, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), call.device};
}

}  // namespace ops
}  // namespace varrt
