#include "varrt/ops/select_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/kernels/select.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

void check_kernel(const OpCall& c, const Tensor& t, const Tensor& e) {
  if (t.dtype() != e.dtype() || !kernels::select_supported(t.dtype())) {
    throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel for these inputs");
  }
}

template <class Kernel>
PlacedTensor three(const char* op, const PlacedTensor& cond, const PlacedTensor& then_, const PlacedTensor& else_,
                   Kernel&& kernel) {
  Tensor out;
  const PlacedTensor in[3] = {cond, then_, else_};
  const Device* d = run_placed(op, in, nullptr, 0, &out, 1, kernel);
  return PlacedTensor{std::move(out), d};
}

}  // namespace

PlacedTensor Select(const PlacedTensor& cond, const PlacedTensor& then_, const PlacedTensor& else_, const char* name) {
  return three("Select", cond, then_, else_, [name](OpCall& c) {
    const Tensor& k = c.inputs[0];
    const Tensor& t = c.inputs[1];
    const Tensor& e = c.inputs[2];
    // TensorFlow's SelectOp: a scalar condition picks a whole input, a vector one (with
    // non-vector data) picks rows, any other must have the data's shape.
    Tensor cond_view = k;
    if (k.shape().rank() == 0) {
      if (t.shape() != e.shape()) {
        fail(c, "'then' and 'else' must have the same size.  but received: " + t.shape().debug_string() + " vs. " +
                    e.shape().debug_string(), name);
      }
    } else if (k.shape().rank() == 1 && t.shape().rank() != 1) {
      if (t.shape().rank() == 0) fail(c, "'then' must be at least a vector, but saw shape: " + t.shape().debug_string(), name);
      if (t.shape().dim(0) != k.num_elements()) {
        fail(c, "Number of batches of 'then' must match size of 'cond', but saw: " + std::to_string(t.shape().dim(0)) +
                    " vs. " + std::to_string(k.num_elements()), name);
      }
      if (t.shape() != e.shape()) {
        fail(c, "'then' and 'else' must have the same size.  but received: " + t.shape().debug_string() + " vs. " +
                    e.shape().debug_string(), name);
      }
      std::vector<int64_t> rows(static_cast<size_t>(t.shape().rank()), 1);
      rows[0] = k.num_elements();
      cond_view = k.reshaped(Shape(rows.data(), static_cast<int>(rows.size())));
    } else {
      const Tensor* inputs[3] = {&k, &t, &e};
      for (int i = 1; i < 3; ++i) {
        if (inputs[i]->shape() != k.shape()) {
          fail(c, "Inputs to operation Select of type Select must have the same size and shape.  Input 0: " +
                      k.shape().debug_string() + " != input " + std::to_string(i) + ": " +
                      inputs[i]->shape().debug_string(), name);
        }
      }
    }
    check_kernel(c, t, e);
    c.outputs[0] = Tensor::allocate(t.dtype(), t.shape(), c.allocator());
    kernels::select(cond_view, t, e, c.outputs[0]);
  });
}

PlacedTensor SelectV2(const PlacedTensor& cond, const PlacedTensor& then_, const PlacedTensor& else_, const char* name) {
  return three("SelectV2", cond, then_, else_, [name](OpCall& c) {
    const Tensor& k = c.inputs[0];
    const Tensor& t = c.inputs[1];
    const Tensor& e = c.inputs[2];
    Shape data, shape;
    if (!kernels::broadcast_shapes(t.shape(), e.shape(), &data) || !kernels::broadcast_shapes(k.shape(), data, &shape)) {
      fail(c, "condition " + k.shape().debug_string() + ", then " + t.shape().debug_string() + ", and else " +
                  e.shape().debug_string() + " must be broadcastable", name);
    }
    check_kernel(c, t, e);
    c.outputs[0] = Tensor::allocate(t.dtype(), shape, c.allocator());
    kernels::select(k, t, e, c.outputs[0]);
  });
}

}  // namespace ops
}  // namespace varrt
