#include "varrt/ops/nn_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/activation_grads.h"
#include "varrt/kernels/activations.h"
#include "varrt/kernels/bias_add.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/kernels/fill.h"
#include "varrt/kernels/relu_grad_sum.h"
#include "varrt/kernels/softmax.h"
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

// A one-input op whose output has the input's dtype and shape, computed by `fill(input, out)`
// for the dtypes `supported` accepts.
template <class Fill>
PlacedTensor elementwise(const char* op, const PlacedTensor& input, const OpAttr* attrs, int num_attrs,
                         bool (*supported)(DType), Fill fill) {
  Tensor out;
  const PlacedTensor in[1] = {input};
  const Device* d = run_placed(op, in, attrs, num_attrs, &out, 1, [supported, fill](OpCall& c) {
    const Tensor& x = c.inputs[0];
    if (!supported(x.dtype())) throw_error(Code::kInternal, std::string("no core kernel for ") + c.op + " on this dtype");
    c.outputs[0] = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    fill(x, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor softmax_op(const char* op, const PlacedTensor& logits, bool log, const char* name) {
  Tensor out;
  const PlacedTensor in[1] = {logits};
  const Device* d = run_placed(op, in, nullptr, 0, &out, 1, [log, name](OpCall& c) {
    const Tensor& x = c.inputs[0];
    if (x.shape().rank() == 0) {
      throw_error(Code::kAborted, tf::kernel_error(c.op, c.device->name, "Input dims must be <= 5 and >=1", name));
    }
    if (!kernels::softmax_supported(x.dtype())) throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel");
    c.outputs[0] = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    kernels::softmax(x, log, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

OpAttr nchw_attr(bool nchw) {
  OpAttr a;
  a.name = "nchw";
  a.value = nchw;
  return a;
}

}  // namespace

PlacedTensor Relu6(const PlacedTensor& features) {
  return elementwise("Relu6", features, nullptr, 0, &kernels::relu_supported, &kernels::relu6);
}

PlacedTensor LeakyRelu(const PlacedTensor& features, double alpha) {
  OpAttr attr;
  attr.name = "alpha";
  attr.real = alpha;
  attr.is_real = true;
  return elementwise("LeakyRelu", features, &attr, 1, &kernels::real_float,
                     [alpha](const Tensor& x, const Tensor& out) { kernels::leaky_relu(x, alpha, out); });
}

PlacedTensor Sigmoid(const PlacedTensor& x) { return elementwise("Sigmoid", x, nullptr, 0, &kernels::real_float, &kernels::sigmoid); }

PlacedTensor Tanh(const PlacedTensor& x) { return elementwise("Tanh", x, nullptr, 0, &kernels::real_float, &kernels::tanh); }

PlacedTensor Elu(const PlacedTensor& x) { return elementwise("Elu", x, nullptr, 0, &kernels::real_float, &kernels::elu); }

PlacedTensor Selu(const PlacedTensor& x) { return elementwise("Selu", x, nullptr, 0, &kernels::real_float, &kernels::selu); }

PlacedTensor Softplus(const PlacedTensor& x) {
  return elementwise("Softplus", x, nullptr, 0, &kernels::real_float, &kernels::softplus);
}

PlacedTensor Softsign(const PlacedTensor& x) {
  return elementwise("Softsign", x, nullptr, 0, &kernels::real_float, &kernels::softsign);
}

PlacedTensor Softmax(const PlacedTensor& logits, const char* name) { return softmax_op("Softmax", logits, false, name); }

PlacedTensor LogSoftmax(const PlacedTensor& logits, const char* name) {
  return softmax_op("LogSoftmax", logits, true, name);
}

PlacedTensor BiasAdd(const PlacedTensor& value, const PlacedTensor& bias, bool nchw, const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {value, bias};
  const OpAttr attr = nchw_attr(nchw);
  const Device* d = run_placed("BiasAdd", in, &attr, 1, &out, 1, [nchw, name](OpCall& c) {
    const Tensor& v = c.inputs[0];
    const Tensor& b = c.inputs[1];
    if (v.shape().rank() < 2) fail(c, "Input tensor must be at least 2D: " + v.shape().debug_string(), name);
    if (b.shape().rank() != 1) fail(c, "Biases must be 1D: " + b.shape().debug_string(), name);
    const int axis = kernels::bias_channel_axis(nchw, v.shape().rank());
    if (b.shape().dim(0) != v.shape().dim(axis)) {
      fail(c, "Must provide as many biases as the last dimension of the input tensor: " + b.shape().debug_string() +
                  " vs. " + v.shape().debug_string(), name);
    }
    if (v.dtype() != b.dtype() || !kernels::bias_add_supported(v.dtype())) {
      throw_error(Code::kInternal, "no core BiasAdd kernel for these inputs");
    }
    c.outputs[0] = Tensor::allocate(v.dtype(), v.shape(), c.allocator());
    kernels::bias_add(v, b, axis, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor BiasAddGrad(const PlacedTensor& out_backprop, bool nchw) {
  Tensor out;
  const PlacedTensor in[1] = {out_backprop};
  const OpAttr attr = nchw_attr(nchw);
  const Device* d = run_placed("BiasAddGrad", in, &attr, 1, &out, 1, [nchw](OpCall& c) {
    const Tensor& g = c.inputs[0];
    if (!kernels::bias_add_supported(g.dtype()) || g.shape().rank() < 1) {
      throw_error(Code::kInternal, "no core BiasAddGrad kernel for this input");
    }
    const int axis = g.shape().rank() < 2 ? g.shape().rank() - 1 : kernels::bias_channel_axis(nchw, g.shape().rank());
    c.outputs[0] = Tensor::allocate(g.dtype(), varrt::Shape{g.shape().dim(axis)}, c.allocator());
    kernels::bias_add_grad(g, axis, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

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

namespace {

// The *Grad ops of two same-dtype inputs. `relu_style`: TensorFlow's ReluGrad family checks equal
// shapes (its ReluGrad message); SigmoidGrad and TanhGrad are cwise ops checking element counts.
PlacedTensor activation_grad(const char* op, void (*kernel)(const Tensor&, const Tensor&, const Tensor&),
                             bool (*supported)(DType), bool relu_style, const PlacedTensor& a,
                             const PlacedTensor& b, const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {a, b};
  const Device* d = run_placed(op, in, nullptr, 0, &out, 1, [=](OpCall& c) {
    const Tensor& x = c.inputs[0];
    const Tensor& y = c.inputs[1];
    if (relu_style && x.shape() != y.shape()) {
      fail(c, std::string("Inputs to operation ") + c.op + " of type " + c.op +
                  " must have the same size and shape.  Input 0: " + x.shape().debug_string() + " != input 1: " +
                  y.shape().debug_string(), name);
    }
    if (x.num_elements() != y.num_elements()) {
      fail(c, "The two arguments to a cwise op must have same number of elements, got " +
                  std::to_string(x.num_elements()) + " and " + std::to_string(y.num_elements()), name);
    }
    if (x.dtype() != y.dtype() || !supported(x.dtype())) {
      throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel for these inputs");
    }
    c.outputs[0] = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    kernel(x, y, c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

}  // namespace

PlacedTensor SigmoidGrad(const PlacedTensor& y, const PlacedTensor& dy, const char* name) {
  return activation_grad("SigmoidGrad", &kernels::sigmoid_grad, &kernels::activation_grad_supported, false, y, dy, name);
}

PlacedTensor TanhGrad(const PlacedTensor& y, const PlacedTensor& dy, const char* name) {
  return activation_grad("TanhGrad", &kernels::tanh_grad, &kernels::activation_grad_supported, false, y, dy, name);
}

PlacedTensor EluGrad(const PlacedTensor& gradients, const PlacedTensor& outputs, const char* name) {
  return activation_grad("EluGrad", &kernels::elu_grad, &kernels::real_float, true, gradients, outputs, name);
}

PlacedTensor SeluGrad(const PlacedTensor& gradients, const PlacedTensor& outputs, const char* name) {
  return activation_grad("SeluGrad", &kernels::selu_grad, &kernels::real_float, true, gradients, outputs, name);
}

PlacedTensor SoftplusGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name) {
  return activation_grad("SoftplusGrad", &kernels::softplus_grad, &kernels::real_float, true, gradients, features, name);
}

PlacedTensor SoftsignGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name) {
  return activation_grad("SoftsignGrad", &kernels::softsign_grad, &kernels::real_float, true, gradients, features, name);
}

std::pair<PlacedTensor, PlacedTensor> SoftmaxCrossEntropyWithLogits(const PlacedTensor& features,
                                                                    const PlacedTensor& labels, const char* name) {
  Tensor out[2];
  const PlacedTensor in[2] = {features, labels};
  const Device* d = run_placed("SoftmaxCrossEntropyWithLogits", in, nullptr, 0, out, 2, [name](OpCall& c) {
    Tensor x = c.inputs[0];
    Tensor y = c.inputs[1];
    // TensorFlow's XentOp: the two shapes broadcast (BCast) to one, which must be 2-D.
    varrt::Shape shape;
    if (!kernels::broadcast_shapes(x.shape(), y.shape(), &shape)) {
      fail(c, "logits and labels must be broadcastable: logits_size=" + x.shape().debug_string() +
                  " labels_size=" + y.shape().debug_string(), name);
    }
    if (shape.rank() != 2) fail(c, "logits and labels must be either 2-dimensional, or broadcasted to be 2-dimensional", name);
    if (x.dtype() != y.dtype() || !kernels::softmax_supported(x.dtype())) {
      throw_error(Code::kInternal, "no core SoftmaxCrossEntropyWithLogits kernel for these inputs");
    }
    for (Tensor* t : {&x, &y}) {
      if (t->shape() == shape) continue;
      Tensor b = Tensor::allocate(t->dtype(), shape, c.allocator());
      kernels::broadcast_to(*t, b);
      *t = std::move(b);
    }
    c.outputs[0] = Tensor::allocate(x.dtype(), varrt::Shape{shape.dim(0)}, c.allocator());
    c.outputs[1] = Tensor::allocate(x.dtype(), shape, c.allocator());
    kernels::fill_zeros(c.outputs[0]);
    kernels::softmax_xent(x, y, c.outputs[0], c.outputs[1]);
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
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

std::pair<PlacedTensor, PlacedTensor> FusedReluGradSum(const PlacedTensor& gradients, const PlacedTensor& features,
                                                       bool keep_dims) {
  Tensor out[2];
  const PlacedTensor in[2] = {gradients, features};
  const Device* d = run_placed("_FusedReluGradSum", in, nullptr, 0, out, 2, [keep_dims](OpCall& c) {
    const Tensor& g = c.inputs[0];
    const Tensor& f = c.inputs[1];
    const DType dtype = g.dtype();
    if (!kernels::relu_grad_sum_supported(dtype) || f.dtype() != dtype) {
      throw_error(Code::kInvalidArgument, "_FusedReluGradSum takes float32 or float64 operands of one dtype");
    }
    const Shape& s = g.shape();
    if (s.rank() != 2 || !(s == f.shape()) || s.dim(0) < 2 || s.dim(1) < 2) {
      throw_error(Code::kInvalidArgument,
                  "_FusedReluGradSum takes two matrices of one shape, of two rows and columns or more");
    }
    const int64_t rows = s.dim(0), n = s.dim(1);
    c.outputs[0] = Tensor::allocate(dtype, s, c.allocator());
    c.outputs[1] = Tensor::allocate(dtype, keep_dims ? Shape{1, n} : Shape{n}, c.allocator());
    kernels::relu_grad_column_sums(dtype, g.data(), f.data(), rows, n, c.outputs[0].mutable_data(),
                                   c.outputs[1].mutable_data());
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
}

}  // namespace ops
}  // namespace varrt
