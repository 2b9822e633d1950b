#include "varrt/ops/nn_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/activations.h"
#include "varrt/kernels/softmax_xent.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

// Tensor::SummarizeValue of every label: the values separated by spaces.
std::string label_values(const Tensor& labels) {
  std::string s;
  for (int64_t i = 0, n = labels.num_elements(); i < n; ++i) {
    if (i) s += ' ';
    s += std::to_string(labels.dtype() == DType::kInt32 ? labels.data_as<int32_t>()[i] : labels.data_as<int64_t>()[i]);
  }
  return s;
}

}  // namespace

PlacedTensor Relu(const PlacedTensor& features) {
  Tensor out;
  const PlacedTensor in[1] = {features};
  const Device* d = run_placed("Relu", in, nullptr, 0, &out, 1, [](OpCall& c) {
    const Tensor& x = c.inputs[0];
    if (!kernels::relu_supported(x.dtype())) throw_error(Code::kInternal, "no core Relu kernel for this dtype");
    c.outputs[0] = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    kernels::relu(x, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor ReluGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {gradients, features};
  const Device* d = run_placed("ReluGrad", in, nullptr, 0, &out, 1, [name](OpCall& c) {
    const Tensor& g = c.inputs[0];
    const Tensor& f = c.inputs[1];
    if (g.shape() != f.shape()) {
      fail(c, "Inputs to operation ReluGrad of type ReluGrad must have the same size and shape.  Input 0: " +
                  g.shape().debug_string() + " != input 1: " + f.shape().debug_string(), name);
    }
    if (g.dtype() != f.dtype() || !kernels::relu_supported(g.dtype())) {
      throw_error(Code::kInternal, "no core ReluGrad kernel for these inputs");
    }
    c.outputs[0] = Tensor::allocate(g.dtype(), g.shape(), c.allocator());
    kernels::relu_grad(g, f, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

std::pair<PlacedTensor, PlacedTensor> SparseSoftmaxCrossEntropyWithLogits(const PlacedTensor& features,
                                                                          const PlacedTensor& labels,
                                                                          const char* name) {
  Tensor out[2];
  const PlacedTensor in[2] = {features, labels};
  const Device* d = run_placed("SparseSoftmaxCrossEntropyWithLogits", in, nullptr, 0, out, 2, [name](OpCall& c) {
    const Tensor& x = c.inputs[0];
    const Tensor& y = c.inputs[1];
    // TensorFlow's SparseSoftmaxXentWithLogitsOp checks, in its order.
    if (x.shape().rank() != 2) fail(c, "logits must be 2-D, but got shape " + x.shape().debug_string(), name);
    if (y.shape().rank() != 1) fail(c, "labels must be 1-D, but got shape " + y.shape().debug_string(), name);
    if (x.shape().dim(0) != y.shape().dim(0)) {
      fail(c, "logits and labels must have the same first dimension, got logits shape " + x.shape().debug_string() +
                  " and labels shape " + y.shape().debug_string(), name);
    }
    if (x.shape().dim(1) == 0) fail(c, "Must have at least one class, but got logits shape " + x.shape().debug_string(), name);
    if (!kernels::softmax_supported(x.dtype()) || (y.dtype() != DType::kInt32 && y.dtype() != DType::kInt64)) {
      throw_error(Code::kInternal, "no core SparseSoftmaxCrossEntropyWithLogits kernel for these inputs");
    }
    int64_t bad = 0;
    if (!kernels::labels_in_range(y, x.shape().dim(1), &bad)) {
      fail(c, "Received a label value of " + std::to_string(bad) + " which is outside the valid range of [0, " +
                  std::to_string(x.shape().dim(1)) + ").  Label values: " + label_values(y), name);
    }
    c.outputs[0] = Tensor::allocate(x.dtype(), Shape{x.shape().dim(0)}, c.allocator());
    c.outputs[1] = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    kernels::sparse_softmax_xent(x, y, c.outputs[0], c.outputs[1]);
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
}

}  // namespace ops
}  // namespace varrt
