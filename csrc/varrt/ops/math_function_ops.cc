#include "varrt/ops/math_function_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {

PlacedTensor MathFunction(const kernels::MathFunction& f, const PlacedTensor* in, const char* error_name) {
  Tensor inputs[2];
  const Device* devices[2] = {nullptr, nullptr};
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
    Shape shape = c.inputs[0].shape();
    const DType dtype = c.inputs[0].dtype();
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
      if (c.inputs[i].dtype() != dtype) throw_error(Code::kInternal, std::string(c.op) + " called with mixed dtypes");
    }
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
